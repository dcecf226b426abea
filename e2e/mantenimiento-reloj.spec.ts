import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { abrirMenu, DEMO_PASSWORD, iniciarSesion, panelSegunElServidor, pantallaActual } from './helpers';
import { arrancarConReloj, PUERTO_RELOJ, type ServidorConReloj } from './reloj';

/**
 * Issue 32's proof, as one person does it: import an equipo, print its label, program a monthly plan
 * for it, let a month and more go by, see the orders the plan created by itself (and the plan
 * panel's count), and drag one of them to another day in the calendar.
 *
 * The time goes by on a server of its own (e2e/reloj.ts: the built server under libfaketime, a
 * fresh demo), so the journeys of the shared server keep today's date; the browser's clock is
 * moved with it (`page.clock`), so both agree on what «today» is. Nothing wakes the scheduler after
 * the jump but its own minute: pausing and resuming, or saving the plan again, would start it from
 * the new «today» and skip the days that went by.
 */

const ZONA = 'America/Argentina/Buenos_Aires';
const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const AUTH_ADMIN = { Authorization: `admin#${md5(DEMO_PASSWORD)}` };

let servidor: ServidorConReloj | undefined;

test.use({ baseURL: `http://127.0.0.1:${PUERTO_RELOJ}` });

test.beforeAll(async () => {
  // A fresh data folder is migrated and seeded: slower than a journey on a busy machine.
  test.setTimeout(200_000);
  servidor = await arrancarConReloj(PUERTO_RELOJ);
});

test.afterAll(async () => {
  await servidor?.detener();
});

/** A company day (yyyy-mm-dd) as the screens write it (dd/mm/aaaa), and back. */
const aTexto = (dia: string) => dia.split('-').reverse().join('/');
const deTexto = (texto: string) => texto.split('/').reverse().join('-');

/** The company's day `n` days after the instant `ms` (yyyy-mm-dd). */
function diaEnLaEmpresa(ms: number, n = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONA }).format(new Date(ms + n * 86_400_000));
}

