import { expect, test, type Page } from '@playwright/test';
import { campoUsuario, iniciarSesion, pantallaActual } from './helpers';

/** The installable app (issue 17, docs/APP-DE-CAMPO.md): manifest, service worker, offline start. */

interface Icono {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height of a PNG, read from its IHDR chunk. */
function medidasPng(datos: Buffer): { ancho: number; alto: number } {
  expect(datos.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { ancho: datos.readUInt32BE(16), alto: datos.readUInt32BE(20) };
}

/** Waits until the service worker has installed (the shell is precached) and controls the page. */
async function esperarServiceWorker(page: Page, origen: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 })
    .toBe(`${origen}/sw.js`);
}

test.describe('app instalable @una-pantalla', () => {
  test('el manifiesto se sirve, es válido y sus íconos existen', async ({ page, request }) => {
    await page.goto('/login');
    const enlace = page.locator('link[rel="manifest"]');
    await expect(enlace).toHaveAttribute('href', '/manifest.webmanifest');

    const respuesta = await request.get('/manifest.webmanifest');
    expect(respuesta.ok()).toBe(true);
    expect(respuesta.headers()['content-type']).toContain('application/manifest+json');
    const manifiesto = (await respuesta.json()) as Record<string, unknown>;
    expect(manifiesto).toMatchObject({
      name: 'Delego',
      short_name: 'Delego',
      lang: 'es',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d5fb8',
      background_color: '#ffffff',
    });
    expect(manifiesto.description).toEqual(expect.stringContaining('órdenes de trabajo'));

    const iconos = manifiesto.icons as Icono[];
    const esperados = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    expect(iconos.map(({ sizes, purpose }) => ({ sizes, purpose }))).toEqual(esperados);
    for (const icono of iconos) {
      const imagen = await request.get(icono.src);
      expect(imagen.ok(), icono.src).toBe(true);
      expect(imagen.headers()['content-type']).toBe('image/png');
      const lado = Number(icono.sizes.split('x')[0]);
      expect(medidasPng(await imagen.body())).toEqual({ ancho: lado, alto: lado });
    }

    // The worker's script is always checked with the server: a new version reaches everyone.
    const sw = await request.get('/sw.js');
    expect(sw.ok()).toBe(true);
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  test('sin conexión la app abre el ingreso desde el service worker', async ({ page, context, baseURL }) => {
    const origen = new URL(baseURL ?? '').origin;
    await page.goto('/login');
    await expect(campoUsuario(page)).toBeVisible();
    await esperarServiceWorker(page, origen);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(campoUsuario(page)).toBeVisible();
      // Another route of the app (never visited) opens too: the shell answers every navigation.
      await page.goto('/recuperar-password');
      await expect(pantallaActual(page).getByTestId('recuperar-form')).toBeVisible();
      // The API is never answered from the cache: offline, it fails.
      const api = await page.evaluate(() =>
        fetch('/api/health').then(
          (r) => `respondió ${r.status}`,
          () => 'sin conexión',
        ),
      );
      expect(api).toBe('sin conexión');
    } finally {
      await context.setOffline(false);
    }
  });

  test('sin conexión, quien ya ingresó vuelve a ver la app, no la página de error', async ({
    page,
    context,
    baseURL,
  }) => {
    const origen = new URL(baseURL ?? '').origin;
    await iniciarSesion(page, 'operario');
    await esperarServiceWorker(page, origen);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page).toHaveURL(/\/home$/);
      // The shell is there (the screen's title in its toolbar), not the browser's error page.
      await expect(pantallaActual(page).locator('ion-header ion-title')).toBeVisible();
      await expect(page.locator('body')).not.toContainText('ERR_INTERNET_DISCONNECTED');
    } finally {
      await context.setOffline(false);
    }
  });
});
