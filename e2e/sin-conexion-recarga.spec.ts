import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, esperarServiceWorker, iniciarSesion, listaOrdenes, pantallaActual } from './helpers';

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

/**
 * Waits until the answers kept in IndexedDB (lib/cache-persistente.ts) include a query whose key
 * contains `fragmento`: the write happens just after the screen shows its data, and a navigation
 * at that very moment could cut it (a person does not leave a screen within milliseconds).
 */
async function guardada(page: Page, fragmento: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async (f) => {
        // Never open (and so create) the database before the app did: it would lack its store.
        if (!(await indexedDB.databases()).some((d) => d.name === 'delego-cache')) return false;
        const db = await new Promise<IDBDatabase>((ok, mal) => {
          const r = indexedDB.open('delego-cache');
          r.onsuccess = () => ok(r.result);
          r.onerror = () => mal(r.error);
        });
        try {
          if (!db.objectStoreNames.contains('consultas')) return false;
          const claves = await new Promise<IDBValidKey[]>((ok, mal) => {
            const r = db.transaction('consultas').objectStore('consultas').getAllKeys();
            r.onsuccess = () => ok(r.result);
            r.onerror = () => mal(r.error);
          });
          return claves.some((k) => String(k).includes(f));
        } finally {
          db.close();
        }
      }, fragmento),
    )
    .toBe(true);
}

/** Opens `ruta` online and waits for `listo` (its data) and for its answer (`clave`) to be kept. */
async function visitar(page: Page, ruta: string, listo: string, clave: string): Promise<void> {
  await page.goto(ruta);
  await esperarTransicion(page);
  await expect(pantallaActual(page).getByTestId(listo).first()).toBeVisible();
  await guardada(page, clave);
}

test('sin conexión, lo visitado reabre tras recargar y la lista se actualiza sola al volver la conexión @una-pantalla', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(90_000);
  const orden = await primeraDeInicio(request);

  await iniciarSesion(page, 'operario');
  await guardada(page, '"estados":[1,2,3]');
  // The first visit, online: Inicio (first stage, then the full app), a filtered list, the order
  // and its screens.
  await page.goto('/home');
  await expect(page.getByTestId('inicio-ligero-orden').first()).toBeVisible();
  await visitar(page, '/home?estados=todas', 'orden-item', '"estados":null');
  await visitar(page, `/orden/${orden.id}`, 'orden-titulo', `"detalle",${orden.id}]`);
  await visitar(page, `/archivos?id=${orden.id}`, 'archivos-agregar', `"archivos","lista",${orden.id}]`);
  await visitar(page, `/registro-historial?id=${orden.id}`, 'registro-totales', `"registro-gastos",${orden.id}]`);
  await visitar(page, `/historial?id=${orden.id}`, 'historial', `"historial",${orden.id}]`);
  await esperarServiceWorker(page);

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
  await esperarServiceWorker(page);

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

test('sin conexión, una búsqueda nunca hecha se responde con las órdenes guardadas en el teléfono @una-pantalla', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(90_000);
  const orden = await primeraDeInicio(request);
  const r = await request.get(`/api/v3/ordenDTO/${orden.id}`, { headers: auth('operario') });
  expect(r.ok()).toBe(true);
  const { detalle } = (await r.json()) as { detalle: string };
  // A word only its description has (the longest one): found offline only because it was opened.
  const palabra = detalle.split(/[^\p{L}]+/u).sort((a, b) => b.length - a.length)[0] ?? '';
  expect(palabra.length, `una palabra en «${detalle}»`).toBeGreaterThanOrEqual(4);

  await iniciarSesion(page, 'operario');
  await guardada(page, '"estados":[1,2,3]');
  await visitar(page, `/orden/${orden.id}`, 'orden-titulo', `"detalle",${orden.id}]`);
  await esperarServiceWorker(page);

  await context.setOffline(true);
  await page.goto(`/home?q=${encodeURIComponent(palabra.toUpperCase())}`);
  const lista = listaOrdenes(page);
  const nota = lista.getByTestId('ordenes-busqueda-local');
  await expect(nota).toHaveText(
    /^Se buscó entre las \d+ órdenes guardadas en este dispositivo; (1 coincide|\d+ coinciden)\. Al volver la conexión se buscará en todas\.$/,
  );
  await expect(item(page, orden.numero)).toBeVisible();
  await expect(lista.getByTestId('ordenes-sin-conexion')).toHaveCount(0);
  await expect(marca(page)).toHaveText(MARCA);
  await page.screenshot({ path: info.outputPath('busqueda-sin-conexion.png') });

  // By its number, as the server finds it.
  await page.goto(`/home?q=%23${orden.numero}`);
  await expect(nota).toContainText('; 1 coincide.');
  await expect(lista.getByTestId('orden-item')).toHaveCount(1);
  await expect(item(page, orden.numero)).toBeVisible();

  // The connection returns: the server answers the search, and the phone's answer goes away.
  await context.setOffline(false);
  await expect(nota).toHaveCount(0, { timeout: 15_000 });
  await expect(lista.getByTestId('ordenes-total')).toHaveText('1 orden');
  await expect(item(page, orden.numero)).toBeVisible();
});

