import { expect, test, type Locator, type Page } from '@playwright/test';
import { iniciarSesion, listaOrdenes, pantallaActual } from './helpers';

/**
 * Issue 10, item 8: an order's dates are days of the company (Argentina), whatever the browser's
 * zone and language (docs/FECHAS.md). These journeys create orders, so they run with the ones that
 * change data (playwright.config.ts).
 */

/** MD5 of the demo password, for calls made straight to the API (`Authorization: usuario#md5`). */
const MD5_DEMO = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

function tituloUnico(que: string): string {
  return `${que} ${test.info().project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function elegirEnPopover(page: Page, select: Locator, opcion: string): Promise<void> {
  await select.click();
  const popover = page.locator('ion-popover');
  await popover.locator('.select-interface-option').filter({ hasText: opcion }).click();
  await expect(popover).toHaveCount(0);
}

/** Creates an order through nueva-orden, typing the end date dd/mm/aaaa; returns its id. */
async function crearOrdenConFin(page: Page, titulo: string, fin: string): Promise<number> {
  await pantallaActual(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  const form = pantallaActual(page);
  await form.getByTestId('orden-form-titulo').locator('input').fill(titulo);
  await elegirEnPopover(page, form.getByTestId('orden-form-cliente'), 'Municipalidad de Rosario');
  // Typed with the keyboard, digits only: the field puts in the slashes.
  const campoFin = form.getByTestId('orden-form-fin').locator('input');
  await campoFin.pressSequentially(fin.replaceAll('/', ''));
  await expect(campoFin).toHaveValue(fin);
  await form.getByTestId('orden-form-guardar').click();
  await expect(page).toHaveURL(/\/orden\/\d+$/);
  await expect(pantallaActual(page).getByTestId('orden-titulo')).toHaveText(titulo);
  return Number(/\/orden\/(\d+)$/.exec(page.url())?.[1]);
}

/** The order's row in the list (all states, searched by its title). */
async function filaEnLista(page: Page, titulo: string): Promise<Locator> {
  await page.goto(`/home?estados=todas&q=${encodeURIComponent(titulo)}`);
  await expect(listaOrdenes(page)).toBeVisible();
  const fila = listaOrdenes(page).getByTestId('orden-item').filter({ hasText: titulo });
  await expect(fila).toHaveCount(1);
  return fila;
}

async function abrirDetalle(page: Page, id: number): Promise<Locator> {
  await page.goto(`/orden/${id}`);
  const fin = pantallaActual(page).getByTestId('orden-fecha-fin').locator('dd');
  await expect(fin).toBeVisible();
  return fin;
}

async function campoFinDeEdicion(page: Page, id: number): Promise<Locator> {
  await page.goto(`/nueva-orden?id=${id}`);
  const campo = pantallaActual(page).getByTestId('orden-form-fin').locator('input');
  await expect(campo).toBeVisible();
  return campo;
}

/** What the browser itself believes: the zone and language these journeys are about. */
async function zonaDelNavegador(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

for (const zona of ['Europe/Madrid', 'UTC']) {
  test.describe(`fechas de la empresa en un navegador con zona ${zona} @una-pantalla`, () => {
    test.use({ timezoneId: zona, locale: 'en-US' });
    // Each journey opens the list, the detail and the edit form: more than the default on a loaded CI machine.
    test.beforeEach(() => test.slow());

    test('una fecha de fin 02/12/2026 se ve 02/12/2026 en la lista, el detalle y la edición', async ({ page }) => {
      await iniciarSesion(page, 'propietario');
      expect(await zonaDelNavegador(page)).toBe(zona);
      const titulo = tituloUnico('Fecha zona');
      const id = await crearOrdenConFin(page, titulo, '02/12/2026');

      // What was stored: the last ms of 02/12/2026 in Argentina (UTC−3), whatever the browser's zone.
      const guardada = await page.request.get(`/api/v2/orden/${id}`, {
        headers: { Authorization: `propietario#${MD5_DEMO}` },
      });
      expect(guardada.ok()).toBe(true);
      expect((await guardada.json()).fechaFin).toBe(Date.UTC(2026, 11, 3, 2, 59, 59, 999));

      const fila = await filaEnLista(page, titulo);
      await expect(fila.getByTestId('orden-vencimiento')).toContainText('02/12/2026');

      const fin = await abrirDetalle(page, id);
      await expect(fin).toHaveText(/^02\/12\/2026/);
      if (zona === 'Europe/Madrid') {
        await pantallaActual(page)
          .locator('.orden-datos')
          .screenshot({ path: test.info().outputPath('detalle-orden.png') });
      }

      const campo = await campoFinDeEdicion(page, id);
      await expect(campo).toHaveValue('02/12/2026');
      if (zona === 'Europe/Madrid') {
        await pantallaActual(page)
          .getByTestId('orden-form-fin')
          .screenshot({ path: test.info().outputPath('campo-fecha.png') });
      }
    });

    test('un día de Argentina puesto por la API se ve el mismo día', async ({ page }) => {
      await iniciarSesion(page, 'propietario');
      const titulo = tituloUnico('Fecha API');
      const autorizacion = { Authorization: `propietario#${MD5_DEMO}` };
      const id = await crearOrdenConFin(page, titulo, '01/12/2026');

      // 10/12/2026 as Argentina stores it: from its first to its last millisecond at UTC−3.
      const inicio = await page.request.post(`/api/v2/fecha/${id}/inicio`, {
        headers: autorizacion,
        data: { fecha: Date.UTC(2026, 10, 30, 3) },
      });
      expect(inicio.ok()).toBe(true);
      const fin = await page.request.post(`/api/v2/fecha/${id}/fin`, {
        headers: autorizacion,
        data: { fecha: Date.UTC(2026, 11, 11, 2, 59, 59, 999) },
      });
      expect(fin.ok()).toBe(true);

      const detalle = await abrirDetalle(page, id);
      await expect(detalle).toHaveText(/^10\/12\/2026/);
      await expect(pantallaActual(page).locator('.orden-datos')).toContainText('30/11/2026');
      const fila = await filaEnLista(page, titulo);
      await expect(fila.getByTestId('orden-vencimiento')).toContainText('10/12/2026');
      await expect(await campoFinDeEdicion(page, id)).toHaveValue('10/12/2026');
    });

    test('el campo de fecha rechaza 31/02/2026 en español y el calendario elige un día', async ({ page }) => {
      await iniciarSesion(page, 'propietario');
      await pantallaActual(page).getByTestId('ordenes-nueva').click();
      const form = pantallaActual(page);
      const campo = form.getByTestId('orden-form-fin');
      await campo.locator('input').pressSequentially('31022026');
      await form.getByTestId('orden-form-titulo').locator('input').click();
      await expect(campo).toContainText('La fecha 31/02/2026 no es válida.');

      // The calendar: in Spanish whatever the browser's language; a picked day fills the field.
      await campo.locator('input').fill('');
      await form.getByTestId('orden-form-fin-calendario').click();
      const selector = page.getByTestId('orden-form-fin-selector');
      await expect(selector).toBeVisible();
      // Ionic renders the previous, current and next month side by side and scrolls to the middle
      // one once it is ready: wait for that, then pick a day of the month on screen.
      await expect(selector).toHaveClass(/datetime-ready/);
      const mesVisible = selector.locator('.calendar-month').nth(1);
      await mesVisible.locator('.calendar-day:not([disabled])').filter({ hasText: /^15$/ }).click();
      await selector.getByRole('button', { name: 'Aceptar' }).click();
      await expect(selector).toHaveCount(0);
      await expect(campo.locator('input')).toHaveValue(/^15\/\d{2}\/\d{4}$/);
    });
  });
}
