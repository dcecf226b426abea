import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, contextoTelefono, iniciarSesion, pantallaActual } from './helpers';

/**
 * Proof of work (issue 31) at phone size: `admin` defines the checklist of an order type in «Tipos
 * de Orden»; `operario` fills an order's checklist without a connection (a failed pass/fail item,
 * a number out of range and a photo), the outbox sends it once the connection is back, and a
 * failed item becomes a follow-up order linked both ways; Finalizada stays blocked (disabled with
 * its reason, and 409 from the server) until the required items are done. Then the client signs on
 * the phone (offline first: it waits in the outbox), the PDF prints the checklist and the signature, and the client answers «No conforme»
 * from the public link, which reopens the order on operario's open page.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const auth = (usuario: string) => ({ Authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });
const FINALIZADA = 4;

interface Tipo {
  id: number;
  nombre: string;
}

async function idDeUsuario(request: APIRequestContext, usuario: string): Promise<number> {
  const r = await request.get('/api/v4/login', { headers: auth(usuario) });
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { id: number }).id;
}

/** An order type of its own for this run (the demo's types stay as they are). */
async function crearTipo(request: APIRequestContext, nombre: string): Promise<Tipo> {
  const r = await request.post('/api/v2/tipoOrden', { headers: auth('admin'), data: { nombre } });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as Tipo;
}

/** `admin` creates an order of that type for `operario`, as the office would. */
async function crearOrden(request: APIRequestContext, tipo: number, titulo: string) {
  const operario = await idDeUsuario(request, 'operario');
  const empresas = await request.get('/api/v2/empresasAsignables', { headers: auth('admin') });
  expect(empresas.ok()).toBe(true);
  const cliente = ((await empresas.json()) as { id: number; nombre: string }[]).find(
    (c) => c.nombre === 'Municipalidad de Rosario',
  );
  const r = await request.post('/api/v2/ordenes/save', {
    headers: auth('admin'),
    data: { titulo, cliente: cliente?.id, responsable: [operario], tipoOrden: tipo },
  });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as { id: number; numero: number };
}

/** A small photo drawn in the page (a JPEG). */
async function foto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const lienzo = new OffscreenCanvas(320, 240);
    const ctx = lienzo.getContext('2d')!;
    ctx.fillStyle = '#2e7d32';
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(80, 60, 160, 120);
    const bytes = new Uint8Array(
      await (await lienzo.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer(),
    );
    let binario = '';
    for (const b of bytes) binario += String.fromCharCode(b);
    return btoa(binario);
  });
  return Buffer.from(base64, 'base64');
}

async function elegirEnSelect(page: Page, select: Locator, opcion: string): Promise<void> {
  await select.click();
  const popover = page.locator('ion-popover');
  await popover.locator('.select-interface-option').filter({ hasText: opcion }).click();
  await expect(popover).toHaveCount(0);
}

async function escribir(campo: Locator, texto: string): Promise<void> {
  await campo.locator('input').fill(texto);
}

function item(page: Page, etiqueta: string): Locator {
  return pantallaActual(page).locator('[data-testid^="checklist-item-"]').filter({ hasText: etiqueta });
}

async function checklistEnServidor(request: APIRequestContext, ordenId: number) {
  const r = await request.get(`/api/v2/checklist/orden/${ordenId}`, { headers: auth('admin') });
  expect(r.ok()).toBe(true);
  return (await r.json()) as {
    progreso: { hechos: number; total: number };
    faltantes: string[];
    items: { id: number; etiqueta: string; hecho: boolean; fallido: boolean; respuesta: { fotos: unknown[] } | null }[];
  };
}

