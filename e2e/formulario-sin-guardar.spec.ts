import { expect, test } from '@playwright/test';
import { iniciarSesion, listaOrdenes, pantallaActual } from './helpers';

/**
 * A form with unsaved changes is not left without asking (docs/CONVENTIONS.md, «Cambios sin
 * guardar»): the header's back arrow on Nueva orden asks «¿Descartar los cambios?». Nothing is
 * saved here.
 */

test('the back arrow on Nueva orden with a typed title asks; «Seguir editando» keeps it, «Descartar» goes back', async ({
  page,
}) => {
  await iniciarSesion(page, 'supervisor');
  await pantallaActual(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  const form = pantallaActual(page);
  const titulo = form.getByTestId('orden-form-titulo').locator('input');
  await titulo.fill('Cambio de bomba');

  const flecha = form.locator('ion-back-button');
  await flecha.click();
  const alerta = page.locator('ion-alert');
  await expect(alerta.locator('.alert-title')).toHaveText('¿Descartar los cambios?');
  await expect(alerta.locator('.alert-message')).toHaveText('Lo que escribió en este formulario todavía no se guardó.');
  await alerta.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(alerta).toHaveCount(0);
  await expect(page).toHaveURL(/\/nueva-orden$/);
  await expect(titulo).toHaveValue('Cambio de bomba');

  // Escape is «Seguir editando» too.
  await flecha.click();
  await expect(alerta.locator('.alert-title')).toHaveText('¿Descartar los cambios?');
  await page.keyboard.press('Escape');
  await expect(alerta).toHaveCount(0);
  await expect(titulo).toHaveValue('Cambio de bomba');

  await flecha.click();
  await alerta.getByRole('button', { name: 'Descartar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(listaOrdenes(page)).toBeVisible();
});

test('Nueva orden left as it opened goes back at once', async ({ page }) => {
  await iniciarSesion(page, 'supervisor');
  await pantallaActual(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  await expect(pantallaActual(page).getByTestId('orden-form-titulo')).toBeVisible();
  await pantallaActual(page).locator('ion-back-button').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('ion-alert')).toHaveCount(0);
});
