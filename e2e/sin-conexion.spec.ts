import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, esperarServiceWorker, iniciarSesion, pantallaActual } from './helpers';

/**
 * Working without a connection (issue 17, docs/APP-DE-CAMPO.md "Trabajo sin conexión"): `operario`
 * opens one of his orders, loses the connection, changes its state with a comment and logs hours;
 * both wait as "2 cambios pendientes" and, once the connection is back, reach the server exactly
 * once. Then the conflict: the order changes state on the server meanwhile, the replay is refused
 * and shown, and the person fixes one change and discards another.
 * The journey starts online (the service worker installs, the screens' code loads), then goes
 * offline and reopens the app from the service worker with the answers kept in IndexedDB.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const auth = (usuario: string) => ({ Authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });
const OFFLINE = 'No hay conexión con el servidor. Los datos pueden estar desactualizados.';
const PENDIENTE = 'Sin conexión: el cambio quedó pendiente y se enviará al volver la conexión.';

interface OrdenResumen {
  id: number;
  numero: number;
  estado: { id: number };
  responsables: { usuario: string }[];
}
interface Evento {
  tipo: string;
  estadoNuevo: number | null;
  comentario: string | null;
}

/** Open orders of `operario` in Pendiente or En proceso (both may move to En espera), as he sees them. */
async function ordenesDeOperario(api: APIRequestContext): Promise<OrdenResumen[]> {
  const r = await api.post('/api/v4/ordenes/all/filtered', {
    headers: auth('operario'),
    data: { estados: [1, 2], porPagina: 50 },
  });
  expect(r.ok()).toBe(true);
  const { ordenes } = (await r.json()) as { ordenes: OrdenResumen[] };
  return ordenes.filter((o) => o.responsables.some((p) => p.usuario === 'operario'));
}

async function historial(api: APIRequestContext, id: number): Promise<Evento[]> {
  const r = await api.get(`/api/v2/historial/detalle/${id}`, { headers: auth('admin') });
  expect(r.ok()).toBe(true);
  return (await r.json()) as Evento[];
}

async function horasConDescripcion(api: APIRequestContext, id: number, descripcion: string): Promise<number> {
  const r = await api.get(`/api/v2/registro-gastos/${id}`, { headers: auth('admin') });
  expect(r.ok()).toBe(true);
  const registro = (await r.json()) as { horas: { descripcion: string }[] };
  return registro.horas.filter((h) => h.descripcion === descripcion).length;
}

async function estadoEnServidor(api: APIRequestContext, id: number): Promise<number> {
  const r = await api.get(`/api/v3/ordenDTO/${id}`, { headers: auth('admin') });
  return ((await r.json()) as { estado: { id: number } }).estado.id;
}

async function esperarTransicion(page: Page): Promise<void> {
  await expect(pantallaActual(page)).toHaveCount(1);
}

function aviso(page: Page): Locator {
  return page.locator('ion-toast.delego-aviso');
}

/** Opens the order, then its state and hours screens once (online: their code loads) and comes back. */
async function abrirOrden(page: Page, id: number): Promise<void> {
  await page.goto(`/orden/${id}`);
  await esperarTransicion(page);
  await pantallaActual(page).getByTestId('accion-estado').click();
  await expect(page).toHaveURL(/\/cambio-estado\?id=\d+$/);
  await expect(pantallaActual(page).getByTestId('cambio-estado-comentario')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/orden/${id}$`));
  await esperarTransicion(page);
  await pantallaActual(page).getByTestId('accion-registro').click();
  await expect(page).toHaveURL(/\/registro-historial\?id=\d+$/);
  await expect(pantallaActual(page).getByTestId('registro-agregar-horas')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/orden/${id}$`));
  await esperarTransicion(page);
}

async function cambiarEstado(page: Page, estado: string, comentario: string): Promise<void> {
  await pantallaActual(page).getByTestId('accion-estado').click();
  await expect(page).toHaveURL(/\/cambio-estado\?id=\d+$/);
  const form = pantallaActual(page);
  await form.locator('ion-radio').filter({ hasText: estado }).click();
  await form.getByTestId('cambio-estado-comentario').locator('textarea').fill(comentario);
  await form.getByTestId('cambio-estado-guardar').click();
  await expect(page).toHaveURL(/\/orden\/\d+$/);
  await esperarTransicion(page);
}