async function api<T>(request: APIRequestContext, ruta: string): Promise<T> {
  const r = await request.get(ruta, { headers: AUTH_ADMIN });
  expect(r.ok(), `GET ${ruta}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

test('importa un equipo, imprime su etiqueta, programa un plan mensual, pasa el tiempo: las órdenes aparecen solas y una se arrastra en el calendario @una-pantalla', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const reloj = servidor!;
  // The browser's clock is the server's from the first page on (it runs, as a real one).
  await page.clock.install({ time: reloj.ahora() });
  const sufijo = Date.now().toString(36).toUpperCase();
  const codigo = `REL-${sufijo}`;
  const nombre = `Compresor ${sufijo}`;

  // 1. Import the equipo from a CSV (the preview first).
  await iniciarSesion(page, 'admin');
  await page.goto('/equipos-importar');
  const csv = [
    'cliente;ubicacion;nombre;codigo;marca;modelo;serie;ubicacioninterna;notas',
    `Clínica San Martín;Sede Centro;${nombre};${codigo};Atlas Copco;GA 11;SN-${sufijo};Sala de máquinas;`,
  ].join('\r\n');
  await page.getByTestId('importar-archivo').setInputFiles({
    name: 'equipos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const importar = pantallaActual(page);
  await expect(importar.getByTestId('importar-resumen')).toContainText('1 fila lista para importar');
  await importar.getByTestId('importar-confirmar').click();
  await expect(importar.getByTestId('importar-listo')).toContainText('Se importó 1 equipo.');

  // 2. Its label: found by its code, selected, printed (the PDF itself is downloaded).
  await page.goto('/equipos');
  const lista = pantallaActual(page);
  await lista.getByTestId('equipos-buscar').locator('input').fill(codigo);
  await expect(lista.getByTestId('equipos-lista').locator('.equipos-fila')).toHaveCount(1);
  await lista.getByTestId('equipos-todos').check();
  const [descarga] = await Promise.all([page.waitForEvent('download'), lista.getByTestId('equipos-imprimir').click()]);
  expect(descarga.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile(await descarga.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // 3. From the equipo, «Programar mantenimiento»: the form comes with its client, site and equipo.
  await lista.getByText(nombre).click();
  await expect(page).toHaveURL(/\/equipos\/\d+$/);
  const equipoId = Number(/\/equipos\/(\d+)$/.exec(page.url())![1]);
  await pantallaActual(page).getByTestId('equipo-programar').click();
  await expect(page).toHaveURL(new RegExp(`/mantenimiento\\?cliente=\\d+&equipo=${equipoId}&ubicacion=\\d+$`));
  const form = pantallaActual(page).getByTestId('mantenimiento-form');
  await expect(form.getByTestId('mantenimiento-equipo')).toContainText(nombre);
  const titulo = `Service mensual ${sufijo}`;
  await form.getByTestId('mantenimiento-titulo').locator('input').fill(titulo);
  // Monthly, on tomorrow's day of the month, or on the 1st when tomorrow is past the 28th (a day
  // every month has): its first date is still to come.
  const manana = Number(diaEnLaEmpresa(reloj.ahora(), 1).slice(8));
  const dia = manana <= 28 ? manana : 1;
  await form.getByTestId('mantenimiento-dia').locator('input').fill(String(dia));
  await form.getByTestId('mantenimiento-guardar').click();
  const plan = pantallaActual(page).locator('[data-testid^="mantenimiento-plan-"]', { hasText: titulo });
  await expect(plan).toContainText(`Cada mes, el día ${dia}`);
  const proximas = plan.getByTestId('mantenimiento-proximas');
  await expect(proximas).toContainText(/Próximas: \d{2}\/\d{2}\/\d{4} · \d{2}\/\d{2}\/\d{4} · \d{2}\/\d{2}\/\d{4}/);
  const [d1, d2, d3] = ((await proximas.textContent())!.match(/\d{2}\/\d{2}\/\d{4}/g) ?? []).map(deTexto) as [
    string,
    string,
    string,
  ];
  expect(d1 > diaEnLaEmpresa(reloj.ahora()), 'la primera fecha todavía no llegó').toBe(true);
  // Nothing is due yet: the equipo has no order.
  const historialAntes = await api<{ ordenes: unknown[] }>(request, `/api/v4/equipos/${equipoId}/ordenes`);
  expect(historialAntes.ordenes).toHaveLength(0);
  await panelSegunElServidor(page, request);
  await page.keyboard.press('Escape');

  // 4. A month and more goes by: server and browser wake at noon of the plan's second day.
  const despues = Date.parse(`${d2}T12:00:00-03:00`);
  reloj.llevarA(despues);
  await page.clock.setSystemTime(despues);
  expect(diaEnLaEmpresa(reloj.ahora())).toBe(d2);

  // 5. The scheduler's next minute creates both orders (the first day's, caught up, and today's):
  //    the equipo's page shows them among its open orders.
  await page.goto(`/equipos/${equipoId}`);
  const abiertas = pantallaActual(page).getByTestId('equipo-abiertas');
  await expect(async () => {
    await page.reload();
    await expect(abiertas.locator('ion-item', { hasText: titulo })).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [3_000] });
  const { ordenes } = await api<{ ordenes: { id: number; numero: number; titulo: string; fechaFin: number | null }[] }>(
    request,
    `/api/v4/equipos/${equipoId}/ordenes`,
  );
  const delPlan = ordenes.filter((o) => o.titulo === titulo);
  // One order per day of the plan, each due on its day.
  expect(delPlan.map((o) => diaEnLaEmpresa(o.fechaFin!)).sort()).toEqual([d1, d2]);

  // The plan goes on from the third day; the panel counts what is left of the new period.
  await page.goto('/mantenimiento');
  const planDespues = pantallaActual(page).locator('[data-testid^="mantenimiento-plan-"]', { hasText: titulo });
  await expect(planDespues.getByTestId('mantenimiento-proximas')).toContainText(`Próximas: ${aTexto(d3)}`);
  await panelSegunElServidor(page, request);
  await page.keyboard.press('Escape');

  // 6. The calendar of the new month: today's order is dragged to another day of it.
  const hoy = delPlan.find((o) => diaEnLaEmpresa(o.fechaFin!) === d2)!;
  const diaDestino = Number(d2.slice(8)) <= 20 ? Number(d2.slice(8)) + 5 : Number(d2.slice(8)) - 5;
  const destino = `${d2.slice(0, 8)}${String(diaDestino).padStart(2, '0')}`;
  const menu = await abrirMenu(page);
  await menu.getByText('Calendario', { exact: true }).click();
  await expect(page).toHaveURL(/\/calendario$/);
  const calendario = pantallaActual(page);
  const chip = calendario.getByTestId(`calendario-orden-${hoy.id}`);
  await expect(chip).toHaveAttribute('data-dia', d2);
  await chip.locator('button.calendario-chip__abrir').dragTo(calendario.getByTestId(`calendario-dia-${destino}`));
  await expect(page.getByText(`#${hoy.numero} ahora vence el ${aTexto(destino)}.`)).toBeVisible();
  await page.reload();
  await expect(pantallaActual(page).getByTestId(`calendario-orden-${hoy.id}`)).toHaveAttribute('data-dia', destino);
});