const CLIENTE = 'Municipalidad de Rosario';
const RESPONSABLE = 'Diego Sosa';
const PENDIENTE = 'Sin conexión: el cambio quedó pendiente y se enviará al volver la conexión.';

/** dd/MM/yyyy (as the date fields take it), `dias` from today. */
function diaDesdeHoy(dias: number): string {
  const d = new Date(Date.now() + dias * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

/** A small JPEG drawn in the page (nothing to reduce: it is kept as it is). */
async function foto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const lienzo = new OffscreenCanvas(320, 240);
    const ctx = lienzo.getContext('2d')!;
    ctx.fillStyle = '#2e7d32';
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = '#ffeb3b';
    ctx.fillRect(80, 60, 160, 120);
    const bytes = new Uint8Array(
      await (await lienzo.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer(),
    );
    let binario = '';
    for (const b of bytes) binario += String.fromCharCode(b);
    return btoa(binario);
  });
  return Buffer.from(base64, 'base64');
}

async function elegirCliente(page: Page): Promise<void> {
  await pantallaActual(page).getByTestId('orden-form-cliente').click();
  const popover = page.locator('ion-popover');
  await popover.locator('.select-interface-option').filter({ hasText: CLIENTE }).click();
  await expect(popover).toHaveCount(0);
}

async function elegirResponsable(page: Page, aceptar: boolean): Promise<void> {
  await pantallaActual(page).getByTestId('orden-form-responsables').click();
  const alerta = page.locator('ion-alert');
  const opcion = alerta.locator('button.alert-checkbox-button').filter({ hasText: RESPONSABLE });
  await expect(opcion).toBeVisible();
  if (aceptar) await opcion.click();
  await alerta.getByRole('button', { name: aceptar ? 'Aceptar' : 'Cancelar' }).click();
  await expect(alerta).toHaveCount(0);
}

async function abrirFormularioHoras(page: Page) {
  await pantallaActual(page).getByTestId('registro-agregar-horas').click();
  const modal = page.locator('ion-modal:not(.campo-fecha__modal)');
  await expect(modal.getByRole('form', { name: 'Registrar horas' })).toBeVisible();
  return modal;
}

async function cuantasConTitulo(api: APIRequestContext, titulo: string): Promise<number> {
  const r = await api.post('/api/v4/ordenes/all/filtered', {
    headers: auth('supervisor'),
    data: { buscar: titulo, porPagina: 50 },
  });
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { ordenes: { titulo: string }[] }).ordenes.filter((o) => o.titulo === titulo).length;
}

