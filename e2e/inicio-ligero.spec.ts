import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, iniciarSesion, listaOrdenes, pantallaActual } from './helpers';

/*
 * The first-stage Inicio (issue 17, docs/APP-DE-CAMPO.md «Inicio de primera etapa»): on a phone
 * with a session, Inicio opens as plain React and CSS; the first action loads the full app where
 * that action leads. These journeys set the phone themselves, so they run once (@una-pantalla).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const LISTA = '/api/v4/ordenes/all/filtered';

/** How many times the page asks for the order list from now on. */
function pedidosDeLista(page: Page): { cantidad: () => number } {
  let cantidad = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === LISTA) cantidad++;
  });
  return { cantidad: () => cantidad };
}

async function abrirPrimeraEtapa(page: Page) {
  await iniciarSesion(page, 'operario');
  await page.goto('/home');
  const inicio = page.getByTestId('inicio-ligero');
  await expect(inicio.getByTestId('inicio-ligero-orden').first()).toBeVisible();
  // Nothing of Ionic has run: no app element, no Ionic component defined.
  await expect(page.locator('ion-app')).toHaveCount(0);
  expect(await page.evaluate(() => customElements.get('ion-app') === undefined)).toBe(true);
  return inicio;
}

test('en el teléfono, Inicio con sesión abre la primera etapa; un toque en una orden abre la app completa en ella y Atrás vuelve a Inicio @una-pantalla', async ({
  page,
}) => {
  const inicio = await abrirPrimeraEtapa(page);
  await expect(inicio.getByTestId('inicio-ligero-total')).toHaveText(/^\d+ órdenes?$/);
  const primera = inicio.getByTestId('inicio-ligero-orden').first();
  const numero = await primera.getAttribute('data-numero');
  const destino = await primera.getAttribute('href');
  expect(destino).toMatch(/^\/orden\/\d+$/);

  await primera.tap();
  await expect(page).toHaveURL(new RegExp(`${destino}$`));
  await expect(pantallaActual(page).getByTestId('orden-detalle')).toBeVisible();
  await expect(pantallaActual(page).locator('ion-title')).toContainText(`#${numero}`);

  // Inicio stays behind it in the history, now drawn by the full app with the page already read.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(listaOrdenes(page).getByTestId('orden-item').first()).toHaveAttribute('data-numero', numero ?? '');
  await expect(page.getByTestId('inicio-ligero')).toHaveCount(0);
});

test('la búsqueda de la primera etapa sigue en la de la app completa, con el foco @una-pantalla', async ({ page }) => {
  const inicio = await abrirPrimeraEtapa(page);
  const pedidos = pedidosDeLista(page);
  await inicio.getByRole('searchbox', { name: 'Buscar órdenes' }).tap();

  const buscador = pantallaActual(page).getByTestId('ordenes-buscar').locator('input');
  await expect(buscador).toBeFocused();
  // The full app took the page the first stage read: only the search asks for the list.
  expect(pedidos.cantidad()).toBe(0);
  await page.keyboard.type('ascensor');
  await expect(page).toHaveURL(/\/home\?q=ascensor$/);
  await expect(listaOrdenes(page).getByTestId('orden-item').first()).toContainText(/ascensor/i);
});

test('un estado elegido en la primera etapa abre la lista filtrada de la app completa @una-pantalla', async ({
  page,
}) => {
  const inicio = await abrirPrimeraEtapa(page);
  await inicio.getByRole('link', { name: 'En proceso', exact: true }).tap();
  await expect(page).toHaveURL(/\/home\?estados=2$/);
  await expect(pantallaActual(page).getByTestId('chip-estado-2')).toHaveAttribute('aria-pressed', 'true');
  const estados = listaOrdenes(page).getByTestId('orden-estado');
  await expect(estados.first()).toBeVisible();
  for (const texto of await estados.allTextContents()) expect(texto).toBe('En proceso');
});

test('el menú de la primera etapa abre el menú de la app completa @una-pantalla', async ({ page }) => {
  const inicio = await abrirPrimeraEtapa(page);
  await inicio.getByRole('button', { name: 'Abrir menú' }).tap();
  await expect(page.locator('ion-menu')).toHaveClass(/show-menu/);
  await expect(page.locator('ion-menu').getByText('Cerrar sesión')).toBeVisible();
});

test('en el escritorio, Inicio con sesión abre directamente la app completa @una-pantalla', async ({
  browser,
  baseURL,
}) => {
  const contexto = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await contexto.newPage();
  try {
    await iniciarSesion(page, 'operario');
    await page.goto('/home');
    await expect(listaOrdenes(page).getByTestId('orden-item').first()).toBeVisible();
    await expect(page.getByTestId('inicio-ligero')).toHaveCount(0);
  } finally {
    await contexto.close();
  }
});

test('un cambio hecho sin conexión que sigue en la bandeja al volver a abrir con conexión va a la app completa, que lo envía una vez @una-pantalla', async ({
  page,
  context,
  request,
}, info) => {
  test.slow();
  const auth = { Authorization: `operario#${createHash('md5').update(DEMO_PASSWORD).digest('hex')}` };
  const lista = await request.post(LISTA, { headers: auth, data: { estados: [1, 2], porPagina: 50 } });
  const { ordenes } = (await lista.json()) as { ordenes: { id: number; responsables: { usuario: string }[] }[] };
  const orden = ordenes.find((o) => o.responsables.some((p) => p.usuario === 'operario'));
  expect(orden, 'operario tiene una orden abierta').toBeDefined();
  if (!orden) return;
  const comentario = `Sin señal en el sótano (${info.project.name}-${Date.now()})`;

  await iniciarSesion(page, 'operario');
  await page.goto(`/orden/${orden.id}`);
  // Online first: the state screen's code loads.
  await pantallaActual(page).getByTestId('accion-estado').click();
  await expect(pantallaActual(page).getByTestId('cambio-estado-comentario')).toBeVisible();
  await context.setOffline(true);
  const form = pantallaActual(page);
  await form.locator('ion-radio').filter({ hasText: 'En espera' }).click();
  await form.getByTestId('cambio-estado-comentario').locator('textarea').fill(comentario);
  await form.getByTestId('cambio-estado-guardar').click();
  await expect(page).toHaveURL(/\/orden\/\d+$/);
  // The order's header: the state screen may still be leaving, with an indicator of its own.
  const cabeceraDeOrden = page.getByRole('banner').filter({ hasText: 'Orden #' });
  await expect(cabeceraDeOrden.getByTestId('cambios-pendientes')).toContainText('1 cambio pendiente');

  // The app is closed without a connection and opened again with one, on Inicio.
  await page.close();
  await context.setOffline(false);
  const otra = await context.newPage();
  await otra.goto('/home');
  // The full app, not the first stage: it says what waits and sends it without a tap.
  await expect(listaOrdenes(otra).getByTestId('orden-item').first()).toBeVisible();
  await expect(otra.getByTestId('inicio-ligero')).toHaveCount(0);
  await expect(pantallaActual(otra).getByTestId('cambios-pendientes')).toHaveCount(0, { timeout: 15_000 });
  const historial = await request.get(`/api/v2/historial/detalle/${orden.id}`, { headers: auth });
  const eventos = ((await historial.json()) as { comentario: string | null }[]).filter(
    (e) => e.comentario === comentario,
  );
  expect(eventos).toHaveLength(1);
});
