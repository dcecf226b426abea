import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation: the handler's value is checked against the route's Zod response schema
 * (unknown fields dropped, a wrong shape is a 500 and never reaches a client) and written as JSON.
 *
 * fastify-type-provider-zod's own compiler runs Zod's encode direction, which skips Zod's compiled
 * fast path and cost more than the rest of a cheap authenticated call (docs/BENCHMARKS.md).
 * Response schemas hold no transforms or codecs, so parsing the output is the same check.
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = toZod(schema);
  return (data) => {
    const result = zodSchema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

function toZod(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const props = (schema as { properties?: unknown } | null)?.properties;
  if (props instanceof z.ZodType) return props;
  throw new Error(`Esquema de respuesta que no es de Zod: ${JSON.stringify(schema)}`);
}
