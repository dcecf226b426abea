import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { responseSerializer } from './serializer.js';

const serializar = (schema: unknown) =>
  responseSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('responseSerializer', () => {
  it('escribe lo que el esquema describe y deja fuera los campos que no están en él', () => {
    const s = serializar(z.object({ id: z.number(), nombre: z.string().nullable() }));
    expect(s({ id: 1, nombre: null, passwordHash: 'secreto' })).toBe('{"id":1,"nombre":null}');
  });

  it('una respuesta con otra forma es un error del servidor, no una respuesta', () => {
    const s = serializar(z.object({ id: z.number() }));
    let error: unknown;
    try {
      s({ id: 'uno' });
    } catch (e) {
      error = e;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it('acepta el esquema envuelto en properties y rechaza uno que no es de Zod', () => {
    expect(serializar({ properties: z.array(z.number()) })([1, 2])).toBe('[1,2]');
    expect(() => serializar({ type: 'object' })).toThrow(/no es de Zod/);
  });
});
