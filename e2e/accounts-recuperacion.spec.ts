import { expect, test } from '@playwright/test';
import { cuentaNueva, enlaceDelCorreo, registrarYConfirmar } from './accounts-correo';
import { campoPassword, campoUsuario, ingresar, listaOrdenes, pantallaActual } from './helpers';

/**
 * Accounts (issue 12): a person who forgot the password asks for a link, opens it from the mail,
 * chooses a new password and logs in with it. The account is a company signed up for this run.
 */
test('recupera la contraseña con el enlace del correo e ingresa con la nueva', async ({ page }) => {
  const c = cuentaNueva();
  await registrarYConfirmar(page.request, c);
  const nueva = 'Tornillos-y-tuercas-9';

  // The login page leads to the recovery, with what was typed as the login name.
  await page.goto('/login');
  await campoUsuario(page).fill(c.email);
  await page.getByTestId('login-recuperar').click();
  await expect(page).toHaveURL(/\/recuperar-password\?usuario=/);
  const form = pantallaActual(page).getByTestId('recuperar-form');
  await expect(form.getByTestId('recuperar-usuario').locator('input')).toHaveValue(c.email);
  await form.getByTestId('recuperar-usuario').locator('input').press('Enter');
  await expect(pantallaActual(page).getByTestId('recuperar-hecho-mensaje')).toContainText(
    'Si el usuario o el email corresponde a una cuenta',
  );

  // The link of the mail: greets the person, takes the new password twice.
  const enlace = await enlaceDelCorreo(c.email, 'password-reset');
  await page.goto(enlace);
  const reset = pantallaActual(page).getByTestId('password-reset');
  await expect(reset.getByRole('heading', { name: 'Elija una contraseña nueva' })).toBeVisible();
  await expect(reset).toContainText(`Hola, ${c.nombre}.`);
  await expect(reset).toContainText(c.entidadNombre);
  await reset.getByTestId('password-reset-password').locator('input').fill(nueva);
  await expect(reset.getByTestId('password-fuerza')).toContainText('Fuerte.');
  await reset.getByTestId('password-reset-repetida').locator('input').fill(nueva);
  await reset.getByTestId('password-reset-repetida').locator('input').press('Enter');

  await expect(page).toHaveURL(/\/login\/password-cambiada\?usuario=/);
  await expect(page.getByTestId('login-exito')).toContainText('la contraseña nueva ya funciona');
  await expect(campoUsuario(page)).toHaveValue(c.usuario);

  // The old password no longer works; the new one does.
  await ingresar(page, c.usuario, c.password);
  const alerta = page.locator('ion-alert');
  await expect(alerta.locator('.alert-message')).toHaveText('Los datos de Login son inválidos');
  await alerta.getByRole('button', { name: 'OK' }).click();
  await expect(alerta).toBeHidden();
  await campoPassword(page).fill(nueva);
  await campoPassword(page).press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(listaOrdenes(page)).toBeVisible();

  // The link works once.
  await page.goto(enlace);
  await expect(pantallaActual(page).getByTestId('password-reset-no-sirve')).toContainText('El enlace ya se usó');
});
