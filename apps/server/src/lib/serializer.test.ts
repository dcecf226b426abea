import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { RUTAS, zOrdenDetalle } from '@delego/contract';
import { responseSerializer, serializadorDeRespuestas, simplificar } from './serializer.js';

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

const produccion = (schema: unknown) =>
  serializadorDeRespuestas({ verificar: false })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('serializador compilado (producción)', () => {
  const persona = z.object({ id: z.number().int(), nombre: z.string() });
  const esquema = z.object({
    id: z.number().int(),
    titulo: z.string(),
    cliente: persona.nullable(),
    fin: z.number().int().nullable(),
    notas: z.string().optional(),
    responsables: z.array(persona),
    estado: z.enum(['a', 'b']),
  });

  it('escribe lo mismo que JSON.stringify de lo que Zod deja pasar, sin los campos de más', () => {
    const valor = {
      id: 7,
      titulo: 'Aire "acondicionado" \\ \u0001 \ud800 ñ',
      cliente: { id: 1, nombre: 'Ana', passwordHash: 'secreto' },
      fin: null,
      responsables: [{ id: 2, nombre: 'Beto', token: 'x' }],
      estado: 'b',
      secreto: 'no',
    };
    const escrito = produccion(esquema)(valor);
    expect(escrito).toBe(JSON.stringify(esquema.parse(valor)));
    expect(escrito).not.toContain('secreto');
    // Optional fields go after the required ones: the same JSON, another key order.
    expect(JSON.parse(produccion(esquema)({ ...valor, cliente: null, notas: 'n' }))).toStrictEqual(
      esquema.parse({ ...valor, cliente: null, notas: 'n' }),
    );
  });

  it('una respuesta sin un campo obligatorio es un error del servidor', () => {
    let error: unknown;
    try {
      produccion(esquema)({ id: 1 });
    } catch (e) {
      error = e;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it('lo que no cubre (uniones, registros) lo sigue revisando Zod', () => {
    expect(simplificar(z.toJSONSchema(z.union([z.string(), z.number()])) as never)).toBeUndefined();
    expect(simplificar(z.toJSONSchema(z.record(z.string(), z.number())) as never)).toBeUndefined();
    const union = produccion(z.object({ v: z.union([z.string(), z.number()]) }));
    expect(union({ v: 3, otro: 1 })).toBe('{"v":3}');
    expect(() => union({ v: true })).toThrow();
  });

  it('compila las respuestas de las rutas calientes del contrato (lista, detalle)', () => {
    for (const s of [RUTAS.ordenesFiltradas.response[200], zOrdenDetalle]) {
      expect(simplificar(z.toJSONSchema(s, { io: 'output' }) as never)).toBeDefined();
    }
  });
});

describe('serializador con verificación (las pruebas)', () => {
  it('compara lo escrito por el serializador compilado con lo que Zod deja pasar', () => {
    const s = serializadorDeRespuestas({ verificar: true })({
      schema: z.object({ n: z.number(), t: z.string().nullable() }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    } as never);
    expect(s({ n: 1.5, t: null, x: 1 })).toBe('{"n":1.5,"t":null}');
    expect(() => s({ n: '1', t: null })).toThrow();
  });
});
