import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { md5 } from './accounts-correo';
import { DEMO_PASSWORD, iniciarSesion, pantallaActual } from './helpers';

/**
 * Surveys (issue 13): finish an order, send its survey from the order's detail, answer it from
 * the link of the mail the server wrote (no login), and see the responsable's live notification
 * and the chart. It runs in Otra Empresa S.R.L. (unlimited plan, its owner is the responsable), so
 * the demo company's quota that other journeys read stays as seeded.
 */

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUERTO = process.env.E2E_PORT ?? '8181';
const CARPETA_CORREO = path.join(RAIZ, PUERTO === '8181' ? '.data-e2e' : `.data-e2e-${PUERTO}`, 'correo');
const USUARIO = 'otra';
const CLIENTE = 'Constructora Patagonia';
const EMAIL_CLIENTE = 'obra@constructorapatagonia.com.ar';

const autorizacion = (usuario: string) => ({ authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });

/** `otra` creates an order for themself, for Constructora Patagonia, and finishes it (the API). */
async function ordenFinalizada(request: APIRequestContext, titulo: string): Promise<{ id: number; numero: number }> {
  const yo = (await (await request.get('/api/v4/login', { headers: autorizacion(USUARIO) })).json()) as { id: number };
  const empresas = await request.get('/api/v2/empresasAsignables', { headers: autorizacion(USUARIO) });
  const cliente = ((await empresas.json()) as { id: number; nombre: string }[]).find((c) => c.nombre === CLIENTE);
  expect(cliente, CLIENTE).toBeDefined();
  const r = await request.post('/api/v2/ordenes/save', {
    headers: autorizacion(USUARIO),
    data: { titulo, cliente: cliente?.id, responsable: [yo.id] },
  });
  expect(r.ok(), await r.text()).toBe(true);
  const orden = (await r.json()) as { id: number; numero: number };
  const fin = await request.put(`/api/v2/estado/${orden.id}`, {
    headers: autorizacion(USUARIO),
    data: { estado: 4, comentarios: 'Trabajo terminado.' },
  });
  expect(fin.ok(), await fin.text()).toBe(true);
  return orden;
}

