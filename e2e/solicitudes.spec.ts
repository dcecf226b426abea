import { expect, test } from '@playwright/test';
import { md5 } from './accounts-correo';
import { contextoTelefono, DEMO_PASSWORD, iniciarSesion, pantallaActual } from './helpers';

/**
 * Requests from outside the company (issue 33, part 1): the administrator turns on Clínica San
 * Martín's request link; a phone without a session opens an equipo's QR URL and sends a request
 * with a photo; the supervisor (who may delegate for that client) sees it arrive live in
 * «Solicitudes», accepts it and lands on the new order; the requester's tracking page says it was
 * accepted and links the order's public summary.
 */

const autorizacion = (usuario: string) => ({ authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });
const CLIENTE = 'Clínica San Martín';
const EQUIPO = 'Autoclave';

/** A small real PNG (one red pixel, 1×1): the server decodes it as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('Solicitudes: un teléfono sin sesión pide desde el QR de un equipo con una foto; el supervisor la ve llegar en vivo, la acepta y el seguimiento lo dice', async ({
  page,
  browser,
  request,
}) => {
  const clientes = (await (
    await request.get('/api/v2/empresasAsignables', { headers: autorizacion('admin') })
  ).json()) as { id: number; nombre: string }[];
  const cliente = clientes.find((c) => c.nombre === CLIENTE);
  expect(cliente, CLIENTE).toBeDefined();
  const enlace = await request.post(`/api/v4/solicitudes/enlace/${cliente?.id}`, { headers: autorizacion('admin') });
  expect(enlace.ok(), await enlace.text()).toBe(true);
  const equipos = (await (
    await request.get(`/api/v4/equipos?cliente=${cliente?.id}&q=${encodeURIComponent(EQUIPO)}`, {
      headers: autorizacion('admin'),
    })
  ).json()) as { equipos: { nombre: string; codigoQr: string }[] };
  const equipo = equipos.equipos.find((e) => e.nombre === EQUIPO);
  expect(equipo, EQUIPO).toBeDefined();

  // The supervisor keeps the inbox open.
  await iniciarSesion(page, 'supervisor');
  await page.goto('/solicitudes');
  const bandeja = pantallaActual(page).getByTestId('solicitudes-page');
  await expect(bandeja).toBeVisible();

  // A phone without a session scans the label (a context of its own: it needs the whole address).
  const origen = new URL(page.url()).origin;
  const telefono = await contextoTelefono(browser);
  const movil = await telefono.newPage();
  await movil.goto(`${origen}/q/${equipo?.codigoQr}`);
  await expect(movil.getByTestId('solicitud-lugar')).toContainText(EQUIPO);
  const que = `Pierde vapor por la tapa ${Date.now().toString(36)}`;
  await movil.getByTestId('solicitud-que').locator('textarea').fill(`${que}\nSe nota desde la mañana.`);
  await movil.getByTestId('solicitud-nombre').locator('input').fill('Rosa Díaz');
  await movil.getByTestId('solicitud-email').locator('input').fill('rosa.diaz@example.com');
  await movil
    .getByTestId('solicitud-fotos-input')
    .setInputFiles({ name: 'tapa.png', mimeType: 'image/png', buffer: PNG });
  await expect(movil.getByTestId('solicitud-foto')).toHaveCount(1);
  await movil.getByTestId('solicitud-enviar').click();
  await expect(movil.getByTestId('solicitud-enviada')).toBeVisible();
  const seguimiento = await movil.getByTestId('solicitud-seguimiento-url').inputValue();
  expect(seguimiento).toMatch(/\/solicitud\/seguimiento\/[A-Za-z0-9_-]{43}$/);

  // It arrives live in the supervisor's inbox (no reload), with its place.
  const fila = bandeja.getByTestId('solicitudes-lista').locator('ion-item', { hasText: que });
  await expect(fila).toBeVisible({ timeout: 15_000 });
  await fila.click();
  const detalle = pantallaActual(page).getByTestId('solicitud-page');
  await expect(detalle.getByTestId('solicitud-detalle-lugar')).toContainText(EQUIPO);
  await expect(detalle.getByTestId('solicitud-detalle-fotos').locator('img')).toHaveCount(1);
  await detalle.getByTestId('solicitud-aceptar').click();

  // Accepted: the new order, with the request's first line as its title.
  await expect(page).toHaveURL(/\/orden\/\d+$/);
  await expect(pantallaActual(page).getByText(que).first()).toBeVisible();

  // The requester's tracking page says so and links the order's public summary.
  await movil.goto(`${origen}${new URL(seguimiento).pathname}`);
  await expect(movil.getByTestId('seguimiento-estado')).toContainText('Aceptada');
  await expect(movil.getByTestId('seguimiento-resumen')).toBeVisible();
  await telefono.close();
});
