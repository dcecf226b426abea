import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { abrirMenu, DEMO_PASSWORD, iniciarSesion, listaOrdenes, pantallaActual } from './helpers';

/**
 * The order's paperwork (issue 5): `operario` attaches a photo to one of his orders, logs
 * 2 h 30 min and an expense, and `admin` downloads the order's PDF with its history.
 * Both viewports run against the same server: each names its photo after its project.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');

interface OrdenResumen {
  id: number;
  numero: number;
  titulo: string;
  responsables: { usuario: string }[];
}

/** An open order whose responsable is Diego Sosa (`operario`), as he sees it. */
async function ordenDeOperario(page: Page): Promise<OrdenResumen> {
  const respuesta = await page.request.post('/api/v4/ordenes/all/filtered', {
    headers: { Authorization: `operario#${md5(DEMO_PASSWORD)}` },
    data: { estados: [1, 2, 3], porPagina: 50 },
  });
  expect(respuesta.ok()).toBe(true);
  const { ordenes } = (await respuesta.json()) as { ordenes: OrdenResumen[] };
  const propia = ordenes.find((o) => o.responsables.some((r) => r.usuario === 'operario'));
  expect(propia, 'el operario es responsable de alguna orden abierta').toBeDefined();
  return propia as OrdenResumen;
}

/** A real PNG drawn on a canvas in the page (a blue gradient with a word). */
async function fotoPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const lienzo = document.createElement('canvas');
    lienzo.width = 640;
    lienzo.height = 480;
    const ctx = lienzo.getContext('2d');
    if (!ctx) throw new Error('sin canvas');
    const g = ctx.createLinearGradient(0, 0, 640, 480);
    g.addColorStop(0, '#1d5fb8');
    g.addColorStop(1, '#f3f6fa');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#1c2733';
    ctx.font = '64px sans-serif';
    ctx.fillText('Tablero', 60, 260);
    return lienzo.toDataURL('image/png');
  });
  const png = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return png;
}

async function esperarTransicion(page: Page): Promise<void> {
  await expect(pantallaActual(page)).toHaveCount(1);
}

async function cerrarSesion(page: Page): Promise<void> {
  const menu = await abrirMenu(page);
  await menu.getByTestId('menu-cerrar-sesion').click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
}

function campo(contenedor: Locator, testId: string, tipo: 'input' | 'textarea' = 'input'): Locator {
  return contenedor.getByTestId(testId).locator(tipo);
}

/** The success toast of these screens. */
function aviso(page: Page): Locator {
  return page.locator('ion-toast.delego-aviso');
}

