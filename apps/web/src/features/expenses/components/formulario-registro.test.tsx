import {
  ZONA_HORARIA_EMPRESA_POR_DEFECTO as AR,
  hoyEn,
  mediodiaDelDia,
  textoDeDia,
  type RegistroOrden,
} from '@delego/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { CampoTexto, CampoTextoLargo } from '../../../components/campos';
import { guardarSesion } from '../../../lib/session';
import { makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, type Llamada, simularServidor } from '../../../test/servidor';
import { esDiaValido } from '../model/dias';
import { MENSAJE_FECHA, type GastoEntrada, type Resultado } from '../model/registro';
import { FormularioRegistro, useFormularioRegistro } from './formulario-registro';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
/** The order's log as the server answers a save (its content does not matter here). */
const GUARDADO: RegistroOrden = {
  ordenId: 42,
  horas: [],
  gastos: [],
  totales: { minutos: 0, horas: '0:00', gastos: [] },
  puedeAgregar: true,
  puedeCargarAOtros: false,
};

/** A small form of its own, to see the shared part at work apart from the hours and expense rules. */
interface Datos {
  id?: number;
  fecha: string;
  concepto: string;
  nota: string;
}

type Campo = 'fecha' | 'concepto' | 'nota';
const CAMPOS: readonly Campo[] = ['fecha', 'concepto', 'nota'];

function validar(d: Datos): Resultado<GastoEntrada, Campo> {
  const errores: Partial<Record<Campo, string>> = {};
  if (!esDiaValido(d.fecha)) errores.fecha = MENSAJE_FECHA;
  if (!d.concepto.trim()) errores.concepto = 'Falta el concepto.';
  if (Object.keys(errores).length) return { ok: false, errores };
  return {
    ok: true,
    entrada: {
      ...(d.id ? { id: d.id } : {}),
      fecha: mediodiaDelDia(d.fecha, AR),
      concepto: `${d.concepto.trim()} ${d.nota}`.trim(),
      monto: 10,
      moneda: 'ARS',
      comprobanteArchivoId: null,
    },
  };
}

interface PruebaProps {
  inicial?: Datos;
  esperar?: boolean;
  onListo?: (mensaje: string) => void;
  onCancelar?: () => void;
}

function FormularioDePrueba({
  inicial,
  esperar,
  onListo = () => undefined,
  onCancelar = () => undefined,
}: PruebaProps) {
  const f = useFormularioRegistro({
    ordenId: 42,
    inicial: () => inicial ?? { fecha: hoyEn(AR), concepto: '', nota: '' },
    validar,
    cambios: (entrada) => ({ gastos: [entrada] }),
    campos: CAMPOS,
    exito: inicial ? 'Prueba corregida.' : 'Prueba registrada.',
    onListo,
  });
  return (
    <FormularioRegistro
      prefijo="prueba"
      nombre="Registrar prueba"
      marco={f.marco}
      esperar={esperar}
      onCancelar={onCancelar}
    >
      <CampoTexto {...f.campo('concepto')} label="Concepto" data-testid="prueba-concepto" />
      <CampoTextoLargo {...f.campo('nota')} label="Nota" data-testid="prueba-nota" />
    </FormularioRegistro>
  );
}

function mostrar(props: PruebaProps = {}) {
  const usuario = makeOperario();
  guardarSesion({ usuario, md5: MD5 });
  return renderConApp(<FormularioDePrueba {...props} />, {
    usuario,
    ruta: '/registro-historial?id=42',
    queryClient: crearQueryClient(),
  });
}

function escribir(testId: string, valor: string) {
  fireEvent(screen.getByTestId(testId), new CustomEvent('ionInput', { detail: { value: valor } }));
}

function enviar() {
  fireEvent.submit(screen.getByRole('form', { name: 'Registrar prueba' }));
}

