import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * What never reaches a log line: password hashes, credentials, tokens, query parameters of SQL
 * statements, database error details (they quote the values of a row). Three layers:
 * - `resumenError`: an error becomes a safe summary (class, code, SQLSTATE, constraint, a cleaned
 *   message, stack frames without the message), used by the error handler and the `err` serializer;
 * - a log-method hook that masks every string of the call (message and fields, deeply) and hides
 *   the values of secret field names (authorization, cookie, password*, token*, k, access…);
 * - serializers for `req` (method, masked url, host, address: never the headers) and `err`.
 * No pino `redact` paths: they would be applied to the bindings of the child logger that Fastify
 * makes for every request (about 1 % of a light call's CPU), and the hook already covers them.
 */

const OCULTO = '[oculto]';

/** Patterns masked inside any string: hashes, MD5 credentials, secrets in query strings, headers. */
const PATRONES: readonly [RegExp, string][] = [
  // Drizzle's "Failed query: ...\nparams: <values>": the values go, whatever they are.
  [/(\bparams: )[\s\S]*$/, `$1${OCULTO}`],
  // A PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> (base64 without padding).
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9+/=$,.-]*/g, OCULTO],
  // A bare MD5 hex (32 digits), e.g. the secret half of `usuario#<md5>` or `usuario%23<md5>`.
  [/(?<![0-9a-fA-F])[0-9a-fA-F]{32}(?![0-9a-fA-F])/g, OCULTO],
  // key=value pairs of a query string or a text: k, access, password*, token*, secret*, and the
  // username of a password recovery (an email, and which accounts are asked about).
  [
    /((?:^|[?&;\s,{"'])(?:k|access|password\w*|confirmPassword|username|\w*token\w*|secret\w*)=)[^&\s"',;}]*/gi,
    `$1${OCULTO}`,
  ],
  // "Authorization: <value>" / authorization=<value> written in a text.
  [/(authorization["']?\s*[:=]\s*["']?)[^"'\s,}]+/gi, `$1${OCULTO}`],
];

/** Field names whose values are secret wherever they appear. */
const CLAVE_SECRETA =
  /^(?:authorization|cookie|k|access|hash|\w*password\w*|\w*token\w*|secret\w*|datosTarjeta|params)$/i;

export function enmascarar(texto: string): string {
  let s = texto;
  for (const [re, por] of PATRONES) s = s.replace(re, por);
  return s;
}

export interface ResumenError {
  tipo: string;
  mensaje: string;
  code?: string;
  sqlState?: string;
  restriccion?: string;
  tabla?: string;
  statusCode?: number;
  causa?: ResumenError;
  stack?: string;
}

type ConCampos = Error & Record<string, unknown>;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** A PostgreSQL error (node-postgres or PGlite): it carries a SQLSTATE and a severity. */
function esErrorDePostgres(e: ConCampos): boolean {
  return typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';
}

function mensajeSeguro(e: ConCampos): string {
  if (esErrorDePostgres(e)) {
    // The server's own words; it quotes the offending value at the end of some of them
    // (invalid input syntax for type integer: "…"). Its detail and where are never read.
    return enmascarar(e.message.replace(/:\s*".*"\s*$/s, ': "[valor oculto]"').slice(0, 500));
  }
  if (typeof e.query === 'string' && 'params' in e) {
    // Drizzle's DrizzleQueryError: the statement text has placeholders, the values stay out.
    return enmascarar(`Falló una consulta: ${e.query.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  return enmascarar(e.message.slice(0, 500));
}

/** Only the "    at ..." frames: the first line of a stack repeats the message. */
function marcos(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const lineas = stack.split('\n').filter((l) => /^\s+at /.test(l));
  return lineas.length ? enmascarar(lineas.slice(0, 12).join('\n')) : undefined;
}

/** A safe summary of any thrown value, for a log line. */
export function resumenError(err: unknown, profundidad = 0): ResumenError {
  if (!(err instanceof Error)) return { tipo: typeof err, mensaje: enmascarar(String(err)).slice(0, 500) };
  const e = err as ConCampos;
  // The error's own name, as ours and Node's set it; else its class's, when it reads as one (the
  // server runs minified, scripts/empaquetar.mjs, and so is PGlite: a class may be called `Xe`).
  const clase = e.constructor?.name ?? '';
  const tipo = e.name && e.name !== 'Error' ? e.name : /^\w+(Error|Exception)$/.test(clase) ? clase : 'Error';
  const r: ResumenError = { tipo, mensaje: mensajeSeguro(e) };
  if (typeof e.code === 'string') {
    if (esErrorDePostgres(e)) r.sqlState = e.code;
    else r.code = e.code;
  }
  if (typeof e.constraint === 'string') r.restriccion = e.constraint;
  if (typeof e.table === 'string') r.tabla = e.table;
  if (typeof e.statusCode === 'number') r.statusCode = e.statusCode;
  const stack = marcos(e.stack);
  if (stack && profundidad === 0) r.stack = stack;
  const causa = e.cause ?? (err instanceof AggregateError ? (err.errors as unknown[])[0] : undefined);
  if (causa !== undefined && profundidad < 3) r.causa = resumenError(causa, profundidad + 1);
  return r;
}

function esPlano(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A copy of a log argument with every string masked, secret fields hidden and errors summarised. */
export function sanear(v: unknown, profundidad = 0): unknown {
  if (typeof v === 'string') return enmascarar(v);
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Error) return resumenError(v);
  if (profundidad > 6) return '[…]';
  if (Array.isArray(v)) return v.slice(0, 100).map((x) => sanear(x, profundidad + 1));
  // Requests, replies, streams...: their own serializers decide what they show.
  if (!esPlano(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    out[k] = CLAVE_SECRETA.test(k) && x != null && x !== '' ? OCULTO : sanear(x, profundidad + 1);
  }
  return out;
}

/**
 * The pages and calls whose next path segment is a link's token: the links of the mails (the
 * monthly service-level report's `informesla/<k>` among them), and the
 * code of a QR label (22 characters: the web's `/q/<código>` and `/api/v4/qr/<código>`), which will
 * also open the outsiders' request form.
 */
const PAGINAS_CON_TOKEN = new Set([
  'ordersummary',
  'confirmacion',
  'password-reset',
  'encuestas',
  'q',
  'qr',
  'informesla',
]);

/**
 * A request URL as a log line may show it. A path segment becomes `…` when it may carry a token:
 * the one after a page of PAGINAS_CON_TOKEN, one of 32 characters or more (a token is 43; no
 * route's literal segment is that long), one percent-encoded. The query keeps only its names
 * (`?estados&q&tsp`): no value of a query string is ever written, whatever the route (the tokens
 * of public calls, `access`, `k`, `tsp`, search texts).
 */
export function urlParaLog(url: string): string {
  const corte = url.indexOf('?');
  const ruta = corte < 0 ? url : url.slice(0, corte);
  const segmentos = ruta.split('/');
  let salida = segmentos
    .map((seg, i) =>
      seg.length >= 32 || seg.includes('%') || PAGINAS_CON_TOKEN.has(segmentos[i - 1] ?? '') ? '…' : seg,
    )
    .join('/');
  if (corte >= 0) {
    const nombres = url
      .slice(corte + 1)
      .split('&')
      .map((par) => par.split('=')[0] ?? '')
      .filter((n) => n !== '')
      .map((n) => (/^[\w.[\]-]{1,40}$/.test(n) ? n : '…'));
    salida += nombres.length ? `?${nombres.join('&')}` : '?';
  }
  return salida;
}

interface ReqLike {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  raw?: { url?: string };
}

/** The options of the Fastify logger (pino); false when logs are off. */
export function opcionesDeLog(
  nivel: string,
  destino?: DestinationStream,
): false | (LoggerOptions & { stream?: DestinationStream }) {
  if (nivel === 'silent' && !destino) return false;
  return {
    level: nivel,
    ...(destino ? { stream: destino } : {}),
    serializers: {
      err: (e: unknown) => (e instanceof Error ? resumenError(e) : sanear(e)),
      error: (e: unknown) => (e instanceof Error ? resumenError(e) : sanear(e)),
      req: (req: ReqLike) => ({
        method: req.method,
        url: urlParaLog(req.url ?? req.raw?.url ?? ''),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
    hooks: {
      logMethod(args, method) {
        const saneados = args.map((a, i) =>
          // pino takes an Error as the first argument: keep it under `err`, summarised.
          i === 0 && a instanceof Error ? { err: resumenError(a) } : sanear(a),
        );
        return method.apply(this, saneados as Parameters<typeof method>);
      },
    },
  };
}
