/**
 * The first-stage Inicio's data (issue 17, docs/APP-DE-CAMPO.md «Inicio de primera etapa»): the
 * stored session and the first page of the default list, with plain fetch, so that the first load
 * carries neither Zod, nor the contract's schemas, nor TanStack Query. The full app checks the page
 * with the contract's schema before it takes it (app/app-completa.tsx).
 */
import type { OrdenResumen, PaginaOrdenes, UsuarioLogueado } from '@delego/contract';
import { ESTADOS_ABIERTOS } from '@delego/contract/ligero';
import { CLAVE_SESION, almacenLocal } from '../../../lib/session-claves';
import { SIN_FILTROS } from '../model/filtros-ligero';

/** The session as lib/session.ts stores it. */
export interface SesionLigera {
  usuario: Pick<UsuarioLogueado, 'id' | 'usuario' | 'permisosResumen'>;
  md5: string;
}

export const RUTA_ORDENES = '/api/v4/ordenes/all/filtered';
/** What a new company has done (issue 36); the full Inicio shows «Primeros pasos» from it. */
export const RUTA_PRIMEROS_PASOS = '/api/v4/entidad/primeros-pasos';

/**
 * The body the full Inicio sends for its first page with no filter in the address: the open
 * states, most recent first, 25 a page (features/orders/model/filtros.ts cuerpoDeFiltros over
 * FILTROS_INICIALES; inicio-ligero.test.tsx checks they stay equal).
 */
export function cuerpoInicial() {
  return {
    estados: [...ESTADOS_ABIERTOS] as number[],
    ...SIN_FILTROS,
    vencidas: null,
    buscar: null,
    orden: 'recientes',
    porPagina: 25,
  } as const;
}

function esTexto(x: unknown): x is string {
  return typeof x === 'string';
}

/** The stored session, or null when there is none or it is not one (the full app then decides). */
export function leerSesionLigera(storage: Storage | null = almacenLocal()): SesionLigera | null {
  let dato: unknown;
  try {
    dato = JSON.parse(storage?.getItem(CLAVE_SESION) ?? 'null');
  } catch {
    return null;
  }
  if (typeof dato !== 'object' || dato === null) return null;
  const { usuario, md5 } = dato as { usuario?: unknown; md5?: unknown };
  if (!esTexto(md5) || typeof usuario !== 'object' || usuario === null) return null;
  const u = usuario as { id?: unknown; usuario?: unknown; permisosResumen?: unknown };
  if (typeof u.id !== 'number' || !esTexto(u.usuario) || !Array.isArray(u.permisosResumen)) return null;
  return { usuario: usuario as SesionLigera['usuario'], md5 };
}

/** What the cards need of each order, checked field by field: anything else goes to the full app. */
function ordenDibujable(o: unknown): o is OrdenResumen {
  if (typeof o !== 'object' || o === null) return false;
  const x = o as Record<string, unknown>;
  const estado = x.estado as { id?: unknown; nombre?: unknown } | null;
  const cliente = x.cliente as { nombre?: unknown } | null;
  const prioridad = x.prioridad as { nombre?: unknown; color?: unknown } | null;
  return (
    typeof x.id === 'number' &&
    typeof x.numero === 'number' &&
    esTexto(x.titulo) &&
    typeof estado === 'object' &&
    estado !== null &&
    typeof estado.id === 'number' &&
    esTexto(estado.nombre) &&
    (cliente === null || (typeof cliente === 'object' && esTexto(cliente.nombre))) &&
    (prioridad === null || (typeof prioridad === 'object' && esTexto(prioridad.nombre) && esTexto(prioridad.color))) &&
    Array.isArray(x.responsables) &&
    x.responsables.every(
      (p: unknown) =>
        typeof p === 'object' &&
        p !== null &&
        esTexto((p as { nombre?: unknown }).nombre) &&
        esTexto((p as { apellido?: unknown }).apellido) &&
        esTexto((p as { usuario?: unknown }).usuario),
    ) &&
    (x.fechaFin === null || typeof x.fechaFin === 'number') &&
    typeof x.vencida === 'boolean'
  );
}

/** The bell's list (GET /api/v2/notificaciones/all), as the full app's bell reads it. */
export const RUTA_NOTIFICACIONES = '/api/v2/notificaciones/all';

/**
 * How many of the person's notifications are unread, for the bell's badge (the full app's
 * CampanaNotificaciones counts the same list); null on anything but a clean 200 (no badge).
 */
export async function pedirNoLeidas(sesion: SesionLigera, signal?: AbortSignal): Promise<number | null> {
  try {
    const respuesta = await fetch(`${RUTA_NOTIFICACIONES}?tsp=${Date.now()}`, {
      headers: { Accept: 'application/json', Authorization: `${sesion.usuario.usuario}#${sesion.md5}` },
      signal,
    });
    if (!respuesta.ok) return null;
    const lista: unknown = await respuesta.json();
    if (!Array.isArray(lista)) return null;
    return lista.filter(
      (n: unknown) => typeof n === 'object' && n !== null && (n as { leida?: unknown }).leida === false,
    ).length;
  } catch {
    return null;
  }
}

/** Why the first stage steps aside: the full app handles each case (offline cache, 401, messages). */
export class SinInicioLigero extends Error {
  override readonly name = 'SinInicioLigero';
}

/** Page `pagina` (from 0) of the default list; throws SinInicioLigero on anything but a clean 200. */
export async function pedirPagina(sesion: SesionLigera, pagina: number, signal?: AbortSignal): Promise<PaginaOrdenes> {
  let respuesta: Response;
  try {
    respuesta = await fetch(`${RUTA_ORDENES}?tsp=${Date.now()}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `${sesion.usuario.usuario}#${sesion.md5}`,
      },
      body: JSON.stringify({ ...cuerpoInicial(), pagina }),
      signal,
    });
  } catch {
    throw new SinInicioLigero('sin conexión');
  }
  if (!respuesta.ok) throw new SinInicioLigero(`estado ${respuesta.status}`);
  let dato: unknown;
  try {
    dato = await respuesta.json();
  } catch {
    throw new SinInicioLigero('respuesta que no es JSON');
  }
  const leida = dato as { ordenes?: unknown; total?: unknown; pagina?: unknown; porPagina?: unknown };
  if (
    typeof dato !== 'object' ||
    dato === null ||
    typeof leida.total !== 'number' ||
    typeof leida.pagina !== 'number' ||
    typeof leida.porPagina !== 'number' ||
    !Array.isArray(leida.ordenes) ||
    !leida.ordenes.every(ordenDibujable)
  ) {
    throw new SinInicioLigero('respuesta inesperada');
  }
  return dato as PaginaOrdenes;
}

/**
 * Whether the company has no order at all (GET primeros-pasos says `hayOrdenes: false`): then the
 * full app takes over, since its Inicio guides a new company's first steps. Any failure is "no":
 * the first stage keeps its plain empty state.
 */
export async function empresaSinOrdenes(sesion: SesionLigera, signal?: AbortSignal): Promise<boolean> {
  try {
    const respuesta = await fetch(`${RUTA_PRIMEROS_PASOS}?tsp=${Date.now()}`, {
      headers: { Accept: 'application/json', Authorization: `${sesion.usuario.usuario}#${sesion.md5}` },
      signal,
    });
    if (!respuesta.ok) return false;
    const dato = (await respuesta.json()) as { hayOrdenes?: unknown } | null;
    return dato?.hayOrdenes === false;
  } catch {
    return false;
  }
}
