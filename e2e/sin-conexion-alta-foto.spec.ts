import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  esperarServiceWorker,
  esTelefono,
  iniciarSesion,
  inicioAlCargar,
  listaOrdenes,
  pantallaActual,
} from './helpers';

/**
 * Working without a connection, the other two kinds of change (issue 17, docs/APP-DE-CAMPO.md
 * "Trabajo sin conexión"): `supervisor` loses the connection, creates an order and attaches a
 * photo to an existing one; both wait as "2 cambios pendientes" and, once the connection is back,
 * the server has the new order once and the photo once. e2e/sin-conexion.spec.ts covers a state
 * change, hours and the conflict; e2e/app-de-campo-fotos.spec.ts the photo online.
 * The journey starts online (the service worker installs; the form, the files screen and their
 * lists load and stay in IndexedDB), then goes offline and reopens the app from the service worker.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const AUTH = { Authorization: `supervisor#${md5(DEMO_PASSWORD)}` };
const OFFLINE = 'No hay conexión con el servidor. Los datos pueden estar desactualizados.';
const CLIENTE = 'Municipalidad de Rosario';
const RESPONSABLE = 'Diego Sosa';

/** An open order `supervisor` sees, to attach the photo to. */
async function ordenAbierta(api: APIRequestContext): Promise<{ id: number; numero: number }> {
  const r = await api.post('/api/v4/ordenes/all/filtered', { headers: AUTH, data: { estados: [1, 2], porPagina: 1 } });
  expect(r.ok()).toBe(true);
  const { ordenes } = (await r.json()) as { ordenes: { id: number; numero: number }[] };
  expect(ordenes[0], 'hay una orden abierta').toBeDefined();
  return ordenes[0]!;
}

/** How many orders the server has with exactly this title. */
async function ordenesConTitulo(api: APIRequestContext, titulo: string): Promise<number> {
  const r = await api.post('/api/v4/ordenes/all/filtered', { headers: AUTH, data: { buscar: titulo, porPagina: 50 } });
  expect(r.ok()).toBe(true);
  const { ordenes } = (await r.json()) as { ordenes: { titulo: string }[] };
  return ordenes.filter((o) => o.titulo === titulo).length;
}

/** How many files of the order have exactly this name. */
async function archivosConNombre(api: APIRequestContext, ordenId: number, nombre: string): Promise<number> {
  const r = await api.get(`/api/v2/archivos/${ordenId}`, { headers: AUTH });
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { nombre: string }[]).filter((a) => a.nombre === nombre).length;
}

async function esperarTransicion(page: Page): Promise<void> {
  await expect(pantallaActual(page)).toHaveCount(1);
}

function indicador(page: Page): Locator {
  return pantallaActual(page).getByTestId('cambios-pendientes');
}

/** dd/MM/yyyy (as the date fields take it), `dias` from today. */
function diaDesdeHoy(dias: number): string {
  const d = new Date(Date.now() + dias * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

/** A small photo drawn in the page (a JPEG; nothing to reduce, it goes as it is). */
async function foto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const lienzo = new OffscreenCanvas(640, 480);
    const ctx = lienzo.getContext('2d')!;
    ctx.fillStyle = '#1d5fb8';
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(160, 120, 320, 240);
    const bytes = new Uint8Array(
      await (await lienzo.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer(),
    );
    let binario = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binario);
  });
  return Buffer.from(base64, 'base64');
}

async function elegirCliente(page: Page, form: Locator): Promise<void> {
  await form.getByTestId('orden-form-cliente').click();
  const popover = page.locator('ion-popover');
  await popover.locator('.select-interface-option').filter({ hasText: CLIENTE }).click();
  await expect(popover).toHaveCount(0);
}

