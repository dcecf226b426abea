import type { DefRuta, RespuestaDe } from '@delego/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';

type Salida<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request of a route of the table: params, query and body typed by its schemas (as parsed). */
export type PeticionDe<R extends DefRuta> = FastifyRequest<{
  Params: Salida<R['params']>;
  Querystring: Salida<R['querystring']>;
  Body: Salida<R['body']>;
}>;

/** What a handler may give back: the 200 answer of the route, or the reply it already sent. */
type Devuelve<R extends DefRuta> = RespuestaDe<R> | FastifyReply | void;

export type ManejadorDe<R extends DefRuta> = (
  req: PeticionDe<R>,
  reply: FastifyReply,
) => Devuelve<R> | Promise<Devuelve<R>>;

/** Route options beyond method, url, schema and handler (a body limit, a preParsing hook). */
export type OpcionesRuta = Omit<Partial<RouteOptions>, 'method' | 'url' | 'schema' | 'handler'> & {
  /** Runs the handler inside a context of the request (the idempotency key's: lib/idempotencia.ts). */
  alrededor?: <T>(req: FastifyRequest, reply: FastifyReply, manejar: () => T) => T;
};

/** The Fastify schema of a route of the table: validation, answer whitelist and OpenAPI text. */
export function esquemaDe(
  r: DefRuta,
): NonNullable<RouteOptions['schema']> & { hide?: boolean; security?: readonly Record<string, string[]>[] } {
  return {
    tags: [...r.tags],
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    ...(r.params ? { params: r.params } : {}),
    ...(r.querystring ? { querystring: r.querystring } : {}),
    ...(r.body ? { body: r.body } : {}),
    ...(r.response ? { response: { ...r.response } } : {}),
    ...(r.oculta ? { hide: true } : {}),
    // Public calls (health, sign-up, recovery) need no Authorization: OpenAPI says so per route.
    ...(r.publica ? { security: [] } : {}),
  };
}

/**
 * Registers one route of the contract's table (`RUTAS`) with its handler: method, url and schema
 * come from the table, so a route file is a list of bindings and cannot drift from the web.
 */
export function registrar<R extends DefRuta>(
  app: FastifyInstance,
  r: R,
  manejador: ManejadorDe<R>,
  opciones: OpcionesRuta = {},
): void {
  const { alrededor, ...resto } = opciones;
  const handler = alrededor
    ? (req: PeticionDe<R>, reply: FastifyReply) => alrededor(req, reply, () => manejador(req, reply))
    : manejador;
  app.route({
    ...resto,
    method: r.metodo,
    url: r.path,
    schema: esquemaDe(r),
    handler: handler as unknown as RouteOptions['handler'],
  });
}

/** Sends a generated file (PDF, XLSX, ZIP) that a browser must not cache. */
export function enviarGenerado(reply: FastifyReply, tipo: string, disposicion: string, cuerpo: Readable): FastifyReply {
  return reply
    .header('Content-Type', tipo)
    .header('Content-Disposition', disposicion)
    .header('Cache-Control', 'private, no-store')
    .send(cuerpo);
}

/**
 * Writes a value as the route's answer, with the route's own serializer (in tests the contract
 * checks it there, as any other answer): for answers sent with `enviarJson`, and kept as bytes when
 * a cache keeps them.
 */
export function comoJson(reply: FastifyReply): (valor: unknown) => string {
  return (valor) => {
    const escrito = reply.serialize(valor);
    return typeof escrito === 'string' ? escrito : Buffer.from(escrito as ArrayBuffer).toString('utf8');
  };
}

/**
 * Sends an answer already written as JSON by the route's own serializer (`reply.serialize`, so the
 * contract checked it as any other answer): the bytes (or the text, when nothing kept it) go out as
 * they are.
 */
export function enviarJson(reply: FastifyReply, cuerpo: Buffer | string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(cuerpo);
}
