import { expect, test, type Page } from '@playwright/test';
import { campoUsuario, iniciarSesion } from './helpers';

/** The paths of the scripts the page downloads from now on. */
function scriptsQueCarga(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (respuesta) => {
    if (respuesta.request().resourceType() === 'script') scripts.push(new URL(respuesta.url()).pathname);
  });
  return scripts;
}

/** The chart library (Chart.js, its own chunk) and the chart drawing: see docs/GRAFICOS.md. */
const CODIGO_DE_GRAFICOS = /\/assets\/(graficos|lienzo)-[^/]+\.js$/;

test('la pantalla de ingreso no baja el código de los gráficos @una-pantalla', async ({ page }) => {
  const scripts = scriptsQueCarga(page);
  await page.goto('/login');
  await expect(campoUsuario(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => CODIGO_DE_GRAFICOS.test(s))).toEqual([]);
});

/** Issue 17: what the login downloads, as the browser receives it (compressed), from a fresh context. */
const PRESUPUESTO_LOGIN_BYTES = 150_000;

test('la pantalla de ingreso baja a lo sumo 150 kB de JavaScript comprimido y nada de Ionic @una-pantalla', async ({
  page,
}) => {
  const respuestas: Promise<{ ruta: string; bytes: number }>[] = [];
  page.on('response', (respuesta) => {
    if (respuesta.request().resourceType() !== 'script') return;
    respuestas.push(
      respuesta
        .request()
        .sizes()
        .then((t) => ({ ruta: new URL(respuesta.url()).pathname, bytes: t.responseBodySize })),
    );
  });
  await page.goto('/login');
  await expect(campoUsuario(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(respuestas);
  const total = scripts.reduce((suma, s) => suma + s.bytes, 0);
  expect(total, JSON.stringify(scripts)).toBeLessThanOrEqual(PRESUPUESTO_LOGIN_BYTES);
  expect(total).toBeGreaterThan(0);
  expect(scripts.filter((s) => /\/assets\/(ionic|app-completa)[^/]*\.js$/.test(s.ruta))).toEqual([]);
});

test('el primer gráfico baja ese código al mostrarse @una-pantalla', async ({ page }) => {
  await iniciarSesion(page, 'propietario');
  const scripts = scriptsQueCarga(page);
  await page.goto('/estadisticas');
  // The last 90 days: the default, this month, has nothing to draw in the first hours of the 1st.
  await page.getByTestId('rango-ultimos90').click();
  await expect(page.locator('canvas[role="img"]').first()).toBeVisible({ timeout: 20_000 });
  expect(scripts.filter((s) => CODIGO_DE_GRAFICOS.test(s)).length).toBeGreaterThan(0);
});
