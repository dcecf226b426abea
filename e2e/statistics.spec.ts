import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { abrirMenu, iniciarSesion, pantallaActual } from './helpers';

/**
 * Statistics (issue 14): a manager opens the dashboard from Inicio, taps a card and sees the orders
 * behind it; from the menu's Estadísticas they open the delay report of the last 90 days and
 * download its Excel, which is read back and holds one row per order due in the range. The
 * download's one-use `access` token does not work a second time.
 */

async function esperarTransicion(page: Page): Promise<void> {
  await expect(pantallaActual(page)).toHaveCount(1);
}

/** '1.234' → 1234. */
function numero(texto: string | null): number {
  return Number((texto ?? '').replace(/\./g, '').trim());
}

test('tablero, detalle de una tarjeta y Excel de demoras descargado y releído', async ({ page }) => {
  // A long journey (four screens and a download) on a shared, loaded machine.
  test.setTimeout(90_000);
  await iniciarSesion(page, 'admin');

  // Inicio links the dashboard.
  await pantallaActual(page).getByTestId('ordenes-abrir-tablero').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await esperarTransicion(page);
  const tablero = pantallaActual(page);
  const abiertas = tablero.getByTestId('tarjeta-abiertas');
  await expect(abiertas.locator('.estadisticas-tarjeta__valor')).toHaveText(/^\d[\d.]*$/);
  const cuantas = numero(await abiertas.locator('.estadisticas-tarjeta__valor').textContent());
  expect(cuantas).toBeGreaterThan(0);
  // Every chart can be read as a table.
  const primerGrafico = tablero.locator('figure.delego-grafico').first();
  await expect(primerGrafico.locator('canvas')).toBeVisible();
  await primerGrafico.getByRole('button', { name: 'Ver como tabla' }).click();
  await expect(primerGrafico.locator('table')).toBeVisible();

  // A tap on the card: the orders behind it, through the order list's filters.
  await abiertas.getByRole('button').click();
  await expect(page).toHaveURL(/\/detalle-grafico-ordenes\?estados=1%2C2%2C3&titulo=Abiertas$/);
  await esperarTransicion(page);
  const detalle = pantallaActual(page);
  await expect(detalle.getByTestId('detalle-titulo')).toHaveText('Abiertas');
  await expect(detalle.getByTestId('detalle-total')).toHaveText(
    cuantas === 1 ? '1 orden' : `${cuantas.toLocaleString('es-AR')} órdenes`,
  );
  await expect(detalle.getByTestId('detalle-orden').first()).toBeVisible();

  // The menu's Estadísticas (it used to lead to "Página no encontrada"), then Demoras.
  const menu = await abrirMenu(page);
  await menu.getByTestId('menu-estadisticas').click();
  await expect(page).toHaveURL(/\/estadisticas$/);
  await esperarTransicion(page);
  await expect(pantallaActual(page).getByTestId('estadisticas-rango')).toBeVisible();
  await pantallaActual(page).getByTestId('enlace-demora').click();
  await expect(page).toHaveURL(/\/demora\?desde=\d{4}-\d{2}-\d{2}&hasta=\d{4}-\d{2}-\d{2}$/);
  await esperarTransicion(page);
  const demora = pantallaActual(page);
  // The demo's history is in the past months: the last 90 days have orders due.
  await demora.getByTestId('rango-ultimos90').click();
  await expect(demora.getByTestId('rango-ultimos90')).toHaveJSProperty('fill', 'solid');
  // Until the new range's figures arrive, the previous ones stay on screen, marked busy.
  await expect(demora.getByTestId('demora-resumen')).toHaveAttribute('aria-busy', 'false');
  const venceEnRango = demora.getByTestId('demora-conVencimiento').locator('.estadisticas-tarjeta__valor');
  await expect(venceEnRango).toHaveText(/^[1-9][\d.]*$/);
  const filasEsperadas = numero(await venceEnRango.textContent());
  const desde = new URL(page.url()).searchParams.get('desde');
  const hasta = new URL(page.url()).searchParams.get('hasta');

  const [acceso, descarga] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v2/estadisticas/demora/export/acceso')),
    page.waitForEvent('download'),
    demora.getByTestId('demoras-exportar').click(),
  ]);
  expect(descarga.suggestedFilename()).toBe(`demoras-${desde}-a-${hasta}.xlsx`);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(await descarga.path());
  const hoja = libro.getWorksheet('Demoras');
  expect(hoja).toBeDefined();
  const encabezados = (hoja!.getRow(1).values as unknown[]).slice(1);
  expect(encabezados).toEqual([
    'Número',
    'Título',
    'Tipo',
    'Área',
    'Cliente',
    'Responsables',
    'Estado',
    'Vence',
    'Finalizada',
    'Situación',
    'Demora (días)',
  ]);
  expect(hoja!.actualRowCount - 1).toBe(filasEsperadas);
  const situaciones = new Set<string>();
  hoja!.eachRow((fila, n) => {
    if (n > 1) situaciones.add(String(fila.getCell(10).value));
  });
  for (const s of situaciones) {
    expect(['Finalizada a tiempo', 'Finalizada con demora', 'Vencida (abierta)', 'Abierta en plazo']).toContain(s);
  }

  // The URL the browser opened carries a one-use token, never the credentials: a second use is refused.
  const { url } = (await acceso.json()) as { url: string };
  expect(url).toMatch(/^\/api\/v2\/estadisticas\/demora\/export\?.*access=/);
  expect(url).not.toMatch(/[0-9a-f]{32}/);
  const reuso = await page.request.get(url);
  expect(reuso.status()).toBeGreaterThanOrEqual(400);
  expect(reuso.status()).toBeLessThan(500);
  expect(((await reuso.json()) as { message: string }).message).toContain('ya se usó');
});
