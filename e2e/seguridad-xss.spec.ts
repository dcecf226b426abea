import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, ingresar, listaOrdenes, pantallaActual } from './helpers';

/**
 * Stored XSS (issue 10): names and texts that people type are shown as text on every screen.
 * HTML stored in every editable field must neither run (no dialog, no `window.__xss`) nor become
 * an element with an event handler, and every page carries the Content-Security-Policy.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const CLAVE = md5(DEMO_PASSWORD);

/** Two ways a stored name may try to become HTML: an element, and breaking out of an attribute. */
const IMG = '<img src=x onerror="window.__xss=1;alert(1)">';
const SVG = '"><svg onload="window.__xss=1;alert(2)">';

type Metodo = 'get' | 'post' | 'put';

async function api<T>(
  request: APIRequestContext,
  usuario: string,
  metodo: Metodo,
  ruta: string,
  data?: unknown,
): Promise<T> {
  const r = await request[metodo](ruta, { headers: { Authorization: `${usuario}#${CLAVE}` }, data });
  expect(r.ok(), `${metodo.toUpperCase()} ${ruta}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

interface Datos {
  login: string;
  ordenId: number;
  clienteId: number;
  tipoId: number;
  areaId: number;
  usuarioId: number;
}

/** Stores the payloads in every field a person can edit, through the API. */
async function sembrar(request: APIRequestContext): Promise<Datos> {
  const sufijo = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  const login = `xss${sufijo}`;
  const P = 'propietario';

  const area = await api<{ id: number }>(request, P, 'post', '/api/v3/areas', { nombre: `${IMG} área ${sufijo}` });
  const tipo = await api<{ id: number }>(request, P, 'post', '/api/v2/tipoOrden', { nombre: `${SVG} tipo ${sufijo}` });
  const cliente = await api<{ id: number }>(request, P, 'post', '/api/v2/cliente', {
    nombre: `${IMG} cliente ${sufijo}`,
    contacto: SVG,
    direccion: IMG,
    telefono: '341 555 0000',
    notas: `${SVG} ${IMG}`,
  });
  // An administrator whose own name (and profile) carries the payloads: the side menu shows it.
  const usuario = await api<{ id: number }>(request, P, 'post', '/api/v4/usuario', {
    usuario: login,
    nombre: `${IMG} Nombre`,
    apellido: `${SVG} Apellido`,
    email: `${login}@example.com`,
    password: CLAVE,
    roles: [2],
    permisos: [
      'altaUsuarios',
      'altaClientes',
      'altaEtiquetas',
      'verEstadisticas',
      'crearOrden',
      'finalizarOrden',
      'modificarOrden',
    ],
  });
  await api(request, login, 'put', '/api/v2/profile', { nombre: `${IMG} Perfil`, apellido: `${SVG} Perfil` });

  const orden = await api<{ id: number }>(request, login, 'post', '/api/v2/ordenes/save', {
    titulo: `${IMG} título`,
    detalle: `${SVG} detalle ${IMG}`,
    cliente: cliente.id,
    responsable: [usuario.id],
    tipoOrden: tipo.id,
    area: area.id,
  });
  await api(request, login, 'put', `/api/v2/estado/${orden.id}`, { estado: 2, comentarios: `${SVG} comentario` });
  await api(request, login, 'post', `/api/v2/titulo/${orden.id}`, { titulo: `${IMG} título editado` });
  await api(request, login, 'post', `/api/v2/detalle/${orden.id}`, { detalle: `${SVG} detalle editado ${IMG}` });
  const ahora = Date.now();
  await api(request, login, 'put', `/api/v2/registro-gastos/${orden.id}`, {
    horas: [{ fecha: ahora, horas: 1, minutos: 30, descripcion: `${IMG} horas` }],
    gastos: [{ fecha: ahora, concepto: `${SVG} gasto`, monto: 100, moneda: 'ARS' }],
  });

  const subida = await request.post(`/api/v2/archivos/${orden.id}/add`, {
    headers: { Authorization: `${login}#${CLAVE}` },
    multipart: {
      archivos: {
        name: '<img src=x onerror=window.__xss=1>.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hola\n'),
      },
    },
  });
  expect(subida.ok(), `archivo: ${subida.status()} ${await subida.text()}`).toBe(true);

  // Someone else assigns them an order: a notification whose text carries the title.
  await api(request, P, 'post', '/api/v2/ordenes/save', {
    titulo: `${SVG} asignada`,
    cliente: cliente.id,
    responsable: [usuario.id],
  });

  return {
    login,
    ordenId: orden.id,
    clienteId: cliente.id,
    tipoId: tipo.id,
    areaId: area.id,
    usuarioId: usuario.id,
  };
}

