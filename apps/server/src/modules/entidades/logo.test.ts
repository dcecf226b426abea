import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../kernel/errors.js';
import { decodificarLogo, detectarTipo, procesarLogo } from './logo.js';

const imagen = (format: 'png' | 'jpeg' | 'webp', w = 600, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .toFormat(format)
    .toBuffer();

async function rechazo(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('no rechazó');
}

describe('logo', () => {
  it('reconoce PNG, JPEG y WebP por sus primeros bytes', async () => {
    expect(detectarTipo(await imagen('png'))).toBe('png');
    expect(detectarTipo(await imagen('jpeg'))).toBe('jpeg');
    expect(detectarTipo(await imagen('webp'))).toBe('webp');
    expect(detectarTipo(Buffer.from('MZ\x90\x00\x03\x00\x00\x00'))).toBeNull();
    expect(detectarTipo(Buffer.from('GIF89a'))).toBeNull();
    expect(detectarTipo(new Uint8Array())).toBeNull();
  });

  it('reduce a 256x256 como máximo y devuelve un PNG en data URL', async () => {
    for (const f of ['png', 'jpeg', 'webp'] as const) {
      const b64 = (await imagen(f)).toString('base64');
      const url = await procesarLogo(f === 'jpeg' ? b64 : `data:image/${f};base64,${b64}`);
      expect(url.startsWith('data:image/png;base64,')).toBe(true);
      const meta = await sharp(Buffer.from(url.split(',')[1] as string, 'base64')).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(256);
      expect(meta.height).toBe(128);
    }
  });

  it('no agranda imágenes chicas', async () => {
    const url = await procesarLogo((await imagen('png', 40, 20)).toString('base64'));
    const meta = await sharp(Buffer.from(url.split(',')[1] as string, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([40, 20]);
  });

  it('rechaza lo que no es base64, lo grande, lo que no es imagen y lo dañado', async () => {
    expect(() => decodificarLogo('no es base64 ***')).toThrow(/base64/);
    expect(() => decodificarLogo('data:image/png,abc')).toThrow(/base64/);
    expect(() => decodificarLogo('A'.repeat(3 * 1024 * 1024))).toThrow(/no puede superar/);
    const exe = await rechazo(
      procesarLogo(Buffer.from('MZ\x90\x00 This program cannot be run in DOS mode').toString('base64')),
    );
    expect(exe.status).toBe(415);
    const png = await imagen('png');
    const roto = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const e = await rechazo(procesarLogo(roto.toString('base64')));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/No se pudo leer la imagen/);
  });
});
