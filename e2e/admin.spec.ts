import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { abrirMenu, DEMO_PASSWORD, entradasMenu, ingresar, iniciarSesion, pantallaActual } from './helpers';

/**
 * Administration (issue 4): users, per-client permissions, areas and Mi cuenta, end to end.
 * Both viewports run against the same server, so every journey names what it creates after its
 * project and the moment it runs.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
/** `Authorization` of the demo admin, for the few look-ups made straight to the API. */
const AUTH_ADMIN = { Authorization: `admin#${md5(DEMO_PASSWORD)}` };

/** A login name no other run uses (letters and digits only). */
function loginUnico(prefijo: string): string {
  const proyecto = test
    .info()
    .project.name.replace(/[^a-z]/g, '')
    .slice(0, 4);
  return `${prefijo}${proyecto}${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
}

async function irDesdeMenu(page: Page, ruta: string): Promise<void> {
  const menu = await abrirMenu(page);
  await menu.getByTestId(`menu-${ruta}`).click();
  await expect(page).toHaveURL(new RegExp(`/${ruta}$`));
}

async function cerrarSesion(page: Page): Promise<void> {
  const menu = await abrirMenu(page);
  await menu.getByTestId('menu-cerrar-sesion').click();
  await expect(page).toHaveURL(/\/login$/);
}

function campo(pantalla: Locator, testId: string): Locator {
  return pantalla.getByTestId(testId).locator('input');
}

/** The success toast of the administration screens. */
function aviso(page: Page): Locator {
  return page.locator('ion-toast.delego-aviso');
}

async function api<T>(request: APIRequestContext, metodo: 'get' | 'post', ruta: string, data?: unknown): Promise<T> {
  const respuesta = await request[metodo](ruta, { headers: AUTH_ADMIN, data });
  expect(respuesta.ok(), `${metodo.toUpperCase()} ${ruta}: ${respuesta.status()}`).toBe(true);
  return (await respuesta.json()) as T;
}

test.describe('administración', () => {
  test('admin crea un usuario, le da delegarOrden sobre un cliente y ese usuario solo puede crear órdenes para él', async ({
    page,
  }) => {
    // Two sessions and a dozen screens: more than the default on a loaded CI machine.
    test.slow();
    const login = loginUnico('e2e');
    const cliente = 'Colegio Manuel Belgrano';

    // admin: Usuarios > Nuevo usuario.
    await iniciarSesion(page, 'admin');
    await irDesdeMenu(page, 'usuarios');
    await pantallaActual(page).getByTestId('usuarios-nuevo').click();
    await expect(page).toHaveURL(/\/usuario$/);

    const form = pantallaActual(page);
    // Enter on the empty form: the problems show on their fields and nothing is sent.
    await campo(form, 'usuario-usuario').press('Enter');
    await expect(form.getByTestId('usuario-usuario').getByText('Ingrese el nombre de usuario.')).toBeVisible();
    await expect(form.getByTestId('usuario-password').getByText('Ingrese la contraseña inicial.')).toBeVisible();

    await campo(form, 'usuario-usuario').fill(login);
    await campo(form, 'usuario-password').fill(DEMO_PASSWORD);
    await campo(form, 'usuario-nombre').fill('Valeria');
    await campo(form, 'usuario-apellido').fill('Prueba');
    await campo(form, 'usuario-email').fill(`${login}@example.com`);
    await form.getByTestId('usuario-permiso-crearOrden').click();
    await expect(form.getByTestId('usuario-permiso-crearOrden')).toHaveClass(/checkbox-checked/);
    await form.getByTestId('usuario-guardar').click();

    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(aviso(page)).toContainText(`Se creó el usuario ${login}.`);

    // The list finds it; its form leads to the per-client permissions.
    const lista = pantallaActual(page);
    await campo(lista, 'usuarios-buscar').fill(login);
    await lista.getByTestId(`usuario-${login}`).click();
    await expect(page).toHaveURL(/\/usuario\?id=\d+$/);
    await pantallaActual(page).getByTestId('usuario-ir-permisos').click();
    await expect(page).toHaveURL(/\/usuarios-permisos\?usuario=\d+$/);

    const matriz = pantallaActual(page).getByTestId('permisos-matriz');
    const fila = matriz.locator('[data-testid^="permisos-cliente-"]').filter({ hasText: cliente });
    const delegar = fila.locator('ion-toggle[data-testid$="-delegarOrden"]');
    await expect(delegar).not.toHaveClass(/toggle-checked/);
    const guardado = page.waitForResponse((r) => r.url().includes('/api/v4/permisos/toggle/') && r.ok());
    await delegar.click();
    await guardado;
    await expect(delegar).toHaveClass(/toggle-checked/);
    await expect(fila.locator('ion-toggle[data-testid$="-borrarOrden"]')).not.toHaveClass(/toggle-checked/);
    // Logging out from here (a public route reached through guarded ones) leaves the app on this
    // screen, a problem of the shell's logout: leave from Inicio.
    await irDesdeMenu(page, 'home');
    await cerrarSesion(page);

    // The new user: the entries without permission, and Mantenimiento and the plan (crearOrden).
    await iniciarSesion(page, login);
    const menu = await abrirMenu(page);
    await expect(entradasMenu(menu)).toHaveText([
      'Inicio',
      'Calendario',
      'Solicitudes',
      'Equipos',
      'Mantenimiento',
      'Mi cuenta',
      'Cerrar sesión',
    ]);
    await expect(menu.getByTestId('menu-usuario')).toHaveText('Valeria Prueba');
    await expect(menu.getByTestId('plan-panel')).toBeVisible();
    await page.keyboard.press('Escape');

    // nueva-orden offers that client only.
    await page.goto('/nueva-orden');
    const select = pantallaActual(page).getByTestId('orden-form-cliente');
    await expect(select).toBeEnabled();
    await select.click();
    const opciones = page.locator('ion-popover .select-interface-option');
    await expect(opciones).toHaveText([cliente]);
  });

  test('admin renombra un área: la lista de áreas y las órdenes muestran el nombre nuevo', async ({ page }) => {
    // Each viewport renames its own area; a retry finds it by the start of its name.
    const original = test.info().project.name.startsWith('telefono') ? 'Electricidad' : 'Plomería';
    const areas = await api<{ id: number; nombre: string; archivado: boolean }[]>(
      page.request,
      'get',
      '/api/v3/areas/all',
    );
    const area = areas.find((a) => a.nombre.startsWith(original) && !a.archivado);
    expect(area, `el área ${original} de la demo`).toBeDefined();
    const id = area?.id ?? 0;
    const nuevo = `${original} renovada ${Date.now().toString(36)}`;

    await iniciarSesion(page, 'admin');
    await irDesdeMenu(page, 'areas');
    await expect(pantallaActual(page).getByTestId(`area-${id}`)).toContainText(area?.nombre ?? '');
    await pantallaActual(page).getByTestId(`area-editar-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`/area\\?id=${id}$`));

    const nombre = campo(pantallaActual(page), 'area-nombre');
    await expect(nombre).toHaveValue(area?.nombre ?? '');
    await nombre.fill(nuevo);
    await nombre.press('Enter');

    await expect(page).toHaveURL(/\/areas$/);
    await expect(aviso(page)).toContainText(`a «${nuevo}»`);
    const fila = pantallaActual(page).getByTestId(`area-${id}`);
    await expect(fila).toHaveText(nuevo);
    await expect(
      pantallaActual(page)
        .getByTestId('area-lista')
        .locator('ion-label')
        .filter({ hasText: new RegExp(`^${original}$`) }),
    ).toHaveCount(0);

    // An order of that area (the demo history has many) shows the new name. The order list
    // does not show areas; its detail does.
    const pagina = await api<{ ordenes: { id: number; area: { nombre: string } | null }[] }>(
      page.request,
      'post',
      '/api/v4/ordenes/all/filtered',
      { area: id, porPagina: 1 },
    );
    const orden = pagina.ordenes[0];
    expect(orden, `una orden del área ${original}`).toBeDefined();
    expect(orden?.area?.nombre).toBe(nuevo);
    await page.goto(`/orden/${orden?.id}`);
    const dato = pantallaActual(page)
      .locator('.orden-dato')
      .filter({ has: page.locator('dt', { hasText: /^Área$/ }) });
    await expect(dato.locator('dd')).toHaveText(nuevo);
  });

  test('Mi cuenta: cambiar la contraseña no corta la sesión y la nueva sirve para ingresar', async ({ page }) => {
    const login = loginUnico('clave');
    await api(page.request, 'post', '/api/v4/usuario', {
      usuario: login,
      nombre: 'Tomás',
      apellido: 'Clave',
      password: md5(DEMO_PASSWORD),
    });
    const nueva = 'OtraClave2024';

    await iniciarSesion(page, login);
    await irDesdeMenu(page, 'perfil');
    const perfil = pantallaActual(page);
    await campo(perfil, 'perfil-password-actual').fill('equivocada');
    await campo(perfil, 'perfil-password-nueva').fill(nueva);
    await campo(perfil, 'perfil-password-repetida').fill(nueva);
    await campo(perfil, 'perfil-password-repetida').press('Enter');
    await expect(
      perfil.getByTestId('perfil-password-actual').getByText('La contraseña actual no es correcta.'),
    ).toBeVisible();

    await campo(perfil, 'perfil-password-actual').fill(DEMO_PASSWORD);
    await perfil.getByTestId('perfil-password-guardar').click();
    await expect(aviso(page)).toContainText('Se cambió su contraseña.');
    expect(await page.evaluate(() => window.localStorage.getItem('delego.sesion'))).toContain(`"md5":"${md5(nueva)}"`);

    // The session goes on with the new password: the next screens load without an alert.
    await irDesdeMenu(page, 'home');
    await expect(pantallaActual(page).getByTestId('ordenes-lista')).toBeVisible();
    await expect(page.locator('ion-alert')).toHaveCount(0);

    await cerrarSesion(page);
    await ingresar(page, login, DEMO_PASSWORD);
    await expect(page.locator('ion-alert .alert-message')).toHaveText('Los datos de Login son inválidos');
    await page.locator('ion-alert').getByRole('button', { name: 'OK' }).click();
    await ingresar(page, login, nueva);
    await expect(page).toHaveURL(/\/home$/);
  });
});
