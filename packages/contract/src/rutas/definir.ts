import { z } from 'zod';
import { zId } from '../common.js';

export type MetodoHttp = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a route answers: `json` (the default, validated by `response`), `archivo` (bytes: PDF,
 * XLSX, ZIP, a download), or `websocket` (the live channel's upgrade). `multipart` marks a route
 * whose body may be multipart/form-data, parsed by the handler instead of `body`.
 */
export type FormaRuta = 'json' | 'archivo' | 'multipart' | 'websocket';

/**
 * One HTTP route of the API (SPEC §7): everything the server registers and the web calls. The
 * path is Fastify's (`/api/v4/usuario/:id`); the schemas are the contract's Zod schemas.
 */
export interface DefRuta {
  readonly metodo: MetodoHttp;
  readonly path: `/${string}`;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** Answer schemas by status; what is not in them never leaves the server. */
  readonly response?: Readonly<Partial<Record<number, z.ZodType>>>;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly forma?: FormaRuta;
  /** Answered without credentials (health). Every other route needs Authorization. */
  readonly publica?: boolean;
  /** Left out of OpenAPI (/docs): the WebSocket upgrade. */
  readonly oculta?: boolean;
}

/** A route of the table; the argument keeps its literal types (path, schemas) for the helpers. */
export function ruta<const R extends DefRuta>(r: R): R {
  return r;
}

/** What the routes of a group share: their OpenAPI tags and, when all answer without a login, `publica`. */
export type ComunDeGrupo = Pick<DefRuta, 'tags' | 'publica'>;

/**
 * `ruta` for a group of routes that share their tags (and `publica`): the group says once which
 * section of /docs its routes are in, and each route is written without them.
 */
export function rutaDeGrupo<const C extends ComunDeGrupo>(comun: C) {
  return <const R extends Omit<DefRuta, 'tags'>>(r: R): R & C => ({ ...r, ...comun });
}

/** `{ id }` of a path with one id (`/api/v2/orden/:id`). */
export const zParamId = z.object({ id: zId });

/** `{ ok }`: the answer of calls that only confirm. */
export const zOk = z.object({ ok: z.boolean() });

/** What the params of a route take (the input of its schema), or never when it has none. */
export type ParamsDe<R extends DefRuta> = R['params'] extends z.ZodType ? z.input<R['params']> : never;
/** The body a route takes (input of its schema). */
export type CuerpoDe<R extends DefRuta> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
/** The success answer of a route (200, or 201 for a route that only creates), as a client reads it. */
export type RespuestaDe<R extends DefRuta> = R['response'] extends { 200: infer S extends z.ZodType }
  ? z.output<S>
  : R['response'] extends { 201: infer S extends z.ZodType }
    ? z.output<S>
    : unknown;

/** The schema of a route's success answer: its 200, or its 201 when it has no 200. */
export function esquemaDeExito(r: DefRuta): z.ZodType | undefined {
  return r.response?.[200] ?? r.response?.[201];
}

type ValorParam = string | number | boolean;
export type ValorQuery = string | number | boolean | null | undefined;

/** The `:name` placeholders of a Fastify path, in order. */
export function nombresDeParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/**
 * The URL of a route: its path with each `:name` replaced by the value given (URI-encoded), and,
 * if given, the query (null and undefined left out). A missing param is a programming error.
 */
export function urlDe<R extends DefRuta>(
  r: R,
  ...[params, query]: R['params'] extends z.ZodType
    ? [params: ParamsDe<R>, query?: Record<string, ValorQuery>]
    : [params?: undefined, query?: Record<string, ValorQuery>]
): string {
  const valores = (params ?? {}) as Record<string, ValorParam | undefined>;
  const path = r.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, nombre: string) => {
    const valor = valores[nombre];
    if (valor === undefined) throw new Error(`Falta el parámetro "${nombre}" de ${r.metodo} ${r.path}`);
    return encodeURIComponent(String(valor));
  });
  const pares = Object.entries(query ?? {}).filter(
    (par): par is [string, string | number | boolean] => par[1] !== undefined && par[1] !== null,
  );
  if (!pares.length) return path;
  return `${path}?${pares.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}`;
}
