import { ACEPTAR_ARCHIVOS } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import {
  LIMITE_BYTES_DEFECTO,
  claseDeArchivo,
  extensionDe,
  formatoTamanio,
  problemaAntesDeComprimir,
  problemaDeArchivo,
} from './archivos';

const MB = 1024 * 1024;

describe('problemaDeArchivo (the server’s checks, before uploading)', () => {
  it('lets through every accepted kind within the size limit', () => {
    for (const nombre of [
      'foto.JPG',
      'plano.pdf',
      'presupuesto.xlsx',
      'nota.txt',
      'datos.csv',
      'captura.heic',
      'acta.docx',
    ]) {
      expect(problemaDeArchivo({ name: nombre, size: 1000 })).toBeNull();
    }
  });

  it('accepts exactly what ACEPTAR_ARCHIVOS offers the file picker', () => {
    for (const ext of ACEPTAR_ARCHIVOS.split(',')) {
      expect(problemaDeArchivo({ name: `archivo${ext}`, size: 10 })).toBeNull();
    }
  });

  it('refuses kinds the server does not take, and names without extension', () => {
    expect(problemaDeArchivo({ name: 'instalador.exe', size: 10 })).toBe(
      'El tipo del archivo «instalador.exe» no está permitido. Se aceptan imágenes (JPG, PNG, WebP, GIF, HEIC), PDF, documentos de Office (Word, Excel, PowerPoint) y texto (TXT, CSV).',
    );
    expect(problemaDeArchivo({ name: 'foto.bmp', size: 10 })).toMatch(/no está permitido/);
    expect(problemaDeArchivo({ name: 'LEEME', size: 10 })).toBe(
      'El archivo «LEEME» no tiene extensión; no se puede saber de qué tipo es.',
    );
  });

  it('refuses empty files and files over the limit (25 MB unless told otherwise)', () => {
    expect(problemaDeArchivo({ name: 'vacia.jpg', size: 0 })).toBe('El archivo «vacia.jpg» está vacío (0 bytes).');
    expect(problemaDeArchivo({ name: 'justo.pdf', size: LIMITE_BYTES_DEFECTO })).toBeNull();
    expect(problemaDeArchivo({ name: 'grande.pdf', size: LIMITE_BYTES_DEFECTO + 1 })).toBe(
      'El archivo «grande.pdf» supera el tamaño máximo de 25 MB.',
    );
    expect(problemaDeArchivo({ name: 'foto.jpg', size: 3 * MB }, 2.5 * MB)).toBe(
      'El archivo «foto.jpg» supera el tamaño máximo de 2,5 MB.',
    );
  });

  it('refuses names with path separators or over 255 characters', () => {
    expect(problemaDeArchivo({ name: 'a/b.pdf', size: 10 })).toBe(
      'El nombre «a/b.pdf» no puede contener barras (/ o \\).',
    );
    expect(problemaDeArchivo({ name: `${'x'.repeat(252)}.pdf`, size: 10 })).toMatch(/supera los 255 caracteres/);
    expect(problemaDeArchivo({ name: `${'x'.repeat(251)}.pdf`, size: 10 })).toBeNull();
  });
});

describe('problemaAntesDeComprimir (when a file is chosen)', () => {
  it('does not refuse a photo for its size yet: it is checked again once smaller', () => {
    expect(problemaAntesDeComprimir({ name: 'IMG_1.jpg', type: 'image/jpeg', size: 40 * MB })).toBeNull();
    expect(problemaAntesDeComprimir({ name: 'IMG_2.HEIC', type: 'image/heic', size: 30 * MB })).toBeNull();
  });

  it('refuses anything else over the limit, and a photo for any other reason', () => {
    expect(problemaAntesDeComprimir({ name: 'plano.pdf', type: 'application/pdf', size: 26 * MB })).toBe(
      'El archivo «plano.pdf» supera el tamaño máximo de 25 MB.',
    );
    expect(problemaAntesDeComprimir({ name: 'anim.gif', type: 'image/gif', size: 26 * MB })).toMatch(/supera/);
    expect(problemaAntesDeComprimir({ name: 'vacia.jpg', type: 'image/jpeg', size: 0 })).toMatch(/está vacío/);
    expect(problemaAntesDeComprimir({ name: 'a/b.jpg', type: 'image/jpeg', size: 10 })).toMatch(/barras/);
  });
});

describe('file helpers', () => {
  it('formats sizes in B, KB and MB (1024-based, es-AR)', () => {
    expect(formatoTamanio(512)).toBe('512 B');
    expect(formatoTamanio(250 * 1024)).toBe('250 KB');
    expect(formatoTamanio(1536 * 1024)).toBe('1,5 MB');
    expect(formatoTamanio(25 * MB)).toBe('25 MB');
  });

  it('reads the extension in lower case', () => {
    expect(extensionDe('Foto.JPEG')).toBe('jpeg');
    expect(extensionDe('.oculto')).toBeNull();
    expect(extensionDe('punto.')).toBeNull();
  });

  it('groups MIME types for their icon', () => {
    expect(claseDeArchivo('image/png')).toBe('imagen');
    expect(claseDeArchivo('application/pdf')).toBe('pdf');
    expect(claseDeArchivo('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('planilla');
    expect(claseDeArchivo('text/csv')).toBe('planilla');
    expect(claseDeArchivo('application/msword')).toBe('documento');
    expect(claseDeArchivo('text/plain')).toBe('texto');
  });
});
