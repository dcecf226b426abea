import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, iniciarSesion, panelSegunElServidor, pantallaActual } from './helpers';

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const AUTH_ADMIN = { Authorization: `admin#${md5(DEMO_PASSWORD)}` };

/** Today in the demo company's time zone, as the plans count days. */
function hoyEnLaEmpresa(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
}

async function api<T>(request: APIRequestContext, metodo: 'get' | 'post' | 'delete', ruta: string, data?: unknown) {
  const r = await request[metodo](ruta, { headers: AUTH_ADMIN, ...(data === undefined ? {} : { data }) });
  expect(r.ok(), `${metodo.toUpperCase()} ${ruta}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

/**
 * Issue 32: a plan due today, saved for the demo's boiler, becomes an order by itself (the server's
 * scheduler wakes on the save): the equipo's page shows it among its open orders, the side menu's
 * plan panel counts what the schedules will still create, and the plan is gone afterwards.
 */
test('un plan que vence hoy crea su orden sola: la ve el equipo y el panel del plan cuenta las programadas @una-pantalla', async ({
  page,
  request,
}) => {
  const titulo = `Purga de caldera ${Date.now()}`;
  const { equipos } = await api<{ equipos: { id: number; cliente: { id: number } }[] }>(
    request,
    'get',
    '/api/v4/equipos?q=HLA-CAL-01',
  );
  const caldera = equipos[0]!;
  const plan = await api<{ id: number }>(request, 'post', '/api/v2/mantenimiento', {
    cliente: caldera.cliente.id,
    equipo: caldera.id,
    regla: { tipo: 'dias', cada: 1 },
    inicio: hoyEnLaEmpresa(),
    plantilla: { titulo, detalle: 'Purga y control de presión.', responsable: [] },
  });
  try {
    await iniciarSesion(page, 'admin');
    await page.goto(`/equipos/${caldera.id}`);
    const abiertas = pantallaActual(page).getByTestId('equipo-abiertas');
    // The order is created by the scheduler right after the save: reload until it is there.
    await expect(async () => {
      await page.reload();
      await expect(abiertas).toContainText(titulo, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // The panel says what the server projects for the rest of the period (nothing when nothing is left).
    await panelSegunElServidor(page, request);
    await page.keyboard.press('Escape');
  } finally {
    await api(request, 'delete', `/api/v2/mantenimiento/${plan.id}`);
  }
});
