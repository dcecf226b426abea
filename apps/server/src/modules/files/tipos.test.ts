import { describe, expect, it } from 'vitest';
import { type AppError } from '../../kernel/errors.js';
import { decidirTipo, extensionDe, MENSAJES_ARCHIVOS, validarNombre } from './tipos.js';

const codigo = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as AppError).code;
  }
};

describe('nombres de archivo', () => {
  it('acepta nombres comunes con acentos y los normaliza (NFC, sin espacios alrededor)', () => {
    expect(validarNombre('  Año 2026 — informe.pdf ')).toBe('Año 2026 — informe.pdf');
    expect(validarNombre('n\u0303.txt')).toBe('ñ.txt');
    expect(validarNombre(`${'a'.repeat(251)}.pdf`)).toHaveLength(255);
  });
  it('rechaza barras, controles, vacíos y nombres largos', () => {
    for (const n of [
      'a/b.pdf',
      'a\\b.pdf',
      '..',
      '',
      '   ',
      'a\u0000.pdf',
      'x\u202Etxt.exe',
      `${'a'.repeat(252)}.pdf`,
      null,
      undefined,
    ]) {
      expect(
        codigo(() => validarNombre(n)),
        String(n),
      ).toBe('DATOS_INVALIDOS');
    }
  });
  it('extensión', () => {
    expect(extensionDe('foto.JPG')).toBe('jpg');
    expect(extensionDe('.bashrc')).toBeNull();
    expect(extensionDe('sin')).toBeNull();
    expect(extensionDe('punto.')).toBeNull();
  });
});

describe('tipo real contra extensión', () => {
  const jpg = { ext: 'jpg', mime: 'image/jpeg' };
  it('acepta lo que coincide, contenedores de Office por su extensión, y texto sin firma', () => {
    expect(decidirTipo('a.jpeg', jpg)).toEqual({ mime: 'image/jpeg', esImagen: true, texto: false });
    expect(decidirTipo('a.xlsx', { ext: 'zip', mime: 'application/zip' }).mime).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(decidirTipo('a.doc', { ext: 'cfb', mime: 'application/x-cfb' }).mime).toBe('application/msword');
    expect(decidirTipo('a.heic', { ext: 'heic', mime: 'image/heif' }).mime).toBe('image/heic');
    expect(decidirTipo('a.csv', undefined)).toEqual({ mime: 'text/csv', esImagen: false, texto: true });
  });
  it('rechaza con 415 lo disfrazado o no permitido', () => {
    const casos: [string, { ext: string; mime: string } | undefined][] = [
      ['a.jpg', { ext: 'exe', mime: 'application/x-msdownload' }],
      ['a.png', jpg],
      ['a.zip', { ext: 'zip', mime: 'application/zip' }],
      ['a.docx', { ext: 'cfb', mime: 'application/x-cfb' }],
      ['a.pdf', undefined],
      ['a.exe', undefined],
      ['a', jpg],
      ['a.txt', jpg],
    ];
    for (const [n, d] of casos)
      expect(
        codigo(() => decidirTipo(n, d)),
        n,
      ).toBe('TIPO_NO_SOPORTADO');
  });
});

describe('tamaño máximo en los mensajes', () => {
  it('con coma decimal, como la web: nunca "3.5 MB"', async () => {
    const { traducirError } = await import('./files.service.js');
    const error = traducirError({ code: 'FST_REQ_FILE_TOO_LARGE' }, 3.5) as AppError;
    expect(error.message).toBe('Un archivo supera el tamaño máximo de 3,5 MB. No se guardó ningún archivo.');
    expect(MENSAJES_ARCHIVOS.grande('a.pdf', 0.25)).toContain('de 0,25 MB.');
    expect(MENSAJES_ARCHIVOS.grande('a.pdf', 25)).toContain('de 25 MB.');
  });
});
