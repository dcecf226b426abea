/**
 * The one fake server of the web unit tests (MSW): every `fetch` of the app reaches it. A test
 * answers the calls it cares about with `simularServidor`; any other call is a 404, as a real
 * server would answer an unknown path. Each request body is checked against the contract's schema
 * of its call (`cuerpos.ts`): a body the server would refuse fails the test (see `setup.ts`).
 */
import { ESTADO_DE_CODIGO, type CodigoError } from '@delego/contract';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { coincide, problemaDelCuerpo } from './cuerpos';

/** One call the app made. */
export interface Llamada {
  metodo: string;
  ruta: string;
  query: URLSearchParams;
  /** The JSON body, parsed (undefined without one). */
  cuerpo: unknown;
  headers: Headers;
  autorizacion: string | null;
}

type Dato = Response | JsonBodyType | undefined;
/** An answer: a value (sent as JSON 200), a Response, or a function of the call giving either. */
export type Respuesta = Dato | ((llamada: Llamada) => Dato | Promise<Dato>);

/** The calls made, in order, and those of one method and path. */
export type Llamadas = Llamada[] & { de: (metodo: string, ruta: string) => Llamada[] };

let problemas: string[] = [];

/** The bodies the contract refused since the last call (the setup fails the test with them). */
export function tomarProblemasDeCuerpo(): string[] {
  const vistos = problemas;
  problemas = [];
  return vistos;
}

export function json(status: number, cuerpo: unknown): Response {
  return HttpResponse.json(cuerpo as JsonBodyType, { status });
}

/** The contract's first error code of a status (the server's `AppError` takes only those). */
function codigoDe(status: number): CodigoError {
  const codigos = Object.entries(ESTADO_DE_CODIGO) as [CodigoError, number][];
  return codigos.find(([, s]) => s === status)?.[0] ?? 'ERROR_INTERNO';
}

/** An error answer of the server: `{ message, code, requestId, field? }` (a field's name, or the code too). */
export function errorDelServidor(
  status: number,
  message: string,
  extra: string | { code?: CodigoError; field?: string } = {},
): Response {
  const { code = codigoDe(status), field } = typeof extra === 'string' ? { field: extra } : extra;
  return json(status, { message, code, requestId: 'prueba', ...(field ? { field } : {}) });
}

/** A file answer, as the download paths send it. */
export function archivoRespuesta(bytes: string, tipo: string, nombre?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': tipo };
  if (nombre) {
    headers['Content-Disposition'] = `attachment; filename="${nombre}"; filename*=UTF-8''${encodeURIComponent(nombre)}`;
  }
  return new HttpResponse(bytes, { status: 200, headers });
}

async function leerCuerpo(request: Request): Promise<unknown> {
  const texto = await request.text();
  if (!texto) return undefined;
  if (!(request.headers.get('Content-Type') ?? '').includes('json')) return texto;
  return JSON.parse(texto) as unknown;
}

/** The answer of the table to a call: its exact path first, else a pattern (`/leida/:id`). */
function respuestaDe(respuestas: Record<string, Respuesta>, { metodo, ruta }: Llamada): Respuesta {
  const exacta = respuestas[`${metodo} ${ruta}`];
  if (exacta !== undefined) return exacta;
  const clave = Object.keys(respuestas).find((k) => {
    const [m, patron] = k.split(' ');
    return m === metodo && patron?.includes(':') && coincide(patron, ruta);
  });
  return clave === undefined ? undefined : respuestas[clave];
}

/** The handler of one table of answers; it records each call in `llamadas`. */
function atender(respuestas: Record<string, Respuesta>, llamadas: Llamada[]) {
  return http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    const llamada: Llamada = {
      metodo: request.method,
      ruta: url.pathname,
      query: url.searchParams,
      cuerpo: await leerCuerpo(request),
      headers: request.headers,
      autorizacion: request.headers.get('Authorization'),
    };
    llamadas.push(llamada);
    const problema = problemaDelCuerpo(llamada.metodo, llamada.ruta, llamada.cuerpo);
    if (problema) {
      problemas.push(problema);
      return errorDelServidor(400, 'Cuerpo rechazado por el contrato (prueba).');
    }
    const respuesta = respuestaDe(respuestas, llamada);
    if (respuesta === undefined) return errorDelServidor(404, 'No encontrado');
    const dato = typeof respuesta === 'function' ? await respuesta(llamada) : respuesta;
    return dato instanceof Response ? dato : json(200, dato);
  });
}

/** Started by the setup; with no table, every call is a 404 (its body still checked). */
export const servidorDePrueba = setupServer(atender({}, []));

/**
 * Answers `"<METHOD> <path>"` from the table for the rest of the test (a path may name its
 * parameters as the contract does: `/api/v2/notificaciones/leida/:id`); anything else is a 404.
 * Returns the calls made.
 */
export function simularServidor(respuestas: Record<string, Respuesta>): Llamadas {
  const llamadas = Object.assign([] as Llamada[], {
    de: (metodo: string, ruta: string) => llamadas.filter((l) => l.metodo === metodo && l.ruta === ruta),
  });
  servidorDePrueba.use(atender(respuestas, llamadas));
  return llamadas;
}
