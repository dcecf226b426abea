import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOperario, makeSupervisor } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import { makeEquipo, paginaEquipos } from '../../equipment/test-utils';
import { makeMantenimiento } from '../test-utils';
import MantenimientoPage from './mantenimiento-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const DIEGO = { id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa', email: null };
const SERVIDOR = {
  'GET /api/v2/empresasAsignables': [
    { id: 3, nombre: 'Clínica San Martín' },
    { id: 1, nombre: 'Municipalidad de Rosario' },
  ],
  'GET /api/v2/tipoOrden/all': [{ id: 1, nombre: 'Preventivo', archivado: false }],
  'GET /api/v3/areas/all': [{ id: 2, nombre: 'Calefacción', archivado: false }],
  'GET /api/v2/prioridades': [{ id: 3, nombre: 'Alta', nivel: 3, color: 'warning' }],
  'GET /api/v2/usuarios/3': [DIEGO],
  'GET /api/v2/usuarios/todos': [DIEGO],
  'GET /api/v4/ubicaciones': [
    {
      id: 7,
      nombre: 'Sede Centro',
      cliente: { id: 3, nombre: 'Clínica San Martín' },
      codigo: null,
      direccion: null,
      notas: null,
      codigoQr: 'b'.repeat(22),
      equipos: 1,
    },
  ],
  'GET /api/v4/equipos': { ...paginaEquipos([makeEquipo({ id: 5 })]), porPagina: 100 },
};

function cambiar(testId: string, evento: 'ionInput' | 'ionChange', value: unknown) {
  fireEvent(screen.getByTestId(testId), new CustomEvent(evento, { detail: { value } }));
}

