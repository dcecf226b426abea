import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { abrirMenu, DEMO_PASSWORD, iniciarSesion, listaOrdenes, pantallaActual } from './helpers';

/** Live channel and notifications (issue 6): SPEC §1, §4 Connection, §7 Live socket and Notifications, §9. */

const MD5 = createHash('md5').update(DEMO_PASSWORD).digest('hex');
const autorizacion = (usuario: string) => ({ Authorization: `${usuario}#${MD5}` });

/** The screen on top (Ionic keeps the pages left behind in the DOM, hidden). */
/** The screen on top (ion-app itself also carries the ion-page class). */
function pantalla(page: Page) {
  return pantallaActual(page);
}

function indicador(page: Page) {
  // Inside the menu: present (hidden on phones until the menu opens) while someone is logged in.
  return page.getByTestId('connection-indicator');
}

async function idDeUsuario(request: APIRequestContext, usuario: string): Promise<number> {
  const r = await request.get('/api/v4/login', { headers: autorizacion(usuario) });
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { id: number }).id;
}

async function noLeidas(request: APIRequestContext, usuario: string): Promise<number> {
  const r = await request.get('/api/v2/notificaciones/all', { headers: autorizacion(usuario) });
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { leida: boolean }[]).filter((n) => !n.leida).length;
}

/** `supervisor` creates an order for `operario` through the API, as another person would elsewhere. */
async function supervisorAsigna(request: APIRequestContext, responsable: number, titulo: string) {
  const empresas = await request.get('/api/v2/empresasAsignables', { headers: autorizacion('supervisor') });
  expect(empresas.ok()).toBe(true);
  const cliente = ((await empresas.json()) as { id: number; nombre: string }[]).find(
    (c) => c.nombre === 'Municipalidad de Rosario',
  );
  expect(cliente, 'supervisor delega en Municipalidad de Rosario').toBeDefined();
  const r = await request.post('/api/v2/ordenes/save', {
    headers: autorizacion('supervisor'),
    data: { titulo, cliente: cliente?.id, responsable: [responsable] },
  });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as { id: number; numero: number };
}

/** The unread badge of the bell on the screen on top: its number, 0 when there is none. */
async function esperarInsignia(page: Page, cantidad: number) {
  const insignia = pantalla(page).getByTestId('notificaciones-no-leidas');
  if (cantidad === 0) await expect(insignia).toHaveCount(0);
  else await expect(insignia).toHaveText(cantidad > 99 ? '99+' : String(cantidad));
}

