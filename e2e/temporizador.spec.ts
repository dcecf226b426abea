import { expect, test, type Page } from '@playwright/test';
import { esperarServiceWorker, iniciarSesion, pantallaActual } from './helpers';

/**
 * The hours timer (issue 36, docs/APP-DE-CAMPO.md «Temporizador de horas») on a 360 px phone: it
 * survives a reload, stops into the hours form, which offline goes to the outbox, and the toolbar
 * keeps its title and the bell on screen with a running timer and pending changes.
 */
test.use({ viewport: { width: 360, height: 740 } });

async function primeraOrden(page: Page): Promise<string> {
  const enlace = pantallaActual(page).locator('a[href*="/orden/"]').first();
  await expect(enlace).toBeVisible();
  const id = (await enlace.getAttribute('href'))?.match(/\/orden\/(\d+)/)?.[1];
  expect(id).toBeDefined();
  return id ?? '';
}

test('temporizador: sigue tras recargar, detenido va a la bandeja sin conexión, y la barra entra en 360 px', async ({
  page,
  context,
}) => {
  await iniciarSesion(page, 'operario');
  const id = await primeraOrden(page);
  await page.goto(`/registro-historial?id=${id}`);
  await esperarServiceWorker(page);
  await pantallaActual(page).getByTestId('temporizador-iniciar').click();
  await expect(pantallaActual(page).getByTestId('temporizador-tiempo')).toBeVisible();

  // A reload (the tab closed and reopened): still running, in the screen and in the header.
  await page.reload();
  await expect(pantallaActual(page).getByTestId('temporizador-tiempo')).toHaveText(/^0:00:\d\d$/);
  await expect(pantallaActual(page).getByTestId('indicador-temporizador')).toBeVisible();

  await context.setOffline(true);
  await pantallaActual(page).getByTestId('temporizador-detener').click();
  const modal = page.locator('ion-modal:not(.campo-fecha__modal)');
  await expect(modal.getByRole('form', { name: 'Registrar horas' })).toBeVisible();
  await expect(modal.getByTestId('horas-horas').locator('input')).toHaveValue('0');
  await expect(modal.getByTestId('horas-minutos').locator('input')).toHaveValue('1');
  await modal.getByTestId('horas-guardar').click();
  await expect(modal).toBeHidden();
  await expect(pantallaActual(page).getByTestId('registro-hora-pendiente')).toHaveCount(1);
  await expect(pantallaActual(page).getByTestId('temporizador-iniciar')).toBeVisible();
  await expect(pantallaActual(page).getByTestId('cambios-pendientes')).toHaveAccessibleName('1 cambio pendiente');

  // Another timer and the pending change, on the screen with the most buttons (the list).
  await pantallaActual(page).getByTestId('temporizador-iniciar').click();
  await page.goBack();
  const barra = pantallaActual(page).locator('ion-header ion-toolbar');
  await expect(barra.locator('ion-title')).toHaveText('Órdenes');
  for (const testId of ['indicador-temporizador', 'cambios-pendientes', 'campana-notificaciones']) {
    const caja = await barra.getByTestId(testId).boundingBox();
    expect(caja, testId).not.toBeNull();
    expect((caja?.x ?? 0) + (caja?.width ?? 0), testId).toBeLessThanOrEqual(360);
  }
  // The title reads whole: its text is not cut at this width.
  const titulo = barra.locator('ion-title .toolbar-title');
  const { ancho, necesita } = await titulo.evaluate((el) => ({ ancho: el.clientWidth, necesita: el.scrollWidth }));
  expect(necesita).toBeLessThanOrEqual(ancho);
});