/** Elements with an inline event handler or a script, in the document and every shadow root. */
async function elementosInyectados(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hallados: string[] = [];
    const recorrer = (raiz: Document | ShadowRoot) => {
      for (const el of Array.from(raiz.querySelectorAll('*'))) {
        const conManejador = Array.from(el.attributes).some((a) => /^on/i.test(a.name));
        if (conManejador || (el.localName === 'script' && !el.hasAttribute('src'))) {
          hallados.push(el.outerHTML.slice(0, 120));
        }
        if (el.shadowRoot) recorrer(el.shadowRoot);
      }
    };
    recorrer(document);
    return hallados;
  });
}

async function revisar(page: Page, dialogos: string[], donde: string): Promise<void> {
  // Let Ionic finish rendering (it re-inserts slotted text after the first paint).
  await page.waitForTimeout(400);
  expect(dialogos, `diálogos en ${donde}`).toEqual([]);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `window.__xss en ${donde}`).toBeUndefined();
  expect(await elementosInyectados(page), `elementos inyectados en ${donde}`).toEqual([]);
}

test.describe('seguridad: XSS almacenado', () => {
  test('HTML guardado en cada nombre y texto se muestra como texto en todas las pantallas @una-pantalla', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const d = await sembrar(request);
    const dialogos: string[] = [];
    page.on('dialog', (dialogo) => {
      dialogos.push(dialogo.message());
      void dialogo.dismiss();
    });

    const inicio = await page.goto('/login');
    const csp = inicio?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(inicio?.headers()['x-content-type-options']).toBe('nosniff');

    await ingresar(page, d.login);
    await expect(page).toHaveURL(/\/home$/);
    await expect(listaOrdenes(page)).toBeVisible();
    // The side menu shows the person's (payload) name as text; the list shows the titles.
    await expect(page.locator('ion-menu').getByText(`${IMG} Perfil`, { exact: false }).first()).toBeVisible();
    await expect(listaOrdenes(page).getByText(`${IMG} título editado`)).toBeVisible();
    await revisar(page, dialogos, '/home');

    // Every screen that shows those names, opened as a person would land on it (reload included).
    const pantallas: { ruta: string; muestra?: string }[] = [
      // The quick-filter chips carry the names of the chosen client, type and area.
      {
        ruta: `/home?cliente=${d.clienteId}&tipo=${d.tipoId}&area=${d.areaId}&q=${encodeURIComponent(IMG)}`,
        muestra: `${IMG} cliente`,
      },
      { ruta: '/orderslistfilter' },
      { ruta: `/orden/${d.ordenId}`, muestra: `${SVG} detalle editado` },
      { ruta: `/historial?id=${d.ordenId}`, muestra: `${SVG} comentario` },
      { ruta: `/registro-historial?id=${d.ordenId}`, muestra: `${IMG} horas` },
      { ruta: `/archivos?id=${d.ordenId}` },
      { ruta: `/historial-imprimir/${d.ordenId}` },
      { ruta: `/cambio-estado?id=${d.ordenId}` },
      { ruta: `/cambio-responsable?id=${d.ordenId}` },
      { ruta: `/edicion-titulo?id=${d.ordenId}` },
      { ruta: `/edicion-detalle?id=${d.ordenId}` },
      { ruta: '/nueva-orden' },
      { ruta: '/horas-reportadas' },
      { ruta: '/notificaciones', muestra: `${SVG} asignada` },
      { ruta: '/usuarios', muestra: `${IMG} Perfil` },
      { ruta: `/usuario?id=${d.usuarioId}` },
      { ruta: `/supervisor?id=${d.usuarioId}` },
      { ruta: `/asignar-roles?id=${d.usuarioId}` },
      { ruta: `/usuarios-permisos?id=${d.usuarioId}` },
      { ruta: '/clientes', muestra: `${IMG} cliente` },
      { ruta: `/cliente?id=${d.clienteId}` },
      { ruta: '/areas', muestra: `${IMG} área` },
      { ruta: `/area?id=${d.areaId}` },
      { ruta: '/tipos-orden', muestra: `${SVG} tipo` },
      { ruta: `/tipo-orden?id=${d.tipoId}` },
      { ruta: '/perfil' },
    ];
    for (const { ruta, muestra } of pantallas) {
      await page.goto(ruta);
      await expect(pantallaActual(page), ruta).toBeVisible();
      if (muestra) await expect(pantallaActual(page).getByText(muestra, { exact: false }).first(), ruta).toBeVisible();
      await revisar(page, dialogos, ruta);
    }

    // The confirmation before deleting an area quotes its name (an ion-alert message).
    await page.goto('/areas');
    await pantallaActual(page).getByTestId(`area-eliminar-${d.areaId}`).click();
    const alerta = page.locator('ion-alert.delego-confirmacion');
    await expect(alerta).toContainText(`${IMG} área`);
    await revisar(page, dialogos, 'confirmación de borrado');
    await alerta.getByRole('button', { name: 'Cancelar' }).click();

    // A picture of the areas screen with the payload, for the record (test-results).
    await page.goto('/areas');
    await expect(pantallaActual(page).getByText(`${IMG} área`, { exact: false })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('areas-con-html.png') });
  });
});
