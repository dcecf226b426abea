import { expect, test } from '@playwright/test';
import { abrirMenu, iniciarSesion, pantallaActual } from './helpers';

/**
 * Scheduled maintenance (issue 32): the admin opens «Mantenimiento» from the menu, programs a
 * monthly plan on the 31st (the last day of each month) with a type of order and a responsable,
 * sees the preview of its next dates before saving and the plan listed with them; edits it once
 * (the form comes back filled, the new title and day are saved); pausing it hides its dates,
 * resuming brings them back.
 */
test('programa un plan mensual y lo ve en la lista con sus próximas fechas @una-pantalla', async ({ page }) => {
  // A plan form and the list of its next dates: more than the default on a loaded CI machine.
  test.slow();
  await iniciarSesion(page, 'admin');
  const menu = await abrirMenu(page);
  await menu.getByTestId('menu-mantenimiento').click();
  await expect(page).toHaveURL(/\/mantenimiento$/);
  const pantalla = pantallaActual(page);
  await pantalla.getByTestId('mantenimiento-nuevo').click();
  const form = pantalla.getByTestId('mantenimiento-form');

  await form.getByTestId('mantenimiento-cliente').click();
  await page.locator('ion-popover ion-radio, ion-popover ion-item').first().click();
  const titulo = `Caldera ${test.info().project.name} ${Date.now().toString(36)}`;
  await form.getByTestId('mantenimiento-titulo').locator('input').fill(titulo);
  await form.getByTestId('mantenimiento-dia').locator('input').fill('31');

  // The order's template: a type and a responsable (the first the demo offers).
  await form.getByTestId('mantenimiento-tipo-orden').click();
  const opcionTipo = page.locator('ion-popover .select-interface-option').nth(1);
  const tipo = ((await opcionTipo.textContent()) ?? '').trim();
  await opcionTipo.click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
  await expect(form.getByTestId('mantenimiento-tipo-orden')).toContainText(tipo);
  await form.getByTestId('mantenimiento-responsables').click();
  const alerta = page.locator('ion-alert');
  const opcionResponsable = alerta.locator('button.alert-checkbox-button').first();
  const responsable = ((await opcionResponsable.textContent()) ?? '').trim();
  await opcionResponsable.click();
  await alerta.getByRole('button', { name: 'Aceptar' }).click();
  await expect(alerta).toHaveCount(0);
  await expect(form.getByTestId('mantenimiento-responsables')).toContainText(responsable);
  // The preview is the contract's rule: the last day of each month, dd/mm/aaaa.
  await expect(form.getByTestId('mantenimiento-previa')).toContainText(/\d{2}\/\d{2}\/\d{4} · \d{2}\/\d{2}\/\d{4}/);
  const previa = (await form.getByTestId('mantenimiento-previa').textContent()) ?? '';
  for (const fecha of previa.match(/\d{2}\/\d{2}\/\d{4}/g) ?? []) {
    const [d, m, a] = fecha.split('/').map(Number) as [number, number, number];
    expect(d, fecha).toBe(new Date(Date.UTC(a, m, 0)).getUTCDate());
  }
  await form.getByTestId('mantenimiento-guardar').click();

  const item = pantalla.locator('[data-testid^="mantenimiento-plan-"]', { hasText: titulo });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Cada mes, el último día');
  await expect(item.getByTestId('mantenimiento-proximas')).toContainText(/Próximas: \d{2}\/\d{2}\/\d{4}/);

  // Edit once: the form comes back with what was saved; a new title and day 15 are sent (PUT).
  await item.getByTestId('mantenimiento-editar').click();
  const edicion = pantalla.getByRole('form', { name: 'Editar plan' });
  await expect(edicion.getByTestId('mantenimiento-titulo').locator('input')).toHaveValue(titulo);
  await expect(edicion.getByTestId('mantenimiento-tipo-orden')).toContainText(tipo);
  await expect(edicion.getByTestId('mantenimiento-responsables')).toContainText(responsable);
  const nuevoTitulo = `${titulo} (editado)`;
  await edicion.getByTestId('mantenimiento-titulo').locator('input').fill(nuevoTitulo);
  await edicion.getByTestId('mantenimiento-dia').locator('input').fill('15');
  await edicion.getByTestId('mantenimiento-guardar').click();
  await expect(edicion).toHaveCount(0);
  await expect(item).toContainText(nuevoTitulo);
  await expect(item).toContainText('Cada mes, el día 15');
  await expect(item.getByTestId('mantenimiento-proximas')).toContainText(/Próximas: 15\/\d{2}\/\d{4}/);

  await item.getByTestId('mantenimiento-pausar').click();
  await expect(item.getByTestId('mantenimiento-proximas')).toHaveText('Pausado: no crea órdenes');
  await item.getByTestId('mantenimiento-reanudar').click();
  await expect(item.getByTestId('mantenimiento-proximas')).toContainText('Próximas:');

  await item.getByTestId('mantenimiento-borrar').click();
  await page.locator('ion-alert button', { hasText: 'Borrar' }).click();
  await expect(item).toHaveCount(0);
});
