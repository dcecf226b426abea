import { expect, test, type Locator, type Page } from '@playwright/test';
import { abrirMenu, iniciarSesion, pantallaActual } from './helpers';

/**
 * Plans and payments (issue 15): SPEC §2 planes, mercadopago-tarjeta and the plan panel, §7 Plans.
 * The server runs in test mode (no MercadoPago credentials): the cardholder name picks the outcome.
 * It changes Demo Servicios' plan for good (Pyme → Empresa), so it runs after every other journey
 * (playwright.config.ts, CAMBIA_PLAN).
 */

const VISA = { numero: '4509953566233704', vencimiento: '11/30', cvv: '123', documento: '12345678' };

async function llenarTarjeta(pantalla: Locator, titular: string) {
  await pantalla.getByTestId('tarjeta-numero').locator('input').fill(VISA.numero);
  await pantalla.getByTestId('tarjeta-vencimiento').locator('input').fill(VISA.vencimiento);
  await pantalla.getByTestId('tarjeta-cvv').locator('input').fill(VISA.cvv);
  await pantalla.getByTestId('tarjeta-titular').locator('input').fill(titular);
  await pantalla.getByTestId('tarjeta-documento').locator('input').fill(VISA.documento);
}

/** The plan panel of the side menu (the menu is beside the content on desktop). */
async function panelPlan(page: Page): Promise<Locator> {
  const menu = await abrirMenu(page);
  return menu.getByTestId('plan-panel');
}

test.describe('planes (issue 15) @una-pantalla', () => {
  test('el propietario mejora el plan con la tarjeta de prueba: un rechazo no cambia nada, APRO sí, y el panel de otro usuario se actualiza en vivo', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);

    // A second person of the same company (supervisor: crearOrden, sees the plan panel).
    const contexto = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'es-AR' });
    const otra = await contexto.newPage();
    await iniciarSesion(otra, 'supervisor');
    const panelOtro = await panelPlan(otra);
    await expect(panelOtro.locator('.plan-panel__titulo')).toHaveText('Plan Pyme');
    await expect(panelOtro.locator('.plan-panel__cupo')).toHaveText(/^\d+ de 100 órdenes disponibles$/);
    await otra.evaluate(() => ((window as Window & { sinRecargar?: boolean }).sinRecargar = true));

    // The owner opens planes from the panel's link.
    await iniciarSesion(page, 'propietario');
    const panel = await panelPlan(page);
    await panel.getByRole('link', { name: 'Actualizar plan' }).click();
    await expect(page).toHaveURL(/\/planes$/);
    // Until Ionic's transition ends, the screen it leaves is on the page too.
    await expect(pantallaActual(page)).toHaveCount(1);
    const planes = pantallaActual(page);
    await expect(planes.getByTestId('plan-modo-prueba')).toContainText('Modo de prueba');
    const actual = planes.locator('.plan-tarjeta--actual');
    await expect(actual).toHaveCount(1);
    await expect(actual.locator('h3')).toHaveText('Pyme');
    await expect(actual.getByTestId('plan-precio')).toHaveText('$ 24.900,00 por mes');
    const empresa = planes
      .getByTestId('planes-lista')
      .locator('.plan-tarjeta')
      .filter({ has: page.getByRole('heading', { name: 'Empresa', exact: true }) });
    await expect(empresa.getByTestId('plan-precio')).toHaveText('$ 89.900,00 por mes');
    await expect(empresa.getByTestId('plan-cupo')).toHaveText('1.000 órdenes por mes');
    await expect(planes.getByTestId('pagos-vacio')).toBeVisible();

    // A rejected card (OTHE): the reason, and the plan stays.
    await await expect(empresa.getByTestId('plan-elegir')).toHaveText('Mejorar a Empresa');
    await empresa.getByTestId('plan-elegir').click();
    await expect(page).toHaveURL(/\/mercadopago-tarjeta\?plan=\d+$/);
    // Until Ionic's transition ends, the screen it leaves is on the page too.
    await expect(pantallaActual(page)).toHaveCount(1);
    const tarjeta = pantallaActual(page);
    await expect(tarjeta.getByTestId('plan-modo-prueba')).toBeVisible();
    await expect(tarjeta.getByTestId('tarjeta-resumen')).toContainText('Plan Empresa');
    await expect(tarjeta.getByTestId('tarjeta-ayuda')).toContainText('APRO');
    await llenarTarjeta(tarjeta, 'OTHE');
    await expect(tarjeta.getByTestId('tarjeta-numero').locator('input')).toHaveValue('4509 9535 6623 3704');
    await tarjeta.getByTestId('tarjeta-pagar').click();
    await expect(tarjeta.getByTestId('pago-rechazado')).toContainText('Pago rechazado');
    await expect(tarjeta.getByTestId('pago-mensaje')).toContainText('El pago fue rechazado');
    await expect(tarjeta.getByTestId('pago-mensaje')).toContainText('El plan no cambió.');
    await expect(panel.locator('.plan-panel__titulo')).toHaveText('Plan Pyme');
    await expect(panelOtro.locator('.plan-panel__titulo')).toHaveText('Plan Pyme');

    // Another card: the approved one (APRO). Processing, then the result.
    await tarjeta.getByTestId('pago-reintentar').click();
    await llenarTarjeta(tarjeta, 'APRO');
    await tarjeta.getByTestId('tarjeta-pagar').click();
    await expect(tarjeta.getByTestId('pago-aprobado')).toContainText('Pago aprobado');
    await expect(tarjeta.getByTestId('pago-mensaje')).toContainText('Empresa');

    // The owner's panel takes the answer; the supervisor's updates live, without a reload.
    await expect(panel.locator('.plan-panel__titulo')).toHaveText('Plan Empresa');
    await expect(panelOtro.locator('.plan-panel__titulo')).toHaveText('Plan Empresa');
    // An upgrade starts a new period today with the new plan's whole quota (issue 36, PLANES.md).
    await expect(panelOtro.locator('.plan-panel__cupo')).toHaveText('1000 de 1000 órdenes disponibles');
    expect(await otra.evaluate(() => (window as Window & { sinRecargar?: boolean }).sinRecargar)).toBe(true);

    // Back on planes: Empresa is the current plan, and both payments are in the history.
    await tarjeta.getByRole('link', { name: 'Ver planes' }).click();
    await expect(page).toHaveURL(/\/planes$/);
    // Until Ionic's transition ends, the screen it leaves is on the page too.
    await expect(pantallaActual(page)).toHaveCount(1);
    const despues = pantallaActual(page);
    await expect(despues.locator('.plan-tarjeta--actual h3')).toHaveText('Empresa');
    const filas = despues.getByTestId('pago-fila');
    await expect(filas).toHaveCount(2);
    await expect(filas.nth(0)).toContainText('Aprobado');
    await expect(filas.nth(0)).toContainText('$ 89.900,00');
    await expect(filas.nth(1)).toContainText('Rechazado');

    await contexto.close();
  });
});