test.describe('canal en vivo y notificaciones', () => {
  test('supervisor asigna una orden: operario la ve llegar sin recargar (aviso, insignia y lista)', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const operarioId = await idDeUsuario(request, 'operario');
    const antes = await noLeidas(request, 'operario');

    await iniciarSesion(page, 'operario');
    await expect(indicador(page)).toHaveText('Conectado');
    await esperarInsignia(page, antes);
    // Nothing below reloads the page: this mark would be lost.
    await page.evaluate(() => ((window as Window & { sinRecargar?: boolean }).sinRecargar = true));

    const titulo = `En vivo ${testInfo.project.name} ${Date.now() % 1_000_000}`;
    const orden = await supervisorAsigna(request, operarioId, titulo);

    // The toast, with the notification's title and the order's title.
    const aviso = page.locator('ion-toast.aviso-notificacion');
    await expect(aviso.getByText(`Nueva orden asignada: #${orden.numero}`)).toBeVisible();
    await expect(aviso.getByText(titulo)).toBeVisible();
    // The unread badge and the order list, without a reload.
    await esperarInsignia(page, antes + 1);
    await expect(listaOrdenes(page).getByText(titulo)).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { sinRecargar?: boolean }).sinRecargar)).toBe(true);

    // 'Ver' opens the order and marks the notification read.
    await aviso.getByRole('button', { name: 'Ver' }).click();
    await expect(page).toHaveURL(new RegExp(`/orden/${orden.id}$`));
    await expect(pantalla(page).getByTestId('orden-titulo')).toContainText(titulo);
    await expect(aviso).toBeHidden();
    await esperarInsignia(page, antes);
    await expect.poll(() => noLeidas(request, 'operario')).toBe(antes);

    // On notificaciones, the next one appears on top, unread, while the screen is open.
    // The order's screen is on top (the last page; the one left may still be leaving).
    await pantalla(page).last().getByTestId('campana-notificaciones').click();
    await expect(page).toHaveURL(/\/notificaciones$/);
    const lista = pantalla(page).getByTestId('notificacion');
    await expect(lista.first()).toContainText(`Nueva orden asignada: #${orden.numero}`);
    await expect(lista.first()).toHaveAttribute('data-leida', 'true');
    // Browsers are asked only from a tap.
    await expect(pantalla(page).getByTestId('activar-push-boton')).toBeVisible();

    const segundo = `${titulo} (2)`;
    const otra = await supervisorAsigna(request, operarioId, segundo);
    await expect(lista.first()).toContainText(`Nueva orden asignada: #${otra.numero}`);
    await expect(lista.first()).toHaveAttribute('data-leida', 'false');
    await expect(lista.first().locator('.notificacion__punto')).toHaveCount(1);
    // The list shows it already: no toast over it.
    await expect(aviso).toBeHidden();

    // Tapping it opens its order and marks it read.
    await lista.first().click();
    await expect(page).toHaveURL(new RegExp(`/orden/${otra.id}$`));
    await expect.poll(() => noLeidas(request, 'operario')).toBe(antes);
    expect(await page.evaluate(() => (window as Window & { sinRecargar?: boolean }).sinRecargar)).toBe(true);
  });

  test('supervisor ve en vivo una orden que otro crea: el plan baja y la lista la muestra', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    const jromero = await idDeUsuario(request, 'jromero');
    await iniciarSesion(page, 'supervisor');
    await expect(indicador(page)).toHaveText('Conectado');
    const cupo = page.getByTestId('plan-panel').locator('.plan-panel__cupo');
    await expect(cupo).toHaveText(/^\d+ de 100 órdenes disponibles$/);
    const disponibles = Number((await cupo.textContent())?.split(' ')[0]);

    // Created elsewhere (the API, as from another device) for somebody else: no notification for
    // supervisor; the plan channel and the entity channel carry it.
    const titulo = `Plan en vivo ${testInfo.project.name} ${Date.now() % 1_000_000}`;
    await supervisorAsigna(request, jromero, titulo);
    await expect(cupo).toHaveText(`${disponibles - 1} de 100 órdenes disponibles`);
    await expect(listaOrdenes(page).getByText(titulo)).toBeVisible();
  });

  test('Cerrar sesión se desuscribe de todo y cierra el socket, que no vuelve a abrirse', async ({ page }) => {
    test.setTimeout(60_000);
    const enviados: string[] = [];
    const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/v2/delegoWS'));
    await iniciarSesion(page, 'supervisor');
    const ws = await socket;
    ws.on('framesent', (f) => enviados.push(String(f.payload)));
    await expect(indicador(page)).toHaveText('Conectado');

    let nuevos = 0;
    page.on('websocket', () => nuevos++);
    const menu = await abrirMenu(page);
    await menu.getByText('Cerrar sesión').click();
    await expect(page).toHaveURL(/\/login$/);

    await expect.poll(() => ws.isClosed()).toBe(true);
    const comandos = enviados.map((f) => f.split('\n')[0]);
    // supervisor holds crearOrden: five channels, each unsubscribed, then DISCONNECT.
    expect(comandos.filter((c) => c === 'UNSUBSCRIBE')).toHaveLength(5);
    expect(comandos).toContain('DISCONNECT');
    expect(comandos.lastIndexOf('UNSUBSCRIBE')).toBeLessThan(comandos.indexOf('DISCONNECT'));
    // No reconnection for nobody (it would come 5 s later).
    await page.waitForTimeout(6_000);
    expect(nuevos).toBe(0);
  });

  // @una-pantalla: the service worker does not depend on the screen size; one project runs it.
  test('el service worker muestra el push que envía el servidor @una-pantalla', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const sw = await request.get('/sw.js');
    expect(sw.ok()).toBe(true);
    expect(sw.headers()['content-type']).toContain('javascript');

    const origen = new URL(baseURL ?? '').origin;
    await context.grantPermissions(['notifications'], { origin: origen });
    await iniciarSesion(page, 'operario');
    // Registered by the app after login (the server has a VAPID key).
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null),
      )
      .toBe(`${origen}/sw.js`);

    // Headless Chromium cannot reach a push service: DevTools delivers the push as one would.
    const cdp = await context.newCDPSession(page);
    const registros: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registros.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registros.some((r) => r.scopeURL === `${origen}/`)).toBe(true);
    const registro = registros.find((r) => r.scopeURL === `${origen}/`);
    const mostradas = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        return (await r.getNotifications()).map((n) => ({ titulo: n.title, cuerpo: n.body, datos: n.data as unknown }));
      });
    // A worker that DevTools just woke up may miss the first delivery: deliver again until it shows.
    await expect
      .poll(
        async () => {
          await cdp.send('ServiceWorker.deliverPushMessage', {
            origin: origen,
            registrationId: registro?.registrationId ?? '',
            data: JSON.stringify({
              titulo: 'Nueva orden asignada: #900',
              mensaje: 'Cambiar filtro',
              ordenId: 900,
              id: 9000,
            }),
          });
          await page.waitForTimeout(500);
          return (await mostradas()).length;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await expect.poll(mostradas).toContainEqual({
      titulo: 'Nueva orden asignada: #900',
      cuerpo: 'Cambiar filtro',
      datos: { ordenId: 900, id: 9000 },
    });
  });
});

