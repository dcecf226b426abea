/**
 * The first-stage login's call (issue 17, docs/APP-DE-CAMPO.md «Carga inicial»): the same request
 * as features/auth/api/login.ts (GET /api/v4/login, `Authorization: <usuario>#<md5>`, SPEC §5, §7)
 * with plain fetch, so that the first screen loads neither Zod, nor the contract, nor TanStack
 * Query. Only tiny modules are imported here: check what each new import drags into the entry.
 */
import { md5Hex } from '../../../lib/md5';
import { CLAVE_SESION } from '../../../lib/session-claves';

/** SPEC §8 texts (the contract's MENSAJES; login-ligero.dom.test.ts checks they stay equal). */
export const TEXTOS_LOGIN = {
  loginInvalido: 'Los datos de Login son inválidos',
  errorInesperado: 'Ocurrió un error inesperado',
  sinServidor: 'No se pudo conectar con el servidor. Revise la conexión a internet.',
} as const;

export const RUTA_LOGIN = '/api/v4/login';
/** What a successful login clears on the server (SPEC §4), as features/auth/api/limpiar-caches.ts. */
export const RUTAS_LIMPIAR_CACHES = ['/api/v2/clientes/cache/clean', '/api/v2/usuarios/cache/clean'] as const;

/** A refused login: the message to show and the server's code (e.g. CUENTA_NO_CONFIRMADA). */
export class ErrorLogin extends Error {
  override readonly name = 'ErrorLogin';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The message of an error answer, as lib/errors.ts `mensajeParaEstado` words it. */
export function mensajeDeEstado(status: number, delServidor: string | undefined): string {
  const propio = delServidor?.trim() ? delServidor : undefined;
  if (status === 0 || status === 504) return TEXTOS_LOGIN.sinServidor;
  if ((status === 502 || status === 503) && !propio) return TEXTOS_LOGIN.sinServidor;
  if (status === 403) return propio ?? TEXTOS_LOGIN.loginInvalido;
  return propio ?? TEXTOS_LOGIN.errorInesperado;
}

function conTsp(ruta: string): string {
  return `${ruta}?tsp=${Date.now()}`;
}

async function cuerpo(respuesta: Response): Promise<unknown> {
  const texto = await respuesta.text();
  if (!texto) return undefined;
  try {
    return JSON.parse(texto) as unknown;
  } catch {
    return texto;
  }
}

function cabeceras(usuario: string, md5: string): Headers {
  return new Headers({ Accept: 'application/json', Authorization: `${usuario}#${md5}` });
}

/**
 * Logs in and stores the session exactly as lib/session.ts does (`{ usuario, md5 }` under
 * CLAVE_SESION); then asks the server to clear its caches (their failure does not stop the login).
 * Throws `ErrorLogin` with the Spanish message to show.
 */
export async function enviarLogin(usuario: string, password: string): Promise<void> {
  const md5 = md5Hex(password);
  let respuesta: Response;
  try {
    respuesta = await fetch(conTsp(RUTA_LOGIN), { headers: cabeceras(usuario, md5) });
  } catch {
    throw new ErrorLogin(0, TEXTOS_LOGIN.sinServidor, 'SIN_CONEXION');
  }
  const dato = await cuerpo(respuesta);
  const info = (typeof dato === 'object' && dato !== null ? dato : {}) as { message?: unknown; code?: unknown };
  if (!respuesta.ok) {
    const mensaje = typeof info.message === 'string' ? info.message : undefined;
    throw new ErrorLogin(
      respuesta.status,
      mensajeDeEstado(respuesta.status, mensaje),
      typeof info.code === 'string' ? info.code : undefined,
    );
  }
  if (typeof dato !== 'object' || dato === null || (dato as { usuario?: unknown }).usuario === undefined) {
    console.error('Respuesta inesperada del servidor', RUTA_LOGIN);
    throw new ErrorLogin(respuesta.status, mensajeDeEstado(500, undefined));
  }
  try {
    localStorage.setItem(CLAVE_SESION, JSON.stringify({ usuario: dato, md5 }));
  } catch {
    // Storage blocked: the full app works without persistence, as lib/session.ts allows.
  }
  const limpiezas = await Promise.allSettled(
    RUTAS_LIMPIAR_CACHES.map(async (ruta) => {
      const r = await fetch(conTsp(ruta), { headers: cabeceras(usuario, md5) });
      if (!r.ok) throw new Error(`${ruta}: ${r.status}`);
    }),
  );
  for (const l of limpiezas) if (l.status === 'rejected') console.error(l.reason);
}
