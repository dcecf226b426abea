import { expect, test, type Locator, type Page } from '@playwright/test';
import { cuentaNueva, enlaceDelCorreo } from './accounts-correo';
import { abrirMenu, campoPassword, campoUsuario, ingresar, listaOrdenes, pantallaActual } from './helpers';

/**
 * Accounts (issue 12): a company signs itself up, confirms with the link of the mail, logs in and
 * creates its first client and its first order. Each run signs up a company of its own.
 */

function campo(pantalla: Locator, testId: string): Locator {
  return pantalla.getByTestId(testId).locator('input');
}

/** dd/MM/yyyy (as the date fields take it), `dias` from today. */
function diaDesdeHoy(dias: number): string {
  const d = new Date(Date.now() + dias * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

async function irDesdeMenu(page: Page, ruta: string): Promise<void> {
  // Once the page transition ends, only the screen on top is visible.
  await expect(pantallaActual(page)).toHaveCount(1);
  const menu = await abrirMenu(page);
  await menu.getByTestId(`menu-${ruta}`).click();
  await expect(page).toHaveURL(new RegExp(`/${ruta}$`));
}

test('una empresa se registra, confirma desde el correo, ingresa y crea su primer cliente y su primera orden', async ({
  page,
}) => {
  // Sign-up, mail, confirmation, login, a client and an order: more than the default on a loaded CI machine.
  test.slow();
  const c = cuentaNueva();

  // The login page leads to the sign-up.
  await page.goto('/login');
  await page.getByTestId('login-registrarse').click();
  await expect(page).toHaveURL(/\/registro-usuario$/);
  const form = pantallaActual(page).getByTestId('registro-form');

  await campo(form, 'registro-entidadNombre').fill(c.entidadNombre);
  await campo(form, 'registro-telefono').fill('+54 11 4321-0000');
  await campo(form, 'registro-nombre').fill(c.nombre);
  await campo(form, 'registro-apellido').fill('Gómez');
  await campo(form, 'registro-email').fill(c.email);
  await campo(form, 'registro-usuario').fill(c.usuario);
  await campo(form, 'registro-password').fill(c.password);
  await expect(form.getByTestId('password-fuerza')).toContainText('Buena.');
  await campo(form, 'registro-repetida').fill(c.password);

  // Enter without accepting the terms: said under the checkbox, nothing sent.
  await campo(form, 'registro-repetida').press('Enter');
  await expect(form.getByText('Debe aceptar los términos y condiciones para crear la cuenta.')).toBeVisible();

  // Reading the terms and coming back keeps everything typed.
  await form.getByTestId('registro-ver-terminos').click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(pantallaActual(page).getByTestId('terminos-version')).toContainText('Versión del');
  await pantallaActual(page).getByTestId('terminos-volver').click();
  await expect(page).toHaveURL(/\/registro-usuario$/);
  await expect(campo(form, 'registro-email')).toHaveValue(c.email);

  await form.getByTestId('registro-terminos').click();
  await campo(form, 'registro-repetida').press('Enter');
  const hecho = pantallaActual(page).getByTestId('registro-hecho');
  await expect(hecho).toContainText('Revise su correo');
  await expect(hecho).toContainText(c.email);

  // Before confirming, the login says so and offers the mail again.
  await page.goto('/login');
  await ingresar(page, c.usuario, c.password);
  await expect(page.getByTestId('login-sin-confirmar')).toContainText('todavía no está confirmada');
  await expect(page.locator('ion-alert')).toHaveCount(0);

  // The link of the mail confirms the account and lands on the login with its banner.
  await page.goto(await enlaceDelCorreo(c.email, 'confirmacion'));
  await expect(page).toHaveURL(/\/login\/cuenta-confirmada\?usuario=/);
  await expect(page.getByTestId('login-exito')).toContainText('Cuenta confirmada');
  await expect(campoUsuario(page)).toHaveValue(c.usuario);
  await campoPassword(page).fill(c.password);
  await campoPassword(page).press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(listaOrdenes(page)).toBeVisible();

  // The first client.
  await irDesdeMenu(page, 'clientes');
  await pantallaActual(page).getByTestId('clientes-nuevo').click();
  await expect(page).toHaveURL(/\/cliente$/);
  const cliente = `Primer cliente ${c.usuario}`;
  await campo(pantallaActual(page), 'cliente-nombre').fill(cliente);
  await pantallaActual(page).getByTestId('cliente-guardar').click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(pantallaActual(page).getByText(cliente)).toBeVisible();

  // The first order, delegated to the owner (the only person of the company).
  await irDesdeMenu(page, 'home');
  await listaOrdenes(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  const orden = pantallaActual(page);
  await orden.getByTestId('orden-form-titulo').locator('input').fill('Revisar el tablero eléctrico');
  await orden.getByTestId('orden-form-detalle').locator('textarea').fill('Primera orden de la empresa.');
  await orden.getByTestId('orden-form-cliente').click();
  await page.locator('ion-popover .select-interface-option').filter({ hasText: cliente }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
  await orden.getByTestId('orden-form-responsables').click();
  const alerta = page.locator('ion-alert');
  await alerta.locator('button.alert-checkbox-button').filter({ hasText: 'Lucía Gómez' }).click();
  await alerta.getByRole('button', { name: 'Aceptar' }).click();
  await expect(alerta).toHaveCount(0);
  await orden.getByTestId('orden-form-fin').locator('input').fill(diaDesdeHoy(7));
  await orden.getByTestId('orden-form-guardar').click();

  await expect(page).toHaveURL(/\/orden\/\d+$/);
  await expect(pantallaActual(page).getByTestId('orden-titulo')).toHaveText('Revisar el tablero eléctrico');
  await expect(page.locator('ion-toast.delego-aviso')).toContainText(/Orden #1 creada\./);
});