test.describe('indicador de conexión con el servidor que se cae y vuelve (SPEC §4, §9)', () => {
  const PUERTO = 8182;
  const BASE = `http://127.0.0.1:${PUERTO}`;
  const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let datos = '';
  let servidor: ChildProcess | null = null;

  async function arrancar(): Promise<void> {
    const hijo = spawn(process.execPath, [path.join(raiz, 'apps', 'server', 'dist', 'main.js')], {
      cwd: raiz,
      env: { ...process.env, PORT: String(PUERTO), DATA_DIR: datos },
      stdio: 'ignore',
    });
    servidor = hijo;
    const limite = Date.now() + 120_000;
    while (Date.now() < limite) {
      if (hijo.exitCode !== null) throw new Error(`el servidor terminó al arrancar (código ${hijo.exitCode})`);
      try {
        if ((await fetch(`${BASE}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((listo) => setTimeout(listo, 250));
    }
    throw new Error('el servidor no respondió /api/health a tiempo');
  }

  async function detener(): Promise<void> {
    const hijo = servidor;
    servidor = null;
    if (!hijo || hijo.exitCode !== null || hijo.signalCode !== null) return;
    const fin = new Promise((listo) => hijo.once('exit', listo));
    hijo.kill('SIGTERM');
    const forzar = setTimeout(() => hijo.kill('SIGKILL'), 15_000);
    await fin;
    clearTimeout(forzar);
  }

  test.beforeAll(() => {
    datos = mkdtempSync(path.join(os.tmpdir(), 'delego-e2e-vivo-'));
  });

  test.afterAll(async () => {
    await detener();
    rmSync(datos, { recursive: true, force: true });
  });

  // @una-pantalla: it starts and stops a server of its own; one project runs it.
  test("'Conectado', 'Sin conexión' al caer el servidor, y 'Conectado' otra vez a los 5 s de su vuelta @una-pantalla", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await arrancar();

    await page.goto(`${BASE}/login`);
    await page.getByTestId('login-usuario').locator('input').fill('operario');
    await page.getByTestId('login-password').locator('input').fill(DEMO_PASSWORD);
    await page.getByTestId('login-password').locator('input').press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(indicador(page)).toHaveText('Conectado');

    await detener();
    await expect(indicador(page)).toHaveText('Sin conexión');
    // Still down after a couple of retries (one every 5 s): it keeps saying so.
    await page.waitForTimeout(6_000);
    await expect(indicador(page)).toHaveText('Sin conexión');

    await arrancar();
    const listo = Date.now();
    // The next retry comes within 5 s of the server's return.
    await expect(indicador(page)).toHaveText('Conectado', { timeout: 7_000 });
    expect(Date.now() - listo).toBeLessThan(7_000);
    // The page was never reloaded: the session and the screen are the same.
    await expect(listaOrdenes(page)).toBeVisible();
  });
});
