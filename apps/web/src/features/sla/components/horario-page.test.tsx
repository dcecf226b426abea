import { MENSAJES_HORARIO, MENSAJES_SLA, type CalendarioHabilVista } from '@delego/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hayCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { makeAdmin, makeOperario } from '../../../test/factories';
import { deshabilitado, escribir, responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { makeCalendario, makeFeriado } from '../test-utils';
import HorarioPage from './horario-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// Early in 2026, so every holiday of the fixtures is still to come (past ones are folded).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T15:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const CALENDARIO = '/api/v4/sla/calendario';
const SEMANA = '/api/v4/sla/calendario/semana';
const FERIADOS = '/api/v4/sla/feriados';
const XSS = '<img src=x onerror="window.__xss=1">';

function abrir(respuestas: Record<string, Respuesta>, usuario = makeAdmin()) {
  const llamadas = simularServidor({ [`GET ${CALENDARIO}`]: makeCalendario(), ...respuestas });
  renderConApp(<HorarioPage />, { usuario, ruta: '/horario' });
  return llamadas;
}

/** Types a time into a shift's input: `horario-desde-1-0` is Monday's first start. */
function hora(borde: 'desde' | 'hasta', dia: string, tramo: number, valor: string) {
  escribir(screen.getByTestId(`horario-${borde}-${dia}-${tramo}`), valor);
}

/** What changes, done by the server: the calendar it answers with. */
const conFeriados = (...feriados: CalendarioHabilVista['feriados']) => makeCalendario({ feriados });

describe('Horario y feriados (issue 34)', () => {
  it('shows the week and the holidays by year as text: a name typed as HTML stays text', async () => {
    abrir({
      [`GET ${CALENDARIO}`]: conFeriados(
        makeFeriado(),
        makeFeriado({ dia: '2026-08-14', nombre: XSS, origen: 'empresa' }),
        makeFeriado({ dia: '2027-01-01', nombre: 'Año Nuevo' }),
      ),
    });

    const lunes = await screen.findByTestId('horario-dia-1');
    expect(lunes).toHaveTextContent('Lunes');
    expect(screen.getByTestId('horario-desde-1-0')).toHaveProperty('value', '09:00');
    expect(screen.getByTestId('horario-hasta-1-0')).toHaveProperty('value', '18:00');
    expect(screen.getByTestId('horario-dia-6')).toHaveTextContent('No se trabaja');
    expect(screen.getByTestId('horario-dia-7')).toHaveTextContent('Domingo');

    const mayo = screen.getByTestId('feriado-2026-05-25');
    expect(mayo).toHaveTextContent('lun 25/05/2026');
    expect(mayo).toHaveTextContent('Día de la Revolución de Mayo');
    expect(mayo).toHaveTextContent('Nacional');
    const propio = screen.getByTestId('feriado-2026-08-14');
    expect(propio).toHaveTextContent(XSS);
    expect(propio).toHaveTextContent('De la empresa');
    expect(propio.querySelector('img')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    // Grouped by the answer's years.
    expect(within(screen.getByTestId('feriados-2026')).queryByTestId('feriado-2027-01-01')).toBeNull();
    expect(within(screen.getByTestId('feriados-2027')).getByTestId('feriado-2027-01-01')).toHaveTextContent(
      'vie 01/01/2027',
    );
  });

  it('an inverted shift and an overlapping one are refused at their place, and nothing is sent', async () => {
    const llamadas = abrir({});
    await screen.findByTestId('horario-desde-1-0');
    hora('desde', '1', 0, '18:00');
    hora('hasta', '1', 0, '09:00');
    fireEvent.click(screen.getByTestId('horario-agregar-2'));
    hora('desde', '2', 1, '12:00');
    hora('hasta', '2', 1, '14:00');
    fireEvent.submit(screen.getByRole('form', { name: 'Horario de la semana' }));

    expect(await within(screen.getByTestId('horario-tramo-1-0')).findByText(MENSAJES_HORARIO.invertido)).toBeTruthy();
    expect(within(screen.getByTestId('horario-tramo-2-1')).getByText(MENSAJES_HORARIO.superpuesto)).toBeTruthy();
    // The other days have nothing to say.
    expect(within(screen.getByTestId('horario-dia-3')).queryByRole('alert')).toBeNull();
    expect(llamadas.de('PUT', SEMANA)).toHaveLength(0);

    // Changing a day settles its message only.
    hora('hasta', '1', 0, '19:00');
    await waitFor(() => expect(within(screen.getByTestId('horario-dia-1')).queryByRole('alert')).toBeNull());
    expect(within(screen.getByTestId('horario-tramo-2-1')).getByText(MENSAJES_HORARIO.superpuesto)).toBeTruthy();
  });

  it('a week without any shift is refused with the contract’s message', async () => {
    const llamadas = abrir({});
    await screen.findByTestId('horario-desde-1-0');
    for (const d of ['1', '2', '3', '4', '5']) fireEvent.click(screen.getByTestId(`horario-quitar-${d}-0`));
    expect(screen.getByTestId('horario-dia-1')).toHaveTextContent('No se trabaja');
    fireEvent.submit(screen.getByRole('form', { name: 'Horario de la semana' }));
    expect(await screen.findByText(MENSAJES_HORARIO.sinHorario)).toBeTruthy();
    expect(llamadas.de('PUT', SEMANA)).toHaveLength(0);
  });

  it('«Guardar horario» is off until something changes, sends the minutes (00:00 as an end is midnight) and says so', async () => {
    const llamadas = abrir({
      [`PUT ${SEMANA}`]: ({ cuerpo }) => makeCalendario({ semana: (cuerpo as CalendarioHabilVista).semana }),
    });
    const guardar = await screen.findByTestId('horario-guardar');
    expect(deshabilitado(guardar)).toBe(true);

    // Monday: a split shift, 08:30–12:00 and 13:00 to midnight.
    hora('desde', '1', 0, '08:30');
    hora('hasta', '1', 0, '12:00');
    fireEvent.click(screen.getByTestId('horario-agregar-1'));
    hora('desde', '1', 1, '13:00');
    hora('hasta', '1', 1, '00:00');
    // Saturday: a new day starts as a whole working day; Friday is not worked any more.
    fireEvent.click(screen.getByTestId('horario-agregar-6'));
    expect(screen.getByTestId('horario-desde-6-0')).toHaveProperty('value', '09:00');
    hora('hasta', '6', 0, '13:00');
    fireEvent.click(screen.getByLabelText('Quitar el horario 1 del viernes'));
    await waitFor(() => expect(deshabilitado(screen.getByTestId('horario-guardar'))).toBe(false));
    // Shifts not saved: leaving the page asks first.
    expect(hayCambiosSinGuardar()).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Horario de la semana' }));

    await waitFor(() => expect(llamadas.de('PUT', SEMANA)).toHaveLength(1));
    expect(llamadas.de('PUT', SEMANA)[0]!.cuerpo).toEqual({
      semana: {
        '1': [
          { desde: 510, hasta: 720 },
          { desde: 780, hasta: 1440 },
        ],
        '2': [{ desde: 540, hasta: 1080 }],
        '3': [{ desde: 540, hasta: 1080 }],
        '4': [{ desde: 540, hasta: 1080 }],
        '5': [],
        '6': [{ desde: 540, hasta: 780 }],
        '7': [],
      },
    });
    await waitFor(() =>
      expect(document.querySelector<HTMLIonToastElement>('ion-toast.delego-aviso')?.message).toBe(
        'Se guardó el horario.',
      ),
    );
    // The week the server answered is the new start: midnight reads 00:00 again, nothing to save.
    await waitFor(() => expect(deshabilitado(screen.getByTestId('horario-guardar'))).toBe(true));
    expect(screen.getByTestId('horario-hasta-1-1')).toHaveProperty('value', '00:00');
    expect(hayCambiosSinGuardar()).toBe(false);
  });

  it('the server’s refusal goes to the shift it names', async () => {
    const mensaje = 'Dato inválido en "semana.3.0": El horario termina antes de empezar o dura cero minutos.';
    abrir({ [`PUT ${SEMANA}`]: errorDelServidor(400, mensaje, 'semana.3.0') });
    await screen.findByTestId('horario-desde-3-0');
    hora('desde', '3', 0, '10:00');
    fireEvent.submit(screen.getByRole('form', { name: 'Horario de la semana' }));
    expect(await within(screen.getByTestId('horario-tramo-3-0')).findByText(mensaje)).toBeTruthy();
  });

  it('a national holiday is worked (DELETE), then taken back as a holiday (POST with its day and name)', async () => {
    const mayo = makeFeriado();
    const llamadas = abrir({
      [`DELETE ${FERIADOS}/2026-05-25`]: conFeriados({ ...mayo, seTrabaja: true }),
      [`POST ${FERIADOS}`]: conFeriados(mayo),
    });
    fireEvent.click(await screen.findByTestId('feriado-trabajar-2026-05-25'));
    await waitFor(() => expect(llamadas.de('DELETE', `${FERIADOS}/2026-05-25`)).toHaveLength(1));
    const fila = screen.getByTestId('feriado-2026-05-25');
    await waitFor(() => expect(fila).toHaveClass('horario-feriado--trabajado'));
    expect(fila).toHaveTextContent('La empresa trabaja este día.');
    expect(screen.queryByTestId('feriado-trabajar-2026-05-25')).toBeNull();

    fireEvent.click(screen.getByTestId('feriado-tomar-2026-05-25'));
    await waitFor(() => expect(llamadas.de('POST', FERIADOS)).toHaveLength(1));
    expect(llamadas.de('POST', FERIADOS)[0]!.cuerpo).toEqual({
      dia: '2026-05-25',
      nombre: 'Día de la Revolución de Mayo',
    });
    await waitFor(() => expect(screen.getByTestId('feriado-2026-05-25')).not.toHaveClass('horario-feriado--trabajado'));
    expect(llamadas.map((l) => l.metodo)).toEqual(['GET', 'DELETE', 'POST']);
  });

  it('a company holiday is removed only after the confirmation', async () => {
    const propio = makeFeriado({ dia: '2026-08-14', nombre: 'Aniversario', origen: 'empresa' });
    const llamadas = abrir({
      [`GET ${CALENDARIO}`]: conFeriados(makeFeriado(), propio),
      [`DELETE ${FERIADOS}/2026-08-14`]: conFeriados(makeFeriado()),
    });
    fireEvent.click(await screen.findByTestId('feriado-quitar-2026-08-14'));
    await responderConfirmacion('Cancelar');
    expect(llamadas.de('DELETE', `${FERIADOS}/2026-08-14`)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('feriado-quitar-2026-08-14'));
    await responderConfirmacion('Quitar');
    await waitFor(() => expect(llamadas.de('DELETE', `${FERIADOS}/2026-08-14`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('feriado-2026-08-14')).toBeNull());
  });

  it('adds a company holiday; the form checks its fields and shows the 409 at the date', async () => {
    let veces = 0;
    const nuevo = makeFeriado({ dia: '2026-08-14', nombre: 'Aniversario', origen: 'empresa' });
    const llamadas = abrir({
      [`POST ${FERIADOS}`]: () =>
        ++veces === 1 ? errorDelServidor(409, MENSAJES_SLA.feriadoDuplicado) : conFeriados(makeFeriado(), nuevo),
    });
    const form = await screen.findByRole('form', { name: 'Agregar un feriado de la empresa' });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByTestId('feriado-nuevo-nombre')).toMatchObject({ errorText: MENSAJES_SLA.nombreFeriado }),
    );
    expect(screen.getByTestId('feriado-nuevo-dia')).toMatchObject({ errorText: 'Indique la fecha del feriado.' });
    expect(llamadas.de('POST', FERIADOS)).toHaveLength(0);

    escribir(screen.getByTestId('feriado-nuevo-dia'), '25/05/2026');
    escribir(screen.getByTestId('feriado-nuevo-nombre'), 'Aniversario');
    // A holiday typed and not added: leaving the page asks first.
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByTestId('feriado-nuevo-dia')).toMatchObject({ errorText: MENSAJES_SLA.feriadoDuplicado }),
    );
    expect(llamadas.de('POST', FERIADOS)[0]!.cuerpo).toEqual({ dia: '2026-05-25', nombre: 'Aniversario' });

    escribir(screen.getByTestId('feriado-nuevo-dia'), '14/08/2026');
    fireEvent.submit(form);
    await waitFor(() => expect(llamadas.de('POST', FERIADOS)).toHaveLength(2));
    expect(llamadas.de('POST', FERIADOS)[1]!.cuerpo).toEqual({ dia: '2026-08-14', nombre: 'Aniversario' });
    expect(await screen.findByTestId('feriado-2026-08-14')).toHaveTextContent('De la empresa');
    await waitFor(() => expect(screen.getByTestId('feriado-nuevo-nombre')).toHaveProperty('value', ''));
    // Added and emptied: nothing left to lose.
    expect(hayCambiosSinGuardar()).toBe(false);
  });

  it('an operario reads the week and the holidays, with no way to change them', async () => {
    const propio = makeFeriado({ dia: '2026-08-14', nombre: 'Aniversario', origen: 'empresa' });
    abrir({ [`GET ${CALENDARIO}`]: conFeriados(makeFeriado(), propio) }, makeOperario());
    expect(await screen.findByTestId('horario-solo-lectura')).toHaveTextContent(MENSAJES_SLA.soloAdministradores);
    expect(screen.getByTestId('horario-dia-1')).toHaveTextContent('Lunes09:00 a 18:00');
    expect(screen.getByTestId('horario-dia-6')).toHaveTextContent('SábadoNo se trabaja');
    expect(screen.getByTestId('feriado-2026-08-14')).toHaveTextContent('Aniversario');
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.querySelector('input, ion-input')).toBeNull();
    expect(screen.getByTestId('horario-page').querySelectorAll('ion-button')).toHaveLength(0);
  });

  it('a calendar that cannot load shows the error with a retry, and the retry loads it', async () => {
    let veces = 0;
    abrir({
      [`GET ${CALENDARIO}`]: () =>
        ++veces === 1 ? errorDelServidor(500, 'No se pudo leer el calendario.') : makeCalendario(),
    });
    const error = await screen.findByTestId('admin-error');
    expect(error).toHaveTextContent('No se pudieron cargar los datos');
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('horario-dia-1')).toHaveTextContent('Lunes');
    expect(veces).toBe(2);
  });
  it('folds the holidays already past behind a button, and says when none is left of the year', async () => {
    vi.setSystemTime(new Date('2026-09-01T15:00:00Z'));
    abrir({
      [`GET ${CALENDARIO}`]: conFeriados(
        makeFeriado(),
        makeFeriado({ dia: '2026-08-14', nombre: 'Aniversario', origen: 'empresa' }),
        makeFeriado({ dia: '2027-01-01', nombre: 'Año Nuevo' }),
      ),
    });
    const anio = await screen.findByTestId('feriados-2026');
    expect(within(anio).queryByTestId('feriado-2026-05-25')).toBeNull();
    expect(anio).toHaveTextContent('No quedan feriados en 2026.');
    const boton = within(anio).getByTestId('feriados-2026-pasados');
    expect(boton).toHaveTextContent('Ver 2 feriados pasados');
    fireEvent.click(boton);
    expect(within(anio).getByTestId('feriado-2026-05-25')).toHaveClass('horario-feriado--pasado');
    expect(within(anio).getByTestId('feriado-2026-08-14')).toBeInTheDocument();
    expect(boton).toHaveTextContent('Ocultar los feriados pasados');
    // Next year's are all to come: no button there.
    expect(within(screen.getByTestId('feriados-2027')).queryByTestId('feriados-2027-pasados')).toBeNull();
    expect(screen.getByTestId('feriado-2027-01-01')).not.toHaveClass('horario-feriado--pasado');
  });
});