describe('Mantenimiento programado: the plan form (issue 32)', () => {
  it('opened from an equipo (?cliente=&ubicacion=&equipo=), sends them with the whole template', async () => {
    const llamadas = simularServidor({
      ...SERVIDOR,
      'GET /api/v2/mantenimientos': { mantenimientos: [] },
      'POST /api/v2/mantenimiento': makeMantenimiento(),
    });
    renderConApp(<MantenimientoPage />, {
      usuario: makeSupervisor(),
      ruta: '/mantenimiento?cliente=3&ubicacion=7&equipo=5',
    });

    const form = await screen.findByRole('form', { name: 'Nuevo plan' });
    await waitFor(() => expect(screen.getByTestId('mantenimiento-equipo')).toHaveProperty('value', 5));
    expect(screen.getByTestId('mantenimiento-cliente')).toHaveProperty('value', 3);
    expect(screen.getByTestId('mantenimiento-ubicacion')).toHaveProperty('value', 7);
    await waitFor(() =>
      expect(
        [...screen.getByTestId('mantenimiento-responsables').querySelectorAll('ion-select-option')].map(
          (o) => o.textContent,
        ),
      ).toContain('Diego Sosa'),
    );

    cambiar('mantenimiento-titulo', 'ionInput', 'Service de caldera');
    cambiar('mantenimiento-detalle', 'ionInput', 'Revisar quemador');
    cambiar('mantenimiento-tipo-orden', 'ionChange', 1);
    cambiar('mantenimiento-area', 'ionChange', 2);
    cambiar('mantenimiento-prioridad', 'ionChange', 3);
    cambiar('mantenimiento-responsables', 'ionChange', [4]);
    cambiar('mantenimiento-dia', 'ionInput', '31');
    fireEvent.submit(form);

    await waitFor(() => expect(llamadas.de('POST', '/api/v2/mantenimiento')).toHaveLength(1));
    // With the form's Idempotency-Key: a retry after a cut creates one plan.
    expect(llamadas.de('POST', '/api/v2/mantenimiento')[0]!.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(llamadas.de('POST', '/api/v2/mantenimiento')[0]!.cuerpo).toMatchObject({
      cliente: 3,
      ubicacion: 7,
      equipo: 5,
      regla: { tipo: 'meses', cada: 1, dia: 31 },
      plantilla: {
        titulo: 'Service de caldera',
        detalle: 'Revisar quemador',
        tipoOrden: 1,
        area: 2,
        prioridad: 3,
        responsable: [4],
      },
      activo: true,
    });
    await waitFor(() => expect(screen.queryByTestId('mantenimiento-form')).toBeNull());
  });

  it('a refused new plan is sent again, corrected, with a new Idempotency-Key (the first changed nothing)', async () => {
    let intentos = 0;
    const llamadas = simularServidor({
      ...SERVIDOR,
      'GET /api/v2/mantenimientos': { mantenimientos: [] },
      'POST /api/v2/mantenimiento': () =>
        ++intentos === 1 ? errorDelServidor(400, 'El título es obligatorio.', 'plantilla.titulo') : makeMantenimiento(),
    });
    renderConApp(<MantenimientoPage />, { usuario: makeSupervisor(), ruta: '/mantenimiento?cliente=3' });
    const form = await screen.findByRole('form', { name: 'Nuevo plan' });
    cambiar('mantenimiento-titulo', 'ionInput', 'x');
    fireEvent.submit(form);
    expect(await screen.findByText('El título es obligatorio.')).toBeTruthy();
    cambiar('mantenimiento-titulo', 'ionInput', 'Service de caldera');
    fireEvent.submit(form);
    await waitFor(() => expect(llamadas.de('POST', '/api/v2/mantenimiento')).toHaveLength(2));
    const [primera, segunda] = llamadas
      .de('POST', '/api/v2/mantenimiento')
      .map((l) => l.headers.get('Idempotency-Key'));
    expect(primera).toBeTruthy();
    expect(segunda).toBeTruthy();
    expect(segunda).not.toBe(primera);
  });

  it('another client empties the site, the equipo and the responsables', async () => {
    simularServidor({
      ...SERVIDOR,
      'GET /api/v2/usuarios/1': [],
      'GET /api/v2/mantenimientos': { mantenimientos: [] },
    });
    renderConApp(<MantenimientoPage />, {
      usuario: makeSupervisor(),
      ruta: '/mantenimiento?cliente=3&ubicacion=7&equipo=5',
    });
    await waitFor(() => expect(screen.getByTestId('mantenimiento-equipo')).toHaveProperty('value', 5));
    cambiar('mantenimiento-responsables', 'ionChange', [4]);
    cambiar('mantenimiento-cliente', 'ionChange', 1);
    await waitFor(() => expect(screen.getByTestId('mantenimiento-ubicacion')).toHaveProperty('value', ''));
    expect(screen.getByTestId('mantenimiento-equipo')).toHaveProperty('value', '');
    expect(screen.getByTestId('mantenimiento-responsables')).toHaveProperty('value', []);
  });

  it('«Editar» opens the plan filled; the server’s 400 goes on its field; saving sends PUT and keeps it paused', async () => {
    const plan = makeMantenimiento({ activo: false, proximas: [] });
    let intentos = 0;
    const llamadas = simularServidor({
      ...SERVIDOR,
      'GET /api/v2/mantenimientos': { mantenimientos: [plan] },
      'PUT /api/v2/mantenimiento/9': () =>
        ++intentos === 1
          ? errorDelServidor(400, 'El responsable no puede recibir órdenes de este cliente.', 'plantilla.responsable')
          : { ...plan, plantilla: { ...plan.plantilla, titulo: 'Service anual' } },
    });
    renderConApp(<MantenimientoPage />, { usuario: makeSupervisor(), ruta: '/mantenimiento' });

    const item = await screen.findByTestId('mantenimiento-plan-9');
    expect(item).toHaveTextContent('Pausado: no crea órdenes');
    fireEvent.click(within(item).getByTestId('mantenimiento-editar'));
    const form = await screen.findByRole('form', { name: 'Editar plan' });
    expect(screen.getByTestId('mantenimiento-titulo')).toHaveProperty('value', 'Service de caldera');
    expect(screen.getByTestId('mantenimiento-detalle')).toHaveProperty('value', 'Revisar quemador');
    expect(screen.getByTestId('mantenimiento-tipo-orden')).toHaveProperty('value', 1);
    expect(screen.getByTestId('mantenimiento-area')).toHaveProperty('value', 2);
    expect(screen.getByTestId('mantenimiento-prioridad')).toHaveProperty('value', 3);
    expect(screen.getByTestId('mantenimiento-responsables')).toHaveProperty('value', [4]);
    expect(screen.getByTestId('mantenimiento-dia')).toHaveProperty('value', '31');
    expect(screen.getByTestId('mantenimiento-anticipacion')).toHaveProperty('value', '2');
    await waitFor(() => expect(screen.getByTestId('mantenimiento-equipo')).toHaveProperty('value', 5));
    expect(screen.queryByTestId('mantenimiento-nuevo')).toBeNull();

    cambiar('mantenimiento-titulo', 'ionInput', 'Service anual');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByTestId('mantenimiento-responsables')).toMatchObject({
        errorText: 'El responsable no puede recibir órdenes de este cliente.',
      }),
    );
    expect(screen.getByTestId('mantenimiento-form')).toBeInTheDocument();

    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByTestId('mantenimiento-form')).toBeNull());
    const puts = llamadas.de('PUT', '/api/v2/mantenimiento/9');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.cuerpo).toMatchObject({
      cliente: 3,
      ubicacion: 7,
      equipo: 5,
      anticipacion: 2,
      activo: false,
      plantilla: { titulo: 'Service anual', tipoOrden: 1, area: 2, prioridad: 3, responsable: [4] },
    });
    expect(llamadas.de('POST', '/api/v2/mantenimiento')).toHaveLength(0);
  });

  it('a plan whose type was archived shows it as «(archivado)», only to that plan, and the reason its order failed', async () => {
    const motivo = 'El tipo de orden indicado no existe o está archivado.';
    const plan = makeMantenimiento({
      plantilla: { ...makeMantenimiento().plantilla, tipoOrden: 8 },
      ocurrencias: [{ id: 70, mantenimientoId: 9, fecha: '2026-11-30', estado: 'fallida', ordenId: null, motivo }],
    });
    const llamadas = simularServidor({
      ...SERVIDOR,
      // In use, the archived type is not offered; with incluirArchivados it is there.
      'GET /api/v2/tipoOrden/all': ({ query }) => [
        { id: 1, nombre: 'Preventivo', archivado: false },
        ...(query.get('incluirArchivados') === 'true' ? [{ id: 8, nombre: 'Correctivo', archivado: true }] : []),
      ],
      'GET /api/v2/mantenimientos': { mantenimientos: [plan] },
      'PUT /api/v2/mantenimiento/9': () => errorDelServidor(400, motivo, 'plantilla.tipoOrden'),
    });
    renderConApp(<MantenimientoPage />, { usuario: makeSupervisor(), ruta: '/mantenimiento' });

    const item = await screen.findByTestId('mantenimiento-plan-9');
    expect(within(item).getByTestId('mantenimiento-esperando')).toHaveTextContent(
      `No se pudo crear 30/11/2026: ${motivo}`,
    );

    fireEvent.click(within(item).getByTestId('mantenimiento-editar'));
    const form = await screen.findByRole('form', { name: 'Editar plan' });
    const tipo = screen.getByTestId('mantenimiento-tipo-orden');
    const textos = () => [...tipo.querySelectorAll('ion-select-option')].map((o) => o.textContent);
    await waitFor(() => expect(textos()).toEqual(['Sin tipo', 'Preventivo', 'Correctivo (archivado)']));
    expect(tipo).toHaveProperty('value', 8);
    // The area is in use: its list is the plain one.
    expect(
      [...screen.getByTestId('mantenimiento-area').querySelectorAll('ion-select-option')].map((o) => o.textContent),
    ).toEqual(['Sin área', 'Calefacción']);
    // Kept as it is, the server refuses it: its message goes under the select.
    fireEvent.submit(form);
    await waitFor(() => expect(tipo).toMatchObject({ errorText: motivo }));
    expect(llamadas.de('PUT', '/api/v2/mantenimiento/9')[0]!.cuerpo).toMatchObject({ plantilla: { tipoOrden: 8 } });

    // A new plan is offered only the types in use.
    fireEvent.click(within(form).getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByTestId('mantenimiento-form')).toBeNull());
    fireEvent.click(screen.getByTestId('mantenimiento-nuevo'));
    await screen.findByRole('form', { name: 'Nuevo plan' });
    await waitFor(() =>
      expect(
        [...screen.getByTestId('mantenimiento-tipo-orden').querySelectorAll('ion-select-option')].map(
          (o) => o.textContent,
        ),
      ).toEqual(['Sin tipo', 'Preventivo']),
    );
    // Two forms and a refusal: more than the default on a busy machine.
  }, 20_000);

  it('without crearOrden it says what is missing and offers no form', async () => {
    simularServidor({ 'GET /api/v2/mantenimientos': { mantenimientos: [] } });
    renderConApp(<MantenimientoPage />, { usuario: makeOperario(), ruta: '/mantenimiento?cliente=3' });
    expect(await screen.findByText(/hace falta el permiso de crear órdenes/)).toBeInTheDocument();
    expect(screen.queryByTestId('mantenimiento-form')).toBeNull();
  });
});
