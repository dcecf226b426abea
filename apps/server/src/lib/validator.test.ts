import { MENSAJE_TEXTO_INVALIDO } from '@delego/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buscarTextoInvalido, validatorCompilerSeguro } from './validator.js';

describe('buscarTextoInvalido', () => {
  it('da la ruta del primer texto con NUL o sustituto suelto, en valores y en claves', () => {
    expect(buscarTextoInvalido({ titulo: 'Reparación 😀', n: 3, ok: true, nada: null })).toBeNull();
    expect(buscarTextoInvalido('a\u0000')).toEqual([]);
    expect(buscarTextoInvalido({ titulo: 'ok', detalle: 'x\ud800' })).toEqual(['detalle']);
    expect(buscarTextoInvalido({ gastos: [{ concepto: 'ok' }, { concepto: '\udc00' }] })).toEqual([
      'gastos',
      1,
      'concepto',
    ]);
    expect(buscarTextoInvalido({ a: 'x\u0000', b: 'y\u0000' })).toEqual(['a']);
    expect(buscarTextoInvalido({ registro: { 'no\u0000ta': 1 } })).toEqual(['registro', 'no\ufffdta']);
    expect(buscarTextoInvalido([['ok'], ['ok', ['\ud83d']]])).toEqual([1, 1, 0]);
  });

  it('recorre cuerpos muy anidados sin agotar la pila ni tardar', () => {
    let v: unknown = 'fin\u0000';
    for (let i = 0; i < 300_000; i++) v = [v];
    const t0 = performance.now();
    expect(buscarTextoInvalido(v)).toHaveLength(300_000);
    // Linear: a quadratic walk (copying the path at each level) takes minutes here.
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('encuentra el texto malo dondequiera que esté en un JSON cualquiera', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.nat(), (json, malo, donde) => {
        expect(buscarTextoInvalido(json)).toBeNull();
        // Replace one string (or the whole value) by a bad one and find it again.
        const textos: string[][] = [];
        const juntar = (v: unknown, ruta: string[]) => {
          if (typeof v === 'string') textos.push(ruta);
          else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) juntar(x, [...ruta, k]);
        };
        juntar(json, []);
        const ruta = textos[donde % Math.max(1, textos.length)];
        if (!ruta || ruta.length === 0) {
          expect(buscarTextoInvalido({ x: `a${malo}` })).toEqual(['x']);
          return;
        }
        const copia = structuredClone(json) as Record<string, unknown>;
        let padre = copia;
        for (const k of ruta.slice(0, -1)) padre = padre[k] as Record<string, unknown>;
        padre[ruta.at(-1) as string] = `a${malo}b`;
        const hallada = buscarTextoInvalido(copia);
        expect(hallada?.map(String)).toEqual(ruta);
      }),
      { numRuns: 300 },
    );
  });
});

describe('validatorCompilerSeguro', () => {
  const esquema = z.object({ id: z.number(), extra: z.unknown().optional() });
  const validar = validatorCompilerSeguro({ schema: esquema, method: 'POST', url: '/x', httpPart: 'body' });

  it('rechaza antes que el esquema, con el error de validación de siempre y la ruta', () => {
    const r = validar({ id: 1, extra: { lista: ['ok', 'x\u0000'] } }) as {
      error?: { instancePath: string; message: string }[];
    };
    expect(r.error?.map((e) => [e.instancePath, e.message])).toEqual([['/extra/lista/1', MENSAJE_TEXTO_INVALIDO]]);
  });

  it('lo demás lo decide el esquema', () => {
    expect(validar({ id: 1, extra: 'hola' })).toEqual({ value: { id: 1, extra: 'hola' } });
    const r = validar({ id: 'x' }) as { error?: { instancePath: string }[] };
    expect(r.error?.[0]?.instancePath).toBe('/id');
  });
});
