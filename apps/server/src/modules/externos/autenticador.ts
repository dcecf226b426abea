import type { FastifyRequest } from 'fastify';
import {
  ESQUEMA_EXTERNO,
  MENSAJES_EXTERNO,
  RUTAS,
  nombreDeExterno,
  zTokenExterno,
  type DefRuta,
} from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import type { AutenticadorAlterno } from '../../kernel/auth-hook.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { hashDeToken } from '../../lib/tokens.js';
import { ExternosRepository, type EnlaceConOrden } from './externos.repository.js';
import { motivoCerrado } from './externos.service.js';

/**
 * What a contractor link opens (docs/EXTERNOS.md «Qué abre el enlace»): its own calls, and the
 * order's own routes for its order only. `orden` names the path parameter that must be the link's
 * order; `uso`: `vista` (also after a rejection), `lectura` (not after a rejection), `trabajo` (only
 * once accepted). Anything else is 404, as if it did not exist.
 */
interface Permitida {
  orden: 'id' | 'ordenId' | null;
  uso: 'vista' | 'lectura' | 'trabajo';
  /** Only a multipart upload (the same route with JSON removes files). */
  soloMultipart?: boolean;
}

const clave = (r: Pick<DefRuta, 'metodo' | 'path'>) => `${r.metodo} ${r.path}`;

export const RUTAS_DEL_EXTERNO: ReadonlyMap<string, Permitida> = new Map<string, Permitida>([
  [clave(RUTAS.vistaExterno), { orden: null, uso: 'vista' }],
  [clave(RUTAS.aceptarExterno), { orden: null, uso: 'vista' }],
  [clave(RUTAS.rechazarExterno), { orden: null, uso: 'vista' }],
  [clave(RUTAS.cambiarEstado), { orden: 'id', uso: 'trabajo' }],
  [clave(RUTAS.archivos), { orden: 'id', uso: 'lectura' }],
  [clave(RUTAS.agregarArchivos), { orden: 'id', uso: 'trabajo', soloMultipart: true }],
  [clave(RUTAS.descargarArchivo), { orden: 'ordenId', uso: 'lectura' }],
  [clave(RUTAS.miniatura), { orden: 'ordenId', uso: 'lectura' }],
  [clave(RUTAS.guardarRegistro), { orden: 'id', uso: 'trabajo' }],
  [clave(RUTAS.checklistOrden), { orden: 'id', uso: 'lectura' }],
  [clave(RUTAS.responderItemChecklist), { orden: 'id', uso: 'trabajo' }],
  [clave(RUTAS.borrarRespuestaChecklist), { orden: 'id', uso: 'trabajo' }],
]);

const noExiste = () => new AppError('NO_AUTENTICADO', MENSAJES_EXTERNO.noExiste);
const fuera = () => AppError.notFound(MENSAJES_EXTERNO.fueraDelEnlace);

/**
 * `Authorization: Externo <k>`: the link is read on every request (no cache), so a revocation holds
 * at once on every instance. The actor is the outsider's hidden user: no roles, no per-client
 * permissions, `finalizarOrden` (they may finish the order they were handed), and `externo` set.
 */
export function autenticadorExterno(db: Db, clock: Clock): AutenticadorAlterno {
  return {
    esquema: ESQUEMA_EXTERNO,
    async autenticar(req: FastifyRequest, credencial: string): Promise<Actor> {
      const token = zTokenExterno.safeParse(credencial);
      if (!token.success || !token.data) throw noExiste();
      const f = await new ExternosRepository(db).porHash(hashDeToken(token.data));
      if (!f) throw noExiste();
      const cerrado = motivoCerrado(f, clock.now());
      if (cerrado) throw new AppError('ENLACE_VENCIDO', cerrado);
      exigirRuta(req, f);
      return actorExterno(f);
    },
  };
}

function exigirRuta(req: FastifyRequest, f: EnlaceConOrden): void {
  const p = RUTAS_DEL_EXTERNO.get(`${req.method} ${req.routeOptions.url ?? ''}`);
  if (!p) throw fuera();
  if (p.orden) {
    const valor = (req.params as Record<string, string | undefined>)[p.orden];
    if (Number(valor) !== f.ordenId) throw fuera();
  }
  if (p.soloMultipart && !String(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
    throw AppError.forbidden(MENSAJES_EXTERNO.soloAgregarArchivos);
  }
  if (p.uso !== 'vista' && f.respuesta === 'rechazada') throw new AppError('CONFLICTO', MENSAJES_EXTERNO.rechazada);
  if (p.uso === 'trabajo' && f.respuesta !== 'aceptada') throw new AppError('CONFLICTO', MENSAJES_EXTERNO.sinAceptar);
}

function actorExterno(f: EnlaceConOrden): Actor {
  return {
    id: f.usuarioId,
    entidadId: f.entidadId,
    usuario: '',
    nombre: nombreDeExterno(f.nombre),
    apellido: '',
    email: null,
    roles: [],
    permisosResumen: [{ nombre: 'finalizarOrden' }],
    permisos: { clientes: [] },
    externo: { enlaceId: f.id, ordenId: f.ordenId },
  };
}
