import { expect, test } from '@playwright/test';
import { md5 } from './accounts-correo';
import { contextoTelefono, DEMO_PASSWORD, iniciarSesion, pantallaActual } from './helpers';

/**
 * People outside the company (issue 33): the administrator turns on Clínica San Martín's request
 * link; a phone without a session opens an equipo's QR URL and sends a request with a photo; the
 * supervisor (who may delegate for that client) sees it arrive live in «Solicitudes», accepts it and
 * lands on the new order; the requester's tracking page says it was accepted and links the order's
 * public summary. Then (part 2) the supervisor hands the order to a contractor; the contractor, in a
 * browser of their own and without an account, accepts it, goes offline, adds a photo and hours,
 * comes back online and both are sent once; the supervisor sees them live under «Externo: nombre»;
 * the supervisor revokes the link and the contractor's next change is refused.
 */

const autorizacion = (usuario: string) => ({ authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });
const CLIENTE = 'Clínica San Martín';
const EQUIPO = 'Autoclave';
const CONTRATISTA = 'Pedro Gasista';

/** A small real PNG (one red pixel, 1×1): the server decodes it as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('Solicitudes y externos: un teléfono sin sesión pide desde el QR de un equipo con una foto; el supervisor la acepta en vivo y entrega la orden a un contratista, que sin conexión suma una foto y horas; la empresa lo ve en vivo y revoca el enlace', async ({
  page,
  browser,
  request,
}) => {
  // Four browsers (requester, supervisor, contractor, admin) and an offline round: more than the default.
  test.slow();
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

  // The supervisor hands the order to a contractor (a name and an email).
  const orden = pantallaActual(page);
  const externos = orden.getByTestId('externos-seccion');
  await externos.getByTestId('externos-entregar').click();
  await externos.getByTestId('externos-nombre').locator('input').fill(CONTRATISTA);
  await externos.getByTestId('externos-email').locator('input').fill('pedro@contratistas.example.com');
  await externos.getByTestId('externos-confirmar').click();
  await expect(externos.getByTestId('externos-estado')).toContainText('Activo');
  const enlaceExterno = await externos.getByTestId('externos-enlace-url').inputValue();
  expect(enlaceExterno).toMatch(/\/externo\/[A-Za-z0-9_-]{43}$/);

  // The contractor opens it in a browser of their own (no account) and accepts the order.
  const contratista = await contextoTelefono(browser);
  const cel = await contratista.newPage();
  await cel.goto(`${origen}${new URL(enlaceExterno).pathname}`);
  await expect(cel.getByTestId('externo-titulo')).toContainText(que);
  await cel.getByTestId('externo-aceptar').click();
  await expect(cel.getByTestId('externo-seccion-estado')).toBeVisible();

  // Offline (a basement): a photo and hours wait on the phone, marked pending.
  await contratista.setOffline(true);
  await cel.getByTestId('externo-foto-input').setInputFiles({ name: 'junta.png', mimeType: 'image/png', buffer: PNG });
  await expect(cel.getByTestId('externo-archivo-pendiente')).toHaveCount(1);
  await cel.getByTestId('externo-horas-horas').locator('input').fill('1');
  await cel.getByTestId('externo-horas-minutos').locator('input').fill('30');
  await cel.getByTestId('externo-horas-descripcion').locator('textarea').fill('Cambio de junta');
  await cel.getByTestId('externo-horas-guardar').click();
  await expect(cel.getByTestId('externo-pendiente')).toHaveCount(2);

  // Back online: both are sent once; the photo is now the server's, next to the request's own.
  await contratista.setOffline(false);
  await expect(cel.getByTestId('externo-pendiente')).toHaveCount(0, { timeout: 45_000 });
  await expect(cel.getByTestId('externo-archivo')).toHaveCount(2);
  await expect(cel.getByTestId('externo-archivos')).toContainText('junta.png');

  // The company sees it live (no reload), under the contractor's name.
  const suyo = `Externo: ${CONTRATISTA}`;
  await expect(orden.getByText(`Registró 1:30 h de ${suyo}`)).toBeVisible({ timeout: 15_000 });
  await expect(orden.getByText('Adjuntó el archivo «junta.png»')).toBeVisible();
  const historial = (await (
    await request.get(`/api/v2/historial/detalle/${/\/orden\/(\d+)$/.exec(page.url())?.[1]}`, {
      headers: autorizacion('admin'),
    })
  ).json()) as { tipo: string; usuario: { nombre: string } }[];
  expect(
    historial
      .filter((e) => e.usuario.nombre === suyo)
      .map((e) => e.tipo)
      .sort(),
  ).toEqual(['ARCHIVO_AGREGADO', 'EXTERNO', 'HORAS']);

  // The supervisor revokes the link; the contractor's next change is refused, with the reason.
  await externos.getByTestId('externos-revocar').click();
  await page.locator('ion-alert button', { hasText: 'Revocar' }).click();
  await expect(externos.getByTestId('externos-estado').first()).toContainText('Revocado');
  await cel.getByTestId('externo-estado-3').check();
  await cel.getByTestId('externo-comentario').locator('textarea').fill('Espero el repuesto');
  await cel.getByTestId('externo-cambiar-estado').click();
  await expect(cel.getByTestId('externo-revocado')).toContainText('revocó');
  await contratista.close();
});
