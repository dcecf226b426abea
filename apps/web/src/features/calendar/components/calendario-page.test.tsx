import {
  ESTADO,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  hoyEn,
  finDelDia,
  textoDeDia,
  type Calendario,
  type OrdenCalendario,
} from '@delego/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorFeedback } from '../../../components/error-feedback';
import { guardarSesion } from '../../../lib/session';
import { makeAdmin } from '../../../test/factories';
import { crearQueryClientDePrueba, renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import { rangoDeVista } from '../model/grilla';
import { TIPO_ARRASTRE } from './chips';
import CalendarioPage from './calendario-page';

const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
const HOY = hoyEn(ZONA);
const ana = { id: 7, usuario: 'ana', nombre: 'Ana', apellido: 'Paz' };

const orden = (id: number, editable: boolean, titulo = `Orden ${id}`): OrdenCalendario => ({
  id,
  numero: 100 + id,
  titulo,
  fechaFin: finDelDia(HOY, ZONA),
  estadoId: ESTADO.PENDIENTE,
  responsables: [ana.id],
  editable,
});

function calendario(parcial: Partial<Calendario> = {}): Calendario {
  const r = rangoDeVista('mes', HOY);
  return { ...r, zona: ZONA, ordenes: [], programadas: [], personas: [ana], clientes: [], ...parcial };
}

function mostrar(respuestas: Parameters<typeof simularServidor>[0]) {
  const llamadas = simularServidor({
    'GET /api/v3/test/clientes-usados': [],
    'GET /api/v2/usuarios/:cliente': [],
    ...respuestas,
  });
  const usuario = makeAdmin();
  guardarSesion({ usuario, md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
  renderConApp(
    <>
      <CalendarioPage />
      <ErrorFeedback />
    </>,
    { usuario, ruta: '/calendario', queryClient: crearQueryClientDePrueba() },
  );
  return llamadas;
}

describe('CalendarioPage', () => {
  it('pide el mes de lunes a domingo y muestra cada día con su cuenta; solo se arrastra lo editable', async () => {
    const llamadas = mostrar({
      'GET /api/v4/calendario': calendario({
        ordenes: [orden(1, true, 'Caldera'), orden(2, false, 'Ascensor')],
        programadas: [
          {
            planId: 4,
            titulo: 'Filtros mensuales',
            fecha: finDelDia(HOY, ZONA),
            estado: 'esperando_cupo',
            clienteId: 3,
            responsables: [],
          },
        ],
        clientes: [{ id: 3, nombre: 'Hotel Sur' }],
      }),
    });
    const dia = await screen.findByTestId(`calendario-dia-${HOY}`);
    await within(dia).findByText('Caldera');
    const pedida = llamadas.de('GET', '/api/v4/calendario')[0]?.query;
    expect([pedida?.get('desde'), pedida?.get('hasta')]).toEqual(Object.values(rangoDeVista('mes', HOY)));
    // The day is a cell of the month's grid, named by its date and count, with its chips inside.
    expect(screen.getByRole('gridcell', { name: `${textoDeDia(HOY)}: 3` })).toBe(dia);
    expect(within(dia).getByText('Esperando cupo')).toBeTruthy();
    const editable = screen.getByTestId('calendario-orden-1');
    const ajena = screen.getByTestId('calendario-orden-2');
    expect(within(editable).getByText('Caldera').closest('button')?.getAttribute('draggable')).toBe('true');
    expect(within(ajena).getByText('Ascensor').closest('button')?.getAttribute('draggable')).toBe('false');
    expect(within(ajena).queryByLabelText(/Mover #102/)).toBeNull();
    // The answer names state, people and clients by id: the chips show them by name.
    const titulo = within(editable).getByText('Caldera').closest('button')?.getAttribute('title');
    expect(titulo).toMatch(/^#101 Caldera · Pendiente · vence .* · Ana Paz$/);
    expect(screen.getByTestId(`calendario-programada-4-${finDelDia(HOY, ZONA)}`).getAttribute('title')).toBe(
      'Filtros mensuales · Esperando cupo · Hotel Sur',
    );
  });

  it('soltar una orden en otro día la mueve con la llamada de fecha; si el servidor la rechaza vuelve con su mensaje', async () => {
    const llamadas = mostrar({
      'GET /api/v4/calendario': calendario({ ordenes: [orden(1, true, 'Caldera')] }),
      'POST /api/v2/fecha/:id/:kind': () =>
        errorDelServidor(400, 'La fecha de fin no puede ser anterior a la fecha de inicio.', 'fecha'),
    });
    await screen.findByText('Caldera');
    const otroDia =
      rangoDeVista('mes', HOY).desde === HOY ? rangoDeVista('mes', HOY).hasta : rangoDeVista('mes', HOY).desde;
    const destino = screen.getByTestId(`calendario-dia-${otroDia}`);
    const datos = { types: [TIPO_ARRASTRE], getData: (t: string) => (t === TIPO_ARRASTRE ? '1' : ''), dropEffect: '' };
    fireEvent.dragOver(destino, { dataTransfer: datos });
    fireEvent.drop(destino, { dataTransfer: datos });
    await screen.findByText('La fecha de fin no puede ser anterior a la fecha de inicio.');
    const mover = llamadas.de('POST', '/api/v2/fecha/1/fin');
    expect(mover).toHaveLength(1);
    expect(mover[0]?.cuerpo).toEqual({ fecha: finDelDia(otroDia, ZONA) });
    await waitFor(() => expect(screen.getByTestId('calendario-orden-1').getAttribute('data-dia')).toBe(HOY));
    // A drop of anything else (a file, text) is not taken.
    fireEvent.drop(destino, { dataTransfer: { types: ['Files'], getData: () => '1' } });
    expect(llamadas.de('POST', '/api/v2/fecha/1/fin')).toHaveLength(1);
  });

  it('sin nada en el período dice que las órdenes sin fecha de fin no aparecen', async () => {
    mostrar({ 'GET /api/v4/calendario': calendario() });
    expect((await screen.findByTestId('calendario-vacio')).textContent).toContain('sin fecha de fin no aparecen');
  });

  it('en el teléfono, un mes sin nada nombra el mes, no las semanas que pide (aunque vengan órdenes de sus bordes)', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(max-width: 767.98px)',
    })) as typeof window.matchMedia;
    try {
      const r = rangoDeVista('mes', HOY);
      // An order due on the first day the grid asks for, before the month when the month does not start on a Monday.
      const delBorde = { ...orden(1, true), fechaFin: finDelDia(r.desde, ZONA) };
      const ordenes = r.desde.slice(0, 7) === HOY.slice(0, 7) ? [] : [delBorde];
      mostrar({ 'GET /api/v4/calendario': calendario({ ordenes }) });
      const vacio = await screen.findByTestId('calendario-vacio');
      const primero = `01/${HOY.slice(5, 7)}/${HOY.slice(0, 4)}`;
      expect(vacio).toHaveTextContent(`entre el ${primero} y el`);
    } finally {
      window.matchMedia = original;
    }
  });

  it('un error del servidor muestra el estado de error con Reintentar', async () => {
    const llamadas = mostrar({ 'GET /api/v4/calendario': () => errorDelServidor(500, 'Falla') });
    const error = await screen.findByTestId('estadisticas-error', {}, { timeout: 8000 });
    fireEvent.click(within(error).getByText('Reintentar'));
    await waitFor(() => expect(llamadas.de('GET', '/api/v4/calendario').length).toBeGreaterThan(1));
  }, 15_000);
});