/** The native input or text area inside an Ionic field, once it is ready. */
function nativo(testId: string, selector: 'input' | 'textarea'): Promise<HTMLElement> {
  return waitFor(() => {
    const el = screen.getByTestId(testId).querySelector(selector);
    if (!el) throw new Error('el campo todavía no está listo');
    return el;
  });
}

const puts = (llamadas: Llamada[]) => llamadas.filter((l) => l.metodo === 'PUT');

describe('FormularioRegistro and useFormularioRegistro', () => {
  it("starts with today's date (the company's day), written dd/mm/aaaa, with a calendar beside it", () => {
    simularServidor({});
    mostrar();
    expect(screen.getByTestId('prueba-fecha')).toMatchObject({
      value: textoDeDia(hoyEn(AR)),
      type: 'text',
      label: 'Fecha',
      placeholder: 'dd/mm/aaaa',
    });
    expect(screen.getByLabelText('Elegir fecha en el calendario')).toBeInTheDocument();
    expect(screen.getByTestId('prueba-guardar')).toHaveTextContent('Guardar');
    expect(screen.getByText('Cancelar')).toBeInTheDocument();
  });

  it('checks before sending: each message on its field, and typing in a field clears its own', async () => {
    const llamadas = simularServidor({});
    mostrar();
    escribir('prueba-fecha', '2026-02-31');
    enviar();
    await waitFor(() =>
      expect(screen.getByTestId('prueba-concepto')).toMatchObject({ errorText: 'Falta el concepto.' }),
    );
    expect(screen.getByTestId('prueba-concepto')).toHaveClass('ion-invalid', 'ion-touched');
    expect(screen.getByTestId('prueba-fecha')).toMatchObject({ errorText: MENSAJE_FECHA });
    expect(screen.getByTestId('prueba-nota')).not.toHaveClass('ion-invalid');

    escribir('prueba-concepto', 'Visita');
    await waitFor(() => expect(screen.getByTestId('prueba-concepto')).not.toHaveClass('ion-invalid'));
    expect(screen.getByTestId('prueba-concepto')).toMatchObject({ errorText: undefined });
    expect(screen.getByTestId('prueba-fecha')).toMatchObject({ errorText: MENSAJE_FECHA });
    expect(puts(llamadas)).toHaveLength(0);
  });

  it('sends the valid entry as the form’s change and reports success', async () => {
    const llamadas = simularServidor({ 'PUT /api/v2/registro-gastos/42': GUARDADO });
    const onListo = vi.fn();
    mostrar({ onListo });
    escribir('prueba-fecha', '2026-05-12');
    escribir('prueba-concepto', ' Visita ');
    escribir('prueba-nota', 'con repuestos');
    enviar();
    await waitFor(() => expect(onListo).toHaveBeenCalledWith('Prueba registrada.'));
    expect(puts(llamadas)[0]?.cuerpo).toEqual({
      gastos: [
        {
          fecha: mediodiaDelDia('2026-05-12', AR),
          concepto: 'Visita con repuestos',
          monto: 10,
          moneda: 'ARS',
          comprobanteArchivoId: null,
        },
      ],
    });
  });

  it('a correction starts with its values and sends its id', async () => {
    const llamadas = simularServidor({ 'PUT /api/v2/registro-gastos/42': GUARDADO });
    const onListo = vi.fn();
    mostrar({ inicial: { id: 7, fecha: '2026-05-10', concepto: 'Peaje', nota: '' }, onListo });
    expect(screen.getByTestId('prueba-concepto')).toMatchObject({ value: 'Peaje' });
    enviar();
    await waitFor(() => expect(onListo).toHaveBeenCalledWith('Prueba corregida.'));
    expect(puts(llamadas)[0]?.cuerpo).toEqual({ gastos: [expect.objectContaining({ id: 7, concepto: 'Peaje' })] });
  });

  it('a refusal naming a field shows on it; any other shows above the form until something changes', async () => {
    simularServidor({
      'PUT /api/v2/registro-gastos/42': () =>
        errorDelServidor(400, 'El concepto ya no se admite.', 'gastos.0.concepto'),
    });
    mostrar();
    escribir('prueba-concepto', 'Visita');
    enviar();
    await waitFor(() =>
      expect(screen.getByTestId('prueba-concepto')).toMatchObject({ errorText: 'El concepto ya no se admite.' }),
    );
    expect(screen.queryByTestId('prueba-error')).toBeNull();

    simularServidor({
      'PUT /api/v2/registro-gastos/42': () => errorDelServidor(403, 'No puede registrar en esta orden.'),
    });
    enviar();
    const alerta = await screen.findByTestId('prueba-error');
    expect(alerta).toHaveTextContent('No puede registrar en esta orden.');
    expect(alerta).toHaveAttribute('role', 'alert');
    // The new refusal replaces the field's message.
    expect(screen.getByTestId('prueba-concepto')).toMatchObject({ errorText: undefined });

    escribir('prueba-nota', 'otra cosa');
    await waitFor(() => expect(screen.queryByTestId('prueba-error')).toBeNull());
  });

  it('Enter in a one-line field submits; in the text area it needs Ctrl', async () => {
    simularServidor({ 'PUT /api/v2/registro-gastos/42': GUARDADO });
    const onListo = vi.fn();
    mostrar({ onListo });
    // A submit of the empty form shows the concept's message at once.
    fireEvent.keyDown(await nativo('prueba-nota', 'textarea'), { key: 'Enter' });
    expect(screen.getByTestId('prueba-concepto')).toMatchObject({ errorText: undefined });
    fireEvent.keyDown(await nativo('prueba-nota', 'textarea'), { key: 'Enter', ctrlKey: true });
    expect(screen.getByTestId('prueba-concepto')).toMatchObject({ errorText: 'Falta el concepto.' });

    escribir('prueba-concepto', 'Visita');
    fireEvent.keyDown(await nativo('prueba-concepto', 'input'), { key: 'Enter' });
    await waitFor(() => expect(onListo).toHaveBeenCalledWith('Prueba registrada.'));
  });

  it('while it has to wait, Guardar is off and neither a submit nor Enter does anything', async () => {
    const llamadas = simularServidor({});
    mostrar({ esperar: true });
    expect(screen.getByTestId('prueba-guardar')).toHaveProperty('disabled', true);
    // Without waiting, either would show the concept's message at once.
    enviar();
    fireEvent.keyDown(await nativo('prueba-concepto', 'input'), { key: 'Enter' });
    expect(screen.getByTestId('prueba-concepto')).toMatchObject({ errorText: undefined });
    expect(puts(llamadas)).toHaveLength(0);
  });

  it('while saving, Guardar turns into a spinner and a second submit sends nothing more', async () => {
    // The server never answers: the form stays saving.
    const llamadas = simularServidor({
      'PUT /api/v2/registro-gastos/42': () => new Promise<Response>(() => undefined),
    });
    mostrar();
    escribir('prueba-concepto', 'Visita');
    enviar();
    const guardar = screen.getByTestId('prueba-guardar');
    await waitFor(() => expect(guardar).toHaveProperty('disabled', true));
    expect(guardar.querySelector('ion-spinner')).not.toBeNull();
    expect(guardar).not.toHaveTextContent('Guardar');
    await waitFor(() => expect(puts(llamadas)).toHaveLength(1));
    enviar();
    await new Promise((listo) => setTimeout(listo, 100));
    expect(puts(llamadas)).toHaveLength(1);
  });

  it('Cancelar leaves without saving', () => {
    const llamadas = simularServidor({});
    const onCancelar = vi.fn();
    mostrar({ onCancelar });
    fireEvent.click(screen.getByText('Cancelar'));
    expect(onCancelar).toHaveBeenCalledTimes(1);
    expect(puts(llamadas)).toHaveLength(0);
  });
});
