import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, esTelefono, iniciarSesion, pantallaActual } from './helpers';

/**
 * Issue 17: a camera photo is made smaller on the phone before it goes. A 4000×3000 JPEG of
 * several MB, taken with the phone on its side (EXIF orientation 6), is attached from «Tomar
 * foto» on a phone ('Agregar archivos' on a desktop); the server receives a JPEG of at most
 * 1600 px on its long side, upright (1200×1600), of a fraction of the bytes.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const AUTH = { Authorization: `operario#${md5(DEMO_PASSWORD)}` };

async function ordenDeOperario(page: Page): Promise<number> {
  const r = await page.request.post('/api/v4/ordenes/all/filtered', {
    headers: AUTH,
    data: { estados: [1, 2, 3], porPagina: 50 },
  });
  expect(r.ok()).toBe(true);
  const { ordenes } = (await r.json()) as { ordenes: { id: number; responsables: { usuario: string }[] }[] };
  const propia = ordenes.find((o) => o.responsables.some((x) => x.usuario === 'operario'));
  expect(propia, 'el operario es responsable de alguna orden abierta').toBeDefined();
  return propia!.id;
}

/**
 * A camera-like JPEG drawn in the page: landscape pixels (red left half, blue right half, with
 * noise so it weighs megabytes) and an EXIF block saying «rotate 90° clockwise to show it».
 */
async function fotoDeCamara(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const lienzo = new OffscreenCanvas(4000, 3000);
    const ctx = lienzo.getContext('2d')!;
    const img = ctx.createImageData(4000, 3000);
    for (let i = 0; i < img.data.length; i += 4) {
      const izquierda = (i / 4) % 4000 < 2000;
      const ruido = Math.random() * 60;
      img.data[i] = izquierda ? 195 + ruido / 2 : ruido;
      img.data[i + 1] = ruido;
      img.data[i + 2] = izquierda ? ruido : 195 + ruido / 2;
      img.data[i + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    const jpeg = new Uint8Array(
      await (await lienzo.convertToBlob({ type: 'image/jpeg', quality: 0.95 })).arrayBuffer(),
    );
    // APP1 «Exif», big-endian TIFF with one IFD entry: Orientation (0x0112) = 6.
    const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
    const carga = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const app1 = [0xff, 0xe1, (carga.length + 2) >> 8, (carga.length + 2) & 0xff, ...carga];
    const salida = new Uint8Array(jpeg.length + app1.length);
    salida.set(jpeg.subarray(0, 2), 0);
    salida.set(app1, 2);
    salida.set(jpeg.subarray(2), 2 + app1.length);
    let binario = '';
    for (let i = 0; i < salida.length; i += 0x8000) binario += String.fromCharCode(...salida.subarray(i, i + 0x8000));
    return btoa(binario);
  });
  return Buffer.from(base64, 'base64');
}

test('una foto de la cámara sale reducida, derecha y en JPEG', async ({ page }) => {
  test.slow();
  const ordenId = await ordenDeOperario(page);
  await iniciarSesion(page, 'operario');
  await page.goto(`/archivos?id=${ordenId}`);
  const archivos = pantallaActual(page);
  const foto = await fotoDeCamara(page);
  expect(foto.length).toBeGreaterThan(3 * 1024 * 1024);

  const telefono = esTelefono(page);
  const boton = archivos.getByTestId(telefono ? 'archivos-camara' : 'archivos-agregar');
  await expect(boton).toBeVisible();
  const nombre = `IMG_${test.info().project.name.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  const elegido = page.waitForEvent('filechooser');
  await boton.click();
  const selector = await elegido;
  if (telefono) expect(await selector.element().getAttribute('capture')).toBe('environment');
  await selector.setFiles({ name: `${nombre}.JPG`, mimeType: 'image/jpeg', buffer: foto });

  // The list shows it under its new name, with its new size.
  const fila = archivos.getByTestId('archivo').filter({ hasText: `${nombre}.jpg` });
  await expect(fila).toHaveCount(1, { timeout: 20_000 });

  // What the server keeps: a JPEG of at most 1600 px, upright, much smaller.
  const lista = await page.request.get(`/api/v2/archivos/${ordenId}`, { headers: AUTH });
  const guardado = ((await lista.json()) as { nombre: string; tipo: string; tamanio: number; url: string }[]).find(
    (a) => a.nombre === `${nombre}.jpg`,
  );
  expect(guardado?.tipo).toBe('image/jpeg');
  expect(guardado!.tamanio).toBeLessThan(foto.length / 5);
  const bytes = await (await page.request.get(guardado!.url, { headers: AUTH })).body();
  const medida = await page.evaluate(async (b64) => {
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' });
    const bm = await createImageBitmap(blob, { imageOrientation: 'none' });
    const c = new OffscreenCanvas(bm.width, bm.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bm, 0, 0);
    const arriba = [...ctx.getImageData(bm.width / 2, 20, 1, 1).data];
    const abajo = [...ctx.getImageData(bm.width / 2, bm.height - 20, 1, 1).data];
    return { ancho: bm.width, alto: bm.height, arriba, abajo };
  }, bytes.toString('base64'));
  // Turned as the EXIF said, in its pixels: the left (red) half is now on top.
  expect([medida.ancho, medida.alto]).toEqual([1200, 1600]);
  expect(medida.arriba[0]).toBeGreaterThan(150);
  expect(medida.arriba[2]).toBeLessThan(100);
  expect(medida.abajo[2]).toBeGreaterThan(150);
  expect(medida.abajo[0]).toBeLessThan(100);
});
