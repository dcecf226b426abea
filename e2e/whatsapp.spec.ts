import { expect, test } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { md5 } from './accounts-correo';
import { DEMO_PASSWORD, iniciarSesion, pantallaActual } from './helpers';

/**
 * WhatsApp (issue 35): the operario turns WhatsApp on for «Asignada a usted» on Notificaciones (their
 * number and consent), the administrator assigns them an order, the test mode's message file holds
 * the Spanish text with the order's public link, and the order's history shows the message sent.
 * The server runs in the test mode (no WHATSAPP_TOKEN): each message is a JSON file in
 * DATA_DIR/whatsapp; e2e/serve.mjs gives each port its own data folder.
 */

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUERTO = process.env.E2E_PORT ?? '8181';
const CARPETA = path.join(RAIZ, PUERTO === '8181' ? '.data-e2e' : `.data-e2e-${PUERTO}`, 'whatsapp');

/** Every kind by the app and push, nothing by mail or WhatsApp: what a user has until they choose. */
const PREDETERMINADOS = { app: true, push: true, correo: false, whatsapp: false };
const CANALES_POR_OMISION = {
  ORDEN_ASIGNADA: PREDETERMINADOS,
  ORDEN_ESTADO: PREDETERMINADOS,
  SLA_POR_VENCER: PREDETERMINADOS,
  SOLICITUD_RECIBIDA: PREDETERMINADOS,
};

const autorizacion = (usuario: string) => ({ authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });

interface ArchivoMensaje {
  numero: string;
  plantilla: string;
  parametros: string[];
  texto: string;
}

/** The test mode's file of the message about this order's number, waiting for the worker to write it. */
async function mensajeDeLaOrden(numero: number): Promise<ArchivoMensaje> {
  let hallado: ArchivoMensaje | undefined;
  await expect
    .poll(
      async () => {
        for (const nombre of await readdir(CARPETA).catch(() => [] as string[])) {
          if (!nombre.startsWith('delego_orden_asignada-')) continue;
          const m = JSON.parse(await readFile(path.join(CARPETA, nombre), 'utf8')) as ArchivoMensaje;
          if (m.parametros[1] === String(numero)) hallado = m;
        }
        return hallado !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return hallado as ArchivoMensaje;
}

test('WhatsApp: «Asignada a usted» por WhatsApp, el archivo del modo de prueba con el texto y el enlace a la orden en la app, y la historia', async ({
  page,
  request,
}) => {
  // The operario chooses WhatsApp for «Asignada a usted», with their number and consent.
  await iniciarSesion(page, 'operario');
  await page.goto('/notificaciones');
  const canales = pantallaActual(page).getByTestId('canales-aviso');
  await canales.getByTestId('canales-aviso-abrir').click();
  await expect(canales.getByTestId('whatsapp-modo-prueba')).toBeVisible();
  await canales.getByTestId('canales-numero').locator('input').fill('011 15 5555-0101');
  // Ticked once (the phone's run finds the desktop's choice saved: the same ticks stay).
  for (const casilla of [canales.getByTestId('canales-acepta'), canales.getByTestId('canal-ORDEN_ASIGNADA-whatsapp')]) {
    if (!(await casilla.evaluate((e) => (e as HTMLElement & { checked: boolean }).checked))) await casilla.click();
    await expect(casilla).toHaveJSProperty('checked', true);
  }
  await canales.getByTestId('canales-guardar').click();
  await expect(page.getByText('Se guardaron sus canales de aviso.')).toBeVisible();
  // The number as the server keeps it.
  await expect(canales.getByTestId('canales-numero').locator('input')).toHaveValue('+5491155550101');

  // The administrator assigns them an order (through the API, as another person would).
  const yo = (await (await request.get('/api/v4/login', { headers: autorizacion('operario') })).json()) as {
    id: number;
  };
  const clientes = (await (
    await request.get('/api/v2/empresasAsignables', { headers: autorizacion('admin') })
  ).json()) as { id: number }[];
  const titulo = `Bomba del tanque ${Date.now().toString(36)}`;
  const r = await request.post('/api/v2/ordenes/save', {
    headers: autorizacion('admin'),
    data: { titulo, cliente: clientes[0]?.id, responsable: [yo.id] },
  });
  expect(r.ok(), await r.text()).toBe(true);
  const orden = (await r.json()) as { id: number; numero: number };

  // The test mode wrote the message: the Spanish text with the order's link in the app.
  const m = await mensajeDeLaOrden(orden.numero);
  expect(m.numero).toBe('+5491155550101');
  expect(m.texto).toMatch(
    new RegExp(
      `^Hola .+, se le asignó la orden #${orden.numero}: ${titulo}\\. Véala aquí: https?://\\S+/orden/${orden.id}$`,
    ),
  );
  const enlace = m.parametros[3] as string;
  // The link opens the order in the app, where the operario works on it.
  await page.goto(new URL(enlace).pathname);
  await expect(pantallaActual(page).getByText(titulo).first()).toBeVisible();

  // The order's history shows the message and its status.
  const linea = pantallaActual(page).locator('[data-testid="historial-linea"][data-tipo="whatsapp"]');
  await expect(linea).toContainText(/WhatsApp a .+: enviado/);
});

// The operario's channels back as the demo has them: the journeys after this one count the history
// of orders assigned to them, which a message by WhatsApp would lengthen.
test.afterAll(async ({ request }) => {
  const r = await request.put('/api/v4/whatsapp/canales', {
    headers: autorizacion('operario'),
    data: { numero: null, acepta: false, eventos: CANALES_POR_OMISION },
  });
  expect(r.ok(), await r.text()).toBe(true);
});
