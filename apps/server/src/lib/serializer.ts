import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation: only what the route's Zod response schema describes is written (unknown
 * fields dropped, so an internal field never reaches a client).
 *
 * In production the answer is written by a serializer compiled once per route with
 * fast-json-stringify from the schema's JSON Schema (`z.toJSONSchema`): it walks the known shape
 * without building a checked copy first. Zod's parse and JSON.stringify of the result cost about a
 * third of the server's CPU on the order list (docs/BENCHMARKS.md, issue 18). A missing required
 * field is still an error there (500); a field of another type is coerced, as Fastify's own
 * serializer does.
 *
 * With `verificar` (the tests) the contract guards every answer: Zod parses it (a wrong shape is a
 * 500 and never reaches a client), and the compiled serializer must write exactly what
 * JSON.stringify writes of the parsed value (the same JSON: it may put optional fields after the
 * others), so the fast path is checked on every answer the API tests see. Schemas the compiled path does not cover (unions other than with null, records,
 * references) are always parsed with Zod.
 */
export function serializadorDeRespuestas(opciones: { verificar: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = toZod(schema);
    const rapido = compilar(zodSchema);
    if (!rapido) return conZod(zodSchema, method, url);
    if (!opciones.verificar) {
      return (data) => {
        try {
          return rapido(data);
        } catch (error) {
          throw new ResponseSerializationError(method, url, { cause: comoErrorZod(String(error)) });
        }
      };
    }
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const esperado = JSON.stringify(result.data);
      const escrito = rapido(result.data);
      if (escrito !== esperado && !isDeepStrictEqual(JSON.parse(escrito), JSON.parse(esperado))) {
        throw new ResponseSerializationError(method, url, {
          cause: comoErrorZod(`El serializador compilado escribió ${escrito} en lugar de ${esperado}`),
        });
      }
      return escrito;
    };
  };
}

/** The contract's check on every answer, as the tests run it (see serializadorDeRespuestas). */
export const responseSerializer: FastifySerializerCompiler<unknown> = serializadorDeRespuestas({ verificar: true });

/** What ResponseSerializationError carries: a compiled serializer's failure as a ZodError. */
function comoErrorZod(mensaje: string): z.ZodError {
  return new z.ZodError([{ code: 'custom', path: [], message: mensaje, input: undefined }]);
}

function conZod(zodSchema: z.ZodType, method: string, url: string) {
  return (data: unknown) => {
    const result = zodSchema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

function toZod(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const props = (schema as { properties?: unknown } | null)?.properties;
  if (props instanceof z.ZodType) return props;
  throw new Error(`Esquema de respuesta que no es de Zod: ${JSON.stringify(schema)}`);
}

type Esquema = Record<string, unknown>;

const TIPOS_SIMPLES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** Keywords that only describe or constrain values: the serializer ignores them. */
const SOLO_DESCRIPCION = new Set([
  '$schema',
  'description',
  'title',
  'examples',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'readOnly',
  'writeOnly',
  'deprecated',
]);

/** The compiled serializer of a schema, or undefined when its JSON Schema is not one it covers. */
function compilar(zodSchema: z.ZodType): ((data: unknown) => string) | undefined {
  let json: Esquema;
  try {
    json = z.toJSONSchema(zodSchema, { io: 'output', unrepresentable: 'throw' }) as Esquema;
  } catch {
    return undefined;
  }
  const simple = simplificar(json);
  if (!simple) return undefined;
  return fastJson(simple as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/**
 * The same schema in the subset fast-json-stringify writes as JSON.stringify would (optional
 * properties after the required ones): objects
 * with listed properties (and no others), arrays of one item schema, scalars, enums and constants,
 * and `X | null` as `nullable`. Undefined when anything else appears.
 */
export function simplificar(s: Esquema): Esquema | undefined {
  const variantes = (s.anyOf ?? s.oneOf) as Esquema[] | undefined;
  if (variantes) {
    if (Object.keys(s).some((k) => k !== 'anyOf' && k !== 'oneOf' && !SOLO_DESCRIPCION.has(k))) return undefined;
    const otras = variantes.filter((v) => !(v.type === 'null' && Object.keys(v).length === 1));
    if (variantes.length !== 2 || otras.length !== 1) return undefined;
    const base = simplificar(otras[0] as Esquema);
    return base && base.type !== 'null' ? { ...base, nullable: true } : undefined;
  }
  const out: Esquema = {};
  for (const [k, v] of Object.entries(s)) {
    if (SOLO_DESCRIPCION.has(k)) continue;
    switch (k) {
      case 'type': {
        if (Array.isArray(v)) {
          const tipos = v.filter((t) => t !== 'null');
          if (tipos.length !== 1 || v.length !== 2 || !TIPOS_SIMPLES.has(tipos[0] as string)) return undefined;
          out.type = tipos[0];
          out.nullable = true;
        } else if (typeof v === 'string' && (TIPOS_SIMPLES.has(v) || v === 'object' || v === 'array')) {
          out.type = v;
        } else return undefined;
        break;
      }
      case 'properties': {
        const props: Esquema = {};
        for (const [nombre, sub] of Object.entries(v as Esquema)) {
          const p = simplificar(sub as Esquema);
          if (!p) return undefined;
          props[nombre] = p;
        }
        out.properties = props;
        break;
      }
      case 'required':
        out.required = v;
        break;
      case 'additionalProperties':
        // Only closed objects: a record's values would be written unchecked.
        if (v !== false) return undefined;
        out.additionalProperties = false;
        break;
      case 'items': {
        if (Array.isArray(v) || typeof v !== 'object' || v === null) return undefined;
        const item = simplificar(v as Esquema);
        if (!item) return undefined;
        out.items = item;
        break;
      }
      case 'enum':
      case 'const':
        out[k] = v;
        break;
      default:
        return undefined;
    }
  }
  if (out.type === undefined && out.enum === undefined && out.const === undefined) return undefined;
  // An object with no listed properties would be written whole (fast-json-stringify's default).
  if (out.type === 'object' && (out.properties === undefined || out.additionalProperties !== false)) {
    return undefined;
  }
  if (out.type === 'array' && out.items === undefined) return undefined;
  return out;
}
