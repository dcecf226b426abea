import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, iniciarSesion, listaOrdenes, pantallaActual } from './helpers';

/**
 * Offline you can trust (issue 36, docs/APP-DE-CAMPO.md «Trabajo sin conexión»): on a 360 px
 * phone, every screen `operario` visited (Inicio, a filtered list, an order, its files, its hours
 * and expenses, its history) reopens after a reload without a connection, from the answers kept in
 * IndexedDB, marked «Sin conexión · datos de hh:mm»; and when the connection returns the list
 * refreshes by itself, without «Reintentar». These journeys set the phone themselves, so they run
 * once (@una-pantalla); they change an order's title, hence in CAMBIAN_DATOS.
 */
test.use({ viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const auth = (usuario: string) => ({ Authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });
const MARCA = /^Sin conexión · datos de \d{2}:\d{2}$/;

interface OrdenResumen {
  id: number;
  numero: number;
  titulo: string;
  responsables: { usuario: string }[];
}

/** The first open order of `operario`'s Inicio (most recent first), as he sees it. */
async function primeraDeInicio(api: APIRequestContext): Promise<OrdenResumen> {
  const r = await api.post('/api/v4/ordenes/all/filtered', {
    headers: auth('operario'),
    data: { estados: [1, 2, 3], orden: 'recientes', porPagina: 1 },
  });
  expect(r.ok()).toBe(true);
  const { ordenes } = (await r.json()) as { ordenes: OrdenResumen[] };
  expect(ordenes[0], 'operario tiene una orden abierta').toBeDefined();
  return ordenes[0]!;
}

async function esperarTransicion(page: Page): Promise<void> {
  await expect(pantallaActual(page)).toHaveCount(1);
}

/** The order's row in the list on screen. */
function item(page: Page, numero: number) {
  return listaOrdenes(page).locator(`[data-testid="orden-item"][data-numero="${numero}"]`);
}

function marca(page: Page) {
  return pantallaActual(page).getByTestId('marca-sin-conexion');
}

/** Opens `ruta` online and waits for `listo` (its data): the screen's answer is now kept. */
async function visitar(page: Page, ruta: string, listo: string): Promise<void> {
  await page.goto(ruta);
  await esperarTransicion(page);
  await expect(pantallaActual(page).getByTestId(listo).first()).toBeVisible();
}

test('sin conexión, lo visitado reabre tras recargar y la lista se actualiza sola al volver la conexión @una-pantalla', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(90_000);
  const orden = await primeraDeInicio(request);

  await iniciarSesion(page, 'operario');
  // The first visit, online: Inicio (first stage, then the full app), a filtered list, the order
  // and its screens.
  await page.goto('/home');
  await expect(page.getByTestId('inicio-ligero-orden').first()).toBeVisible();
  await visitar(page, '/home?estados=todas', 'orden-item');
  await visitar(page, `/orden/${orden.id}`, 'orden-titulo');
  await visitar(page, `/archivos?id=${orden.id}`, 'archivos-agregar');
  await visitar(page, `/registro-historial?id=${orden.id}`, 'registro-totales');
  await visitar(page, `/historial?id=${orden.id}`, 'historial');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker?.controller != null)).toBe(true);

  await context.setOffline(true);
  // A reload of Inicio (a killed tab opens the same way).
  await page.goto('/home');
  // Inicio, from IndexedDB, with the time of its data; never «No se pudieron cargar los datos».
  const lista = listaOrdenes(page);
  await expect(lista.getByTestId('orden-item').first()).toBeVisible();
  await expect(item(page, orden.numero)).toContainText(orden.titulo);
  await expect(marca(page)).toHaveText(MARCA);
  await expect(lista.getByTestId('ordenes-error')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('lista-sin-conexion.png') });

  await page.goto('/home?estados=todas');
  await expect(listaOrdenes(page).getByTestId('orden-item').first()).toBeVisible();
  await expect(marca(page)).toHaveText(MARCA);

  await page.goto(`/orden/${orden.id}`);
  await expect(pantallaActual(page).getByTestId('orden-titulo')).toHaveText(orden.titulo);
  await expect(marca(page)).toHaveText(MARCA);
  await page.screenshot({ path: info.outputPath('detalle-sin-conexion.png') });

  await page.goto(`/archivos?id=${orden.id}`);
  await expect(pantallaActual(page).getByTestId('archivos-agregar')).toBeVisible();
  await expect(marca(page)).toHaveText(MARCA);
  await page.screenshot({ path: info.outputPath('archivos-sin-conexion.png') });

  await page.goto(`/registro-historial?id=${orden.id}`);
  await expect(pantallaActual(page).getByTestId('registro-totales')).toBeVisible();
  await expect(marca(page)).toHaveText(MARCA);
  await page.screenshot({ path: info.outputPath('horas-sin-conexion.png') });

  await page.goto(`/historial?id=${orden.id}`);
  await expect(pantallaActual(page).getByTestId('historial-evento').first()).toBeVisible();
  await expect(marca(page)).toHaveText(MARCA);

  // Back on Inicio, still offline; meanwhile the order's title changes at the office.
  await page.goto('/home');
  await expect(item(page, orden.numero)).toContainText(orden.titulo);
  const nuevo = `${orden.titulo.slice(0, 60)} (revisada ${Date.now()})`;
  const cambio = await request.post(`/api/v2/titulo/${orden.id}`, { headers: auth('admin'), data: { titulo: nuevo } });
  expect(cambio.ok()).toBe(true);

  // The connection returns: the list refreshes by itself and the mark goes away.
  await context.setOffline(false);
  await expect(item(page, orden.numero)).toContainText(nuevo, { timeout: 15_000 });
  await expect(marca(page)).toHaveCount(0);
});

test('una lista nunca abierta dice que falta la conexión y se carga sola cuando vuelve @una-pantalla', async ({
  page,
  context,
}, info) => {
  await iniciarSesion(page, 'operario');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker?.controller != null)).toBe(true);

  await context.setOffline(true);
  // Never opened: nothing kept for it.
  await page.goto('/home?estados=5');
  const lista = listaOrdenes(page);
  await expect(lista.getByTestId('ordenes-sin-conexion')).toContainText('Sin conexión');
  await expect(lista.getByTestId('ordenes-error')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('lista-nunca-abierta-sin-conexion.png') });

  await context.setOffline(false);
  await expect(lista.getByTestId('ordenes-sin-conexion')).toHaveCount(0, { timeout: 15_000 });
  await expect(lista.getByTestId('ordenes-total')).toHaveText(/^\d+ órdenes?$/);
});