/** Opens the new-order form and the order's files once, online: their code and lists load. */
async function prepararEnLinea(page: Page, ordenId: number): Promise<void> {
  await pantallaActual(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  const form = pantallaActual(page);
  // The clients and the people the client's orders may go to, kept for later (IndexedDB).
  await elegirCliente(page, form);
  await form.getByTestId('orden-form-responsables').click();
  const alerta = page.locator('ion-alert');
  await expect(alerta.locator('button.alert-checkbox-button').filter({ hasText: RESPONSABLE })).toBeVisible();
  await alerta.getByRole('button', { name: 'Cancelar' }).click();
  await expect(alerta).toHaveCount(0);
  await page.goto(`/archivos?id=${ordenId}`);
  await esperarTransicion(page);
  await expect(
    pantallaActual(page).getByTestId(esTelefono(page) ? 'archivos-camara' : 'archivos-agregar'),
  ).toBeVisible();
  await page.goto('/home');
  await expect(inicioAlCargar(page)).toBeVisible();
}

async function crearOrdenSinConexion(page: Page, titulo: string): Promise<void> {
  await pantallaActual(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  await esperarTransicion(page);
  const form = pantallaActual(page);
  await form.getByTestId('orden-form-titulo').locator('input').fill(titulo);
  await form.getByTestId('orden-form-detalle').locator('textarea').fill('Cargada en el sótano, sin señal.');
  await elegirCliente(page, form);
  await form.getByTestId('orden-form-responsables').click();
  const alerta = page.locator('ion-alert');
  await alerta.locator('button.alert-checkbox-button').filter({ hasText: RESPONSABLE }).click();
  await alerta.getByRole('button', { name: 'Aceptar' }).click();
  await expect(alerta).toHaveCount(0);
  await form.getByTestId('orden-form-fin').locator('input').fill(diaDesdeHoy(30));
  await form.getByTestId('orden-form-guardar').click();
  // Waiting in the outbox: back to the list, with the notice.
  await expect(page).toHaveURL(/\/home$/);
  await esperarTransicion(page);
  await expect(page.locator('ion-toast.delego-aviso').filter({ hasText: 'Sin conexión' }).last()).toBeVisible();
}

async function adjuntarFotoSinConexion(page: Page, ordenId: number, nombre: string, bytes: Buffer): Promise<void> {
  // Reopened without a connection: the app from the service worker, the list from IndexedDB.
  await page.goto(`/archivos?id=${ordenId}`);
  await esperarTransicion(page);
  const archivos = pantallaActual(page);
  const telefono = esTelefono(page);
  const elegido = page.waitForEvent('filechooser');
  await archivos.getByTestId(telefono ? 'archivos-camara' : 'archivos-agregar').click();
  await (await elegido).setFiles({ name: nombre, mimeType: 'image/jpeg', buffer: bytes });
}

test('sin conexión, una orden nueva y una foto esperan y llegan al servidor una sola vez', async ({
  page,
  context,
  request,
}, info) => {
  test.slow();
  const orden = await ordenAbierta(request);
  const marca = `${info.project.name.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  const titulo = `Filtración en el sótano ${marca}`;
  const nombreFoto = `sotano_${marca}.jpg`;

  await iniciarSesion(page, 'supervisor');
  await prepararEnLinea(page, orden.id);
  await esperarServiceWorker(page);
  const bytes = await foto(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(listaOrdenes(page)).toBeVisible();

  await crearOrdenSinConexion(page, titulo);
  await expect(indicador(page)).toContainText('1 cambio pendiente');

  await adjuntarFotoSinConexion(page, orden.id, nombreFoto, bytes);
  await expect(indicador(page)).toContainText('2 cambios pendientes');
  await indicador(page).click();
  const hoja = page.getByTestId('bandeja-hoja');
  await expect(hoja.getByTestId('bandeja-item')).toHaveCount(2);
  await expect(hoja.getByTestId('bandeja-item').first()).toContainText(`Nueva orden: ${titulo}`);
  await expect(hoja.getByTestId('bandeja-item').nth(1)).toContainText(`Adjuntar ${nombreFoto}`);
  await hoja.getByRole('button', { name: 'Cerrar' }).click();
  await expect(hoja).toBeHidden();

  // Nothing reached the server yet.
  expect(await ordenesConTitulo(request, titulo)).toBe(0);
  expect(await archivosConNombre(request, orden.id, nombreFoto)).toBe(0);

  await context.setOffline(false);
  await expect(indicador(page)).toHaveCount(0, { timeout: 15_000 });

  // Each change exactly once.
  expect(await ordenesConTitulo(request, titulo)).toBe(1);
  expect(await archivosConNombre(request, orden.id, nombreFoto)).toBe(1);
  // The files screen shows the server's copy now.
  await expect(pantallaActual(page).getByTestId('archivo').filter({ hasText: nombreFoto })).toHaveCount(1);
});

/**
 * Issue 36: a photo taken while creating an order without a connection. It shows at once in the
 * form and, once saved, in the pending order's Archivos marked «pendiente» (the device's copy);
 * when the connection returns the order is created and the photo reaches it, each exactly once.
 * On a 360 px phone.
 */
// A phone's journey (a finger, the camera button, 360 px): only the phone projects run it (@solo-telefono).
test.describe('alta con foto a 360 px @solo-telefono', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('una foto tomada sin conexión al crear la orden se ve enseguida y llega una sola vez a esa orden', async ({
    page,
    context,
    request,
  }, info) => {
    test.slow();
    const orden = await ordenAbierta(request);
    const marca = `${info.project.name.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
    const titulo = `Pozo con foto ${marca}`;
    const nombreFoto = `pozo_${marca}.jpg`;

    await iniciarSesion(page, 'supervisor');
    await prepararEnLinea(page, orden.id);
    await esperarServiceWorker(page);
    const bytes = await foto(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await expect(listaOrdenes(page)).toBeVisible();

    await pantallaActual(page).getByTestId('ordenes-nueva').click();
    await expect(page).toHaveURL(/\/nueva-orden$/);
    await esperarTransicion(page);
    const form = pantallaActual(page);
    await form.getByTestId('orden-form-titulo').locator('input').fill(titulo);
    await elegirCliente(page, form);
    await form.getByTestId('orden-form-responsables').click();
    const alerta = page.locator('ion-alert');
    await alerta.locator('button.alert-checkbox-button').filter({ hasText: RESPONSABLE }).click();
    await alerta.getByRole('button', { name: 'Aceptar' }).click();
    await expect(alerta).toHaveCount(0);
    await form.getByTestId('orden-form-fin').locator('input').fill(diaDesdeHoy(30));

    // «Tomar foto» on the phone: the camera's file, shown at once with its thumbnail.
    const elegido = page.waitForEvent('filechooser');
    await form.getByTestId('orden-form-camara').click();
    await (await elegido).setFiles({ name: nombreFoto, mimeType: 'image/jpeg', buffer: bytes });
    const adjunto = form.getByTestId('orden-form-adjunto');
    await expect(adjunto).toHaveCount(1);
    await expect(adjunto).toHaveAttribute('data-estado', 'listo');
    await expect(adjunto).toContainText(nombreFoto);
    const enForm = adjunto.getByTestId('orden-form-adjunto-miniatura');
    await expect(enForm).toBeVisible();
    expect(await enForm.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    // The field fits the phone's width.
    const caja = await form.getByTestId('orden-form-adjuntos').boundingBox();
    expect(caja && caja.x >= 0 && caja.x + caja.width <= 360).toBe(true);
    await adjunto.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath('formulario-con-foto-360.png') });

    await form.getByTestId('orden-form-guardar').click();
    await expect(page).toHaveURL(/\/home$/);
    await esperarTransicion(page);
    await expect(indicador(page)).toContainText('2 cambios pendientes');

    // The pending order, and its photo in its Archivos, marked «pendiente», from the device's copy.
    const nueva = pantallaActual(page).getByTestId('orden-pendiente').filter({ hasText: titulo });
    await expect(nueva).toHaveCount(1);
    await nueva.getByTestId('orden-pendiente-archivos').click();
    await expect(page).toHaveURL(/\/archivos\?nueva=/);
    await esperarTransicion(page);
    const archivos = pantallaActual(page);
    await expect(archivos.getByTestId('archivos-cantidad')).toHaveText('0 archivos y 1 por enviar');
    const pendiente = archivos.getByTestId('archivo-pendiente');
    await expect(pendiente).toHaveCount(1);
    await expect(pendiente).toContainText(nombreFoto);
    await expect(pendiente.getByTestId('marca-pendiente')).toHaveText('pendiente');
    const miniatura = pendiente.getByTestId('archivo-pendiente-miniatura');
    await expect(miniatura).toBeVisible();
    expect(await miniatura.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await page.screenshot({ path: info.outputPath('archivos-orden-nueva-360.png') });

    // Nothing reached the server yet.
    expect(await ordenesConTitulo(request, titulo)).toBe(0);

    await context.setOffline(false);
    await expect(indicador(page)).toHaveCount(0, { timeout: 15_000 });

    // The order once, and the photo once, on that order.
    expect(await ordenesConTitulo(request, titulo)).toBe(1);
    const r = await request.post('/api/v4/ordenes/all/filtered', {
      headers: AUTH,
      data: { buscar: titulo, porPagina: 5 },
    });
    const creada = ((await r.json()) as { ordenes: { id: number; titulo: string }[] }).ordenes.find(
      (o) => o.titulo === titulo,
    )!;
    expect(await archivosConNombre(request, creada.id, nombreFoto)).toBe(1);
    const todos = await request.get(`/api/v2/archivos/${creada.id}`, { headers: AUTH });
    expect(((await todos.json()) as unknown[]).length).toBe(1);
    // The screen became the order's Archivos, with the server's copy.
    await expect(page).toHaveURL(new RegExp(`/archivos\\?id=${creada.id}$`));
    await expect(pantallaActual(page).getByTestId('archivo').filter({ hasText: nombreFoto })).toHaveCount(1);
    await expect(pantallaActual(page).getByTestId('archivo-pendiente')).toHaveCount(0);
  });
});
