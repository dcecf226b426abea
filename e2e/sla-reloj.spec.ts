import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, iniciarSesion, listaOrdenes, pantallaActual } from './helpers';
import { arrancarConReloj, PUERTO_RELOJ, type ServidorConReloj } from './reloj';

/**
 * Issue 34's proof, as a company lives it: the administrator sets the working hours and a service
 * level policy, an order comes in, the clock runs (the server's, under libfaketime, and the
 * browser's with it): the countdown turns amber and the 80 % warning arrives, then red and the
 * breach; the order is finished late, and the client's monthly report and the compliance screen
 * count it as broken.
 *
 * A server of its own (e2e/reloj.ts) so the shared server keeps today's date. The warnings come
 * from the scan's own minute after each jump, as in production.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const AUTH_ADMIN = { Authorization: `admin#${md5(DEMO_PASSWORD)}` };
const ZONA = 'America/Argentina/Buenos_Aires';
const H = 3_600_000;

let servidor: ServidorConReloj | undefined;

test.use({ baseURL: `http://127.0.0.1:${PUERTO_RELOJ}` });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  servidor = await arrancarConReloj(PUERTO_RELOJ);
});

test.afterAll(async () => {
  await servidor?.detener();
});

async function api<T>(
  request: APIRequestContext,
  metodo: 'GET' | 'POST' | 'PUT',
  ruta: string,
  datos?: object,
): Promise<T> {
  const r = await request.fetch(ruta, { method: metodo, headers: AUTH_ADMIN, ...(datos ? { data: datos } : {}) });
  expect(r.ok(), `${metodo} ${ruta}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

/** The company's day (yyyy-mm-dd) of an instant. */
const dia = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONA }).format(new Date(ms));

/** 10:00 of the first Monday at least two days after `desde` that is not a holiday of the company. */
function lunesHabil(desde: number, feriados: Set<string>): number {
  for (let d = desde + 2 * 24 * H; ; d += 24 * H) {
    const diaDeLaSemana = new Intl.DateTimeFormat('en-US', { timeZone: ZONA, weekday: 'short' }).format(new Date(d));
    const manana = new Date(d + 24 * H);
    if (diaDeLaSemana === 'Mon' && !feriados.has(dia(d)) && !feriados.has(dia(manana.getTime()))) {
      return Date.parse(`${dia(d)}T10:00:00-03:00`);
    }
  }
}

/** Both clocks to `instante`: the server's and the page's. */
async function llevarA(page: Page, instante: number): Promise<void> {
  servidor!.llevarA(instante);
  await page.clock.setSystemTime(instante);
}

