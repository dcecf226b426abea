import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, escucharErrores } from './errors';
import { enviarConEnter, erroresDeGuardado, erroresDeProblemas, useFormulario, type Validacion } from './formularios';
import { leerId } from './consulta-de-ruta';

describe('erroresDeGuardado', () => {
  const oyente = vi.fn();
  let dejar: () => void = () => undefined;
  afterEach(() => dejar());

  it("puts a server error on the form's field it names, without the alert", () => {
    dejar = escucharErrores(oyente);
    const error = new ApiError(409, 'CONFLICTO', 'El nombre de usuario "ana" ya está en uso.', 'r', 'usuario');
    expect(erroresDeGuardado(error, ['usuario', 'nombre'])).toEqual({ usuario: error.message });
    expect(oyente).not.toHaveBeenCalled();
  });

  it('renames server fields with the alias', () => {
    const error = new ApiError(400, 'DATOS_INVALIDOS', 'La contraseña actual no es correcta.', 'r', 'passwordActual');
    expect(erroresDeGuardado(error, ['actual'], { alias: { passwordActual: 'actual' } })).toEqual({
      actual: error.message,
    });
  });

  it('sends anything else to the shared alert', () => {
    oyente.mockReset();
    dejar = escucharErrores(oyente);
    const error = new ApiError(403, 'SIN_PERMISO', 'Solo un propietario puede asignar o quitar el rol PROPIETARIO.');
    expect(erroresDeGuardado(error, ['usuario'])).toEqual({});
    expect(oyente).toHaveBeenCalledWith(error);
  });

  it('with soloDatosInvalidos, a refusal that names a field still goes to the alert', () => {
    oyente.mockReset();
    dejar = escucharErrores(oyente);
    const transicion = new ApiError(
      409,
      'TRANSICION_INVALIDA',
      'No se puede pasar de Finalizada a En espera.',
      'r',
      'estado',
    );
    expect(erroresDeGuardado(transicion, ['estado'], { soloDatosInvalidos: true })).toEqual({});
    expect(oyente).toHaveBeenCalledWith(transicion);
    const invalido = new ApiError(400, 'DATOS_INVALIDOS', 'El comentario es obligatorio.', 'r', 'comentarios');
    expect(erroresDeGuardado(invalido, ['comentarios'], { soloDatosInvalidos: true })).toEqual({
      comentarios: invalido.message,
    });
  });
});

describe('enviarConEnter', () => {
  const tecla = (target: EventTarget, extra: { ctrlKey?: boolean } = {}) =>
    ({
      key: 'Enter',
      target,
      ctrlKey: false,
      metaKey: false,
      nativeEvent: { isComposing: false },
      preventDefault: () => undefined,
      ...extra,
    }) as never;

  it('submits from a single-line field, and from a text area only with Ctrl+Enter', () => {
    const enviar = vi.fn();
    const alPulsar = enviarConEnter(enviar);
    alPulsar(tecla(document.createElement('input')));
    expect(enviar).toHaveBeenCalledTimes(1);
    alPulsar(tecla(document.createElement('textarea')));
    expect(enviar).toHaveBeenCalledTimes(1);
    alPulsar(tecla(document.createElement('textarea'), { ctrlKey: true }));
    expect(enviar).toHaveBeenCalledTimes(2);
  });
});

describe('erroresDeProblemas', () => {
  it('keeps the first message of each field', () => {
    expect(
      erroresDeProblemas([
        { path: ['email'], message: 'uno' },
        { path: ['email'], message: 'dos' },
        { path: ['nombre', 0], message: 'tres' },
      ]),
    ).toEqual({ email: 'uno', nombre: 'tres' });
  });
});

describe('leerId', () => {
  it('accepts positive integers only', () => {
    expect(leerId('12')).toBe(12);
    for (const malo of [null, '', '0', '-3', '1.5', 'abc', '12abc', '99999999999']) expect(leerId(malo)).toBeNull();
  });
});

describe('useFormulario', () => {
  interface Valores {
    desde: string;
    hasta: string;
  }
  const validar = (v: Valores): Validacion<keyof Valores, Valores> =>
    v.hasta && v.desde > v.hasta ? { ok: false, errores: { hasta: 'Antes de desde.' } } : { ok: true, datos: v };
  const enviarFormulario = (f: { props: (alEnviar: (d: Valores) => void) => { onSubmit: (e: never) => void } }) =>
    f.props(() => undefined).onSubmit({ preventDefault: () => undefined } as never);

  it("a change settles its own message and the linked fields' ones, and tells alCambiar", () => {
    const alCambiar = vi.fn();
    const { result } = renderHook(() =>
      useFormulario({ inicial: { desde: '5', hasta: '3' }, validar, vinculados: { desde: ['hasta'] }, alCambiar }),
    );
    act(() => enviarFormulario(result.current));
    expect(result.current.error('hasta')).toBe('Antes de desde.');
    act(() => result.current.cambiar('desde', '1'));
    expect(result.current.error('hasta')).toBeUndefined();
    expect(alCambiar).toHaveBeenCalledWith('desde');
  });

  it('reiniciar goes back to the first values without messages', () => {
    const { result } = renderHook(() => useFormulario({ inicial: () => ({ desde: '5', hasta: '3' }), validar }));
    act(() => enviarFormulario(result.current));
    act(() => result.current.cambiar('desde', '9'));
    act(() => result.current.reiniciar());
    expect(result.current.valores).toEqual({ desde: '5', hasta: '3' });
    expect(result.current.error('hasta')).toBeUndefined();
  });

  it('over a limit, the field says so as it is typed; disabled, a submit does nothing', () => {
    const alEnviar = vi.fn();
    const { result } = renderHook(() =>
      useFormulario({ inicial: { desde: '', hasta: '' }, validar, limites: { desde: 3 }, habilitado: false }),
    );
    act(() => result.current.cambiar('desde', '1234'));
    expect(result.current.campo('desde')).toMatchObject({ error: 'Máximo 3 caracteres.', disabled: true });
    act(() => result.current.props(alEnviar).onSubmit({ preventDefault: () => undefined } as never));
    expect(alEnviar).not.toHaveBeenCalled();
  });

  it("texto gives a text field its label, its limit from limites and its test id, besides the field's props", () => {
    const { result } = renderHook(() =>
      useFormulario({ inicial: { desde: 'ab', hasta: '' }, validar, limites: { desde: 3 } }),
    );
    expect(result.current.texto('desde', 'Desde', 'rango-desde')).toEqual({
      ...result.current.campo('desde'),
      onChange: expect.any(Function),
      label: 'Desde',
      max: 3,
      'data-testid': 'rango-desde',
    });
    expect(result.current.texto('hasta', 'Hasta', 'rango-hasta').max).toBeUndefined();
  });
});