async function registrarHoras(page: Page, descripcion: string): Promise<void> {
  await pantallaActual(page).getByTestId('accion-registro').click();
  await expect(page).toHaveURL(/\/registro-historial\?id=\d+$/);
  await esperarTransicion(page);
  await pantallaActual(page).getByTestId('registro-agregar-horas').click();
  const modal = page.locator('ion-modal:not(.campo-fecha__modal)');
  await expect(modal.getByRole('form', { name: 'Registrar horas' })).toBeVisible();
  await modal.getByTestId('horas-horas').locator('input').fill('1');
  await modal.getByTestId('horas-minutos').locator('input').fill('45');
  await modal.getByTestId('horas-descripcion').locator('textarea').fill(descripcion);
  await modal.getByTestId('horas-guardar').click();
  await expect(aviso(page).filter({ hasText: PENDIENTE }).last()).toBeVisible();
  await expect(modal).toBeHidden();
}

test.describe('sin conexión', () => {
  test('el cambio de estado y las horas esperan y llegan al servidor una sola vez', async ({
    page,
    context,
    request,
  }, info) => {
    // Offline and back with two changes: more than the default on a loaded CI machine.
    test.slow();
    const [orden] = await ordenesDeOperario(request);
    expect(orden, 'operario tiene una orden abierta').toBeDefined();
    if (!orden) return;
    const marca = `${info.project.name}-${Date.now()}`;
    const comentario = `Falta un repuesto (${marca})`;
    const descripcion = `Revisión sin señal (${marca})`;

    await iniciarSesion(page, 'operario');
    await abrirOrden(page, orden.id);
    await esperarServiceWorker(page);

    await context.setOffline(true);
    // Reopened without a connection: the app comes from the service worker, the order from the
    // answers kept in IndexedDB, and the offline toast says the data may be old.
    await page.reload();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await expect(pantallaActual(page).getByTestId('orden-estado')).toBeVisible();
    await expect(pantallaActual(page).getByText(`#${orden.numero}`).first()).toBeVisible();

    await cambiarEstado(page, 'En espera', comentario);
    // Shown at once (optimistic), waiting in the outbox.
    await expect(pantallaActual(page).getByTestId('orden-estado')).toHaveText('En espera');
    await expect(pantallaActual(page).getByTestId('cambios-pendientes')).toContainText('1 cambio pendiente');

    await registrarHoras(page, descripcion);
    const indicador = pantallaActual(page).getByTestId('cambios-pendientes');
    await expect(indicador).toContainText('2 cambios pendientes');
    // The list says what waits.
    await indicador.click();
    const hoja = page.getByTestId('bandeja-hoja');
    await expect(hoja.getByTestId('bandeja-item')).toHaveCount(2);
    await expect(hoja.getByTestId('bandeja-item').first()).toContainText(`Orden #${orden.numero} · Estado → En espera`);
    await expect(hoja.getByTestId('bandeja-item').nth(1)).toContainText('Registrar 1 h 45 min');
    await hoja.getByRole('button', { name: 'Cerrar' }).click();
    await expect(hoja).toBeHidden();

    // Nothing reached the server yet.
    expect((await historial(request, orden.id)).filter((e) => e.comentario === comentario)).toHaveLength(0);
    expect(await horasConDescripcion(request, orden.id, descripcion)).toBe(0);

    await context.setOffline(false);
    await expect(pantallaActual(page).getByTestId('cambios-pendientes')).toHaveCount(0, { timeout: 15_000 });

    // Each change exactly once.
    const eventos = (await historial(request, orden.id)).filter((e) => e.comentario === comentario);
    expect(eventos).toHaveLength(1);
    expect(eventos[0]?.estadoNuevo).toBe(3);
    expect(await horasConDescripcion(request, orden.id, descripcion)).toBe(1);
    expect(await estadoEnServidor(request, orden.id)).toBe(3);

    // The hours screen shows the server's entry now.
    await expect(pantallaActual(page).getByTestId('registro-hora').filter({ hasText: descripcion })).toContainText(
      '1:45 h',
    );
  });

  test('conflicto: el servidor rechaza el cambio, se ve claro y se corrige o se descarta', async ({
    page,
    context,
    request,
  }, info) => {
    // Two rounds offline and back: about 27 s on the phone on an idle machine, so twice that and more
    // on a loaded CI machine.
    test.setTimeout(120_000);
    const ordenes = await ordenesDeOperario(request);
    const orden = ordenes[ordenes.length - 1];
    expect(orden, 'operario tiene una orden abierta').toBeDefined();
    if (!orden) return;
    const marca = `${info.project.name}-${Date.now()}`;

    await iniciarSesion(page, 'operario');
    await abrirOrden(page, orden.id);
    await context.setOffline(true);
    await cambiarEstado(page, 'En espera', `Espero al cliente (${marca})`);
    await expect(pantallaActual(page).getByTestId('cambios-pendientes')).toContainText('1 cambio pendiente');

    // Meanwhile, at the office, the order is cancelled.
    const cancelar = await request.put(`/api/v2/estado/${orden.id}`, {
      headers: auth('admin'),
      data: { estado: 5, comentarios: `Cancelada desde la oficina (${marca})` },
    });
    expect(cancelar.ok()).toBe(true);

    await context.setOffline(false);
    const indicador = pantallaActual(page).getByTestId('cambios-pendientes');
    await expect(indicador).toHaveAttribute('aria-label', /1 rechazado/, { timeout: 15_000 });
    await indicador.click();
    const hoja = page.getByTestId('bandeja-hoja');
    await expect(hoja.getByTestId('bandeja-error')).toHaveText('No se puede pasar de Cancelada a En espera.');
    expect(await estadoEnServidor(request, orden.id)).toBe(5);

    // Fix it: Cancelada may go back to Pendiente.
    await hoja.getByTestId('bandeja-corregir').click();
    await hoja.getByTestId('bandeja-estado').selectOption({ label: 'Pendiente' });
    await hoja.getByTestId('bandeja-comentario').fill(`Reabierta en el lugar (${marca})`);
    await hoja.getByTestId('bandeja-reenviar').click();
    // Sent: nothing waits any more, so the list and the indicator go away.
    await expect(hoja).toBeHidden({ timeout: 15_000 });
    await expect(indicador).toHaveCount(0);
    expect(await estadoEnServidor(request, orden.id)).toBe(1);
    let eventos = await historial(request, orden.id);
    expect(eventos.filter((e) => e.comentario === `Reabierta en el lugar (${marca})`)).toHaveLength(1);
    expect(eventos.filter((e) => e.comentario === `Espero al cliente (${marca})`)).toHaveLength(0);

    // Another one, refused again, discarded: it never reaches the server.
    await page.reload();
    await esperarTransicion(page);
    await expect(pantallaActual(page).getByTestId('orden-estado')).toHaveText('Pendiente');
    await abrirOrden(page, orden.id);
    await context.setOffline(true);
    await cambiarEstado(page, 'En proceso', `Empiezo (${marca})`);
    const cancelarOtraVez = await request.put(`/api/v2/estado/${orden.id}`, {
      headers: auth('admin'),
      data: { estado: 5, comentarios: `Cancelada otra vez (${marca})` },
    });
    expect(cancelarOtraVez.ok()).toBe(true);
    await context.setOffline(false);
    await expect(indicador).toHaveAttribute('aria-label', /1 rechazado/, { timeout: 15_000 });
    await indicador.click();
    await hoja.getByTestId('bandeja-descartar').click();
    await page.locator('ion-alert').getByRole('button', { name: 'Descartar' }).click();
    await expect(hoja).toBeHidden();
    await expect(indicador).toHaveCount(0);
    eventos = await historial(request, orden.id);
    expect(eventos.filter((e) => e.comentario === `Empiezo (${marca})`)).toHaveLength(0);
    expect(await estadoEnServidor(request, orden.id)).toBe(5);
  });
});
