import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, abrirMenu, iniciarSesion, pantallaActual } from './helpers';

/**
 * The calendar (issue 32, docs/CALENDARIO.md): on a desktop, an order is dragged to another day and
 * its detail shows the new due date; on a phone, the month is an agenda list by day.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const auth = (usuario: string) => ({ Authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });
const ZONA = 'America/Argentina/Buenos_Aires';

/** This month's day `dia` in Buenos Aires, as 'YYYY-MM-DD', and its last ms (UTC-3, no DST). */
function diaDelMes(dia: number): { dia: string; fin: number; texto: string } {
  const [a, m] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA, year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-');
  const d = String(dia).padStart(2, '0');
  return { dia: `${a}-${m}-${d}`, fin: Date.parse(`${a}-${m}-${d}T23:59:59.999-03:00`), texto: `${d}/${m}/${a}` };
}

/** `admin` creates an order for the demo's first client, due on `fin`. */
async function crearOrden(
  request: APIRequestContext,
  titulo: string,
  fin: number,
): Promise<{ id: number; numero: number }> {
  const clientes = await request.get('/api/v3/test/clientes-usados', { headers: auth('admin') });
  expect(clientes.ok(), await clientes.text()).toBe(true);
  const [cliente] = (await clientes.json()) as { id: number }[];
  const r = await request.post('/api/v2/ordenes/save', {
    headers: auth('admin'),
    data: { titulo, cliente: cliente?.id, responsable: [], fechaFin: fin },
  });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as { id: number; numero: number };
}

test('escritorio: arrastrar una orden a otro día cambia su fecha de fin @una-pantalla', async ({ page, request }) => {
  const origen = diaDelMes(10);
  const destino = diaDelMes(20);
  const orden = await crearOrden(request, 'Revisión del tablero (calendario)', origen.fin);

  await iniciarSesion(page, 'admin');
  const menu = await abrirMenu(page);
  await menu.getByText('Calendario', { exact: true }).click();
  await expect(page).toHaveURL(/\/calendario$/);
  const pantalla = pantallaActual(page);
  const chip = pantalla.getByTestId(`calendario-orden-${orden.id}`);
  await expect(chip).toHaveAttribute('data-dia', origen.dia);
  await expect(pantalla.getByTestId(`calendario-dia-${origen.dia}`)).toContainText(`#${orden.numero}`);

  await chip.locator('button.calendario-chip__abrir').dragTo(pantalla.getByTestId(`calendario-dia-${destino.dia}`));
  await expect(
    pantalla.getByTestId(`calendario-dia-${destino.dia}`).getByTestId(`calendario-orden-${orden.id}`),
  ).toBeVisible();
  await expect(page.getByText(`#${orden.numero} ahora vence el ${destino.texto}.`)).toBeVisible();

  // The server has it: the calendar read again and the order's detail say the new day.
  await page.reload();
  await expect(pantallaActual(page).getByTestId(`calendario-orden-${orden.id}`)).toHaveAttribute(
    'data-dia',
    destino.dia,
  );
  await pantallaActual(page)
    .getByTestId(`calendario-orden-${orden.id}`)
    .locator('button.calendario-chip__abrir')
    .click();
  await expect(page).toHaveURL(new RegExp(`/orden/${orden.id}$`));
  await expect(pantallaActual(page).getByTestId('orden-fecha-fin')).toContainText(destino.texto);
});

test('escritorio: «Mover a…» con el teclado, y un cambio rechazado vuelve a su día con el mensaje del servidor @una-pantalla', async ({
  page,
  request,
}) => {
  const origen = diaDelMes(12);
  const orden = await crearOrden(request, 'Cambio de filtros (calendario)', origen.fin);
  // A start date after the day it will be moved to: the server refuses «fin before inicio».
  const r = await request.post(`/api/v2/fecha/${orden.id}/inicio`, {
    headers: auth('admin'),
    data: { fecha: diaDelMes(11).fin - 3_600_000 },
  });
  expect(r.ok(), await r.text()).toBe(true);

  await iniciarSesion(page, 'admin');
  await page.goto('/calendario');
  const pantalla = pantallaActual(page);
  await pantalla.getByTestId(`calendario-mover-${orden.id}`).click();
  const campo = pantalla.getByTestId('calendario-mover-fecha').locator('input');
  await campo.fill(diaDelMes(5).texto);
  await campo.press('Enter');
  await expect(page.getByText('La fecha de fin no puede ser anterior a la fecha de inicio.')).toBeVisible();
  await expect(pantalla.getByTestId(`calendario-orden-${orden.id}`)).toHaveAttribute('data-dia', origen.dia);
});

test('teléfono: el mes es una agenda por día @solo-telefono', async ({ page, request }) => {
  const dia = diaDelMes(14);
  const orden = await crearOrden(request, 'Limpieza de conductos (agenda)', dia.fin);
  await iniciarSesion(page, 'admin');
  await page.goto('/calendario');
  const pantalla = pantallaActual(page);
  await expect(pantalla.getByTestId('calendario-agenda')).toBeVisible();
  await expect(pantalla.getByTestId('calendario-mes')).toHaveCount(0);
  const delDia = pantalla.getByTestId(`calendario-agenda-${dia.dia}`);
  await expect(delDia).toContainText(dia.texto);
  await expect(delDia).toContainText('Limpieza de conductos (agenda)');
  // No dragging on the phone: the order opens its detail.
  await expect(
    delDia.getByTestId(`calendario-orden-${orden.id}`).locator('button.calendario-chip__abrir'),
  ).toHaveAttribute('draggable', 'false');
  await delDia.getByTestId(`calendario-orden-${orden.id}`).locator('button.calendario-chip__abrir').click();
  await expect(page).toHaveURL(new RegExp(`/orden/${orden.id}$`));
});
