import { expect, test, type Locator, type Page } from '@playwright/test';
import { abrirMenu, esTelefono, iniciarSesion, listaOrdenes, pantallaActual } from './helpers';

/**
 * Orders (issue 3): create, delegate, follow through states, search. These journeys create orders,
 * so they run after the journeys that expect the seeded quota (see playwright.config.ts).
 */

/** MD5 of the demo password, for calls made straight to the API (`Authorization: usuario#md5`). */
const MD5_DEMO = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

/** Waits until the page transition ends: only the screen on top is visible. */
async function esperarTransicion(page: Page): Promise<void> {
  await expect(pantallaActual(page)).toHaveCount(1);
}

/** A title no other run uses. */
function tituloUnico(que: string): string {
  const proyecto = test.info().project.name;
  return `${que} ${proyecto} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** dd/MM/yyyy (as the date fields take it), `dias` from today. */
function diaDesdeHoy(dias: number): string {
  const d = new Date(Date.now() + dias * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

async function elegirEnPopover(page: Page, select: Locator, opcion: string): Promise<void> {
  await select.click();
  const popover = page.locator('ion-popover');
  await popover.locator('.select-interface-option').filter({ hasText: opcion }).click();
  await expect(popover).toHaveCount(0);
}

/** Fills nueva-orden and saves; returns the new order's id (from the detail's address). */
async function crearOrden(
  page: Page,
  datos: { titulo: string; cliente: string; responsable: string },
): Promise<number> {
  await pantallaActual(page).getByTestId('ordenes-nueva').click();
  await expect(page).toHaveURL(/\/nueva-orden$/);
  const form = pantallaActual(page);
  await form.getByTestId('orden-form-titulo').locator('input').fill(datos.titulo);
  await form.getByTestId('orden-form-detalle').locator('textarea').fill('Revisar y dejar funcionando.');
  await elegirEnPopover(page, form.getByTestId('orden-form-cliente'), datos.cliente);

  await form.getByTestId('orden-form-responsables').click();
  const alerta = page.locator('ion-alert');
  await alerta.locator('button.alert-checkbox-button').filter({ hasText: datos.responsable }).click();
  await alerta.getByRole('button', { name: 'Aceptar' }).click();
  await expect(alerta).toHaveCount(0);
  await expect(form.getByTestId('orden-form-responsables')).toContainText(datos.responsable);

  await form.getByTestId('orden-form-fin').locator('input').fill(diaDesdeHoy(30));
  await form.getByTestId('orden-form-guardar').click();

  await expect(page).toHaveURL(/\/orden\/\d+$/);
  await expect(pantallaActual(page).getByTestId('orden-titulo')).toHaveText(datos.titulo);
  await expect(page.locator('ion-toast.delego-aviso')).toContainText(/Orden #\d+ creada\./);
  await esperarTransicion(page);
  return Number(/\/orden\/(\d+)$/.exec(page.url())?.[1]);
}

async function cerrarSesion(page: Page): Promise<void> {
  const menu = await abrirMenu(page);
  await menu.getByTestId('menu-cerrar-sesion').click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByTestId('login-usuario')).toBeVisible();
}

/** The plan panel's quota line, e.g. '99 de 100 órdenes disponibles'. */
async function cupo(page: Page): Promise<Locator> {
  const menu = await abrirMenu(page);
  return menu.getByTestId('plan-panel').locator('.plan-panel__cupo');
}

async function cerrarMenuEnTelefono(page: Page): Promise<void> {
  if (!esTelefono(page)) return;
  const menu = page.locator('ion-menu');
  await page.keyboard.press('Escape');
  // Escape pressed while the menu is still opening is ignored by Ionic: close it through the menu then.
  const cerrado = await expect(menu)
    .not.toHaveClass(/show-menu/, { timeout: 2_000 })
    .then(() => true)
    .catch(() => false);
  if (!cerrado) await menu.evaluate((m) => (m as HTMLElement & { close(): Promise<boolean> }).close());
  await expect(menu).not.toHaveClass(/show-menu/);
}

async function cambiarEstado(page: Page, estado: string, comentario: string): Promise<void> {
  await pantallaActual(page).getByTestId('accion-estado').click();
  await expect(page).toHaveURL(/\/cambio-estado\?id=\d+$/);
  const form = pantallaActual(page);
  await form.locator('ion-radio').filter({ hasText: estado }).click();
  await form.getByTestId('cambio-estado-comentario').locator('textarea').fill(comentario);
  await form.getByTestId('cambio-estado-guardar').click();
  await expect(page).toHaveURL(/\/orden\/\d+$/);
  await esperarTransicion(page);
  await expect(pantallaActual(page).getByTestId('orden-estado')).toHaveText(estado);
}

test.describe('órdenes', () => {
  test('crear una orden descuenta una del plan y el panel lo muestra sin recargar', async ({ page }) => {
    await iniciarSesion(page, 'supervisor');
    const linea = await cupo(page);
    // The seeded quota is 100; earlier runs of this file (the other viewport) took some.
    await expect(linea).toHaveText(/^\d+ de 100 órdenes disponibles$/);
    const disponibles = Number(/^(\d+)/.exec((await linea.textContent()) ?? '')?.[1]);
    await cerrarMenuEnTelefono(page);

    // A mark on the page: a reload would wipe it.
    await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
    await crearOrden(page, {
      titulo: tituloUnico('Plan'),
      cliente: 'Supermercados La Estrella',
      responsable: 'Lucía Benítez',
    });

    await expect(await cupo(page)).toHaveText(`${disponibles - 1} de 100 órdenes disponibles`);
    expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
  });

  test('supervisor delega en operario; operario la encuentra, la lleva a En proceso y a Finalizada, y el historial lo cuenta', async ({
    page,
  }) => {
    // Two users, a new order and two state changes: longer than the default 30 s allows.
    test.slow();
    const titulo = tituloUnico('Cambio de bomba');
    await iniciarSesion(page, 'supervisor');
    const id = await crearOrden(page, { titulo, cliente: 'Municipalidad de Rosario', responsable: 'Diego Sosa' });
    await expect(pantallaActual(page).getByTestId('orden-responsables').locator('dd')).toHaveText('Diego Sosa');
    await expect(pantallaActual(page).getByTestId('orden-estado')).toHaveText('Pendiente');
    await cerrarSesion(page);

    await iniciarSesion(page, 'operario');
    await listaOrdenes(page).getByTestId('ordenes-buscar').locator('input').fill(titulo);
    const items = listaOrdenes(page).getByTestId('orden-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(titulo);
    await expect(items.first()).toContainText('Pendiente');
    await items.first().click();
    await expect(page).toHaveURL(new RegExp(`/orden/${id}$`));

    await cambiarEstado(page, 'En proceso', 'Voy para allá con los repuestos.');
    await cambiarEstado(page, 'Finalizada', 'Bomba cambiada y probada.');

    await pantallaActual(page).getByTestId('accion-historial').click();
    await expect(page).toHaveURL(new RegExp(`/historial\\?id=${id}$`));
    const eventos = pantallaActual(page).getByTestId('historial-evento');
    await expect(eventos).toHaveCount(3);
    await expect(eventos.nth(0)).toContainText('Creó la orden y la asignó a Diego Sosa');
    await expect(eventos.nth(0)).toContainText('Carla Ruiz');
    await expect(eventos.nth(1)).toContainText('Cambió el estado de Pendiente a En proceso');
    await expect(eventos.nth(1)).toContainText('Diego Sosa');
    await expect(eventos.nth(1).getByTestId('historial-comentario')).toHaveText('Voy para allá con los repuestos.');
    await expect(eventos.nth(2)).toContainText('Cambió el estado de En proceso a Finalizada');
    await expect(eventos.nth(2).getByTestId('historial-comentario')).toHaveText('Bomba cambiada y probada.');
    await expect(eventos.nth(2)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    // Finished, it leaves the default list (open orders) and shows under 'Finalizada'.
    await page.goto(`/home?q=${encodeURIComponent(titulo)}`);
    await expect(listaOrdenes(page).getByText('No hay órdenes que coincidan')).toBeVisible();
    await listaOrdenes(page).getByTestId('chip-estado-4').click();
    await expect(listaOrdenes(page).getByTestId('orden-item')).toHaveCount(1);
  });

  test('operario no puede crear órdenes: sin botón, la pantalla lo rechaza y el servidor también', async ({ page }) => {
    await iniciarSesion(page, 'operario');
    await expect(listaOrdenes(page).getByTestId('orden-item').first()).toBeVisible();
    await expect(listaOrdenes(page).getByTestId('ordenes-nueva')).toHaveCount(0);

    await page.goto('/nueva-orden');
    await expect(pantallaActual(page).getByTestId('ordenes-sin-permiso')).toContainText(
      'No tiene permiso para crear órdenes.',
    );
    await expect(pantallaActual(page).getByRole('form')).toHaveCount(0);

    const respuesta = await page.request.post('/api/v2/ordenes/save', {
      headers: { Authorization: `operario#${MD5_DEMO}` },
      data: { titulo: 'No debería guardarse', cliente: 1 },
    });
    expect(respuesta.status()).toBe(403);
    expect((await respuesta.json()) as { message: string }).toMatchObject({
      message: 'No tiene permiso para crear órdenes.',
    });
  });

  test('operario no ve ni puede tocar las órdenes de otros', async ({ page }) => {
    // An order where Diego Sosa is not responsable (the supervisor sees all of them).
    const respuesta = await page.request.post('/api/v4/ordenes/all/filtered', {
      headers: { Authorization: `supervisor#${MD5_DEMO}` },
      data: { estados: [1, 2, 3], porPagina: 100 },
    });
    const { ordenes } = (await respuesta.json()) as { ordenes: { id: number; responsables: { usuario: string }[] }[] };
    const ajena = ordenes.find(
      (o) => o.responsables.length > 0 && o.responsables.every((r) => r.usuario !== 'operario'),
    );
    expect(ajena).toBeDefined();

    await iniciarSesion(page, 'operario');
    await page.goto(`/orden/${ajena?.id}`);
    await expect(pantallaActual(page).getByTestId('ordenes-no-encontrada')).toContainText(
      'La orden no existe o no tiene acceso a ella.',
    );
    await expect(pantallaActual(page).getByTestId('orden-acciones')).toHaveCount(0);

    await page.goto(`/cambio-estado?id=${ajena?.id}`);
    await expect(pantallaActual(page).getByTestId('ordenes-no-encontrada')).toBeVisible();
    await expect(pantallaActual(page).getByTestId('cambio-estado-guardar')).toHaveCount(0);
  });

  test("supervisor no puede elegir 'Hotel Los Andes' (sin delegarOrden) como cliente de una orden nueva", async ({
    page,
  }) => {
    await iniciarSesion(page, 'supervisor');
    await pantallaActual(page).getByTestId('ordenes-nueva').click();
    await expect(page).toHaveURL(/\/nueva-orden$/);
    await pantallaActual(page).getByTestId('orden-form-cliente').click();
    const opciones = page.locator('ion-popover .select-interface-option');
    await expect(opciones).toHaveText(['Clínica San Martín', 'Municipalidad de Rosario', 'Supermercados La Estrella']);
    await expect(opciones.filter({ hasText: 'Hotel Los Andes' })).toHaveCount(0);
  });
});