test.describe('checklists @solo-telefono', () => {
  test('admin define el checklist; operario lo completa sin conexión, con foto y un fallo que genera un seguimiento; Finalizar espera lo obligatorio', async ({
    page,
    browser,
    request,
  }, info) => {
    test.setTimeout(180_000);
    const sufijo = `${Date.now() % 1_000_000}`;
    const tipo = await crearTipo(request, `Mantenimiento bomba ${sufijo}`);

    // 1. admin: the type's checklist in «Tipos de Orden».
    await iniciarSesion(page, 'admin');
    await page.goto(`/tipo-orden?id=${tipo.id}`);
    const editor = pantallaActual(page).getByTestId('plantilla-form');
    await expect(editor.getByTestId('plantilla-version')).toHaveText('Este tipo de orden todavía no tiene checklist.');
    const items = [
      { seccion: 'Hidráulica', etiqueta: 'Presión de la bomba', tipo: 'Número', unidad: 'bar', min: '2', max: '5' },
      { seccion: 'Hidráulica', etiqueta: 'Estado de las conexiones', tipo: 'Pasa / Falla / No aplica' },
      { seccion: 'Cierre', etiqueta: 'Foto del tablero', tipo: 'Foto' },
    ];
    for (const [i, it] of items.entries()) {
      await editor.getByTestId('plantilla-agregar').click();
      await escribir(editor.getByTestId(`plantilla-seccion-${i}`), it.seccion);
      await escribir(editor.getByTestId(`plantilla-etiqueta-${i}`), it.etiqueta);
      await elegirEnSelect(page, editor.getByTestId(`plantilla-tipo-${i}`), it.tipo);
      if (it.unidad) {
        await escribir(editor.getByTestId(`plantilla-unidad-${i}`), it.unidad);
        await escribir(editor.getByTestId(`plantilla-min-${i}`), it.min ?? '');
        await escribir(editor.getByTestId(`plantilla-max-${i}`), it.max ?? '');
      }
      await editor.getByTestId(`plantilla-requerido-${i}`).click();
    }
    await editor.getByTestId('plantilla-publico-0').click();
    await page.screenshot({ path: info.outputPath('plantilla-editor.png'), fullPage: true });
    await editor.getByTestId('plantilla-guardar').click();
    await expect(page.locator('ion-toast.delego-aviso')).toContainText('Se guardó la versión 1 del checklist');
    await expect(editor.getByTestId('plantilla-version')).toContainText('Versión 1');

    const orden = await crearOrden(request, tipo.id, `Bomba de agua ${sufijo}`);
    const inicial = await checklistEnServidor(request, orden.id);
    expect(inicial.progreso).toEqual({ hechos: 0, total: 3 });

    // 2. operario on his phone: the order's checklist, answered without a connection.
    const contexto = await contextoTelefono(browser);
    const telefono = await contexto.newPage();
    await iniciarSesion(telefono, 'operario');
    await telefono.goto(`/orden/${orden.id}`);
    const seccion = pantallaActual(telefono).getByTestId('orden-checklist');
    await expect(seccion.getByTestId('checklist-progreso')).toHaveText('0 de 3');
    await expect(seccion.getByTestId('checklist-faltantes')).toContainText('«Presión de la bomba»');
    const bytes = await foto(telefono);

    await contexto.setOffline(true);
    await item(telefono, 'Estado de las conexiones').getByRole('button', { name: 'Falla' }).click();
    const presion = item(telefono, 'Presión de la bomba');
    await presion.locator('ion-input input').fill('7,5');
    await expect(presion.getByText('Fuera de rango (entre 2 y 5 bar): se guardará como fallido.')).toBeVisible();
    await presion.getByRole('button', { name: 'Guardar' }).click();
    const elegida = telefono.waitForEvent('filechooser');
    await item(telefono, 'Foto del tablero').getByRole('button', { name: /foto/i }).click();
    await (await elegida).setFiles({ name: 'tablero.jpg', mimeType: 'image/jpeg', buffer: bytes });
    // Shown at once (photo items count once the photo is on the server).
    await expect(seccion.getByTestId('checklist-progreso')).toHaveText('2 de 3');
    await expect(pantallaActual(telefono).getByTestId('cambios-pendientes')).toContainText('3 cambios pendientes');
    await telefono.screenshot({ path: info.outputPath('checklist-sin-conexion.png'), fullPage: true });
    expect((await checklistEnServidor(request, orden.id)).progreso.hechos).toBe(0);

    // Finalizada on the server while a required item is missing: 409 with the Spanish reason.
    const bloqueada = await request.put(`/api/v2/estado/${orden.id}`, {
      headers: auth('admin'),
      data: { estado: FINALIZADA, comentarios: 'Terminado' },
    });
    expect(bloqueada.status()).toBe(409);
    expect(((await bloqueada.json()) as { message: string }).message).toContain(
      'faltan ítems obligatorios del checklist',
    );

    // And on admin's screen: Finalizada disabled, with the reason beside it.
    await page.goto(`/cambio-estado?id=${orden.id}`);
    const bloqueo = pantallaActual(page).getByTestId(`estado-${FINALIZADA}-bloqueo`);
    await expect(bloqueo).toBeVisible();
    await expect(bloqueo).toContainText('No se puede finalizar: faltan ítems obligatorios del checklist');
    await expect(pantallaActual(page).getByTestId(`estado-${FINALIZADA}`)).toHaveAttribute('aria-disabled', 'true');
    await page.screenshot({ path: info.outputPath('finalizar-bloqueado.png'), fullPage: true });

    // 3. The connection is back: each answer reaches the server once, the photo with it.
    await contexto.setOffline(false);
    await expect(pantallaActual(telefono).getByTestId('cambios-pendientes')).toHaveCount(0, { timeout: 20_000 });
    await expect(seccion.getByTestId('checklist-progreso')).toHaveText('3 de 3');
    const enviado = await checklistEnServidor(request, orden.id);
    expect(enviado.progreso).toEqual({ hechos: 3, total: 3 });
    expect(enviado.faltantes).toEqual([]);
    expect(
      enviado.items
        .filter((i) => i.fallido)
        .map((i) => i.etiqueta)
        .sort(),
    ).toEqual(['Estado de las conexiones', 'Presión de la bomba']);
    expect(enviado.items.find((i) => i.etiqueta === 'Foto del tablero')?.respuesta?.fotos).toHaveLength(1);
    const archivos = await request.get(`/api/v2/archivos/${orden.id}`, { headers: auth('admin') });
    expect(
      ((await archivos.json()) as { nombre: string }[]).filter((a) => a.nombre.startsWith('tablero')),
    ).toHaveLength(1);

    // 4. A failed item becomes a follow-up order, linked both ways. operario may not create orders
    // (he is told who can); admin creates it from the item. operario is not on the company's live
    // channel (SPEC §6: only with crearOrden), but his open detail listens on the order's own: the
    // link appears there without a reload.
    const conexiones = item(telefono, 'Estado de las conexiones');
    await expect(
      conexiones.getByText('Quien pueda crear órdenes puede generar una orden de seguimiento'),
    ).toBeVisible();
    await page.goto(`/orden/${orden.id}`);
    const enAdmin = item(page, 'Estado de las conexiones');
    await enAdmin.getByRole('button', { name: 'Crear orden de seguimiento' }).click();
    await expect(enAdmin.getByText(/Seguimiento: orden #\d+/)).toBeVisible();
    await expect(conexiones.getByText(/Seguimiento: orden #\d+/)).toBeVisible();
    await telefono.screenshot({ path: info.outputPath('checklist-con-seguimiento.png'), fullPage: true });
    // The follow-up names its origin, and leads back to it.
    await enAdmin.getByText(/Seguimiento: orden #\d+/).click();
    await expect(page).not.toHaveURL(new RegExp(`/orden/${orden.id}$`));
    const origen = pantallaActual(page).getByTestId('checklist-origen');
    await expect(origen).toContainText(`orden #${orden.numero}`);
    await expect(origen).toContainText('«Estado de las conexiones»');
    // From one order's detail to another's, Ionic may keep the first page unhidden a while: the title
    // is looked for by its text.
    await expect(
      pantallaActual(page).getByTestId('orden-titulo').filter({ hasText: 'Estado de las conexiones' }),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath('orden-de-seguimiento.png'), fullPage: true });
    await origen.getByTestId('checklist-origen-link').click();
    await expect(page).toHaveURL(new RegExp(`/orden/${orden.id}$`));

    // 5. Every required item done: Finalizada is offered again.
    await page.goto(`/cambio-estado?id=${orden.id}`);
    await expect(pantallaActual(page).getByTestId(`estado-${FINALIZADA}-bloqueo`)).toHaveCount(0);
    await expect(pantallaActual(page).getByTestId(`estado-${FINALIZADA}`)).not.toHaveAttribute('aria-disabled', 'true');

    // The order list shows the progress on the order's row (on a phone, Inicio's first stage).
    await telefono.goto('/home');
    await expect(
      telefono
        .locator(`[data-testid="inicio-ligero-orden"][data-numero="${orden.numero}"]`)
        .getByTestId('orden-item-checklist'),
    ).toHaveText('Checklist: 3 de 3');
    // 6. The client signs on operario's phone: finger signature, name and DNI.
    await telefono.goto(`/orden/${orden.id}`);
    const conformidad = pantallaActual(telefono).getByTestId('orden-conformidad');
    await expect(conformidad.getByTestId('conformidad-estado')).toHaveText('Pendiente');
    await conformidad.getByTestId('accion-firma-cliente').click();
    await conformidad.getByTestId('conformidad-nombre').locator('input').fill('Laura Gómez');
    await conformidad.getByTestId('conformidad-dni').locator('input').fill('30.123.456');
    const lienzo = conformidad.getByTestId('conformidad-firma-canvas');
    await lienzo.scrollIntoViewIfNeeded();
    const caja = await lienzo.boundingBox();
    if (!caja) throw new Error('sin recuadro de firma');
    await telefono.mouse.move(caja.x + 20, caja.y + caja.height * 0.7);
    await telefono.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await telefono.mouse.move(caja.x + 20 + i * 20, caja.y + caja.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 2))));
    }
    await telefono.mouse.up();
    await expect(lienzo).toHaveAttribute('data-trazos', '1');
    // Signed where there is no signal: it waits on the phone, «pendiente», and goes when it is back.
    await contexto.setOffline(true);
    await conformidad.getByTestId('conformidad-firma-aceptar').click();
    await expect(conformidad.getByTestId('conformidad-firma-pendiente')).toContainText('Firma de Laura Gómez');
    await expect(conformidad.getByTestId('conformidad-firma-pendiente').getByTestId('marca-pendiente')).toHaveText(
      'pendiente',
    );
    await expect(conformidad.getByTestId('conformidad-estado')).toHaveText('Pendiente');
    await contexto.setOffline(false);
    await expect(conformidad.getByTestId('conformidad-firma-pendiente')).toHaveCount(0, { timeout: 20_000 });
    await expect(conformidad.getByTestId('conformidad-estado')).toHaveText('Conforme');
    await expect(conformidad.getByTestId('conformidad-firma')).toContainText('Laura Gómez (DNI 30123456)');
    await expect(conformidad.getByTestId('conformidad-imagen')).toBeVisible();
    await conformidad.scrollIntoViewIfNeeded();
    await telefono.screenshot({ path: info.outputPath('conformidad-firmada.png') });

    // 7. The PDF prints the checklist and the signature.
    await page.goto(`/historial-imprimir/${orden.id}`);
    const imprimir = pantallaActual(page);
    await expect(imprimir.getByTestId('papeleo-orden')).toContainText(`Bomba de agua ${sufijo}`);
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      imprimir.getByTestId('imprimir-descargar').click(),
    ]);
    const ruta = await descarga.path();
    expect(readFileSync(ruta).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const texto = execFileSync('pdftotext', ['-enc', 'UTF-8', ruta, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(texto).toContain('Checklist (3 de 3)');
    expect(texto).toContain('Presión de la bomba');
    expect(texto).toContain('Estado de las conexiones');
    expect(texto).toContain('Conformidad del cliente');
    expect(texto).toContain('Laura Gómez');
    const png = info.outputPath('reporte');
    execFileSync('pdftoppm', ['-png', '-r', '50', ruta, png]);
    expect(existsSync(`${png}-1.png`)).toBe(true);

    // 8. The order is finished; the client answers «No conforme» from the public link, and the order
    // reopens on operario's open page (his notification arrives live).
    const fin = await request.put(`/api/v2/estado/${orden.id}`, {
      headers: auth('admin'),
      data: { estado: FINALIZADA, comentarios: 'Trabajo terminado' },
    });
    expect(fin.ok(), await fin.text()).toBe(true);
    await telefono.goto(`/orden/${orden.id}`);
    const estado = pantallaActual(telefono).locator('.orden-detalle__insignias').getByTestId('orden-estado');
    await expect(estado).toHaveText('Finalizada');
    const enlacePublico = await request.post(`/api/v2/orden/${orden.id}/compartir`, { headers: auth('admin') });
    expect(enlacePublico.ok()).toBe(true);
    const url = ((await enlacePublico.json()) as { url: string }).url;
    const cliente = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'es-AR',
    });
    const publica = await cliente.newPage();
    await publica.goto(new URL(url).pathname);
    await expect(publica.getByTestId('resumen-checklist')).toContainText('Presión de la bomba');
    await expect(publica.getByTestId('resumen-checklist')).not.toContainText('Estado de las conexiones');
    await publica.getByTestId('conformidad-no-conforme').click();
    await publica.getByTestId('conformidad-motivo-campo').locator('textarea').fill('La bomba <b>sigue</b> goteando');
    await publica.getByTestId('conformidad-enviar-no-conforme').click();
    await expect(publica.getByTestId('conformidad-hecha')).toContainText('Registramos su no conformidad');
    await publica.screenshot({ path: info.outputPath('resumen-no-conforme.png'), fullPage: true });
    await expect(estado).not.toHaveText('Finalizada', { timeout: 15_000 });
    await expect(conformidad.getByTestId('conformidad-estado')).toHaveText('No conforme');
    await expect(conformidad.getByTestId('conformidad-remota')).toContainText('La bomba <b>sigue</b> goteando');
    await cliente.close();
    await contexto.close();
  });
});
