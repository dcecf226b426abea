import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { iniciarSesion, pantallaActual } from './helpers';

/**
 * Issue 32, the equipment register: import equipos from a CSV (preview first), select them and
 * print their labels (a PDF), open one and start a «Nueva orden» pre-filled with its client, site
 * and the equipo itself.
 */
test('import equipos, print their labels, open one and start a pre-filled order @una-pantalla', async ({ page }) => {
  await iniciarSesion(page, 'admin');
  await page.goto('/equipos-importar');

  const csv = [
    'cliente;ubicacion;nombre;codigo;marca;modelo;serie;ubicacioninterna;notas',
    'Clínica San Martín;Sede Centro;Caldera E2E;E2E-CAL-1;Baxi;Luna 3;SN-1;Sala de máquinas;',
    'Clínica San Martín;Sede Centro;Bomba E2E;E2E-BOM-1;Grundfos;CR 5;SN-2;Sótano;',
  ].join('\r\n');
  await page.getByTestId('importar-archivo').setInputFiles({
    name: 'equipos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const pantalla = pantallaActual(page);
  await expect(pantalla.getByTestId('importar-previa')).toBeVisible();
  await expect(pantalla.getByTestId('importar-resumen')).toContainText('2 filas listas para importar');
  const confirmar = pantalla.getByTestId('importar-confirmar');
  await expect(confirmar).toHaveText('Importar 2 equipos');
  await confirmar.click();
  await expect(pantalla.getByTestId('importar-listo')).toContainText('Se importaron 2 equipos.');

  // The list: search, select both, print their labels.
  await page.goto('/equipos');
  const lista = pantallaActual(page);
  await lista.getByTestId('equipos-buscar').locator('input').fill('E2E');
  await expect(lista.getByTestId('equipos-lista').locator('.equipos-fila')).toHaveCount(2);
  await lista.getByTestId('equipos-todos').check();
  const [respuesta, descarga] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v4/equipos/etiquetas'),
    page.waitForEvent('download'),
    lista.getByTestId('equipos-imprimir').click(),
  ]);
  expect(respuesta.status()).toBe(200);
  expect(respuesta.headers()['content-type']).toContain('application/pdf');
  // The file saved is the PDF itself.
  expect(descarga.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile(await descarga.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);

  // Open the caldera: its data, and «Nueva orden» pre-filled.
  await lista.getByText('Caldera E2E').click();
  await expect(page).toHaveURL(/\/equipos\/\d+$/);
  const detalle = pantallaActual(page);
  await expect(detalle.getByTestId('equipo-datos')).toContainText('Clínica San Martín');
  await expect(detalle.getByTestId('equipo-datos')).toContainText('Sede Centro');
  await expect(detalle.getByTestId('equipo-historial')).toContainText('Todavía no se hizo ninguna orden');
  await detalle.getByTestId('equipo-nueva-orden').click();
  await expect(page).toHaveURL(/\/nueva-orden\?cliente=\d+&equipo=\d+&ubicacion=\d+$/);
  const form = pantallaActual(page);
  await expect(form.getByTestId('orden-form-cliente')).toContainText('Clínica San Martín');
  await expect(form.getByTestId('orden-form-ubicacion')).toContainText('Sede Centro');
  await expect(form.getByTestId('orden-form-equipo')).toContainText('Caldera E2E (E2E-CAL-1)');
});
