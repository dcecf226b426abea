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

test('el primer gráfico baja ese código al mostrarse @una-pantalla', async ({ page }) => {
  await iniciarSesion(page, 'propietario');
  const scripts = scriptsQueCarga(page);
  await page.goto('/estadisticas');
  await expect(page.locator('canvas[role="img"]').first()).toBeVisible({ timeout: 20_000 });
  expect(scripts.filter((s) => CODIGO_DE_GRAFICOS.test(s)).length).toBeGreaterThan(0);
});