/** The survey link's token in the newest survey mail of the order, waiting for the outbox to write it. */
async function tokenDelCorreo(numero: number, para: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const nombres = (await readdir(CARPETA_CORREO).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.eml') && n.includes('-encuesta-'))
          .sort()
          .reverse();
        for (const nombre of nombres) {
          // Quoted-printable: soft line breaks out; the token (base64url) has no character it encodes.
          const eml = (await readFile(path.join(CARPETA_CORREO, nombre), 'utf8')).replace(/=\r?\n/g, '');
          if (!new RegExp(`^To:.*${para.replace(/[.]/g, '\\.')}`, 'im').test(eml)) continue;
          if (!eml.includes(`orden #${numero}:`)) continue;
          token = /\/encuestas\/([A-Za-z0-9_-]{43})/.exec(eml)?.[1];
          return token;
        }
        return undefined;
      },
      { message: `el correo de la encuesta de la orden #${numero}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return token as string;
}

function pantalla(page: Page) {
  return pantallaActual(page);
}

test.describe('encuestas de satisfacción', () => {
  test('finalizar, enviar la encuesta, responderla desde el correo, ver el aviso y el gráfico', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const titulo = `Encuesta ${testInfo.project.name} ${Date.now() % 1_000_000}`;
    const orden = await ordenFinalizada(request, titulo);

    // The order's detail offers the survey; the form proposes the client's email.
    await iniciarSesion(page, USUARIO);
    await page.goto(`/orden/${orden.id}`);
    await pantalla(page).getByTestId('accion-enviar-encuesta').click();
    await expect(page).toHaveURL(new RegExp(`/enviar-encuesta\\?id=${orden.id}$`));
    const email = pantalla(page).getByTestId('encuesta-envio-email').locator('input');
    await expect(email).toHaveValue(EMAIL_CLIENTE);
    // Each run (one per project) writes to an address of its own: one address gets at most 3
    // unsolicited mails a day from one company (issue 28), and the projects share the demo.
    const para = `obra.${testInfo.project.name}-${Date.now() % 1_000_000}@constructorapatagonia.com.ar`;
    await email.fill(para);
    await expect(pantalla(page).getByTestId('encuesta-envio-restantes')).toHaveText(
      'Quedan 3 de 3 envíos para esta orden.',
    );
    await pantalla(page).getByTestId('encuesta-envio-enviar').click();
    const confirmacion = page.locator('ion-alert');
    await expect(confirmacion).toContainText(para);
    await confirmacion.getByRole('button', { name: 'Enviar' }).click();
    await expect(pantalla(page).getByTestId('encuesta-enviada')).toHaveCount(1);
    await expect(pantalla(page).getByTestId('encuesta-enviada')).toContainText('Sin responder');
    await expect(pantalla(page).getByTestId('encuesta-envio-restantes')).toHaveText(
      'Quedan 2 de 3 envíos para esta orden.',
    );
    await page.screenshot({ path: testInfo.outputPath('enviar-encuesta.png'), fullPage: true });

    // The client, without logging in, taps «4» in the mail: the rating is recorded at once.
    const k = await tokenDelCorreo(orden.numero, para);
    const cliente = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const pagina = await cliente.newPage();
    await pagina.goto(`/encuestas/${k}?puntaje=4`);
    await expect(pagina.getByTestId('encuesta-registrada')).toContainText('4 de 5 (Bueno)');
    await expect(pagina.getByTestId('encuesta-orden')).toHaveText(`Orden #${orden.numero}: ${titulo}`);
    await expect(pagina.getByTestId('encuesta-empresa')).toHaveText('Otra Empresa S.R.L.');
    await pagina.screenshot({ path: testInfo.outputPath('encuesta-registrada.png'), fullPage: true });

    // The responsable sees it live: the toast with the order's number.
    const aviso = page.locator('ion-toast.aviso-notificacion');
    await expect(aviso.getByText(`Encuesta respondida: orden #${orden.numero}`)).toBeVisible();

    // The client changes to 5 and adds a comment (with markup, shown as text), then sends.
    await pagina.getByTestId('encuesta-puntaje-5').click();
    const comentario = '<b>Impecable</b>, ¡gracias!';
    await pagina.getByTestId('encuesta-comentario').locator('textarea').fill(comentario);
    await pagina.getByTestId('encuesta-enviar').click();
    await expect(pagina.getByTestId('encuesta-gracias')).toContainText('5 de 5 (Excelente)');
    await expect(pagina.getByTestId('encuesta-gracias')).toContainText(comentario);
    await pagina.screenshot({ path: testInfo.outputPath('encuesta-gracias.png'), fullPage: true });
    // The same link again: already answered.
    await pagina.goto(`/encuestas/${k}?puntaje=1`);
    await expect(pagina.getByTestId('encuesta-gracias')).toContainText('5 de 5 (Excelente)');
    await cliente.close();

    // The chart screen: the answer is in the figures, the tables and the comments.
    await page.goto('/grafico-encuestas');
    await expect(pantalla(page).getByTestId('encuestas-tablero')).toBeVisible();
    await expect(pantalla(page).getByTestId('encuestas-comentarios')).toContainText(`«${comentario}»`);
    await expect(pantalla(page).getByTestId('encuestas-respondidas')).toContainText(/\d+ de \d+/);
    await expect(pantalla(page).getByRole('figure', { name: 'Distribución de calificaciones' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('grafico-encuestas.png'), fullPage: true });

    // Back on the survey screen of the order: answered, with the rating.
    await page.goto(`/enviar-encuesta?id=${orden.id}`);
    await expect(pantalla(page).getByTestId('encuesta-enviada-puntaje')).toHaveText('Calificación: 5 de 5 (Excelente)');
  });

  test('un enlace roto dice que no es válido', async ({ page }) => {
    await page.goto(`/encuestas/${'x'.repeat(43)}?puntaje=5`);
    await expect(page.getByTestId('encuesta-invalida')).toContainText('El enlace no es válido');
  });
});
