/**
 * The first-stage login's call (issue 17, docs/APP-DE-CAMPO.md «Carga inicial»): the same request
 * as features/auth/api/login.ts (GET /api/v4/login, `Authorization: <usuario>#<md5>`, SPEC §5, §7)
 * with plain fetch, so that the first screen loads neither Zod, nor the contract, nor TanStack
 * Query. Only tiny modules are imported here: check what each new import drags into the entry.
 */
import { md5Hex } from '../../../lib/md5';
import { leerCuerpo, mensajeParaEstadoCon } from '../../../lib/respuesta-http';
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

/** The message of an error answer: lib/errors.ts `mensajeParaEstado`'s rule, with these texts. */
export function mensajeDeEstado(status: number, delServidor: string | undefined): string {
  return mensajeParaEstadoCon(TEXTOS_LOGIN, status, delServidor);
}

function conTsp(ruta: string): string {
  return `${ruta}?tsp=${Date.now()}`;
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
  const dato = await leerCuerpo(respuesta);
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