test('horario y política, una orden, el reloj corre: ámbar y aviso al 80 %, rojo al vencer, finalizada tarde y contada como incumplida @una-pantalla', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const reloj = servidor!;
  const { feriados } = await api<{ feriados: { dia: string; seTrabaja: boolean }[] }>(
    request,
    'GET',
    '/api/v4/sla/calendario',
  );
  const lunes = lunesHabil(reloj.ahora(), new Set(feriados.filter((f) => !f.seTrabaja).map((f) => f.dia)));
  reloj.llevarA(lunes);
  await page.clock.install({ time: lunes });

  // 1. The administrator adds a Saturday morning shift to the company's hours.
  await iniciarSesion(page, 'admin');
  await page.goto('/horario');
  const horario = pantallaActual(page);
  await horario.getByRole('button', { name: 'Agregar horario al sábado' }).click();
  await horario.getByTestId('horario-desde-6-0').locator('input').fill('09:00');
  await horario.getByTestId('horario-hasta-6-0').locator('input').fill('13:00');
  await horario.getByRole('button', { name: 'Guardar horario' }).click();
  await expect
    .poll(
      async () =>
        (await api<{ semana: Record<string, unknown[]> }>(request, 'GET', '/api/v4/sla/calendario')).semana['6'],
    )
    .toEqual([{ desde: 540, hasta: 780 }]);

  // 2. A policy for every order: answer within 2 business hours, resolve within 1 business day.
  await page.goto('/sla');
  const sla = pantallaActual(page);
  await sla.getByTestId('politica-nueva').click();
  const form = sla.getByTestId('politica-form');
  await form.getByTestId('politica-nombre').locator('input').fill('Contrato general');
  await form.getByTestId('politica-respuesta-cantidad').locator('input').fill('2');
  await form.getByTestId('politica-resolucion-cantidad').locator('input').fill('1');
  await form.getByTestId('politica-guardar').click();
  const politica = sla.getByTestId('politicas-lista');
  await expect(politica).toContainText('Contrato general');
  await expect(politica).toContainText('Respuesta: 2 h hábiles');
  await expect(politica).toContainText('Resolución: 1 día hábil');

  // 3. An order comes in (Monday 10:00), for the operario.
  const { id: cliente, nombre: nombreCliente } = (
    await api<{ id: number; nombre: string }[]>(request, 'GET', '/api/v4/clientes')
  )[0]!;
  const usuarios = await api<{ id: number; usuario: string }[]>(request, 'GET', '/api/v2/usuarios');
  const operario = usuarios.find((u) => u.usuario === 'operario')!.id;
  const titulo = `Pérdida de gas ${Date.now().toString(36)}`;
  const orden = await api<{ id: number; numero: number }>(request, 'POST', '/api/v2/ordenes/save', {
    titulo,
    cliente,
    responsable: [operario],
  });
  await page.goto('/home');
  const fila = listaOrdenes(page).locator('ion-item', { hasText: titulo });
  const cuenta = fila.getByTestId('sla-cuenta');
  await expect(cuenta).toHaveAttribute('data-nivel', 'verde');
  await expect(cuenta).toContainText('Vence en 2 h hábiles');

  // 4. 1 h 45 later (87 % of the answer's time): amber, and the scan's next minute warns.
  await llevarA(page, lunes + 1.75 * H);
  await expect(cuenta).toHaveAttribute('data-nivel', 'ambar', { timeout: 70_000 });
  await expect
    .poll(
      async () =>
        (await api<{ tipo: string; ordenId: number | null }[]>(request, 'GET', '/api/v2/notificaciones/all')).filter(
          (n) => n.ordenId === orden.id && n.tipo === 'SLA_POR_VENCER',
        ).length,
      { timeout: 150_000, intervals: [3_000] },
    )
    .toBe(1);
  await page.goto('/notificaciones');
  await expect(pantallaActual(page)).toContainText(`La orden #${orden.numero} usó el 80 % de su plazo de respuesta`);

  // 5. Tuesday 11:00: the answer and the resolution are both past due; red, and the breach escalated.
  const martes11 = lunes + 25 * H;
  await llevarA(page, martes11);
  await expect
    .poll(
      async () =>
        (await api<{ tipo: string; ordenId: number | null }[]>(request, 'GET', '/api/v2/notificaciones/all')).filter(
          (n) => n.ordenId === orden.id && n.tipo === 'SLA_INCUMPLIDO',
        ).length,
      { timeout: 150_000, intervals: [3_000] },
    )
    .toBe(2);
  await page.goto('/home');
  await expect(listaOrdenes(page).locator('ion-item', { hasText: titulo }).getByTestId('sla-cuenta')).toHaveAttribute(
    'data-nivel',
    'rojo',
  );

  // 6. Finished late: the detail says so.
  await api(request, 'PUT', `/api/v2/estado/${orden.id}`, { estado: 2, comentarios: 'En camino' });
  await api(request, 'PUT', `/api/v2/estado/${orden.id}`, { estado: 4, comentarios: 'Reparado' });
  await page.goto(`/orden/${orden.id}`);
  const detalle = pantallaActual(page).getByTestId('sla-orden');
  await expect(detalle).toContainText('Contrato general');
  await expect(detalle.getByTestId('sla-resolucion')).toContainText('fuera de plazo');

  // 7. Both targets stay broken in the order's service level.
  const { sla: nivel } = await api<{
    sla: { respuesta: { incumplidaEn: number | null }; resolucion: { cumplidaEn: number; vence: number } };
  }>(request, 'GET', `/api/v3/ordenDTO/${orden.id}`);
  expect(nivel.respuesta.incumplidaEn).not.toBeNull();
  expect(nivel.resolucion.cumplidaEn).toBeGreaterThan(nivel.resolucion.vence);

  // 8. The client's report of the month shows the order with both targets broken.
  await page.goto(`/sla/informe?cliente=${cliente}&mes=${dia(lunes).slice(0, 7)}`);
  const informe = pantallaActual(page).getByTestId('informe-sla');
  await expect(informe.getByTestId(`informe-sla-orden-${orden.numero}`)).toContainText(
    'Respuesta: Incumplido · Resolución: Incumplido',
  );

  // 9. And «Cumplimiento de SLA» counts it for its client.
  await page.goto(`/cumplimiento-sla?por=cliente&desde=${dia(lunes)}&hasta=${dia(martes11)}`);
  const tabla = pantallaActual(page).getByTestId('cumplimiento-tabla');
  await expect(tabla.getByTestId('cumplimiento-fila').filter({ hasText: nombreCliente })).toBeVisible();
  await expect(pantallaActual(page).getByTestId('cumplimiento-totales')).toContainText('a tiempo');
});
