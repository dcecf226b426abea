import { expect, test, type Locator, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { md5 } from './accounts-correo';
import { DEMO_PASSWORD, iniciarSesion, pantallaActual } from './helpers';

/**
 * The client's side of an order (issue 16): share an order, open the link in a fresh browser with
 * no session, change the state as the responsable and see the public page follow; delegate the
 * billing data, fill the form from the captured mail, and see the data on the order. Runs as
 * `otra` (Otra Empresa, unlimited plan): the orders it creates leave the demo company as seeded.
 */

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUERTO = process.env.E2E_PORT ?? '8181';
const CARPETA_CORREO = path.join(RAIZ, PUERTO === '8181' ? '.data-e2e' : `.data-e2e-${PUERTO}`, 'correo');
const AUTH = { authorization: `otra#${md5(DEMO_PASSWORD)}` };

/** Quoted-printable, as the .eml files carry the HTML and text parts. */
function decodificar(eml: string): string {
  const sinCortes = eml.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < sinCortes.length; i++) {
    const hex = sinCortes[i] === '=' ? /^[0-9A-F]{2}/.exec(sinCortes.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(sinCortes[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The path (with its fragment) of the billing form in the newest billing mail to `para`. */
async function enlaceDeFacturacion(para: string, despuesDe: string[]): Promise<string> {
  let enlace = '';
  await expect
    .poll(
      async () => {
        const nombres = (await readdir(CARPETA_CORREO).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.eml') && n.includes('-facturacion-') && !despuesDe.includes(n))
          .sort()
          .reverse();
        for (const n of nombres) {
          const eml = decodificar(await readFile(path.join(CARPETA_CORREO, n), 'utf8'));
          if (!eml.includes(para)) continue;
          enlace =
            /https?:\/\/[^\s"<>]+(\/ordersummary\/[A-Za-z0-9_-]+#facturacion=[A-Za-z0-9_-]+)/.exec(eml)?.[1] ?? '';
          if (enlace) return enlace;
        }
        return '';
      },
      { message: `correo de facturación para ${para}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return enlace;
}

async function elegirEnPopover(page: Page, select: Locator, opcion: string): Promise<void> {
  await select.click();
  const popover = page.locator('ion-popover');
  await popover.locator('.select-interface-option').filter({ hasText: opcion }).click();
  await expect(popover).toHaveCount(0);
}

test('compartir una orden, seguirla sin sesión y recibir los datos de facturación del cliente', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // An order of Otra Empresa whose responsable is its owner, for a client with an email.
  const clientes = (await (await request.get('/api/v4/clientes', { headers: AUTH })).json()) as {
    id: number;
    nombre: string;
    email: string | null;
  }[];
  const cliente = clientes.find((c) => c.email) as { id: number; email: string };
  const yo = (await (await request.get('/api/v4/login', { headers: AUTH })).json()) as { id: number };
  const titulo = `Pérgola <b>${Date.now().toString(36)}</b>`;
  const alta = await request.post('/api/v2/ordenes/save', {
    headers: AUTH,
    data: { titulo, detalle: 'NOTA-INTERNA: cobrar aparte', cliente: cliente.id, responsable: yo.id },
  });
  expect(alta.status(), await alta.text()).toBe(200);
  const orden = (await alta.json()) as { id: number; numero: number };

  await iniciarSesion(page, 'otra');
  await page.goto(`/orden/${orden.id}`);
  const detalle = pantallaActual(page);
  await expect(detalle.getByTestId('orden-titulo')).toHaveText(titulo);

  // Compartir con el cliente: create the link and read it from the sheet.
  await detalle.getByTestId('accion-compartir-cliente').click();
  const hoja = page.getByTestId('compartir-sheet');
  await hoja.getByTestId('compartir-crear').click();
  const campoUrl = hoja.getByTestId('compartir-url');
  await expect(campoUrl).toHaveValue(/\/ordersummary\/[A-Za-z0-9_-]{43}$/);
  const url = await campoUrl.inputValue();
  await expect(hoja.getByTestId('compartir-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  await hoja.getByRole('button', { name: 'Cerrar' }).click();
  await expect(hoja).toBeHidden();

  // A fresh browser, no session: the public page.
  const cliente2 = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'es-AR' });
  const publica = await cliente2.newPage();
  await publica.goto(new URL(url).pathname);
  await expect(publica.getByTestId('resumen-titulo')).toHaveText(titulo);
  await expect(publica.getByTestId('resumen-empresa')).toHaveText('Otra Empresa S.R.L.');
  await expect(publica.getByTestId('resumen-estado')).toHaveText('Pendiente');
  await expect(publica.getByTestId('resumen-responsables')).toHaveText('Roberto');
  await expect(publica.locator('body')).not.toContainText('NOTA-INTERNA');
  await expect(publica.locator('body')).not.toContainText('Díaz');

  // The responsable moves the order; the public page follows by itself (it asks every 30 s).
  await detalle.getByTestId('accion-estado').click();
  await expect(page).toHaveURL(/\/cambio-estado\?id=\d+$/);
  const form = pantallaActual(page);
  await form.locator('ion-radio').filter({ hasText: 'En proceso' }).click();
  await form.getByTestId('cambio-estado-comentario').locator('textarea').fill('COMENTARIO-PRIVADO del equipo');
  await form.getByTestId('cambio-estado-guardar').click();
  await expect(page).toHaveURL(/\/orden\/\d+$/);
  await expect(publica.getByTestId('resumen-estado')).toHaveText('En proceso', { timeout: 45_000 });
  await expect(publica.getByTestId('resumen-historial').locator('li')).toHaveCount(2);
  await expect(publica.locator('body')).not.toContainText('COMENTARIO-PRIVADO');

  // Delegate the billing data to the client.
  const yaEstaban = await readdir(CARPETA_CORREO).catch(() => [] as string[]);
  await pantallaActual(page).getByTestId('accion-delegar-facturacion').click();
  const alerta = page.locator('ion-alert');
  await expect(alerta.locator('input')).toHaveValue(cliente.email);
  await alerta.getByRole('button', { name: 'Enviar' }).click();
  await expect(pantallaActual(page).getByTestId('facturacion-delegada')).toContainText(
    'Facturación delegada: esperando datos del cliente',
  );

  // The client opens the mail's link (same fresh browser) and fills the form.
  const enlace = await enlaceDeFacturacion(cliente.email, yaEstaban);
  await publica.goto(enlace);
  const f = publica.getByTestId('facturacion-publica');
  await expect(f).toBeVisible();
  await f.getByTestId('facturacion-razon-social').locator('input').fill('Panadería <i>El Molino</i>');
  await f.getByTestId('facturacion-cuit').locator('input').fill('20-12345678-5');
  await elegirEnPopover(publica, f.getByTestId('facturacion-condicion-iva'), 'Monotributista');
  await f.getByTestId('facturacion-domicilio').locator('input').fill('Güemes 2800, Mar del Plata');
  await f.getByTestId('facturacion-email').locator('input').fill('facturas@elmolino.example.com');
  await f.getByTestId('facturacion-enviar').click();
  // A wrong check digit is refused on the field, in Spanish.
  await expect(f.getByTestId('facturacion-cuit')).toContainText('el dígito verificador no coincide');
  await f.getByTestId('facturacion-cuit').locator('input').fill('20-12345678-6');
  await f.getByTestId('facturacion-enviar').click();
  await expect(publica.getByTestId('facturacion-enviada')).toContainText(
    'Gracias: recibimos los datos de facturación.',
  );

  // The order shows the data (live: its responsable and creator are notified).
  const datos = pantallaActual(page).getByTestId('orden-datos-facturacion');
  await expect(datos).toContainText('Panadería <i>El Molino</i>', { timeout: 20_000 });
  await expect(datos).toContainText('20-12345678-6');
  await expect(datos).toContainText('Monotributista');
  await expect(pantallaActual(page).getByTestId('facturacion-delegada')).toHaveCount(0);

  // The form works once: opened again, it says so.
  await publica.reload();
  await expect(publica.getByTestId('facturacion-no-pendiente')).toBeVisible();
  await cliente2.close();

  // Revoked: the public page says the link is not available.
  await pantallaActual(page).getByTestId('accion-compartir-cliente').click();
  await hoja.getByTestId('compartir-revocar').click();
  await page.locator('ion-alert').getByRole('button', { name: 'Revocar' }).click();
  await expect(hoja.getByTestId('compartir-sin-enlace')).toBeVisible();
  const otro = await browser.newContext();
  const p2 = await otro.newPage();
  await p2.goto(new URL(url).pathname);
  await expect(p2.getByTestId('resumen-no-disponible')).toBeVisible();
  await otro.close();
});