test('sin conexión, lo hecho se ve enseguida donde corresponde, marcado «pendiente», y al volver la conexión queda lo del servidor @una-pantalla', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(120_000);
  const r = await request.post('/api/v4/ordenes/all/filtered', {
    headers: auth('supervisor'),
    data: { estados: [1, 2], porPagina: 1 },
  });
  const [orden] = ((await r.json()) as { ordenes: { id: number; numero: number }[] }).ordenes;
  expect(orden, 'hay una orden abierta').toBeDefined();
  if (!orden) return;
  const marcaTiempo = Date.now().toString(36);
  const titulo = `Pérdida en la sala de bombas ${marcaTiempo}`;
  const nombreFoto = `bombas_${marcaTiempo}.jpg`;
  const descripcion = `Cambio de sello sin señal ${marcaTiempo}`;

  // Online first: the form's catalogues, the order's files and hours (and the hours form's
  // people) are kept on the device.
  await iniciarSesion(page, 'supervisor');
  await guardada(page, '"estados":[1,2,3]');
  await pantallaActual(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  await elegirCliente(page);
  await elegirResponsable(page, false);
  await visitar(page, `/archivos?id=${orden.id}`, 'archivos-agregar', `"archivos","lista",${orden.id}]`);
  await visitar(page, `/historial?id=${orden.id}`, 'historial', `"historial",${orden.id}]`);
  await visitar(page, `/registro-historial?id=${orden.id}`, 'registro-totales', `"registro-gastos",${orden.id}]`);
  await (await abrirFormularioHoras(page)).getByRole('button', { name: 'Cerrar' }).click();
  await esperarServiceWorker(page);
  const bytes = await foto(page);

  await context.setOffline(true);
  await page.goto('/home');
  await expect(listaOrdenes(page).getByTestId('orden-item').first()).toBeVisible();

  // A new order: in the list at once, first, marked «pendiente».
  await pantallaActual(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  await esperarTransicion(page);
  await pantallaActual(page).getByTestId('orden-form-titulo').locator('input').fill(titulo);
  await elegirCliente(page);
  await elegirResponsable(page, true);
  await pantallaActual(page).getByTestId('orden-form-fin').locator('input').fill(diaDesdeHoy(30));
  await pantallaActual(page).getByTestId('orden-form-guardar').click();
  await expect(page).toHaveURL(/\/home$/);
  await esperarTransicion(page);
  const nueva = listaOrdenes(page).getByTestId('orden-pendiente');
  await expect(nueva).toHaveCount(1);
  await expect(nueva).toContainText(titulo);
  await expect(nueva.getByTestId('marca-pendiente')).toHaveText('pendiente');
  await page.screenshot({ path: info.outputPath('lista-orden-pendiente.png') });

  // A photo: in Archivos at once, with its thumbnail from the device.
  await page.goto(`/archivos?id=${orden.id}`);
  await esperarTransicion(page);
  await pantallaActual(page)
    .getByTestId('archivos-input')
    .setInputFiles({ name: nombreFoto, mimeType: 'image/jpeg', buffer: bytes });
  const pendiente = pantallaActual(page).getByTestId('archivo-pendiente');
  await expect(pendiente).toHaveCount(1);
  await expect(pendiente.getByTestId('archivo-nombre')).toHaveText(nombreFoto);
  await expect(pendiente.getByTestId('marca-pendiente')).toHaveText('pendiente');
  const miniatura = pendiente.getByTestId('archivo-pendiente-miniatura');
  await expect(miniatura).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => miniatura.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await page.screenshot({ path: info.outputPath('archivos-foto-pendiente.png') });

  // Hours: in «Horas y gastos» at once.
  await page.goto(`/registro-historial?id=${orden.id}`);
  await esperarTransicion(page);
  const modal = await abrirFormularioHoras(page);
  await modal.getByTestId('horas-horas').locator('input').fill('1');
  await modal.getByTestId('horas-minutos').locator('input').fill('45');
  await modal.getByTestId('horas-descripcion').locator('textarea').fill(descripcion);
  await modal.getByTestId('horas-guardar').click();
  await expect(page.locator('ion-toast.delego-aviso').filter({ hasText: PENDIENTE }).last()).toBeVisible();
  await expect(modal).toBeHidden();
  const horas = pantallaActual(page).getByTestId('registro-hora-pendiente');
  await expect(horas).toHaveCount(1);
  await expect(horas).toContainText('1:45 h');
  await expect(horas).toContainText(descripcion);
  await expect(horas.getByTestId('marca-pendiente')).toHaveText('pendiente');
  await page.screenshot({ path: info.outputPath('horas-pendientes.png') });
  await expect(pantallaActual(page).getByTestId('cambios-pendientes')).toContainText('3 cambios pendientes');

  // The order's history lists what this device did and has not sent, with when it was done here.
  await page.goto(`/historial?id=${orden.id}`);
  await esperarTransicion(page);
  const enHistorial = pantallaActual(page).getByTestId('historial-pendiente');
  await expect(enHistorial).toHaveCount(2);
  await expect(enHistorial.nth(0)).toContainText(`Adjuntar ${nombreFoto}`);
  await expect(enHistorial.nth(1)).toContainText('Registrar 1 h 45 min');
  await expect(enHistorial.nth(1)).toContainText(/Hecho en este dispositivo · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(enHistorial.getByTestId('marca-pendiente')).toHaveText(['pendiente', 'pendiente']);
  await page.screenshot({ path: info.outputPath('historial-pendientes.png') });
  await page.goto(`/registro-historial?id=${orden.id}`);
  await esperarTransicion(page);

  // The connection returns: everything goes once, and the server's copies replace the marks.
  await context.setOffline(false);
  await expect(pantallaActual(page).getByTestId('cambios-pendientes')).toHaveCount(0, { timeout: 20_000 });
  await expect(pantallaActual(page).getByTestId('registro-hora-pendiente')).toHaveCount(0);
  await expect(pantallaActual(page).getByTestId('registro-hora').filter({ hasText: descripcion })).toHaveCount(1);
  await page.goto(`/archivos?id=${orden.id}`);
  await esperarTransicion(page);
  await expect(pantallaActual(page).getByTestId('archivo').filter({ hasText: nombreFoto })).toHaveCount(1);
  await expect(pantallaActual(page).getByTestId('archivo-pendiente')).toHaveCount(0);
  await page.goto('/home?estados=todas');
  await esperarTransicion(page);
  await expect(listaOrdenes(page).getByTestId('orden-item').filter({ hasText: titulo })).toHaveCount(1);
  await expect(listaOrdenes(page).getByTestId('orden-pendiente')).toHaveCount(0);
  expect(await cuantasConTitulo(request, titulo)).toBe(1);
});