/** 'H:MM h' as minutes. */
function minutosDe(texto: string): number {
  const m = /(\d+):(\d{2})/.exec(texto);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

function pdftotext(ruta: string): string | null {
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', ruta, '-'], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

test.describe('archivos, horas y gastos, reporte PDF', () => {
  test('operario adjunta una foto, registra 2 h 30 min y un gasto; admin descarga el PDF con el historial', async ({
    page,
  }) => {
    // Two users, an upload, two entries and a PDF: longer than the default 30 s allows.
    test.slow();
    const orden = await ordenDeOperario(page);
    const proyecto = test.info().project.name;
    // Underscores, not hyphens: the PDF may break a long name at a hyphen.
    const nombreFoto = `tablero_${proyecto.replace(/\W/g, '_')}_${Date.now().toString(36)}.png`;

    // operario opens the order from his list.
    await iniciarSesion(page, 'operario');
    await listaOrdenes(page).getByTestId('ordenes-buscar').locator('input').fill(orden.titulo);
    // The search goes to the address after a pause: wait for it, or it would land after the click.
    await expect(page).toHaveURL(/[?&]q=/);
    await listaOrdenes(page)
      .getByTestId('orden-item')
      .filter({ hasText: `#${orden.numero}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/orden/${orden.id}$`));
    await esperarTransicion(page);
    await expect(pantallaActual(page).getByTestId('orden-titulo')).toHaveText(orden.titulo);

    // Archivos: attach a photo (the camera's input on a phone, the file picker elsewhere).
    await pantallaActual(page).getByTestId('accion-archivos').click();
    await expect(page).toHaveURL(new RegExp(`/archivos\\?id=${orden.id}$`));
    await esperarTransicion(page);
    const archivos = pantallaActual(page);
    await expect(archivos.getByTestId('papeleo-orden')).toContainText(orden.titulo);
    const conCamara = await archivos.getByTestId('archivos-camara').isVisible();
    const elegida = page.waitForEvent('filechooser');
    await archivos.getByTestId(conCamara ? 'archivos-camara' : 'archivos-agregar').click();
    await (await elegida).setFiles({ name: nombreFoto, mimeType: 'image/png', buffer: await fotoPng(page) });

    const foto = archivos.getByTestId('archivo').filter({ hasText: nombreFoto });
    await expect(foto).toHaveCount(1);
    await expect(foto).toContainText('Diego Sosa');
    await expect(foto).toContainText(/\d+ KB/);
    // Its thumbnail came with the session (a blob), and it is a real image the browser decoded.
    const miniatura = foto.getByRole('img', { name: `Miniatura de ${nombreFoto}` });
    await expect(miniatura).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => miniatura.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Tap it: the full-size viewer.
    await foto.getByTestId('archivo-abrir').click();
    await expect(page).toHaveURL(new RegExp(`/image-modal\\?id=${orden.id}&archivo=\\d+$`));
    const visor = pantallaActual(page);
    await expect(visor.getByTestId('visor-titulo')).toHaveText(nombreFoto);
    const imagen = visor.getByTestId('visor-imagen');
    await expect(imagen).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => imagen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await visor.getByTestId('visor-acercar').click();
    await expect(visor.getByTestId('visor-zoom')).toHaveText('150 %');
    await visor.getByTestId('visor-cerrar').click();
    await expect(page).toHaveURL(new RegExp(`/archivos\\?id=${orden.id}$`));
    await esperarTransicion(page);

    // Horas y gastos: 2 h 30 min and an expense with the photo as its receipt.
    await page.goto(`/orden/${orden.id}`);
    await esperarTransicion(page);
    await pantallaActual(page).getByTestId('accion-registro').click();
    await expect(page).toHaveURL(new RegExp(`/registro-historial\\?id=${orden.id}$`));
    await esperarTransicion(page);
    const registro = pantallaActual(page);
    const totalHoras = registro.getByTestId('registro-total-horas');
    await expect(totalHoras).toHaveText(/\d+:\d{2} h/);
    const antes = minutosDe((await totalHoras.textContent()) ?? '');

    await registro.getByTestId('registro-agregar-horas').click();
    // The hours and expense form's modal (its date field has a calendar modal of its own).
    const modal = page.locator('ion-modal:not(.campo-fecha__modal)');
    await expect(modal.getByRole('form', { name: 'Registrar horas' })).toBeVisible();
    await campo(modal, 'horas-horas').fill('2');
    await campo(modal, 'horas-minutos').fill('30');
    await campo(modal, 'horas-descripcion', 'textarea').fill(`Cambio de térmica (${proyecto})`);
    await modal.getByTestId('horas-guardar').click();
    await expect(aviso(page)).toContainText('Horas registradas.');
    await expect(modal).toBeHidden();
    const fila = registro.getByTestId('registro-hora').filter({ hasText: `Cambio de térmica (${proyecto})` });
    await expect(fila).toContainText('2:30 h');
    await expect(fila).toContainText('Diego Sosa');
    await expect.poll(async () => minutosDe((await totalHoras.textContent()) ?? '')).toBe(antes + 150);

    await registro.getByTestId('registro-agregar-gasto').click();
    await expect(modal.getByRole('form', { name: 'Registrar gasto' })).toBeVisible();
    await campo(modal, 'gasto-concepto').fill(`Térmica 2x25A ${proyecto}`);
    await campo(modal, 'gasto-monto').fill('1.250,50');
    await expect(modal.getByTestId('gasto-moneda')).toHaveText(/ARS/);
    await modal.getByTestId('gasto-comprobante').click();
    const opciones = page.locator('ion-popover .select-interface-option');
    await opciones.filter({ hasText: nombreFoto }).click();
    await expect(page.locator('ion-popover')).toHaveCount(0);
    await modal.getByTestId('gasto-guardar').click();
    await expect(aviso(page)).toContainText('Gasto registrado.');
    const gasto = registro.getByTestId('registro-gasto').filter({ hasText: `Térmica 2x25A ${proyecto}` });
    await expect(gasto).toContainText('$ 1.250,50');
    await expect(gasto.getByTestId('registro-comprobante')).toHaveText(nombreFoto);
    await expect(registro.getByTestId('registro-total-gastos')).toContainText('$');

    await cerrarSesion(page);

    // admin prints the order with its history and downloads the PDF.
    await iniciarSesion(page, 'admin');
    await page.goto(`/orden/${orden.id}`);
    await esperarTransicion(page);
    await pantallaActual(page).getByTestId('accion-imprimir').click();
    await expect(page).toHaveURL(new RegExp(`/historial-imprimir/${orden.id}$`));
    await esperarTransicion(page);
    const imprimir = pantallaActual(page);
    await expect(imprimir.getByTestId('papeleo-orden')).toContainText(orden.titulo);
    await expect(imprimir.getByTestId('imprimir-eventos')).toHaveJSProperty('checked', true);
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      imprimir.getByTestId('imprimir-descargar').click(),
    ]);
    expect(descarga.suggestedFilename()).toBe(`orden-${orden.numero}.pdf`);
    const ruta = await descarga.path();
    const pdf = readFileSync(ruta);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pdf.length).toBeGreaterThan(2000);

    const texto = pdftotext(ruta);
    test.info().annotations.push({ type: 'pdftotext', description: texto === null ? 'no disponible' : 'leído' });
    if (texto !== null) {
      const plano = texto.replace(/\s+/g, ' ');
      expect(plano).toContain(orden.titulo);
      // With eventos the history is there: the photo attached and the hours and expense logged.
      expect(plano).toContain('Historial');
      expect(plano).toContain(`Adjuntó el archivo «${nombreFoto}»`);
      expect(plano).toContain('Registró 2:30 h de Diego Sosa');
      expect(plano).toContain('ARS 1.250,50');
    }
  });
});
