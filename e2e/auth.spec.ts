import { expect, test } from '@playwright/test';
import {
  abrirMenu,
  campoPassword,
  campoUsuario,
  inicioAlCargar,
  ingresar,
  iniciarSesion,
  listaOrdenes,
  pantallaActual,
} from './helpers';

test.describe('ingreso y salida', () => {
  test("una contraseña equivocada muestra la alerta 'Atención'", async ({ page }) => {
    await page.goto('/login');
    await ingresar(page, 'propietario', 'equivocada');

    // A fresh /login is the first-stage login (main.tsx): its alert is the same, without Ionic.
    const alerta = page.getByRole('alertdialog', { name: 'Atención' });
    await expect(alerta).toBeVisible();
    await expect(alerta).toHaveAccessibleDescription('Los datos de Login son inválidos');

    await alerta.getByRole('button', { name: 'OK' }).click();
    await expect(alerta).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('delego.sesion'))).toBeNull();
  });

  test('el botón Ingresar también envía el formulario', async ({ page }) => {
    await page.goto('/login');
    await campoUsuario(page).fill('supervisor');
    await campoPassword(page).fill('Demo1234!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(listaOrdenes(page)).toBeVisible();
  });

  test('guarda el usuario y el MD5, nunca la contraseña', async ({ page }) => {
    await iniciarSesion(page, 'operario');
    const guardado = await page.evaluate(() => window.localStorage.getItem('delego.sesion'));
    expect(guardado).toContain('"usuario":"operario"');
    expect(guardado).toContain('"md5":"eb6bc90afb1de3b7e8a41c1afa38ee01"');
    expect(guardado).not.toContain('Demo1234!');
  });

  test('Cerrar sesión vuelve al ingreso y las rutas protegidas quedan cerradas', async ({ page }) => {
    await iniciarSesion(page, 'propietario');
    const menu = await abrirMenu(page);
    await menu.getByText('Cerrar sesión').click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('delego.sesion'))).toBeNull();

    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Cerrar sesión desde otra pantalla no deja ?volver=: el siguiente ingreso va a Inicio', async ({ page }) => {
    await iniciarSesion(page, 'propietario');
    await page.goto('/perfil');
    await expect(pantallaActual(page).getByTestId('perfil-datos')).toBeVisible();
    const menu = await abrirMenu(page);
    await menu.getByText('Cerrar sesión').click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    // Another person logs in on the same device: Inicio, not the previous user's page.
    await ingresar(page, 'operario');
    await expect(page).toHaveURL(/\/home$/);
    await expect(listaOrdenes(page)).toBeVisible();
  });

  test('una ruta protegida sin sesión lleva al ingreso y, después, de vuelta a ella', async ({ page }) => {
    await page.goto('/estadisticas');
    await expect(page).toHaveURL(/\/login\?volver=%2Festadisticas$/);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();

    await ingresar(page, 'supervisor');
    await expect(page).toHaveURL(/\/estadisticas$/);
  });

  test('la ruta vacía y ordeneslist llevan a Inicio', async ({ page }) => {
    await iniciarSesion(page, 'supervisor');
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/ordeneslist');
    await expect(page).toHaveURL(/\/home$/);
    await expect(inicioAlCargar(page)).toBeVisible();
  });

  test('planes y horas-reportadas: sólo administradores; planes dice por qué, horas-reportadas vuelve a Inicio', async ({
    page,
  }) => {
    await iniciarSesion(page, 'operario');
    await page.goto('/planes');
    // Not silently sent home (issue 36): the screen says why and offers the way back.
    const sinPermiso = page.getByTestId('admin-sin-permiso');
    await expect(sinPermiso).toContainText('Solo un administrador o el propietario puede ver y cambiar el plan.');
    await expect(page).toHaveURL(/\/planes$/);
    await expect(page.getByTestId('planes-lista')).toHaveCount(0);
    await page.goto('/horas-reportadas');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('una dirección desconocida muestra la página no encontrada', async ({ page }) => {
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });
});
