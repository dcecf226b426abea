import {
  esAdmin,
  LIMITES_ORDEN,
  MENSAJES_SOLICITUD,
  zOrdenGuardar,
  type EnlaceSolicitudes,
  type EstadoSolicitud,
  type Solicitud,
  type zAceptarSolicitud,
  type zPendientesSolicitudes,
} from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { crearToken } from '../../lib/tokens.js';
import type { Descarga } from '../files/index.js';
import { plantillaSolicitudAceptada, plantillaSolicitudRechazada } from './plantillas-solicitud.js';
import {
  correoAlSolicitante,
  primeros,
  urlFormulario,
  urlSeguimiento,
  type DepsSolicitudes,
  type Entorno,
} from './solicitudes.comun.js';
import {
  SolicitudesRepository,
  type FotoFila,
  type SolicitudBloqueada,
  type SolicitudFila,
} from './solicitudes.repository.js';

/** The newest requests the inbox lists (the pending ones are few; older resolved ones are in their orders). */
export const MAX_LISTA_SOLICITUDES = 200;

const NO_ENCONTRADA = 'No se encontró la solicitud.';
const CLIENTE_NO_ENCONTRADO = 'No se encontró el cliente.';
const SOLO_ADMIN = 'Solo un administrador puede activar, renovar o desactivar el enlace de pedidos de un cliente.';

/**
 * The company's side of requests (issue 33, docs/SOLICITUDES.md): the inbox of the users who may
 * delegate orders for each request's client, accepting (it becomes an order, quota used now) or
 * rejecting with a reason, and each client's request link (admins). A request of a client the
 * user may not delegate for, or of another company, is a 404 like one that does not exist.
 */
export class SolicitudesService {
  private readonly repo: SolicitudesRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly deps: DepsSolicitudes,
    private readonly entorno: Entorno,
  ) {
    this.repo = new SolicitudesRepository(db);
  }

  // -------------------------------------------------------------------------------------------
  // The inbox

  /** GET /api/v4/solicitudes: the newest first, of the clients the actor may delegate for. */
  async list(actor: Actor, estado: EstadoSolicitud | undefined): Promise<Solicitud[]> {
    const filas = await this.repo.lista(actor.entidadId, clientesDe(actor), estado, MAX_LISTA_SOLICITUDES);
    return this.conFotos(actor.entidadId, filas);
  }

  /** GET /api/v4/solicitudes/pendientes: the menu's badge. */
  async pendientes(actor: Actor): Promise<z.infer<typeof zPendientesSolicitudes>> {
    return { pendientes: await this.repo.pendientes(actor.entidadId, clientesDe(actor)) };
  }

  /** GET /api/v4/solicitudes/:id. */
  async find(actor: Actor, id: number): Promise<Solicitud> {
    const [s] = await this.conFotos(actor.entidadId, [await this.fila(actor, id)]);
    if (!s) throw AppError.notFound(NO_ENCONTRADA);
    return s;
  }

  /** GET /api/v4/solicitudes/:id/fotos/:fotoId: the bytes, for whoever sees the request. */
  async foto(actor: Actor, id: number, fotoId: number): Promise<Descarga> {
    await this.fila(actor, id);
    const f = await this.repo.foto(actor.entidadId, id, fotoId);
    if (!f) throw AppError.notFound('No se encontró la foto.');
    return this.deps.files.descargaDeClave({ nombre: f.nombre, mime: f.mime, clave: f.clave, claveMiniatura: null });
  }

  // -------------------------------------------------------------------------------------------
  // Decisions

  /**
   * POST /api/v4/solicitudes/:id/aceptar: in one transaction, under the request's row lock, the
   * order through the orders' create (its permissions, quota and references: refused, the request
   * stays pending), the photos copied into its files, its public summary, and the request marked
   * accepted; the sender is mailed that summary.
   */
  async aceptar(actor: Actor, id: number, body: z.output<typeof zAceptarSolicitud>): Promise<Solicitud> {
    // A plan period that ended is renewed first, outside the transaction (as a create does).
    await this.deps.orders.renovarCupoSiVencio(actor.entidadId);
    const eventos: DomainEvent[] = [];
    let deshacerFotos: (() => Promise<void>) | undefined;
    let correo = false;
    let ordenId = 0;
    try {
      await this.db.transaction(async (tx) => {
        const repo = new SolicitudesRepository(tx);
        const s = await this.pendiente(repo, actor, id);
        const nueva = await this.deps.orders.crearEnTransaccion(
          tx,
          actor,
          zOrdenGuardar.parse({
            titulo: tituloDe(s.que),
            detalle: detalleDe(s),
            cliente: s.clienteId,
            responsable: body.responsable ?? [],
            ...(s.equipoId != null ? { equipo: s.equipoId } : {}),
            ...(s.ubicacionId != null ? { ubicacion: s.ubicacionId } : {}),
          }),
        );
        eventos.push(...nueva.eventos);
        ordenId = nueva.id;
        const fotos = await repo.fotos(actor.entidadId, [id]);
        const copia = await this.deps.files.adjuntarEnTransaccion(
          tx,
          actor,
          nueva.id,
          fotos.map((f) => ({ clave: f.clave, nombre: f.nombre })),
        );
        deshacerFotos = copia.deshacer;
        const resumen = await this.deps.enlaces.enlacePublico(tx, actor.entidadId, nueva.id, actor.id, 'solicitud');
        await repo.resolver(actor.entidadId, id, {
          estado: 'aceptada',
          motivo: null,
          resuelta: this.clock.now(),
          resueltaPor: actor.id,
          ordenId: nueva.id,
          resumenCifrado: this.deps.cifrador.cifrar(resumen),
        });
        if (s.email) {
          const seguimiento = await this.seguimiento(repo, actor.entidadId, s);
          correo = await correoAlSolicitante(this.deps, tx, actor.entidadId, s.email, (remitente) =>
            plantillaSolicitudAceptada({ remitente, seguimiento, numero: nueva.numero, resumen }),
          );
        }
      });
    } catch (e) {
      // Nothing was committed: the copied photos' bytes go too.
      await deshacerFotos?.();
      throw e;
    }
    for (const e of eventos) this.bus.publish(e);
    if (correo) this.deps.mail.kick();
    this.entorno.log.info({ entidadId: actor.entidadId, solicitudId: id, ordenId }, 'solicitud.aceptada');
    return this.find(actor, id);
  }

  /** POST /api/v4/solicitudes/:id/rechazar: with the reason the tracking page and the mail show. */
  async rechazar(actor: Actor, id: number, motivo: string): Promise<Solicitud> {
    let correo = false;
    await this.db.transaction(async (tx) => {
      const repo = new SolicitudesRepository(tx);
      const s = await this.pendiente(repo, actor, id);
      await repo.resolver(actor.entidadId, id, {
        estado: 'rechazada',
        motivo,
        resuelta: this.clock.now(),
        resueltaPor: actor.id,
        ordenId: null,
        resumenCifrado: null,
      });
      if (s.email) {
        const seguimiento = await this.seguimiento(repo, actor.entidadId, s);
        correo = await correoAlSolicitante(this.deps, tx, actor.entidadId, s.email, (remitente) =>
          plantillaSolicitudRechazada({ remitente, seguimiento, motivo }),
        );
      }
    });
    if (correo) this.deps.mail.kick();
    this.entorno.log.info({ entidadId: actor.entidadId, solicitudId: id }, 'solicitud.rechazada');
    return this.find(actor, id);
  }

  // -------------------------------------------------------------------------------------------
  // A client's request link (admins)

  /** GET /api/v4/solicitudes/enlace/:id. */
  async enlace(actor: Actor, clienteId: number): Promise<EnlaceSolicitudes> {
    exigirAdmin(actor);
    await this.exigirCliente(this.db, actor, clienteId);
    return this.estadoEnlace(actor, clienteId);
  }

  /** POST /api/v4/solicitudes/enlace/:id: a new link; the previous one (if any) answers 410 from now on. */
  async crearEnlace(actor: Actor, clienteId: number): Promise<EnlaceSolicitudes> {
    exigirAdmin(actor);
    const { token, hash } = crearToken();
    const renovado = await this.db.transaction(async (tx) => {
      await this.exigirCliente(tx, actor, clienteId);
      const repo = new SolicitudesRepository(tx);
      await repo.bloquearEnlaces(clienteId);
      const habia = await repo.revocarEnlace(actor.entidadId, clienteId, this.clock.now());
      await repo.insertEnlace({
        entidadId: actor.entidadId,
        clienteId,
        hash,
        cifrado: this.deps.cifrador.cifrar(token),
        creado: this.clock.now(),
        creadoPor: actor.id,
      });
      return habia;
    });
    this.entorno.log.info({ entidadId: actor.entidadId, clienteId, renovado }, 'solicitudes.enlaceCreado');
    return this.estadoEnlace(actor, clienteId, token);
  }

  /** DELETE /api/v4/solicitudes/enlace/:id: the link, and the client's QRs, stop taking requests. */
  async quitarEnlace(actor: Actor, clienteId: number): Promise<EnlaceSolicitudes> {
    exigirAdmin(actor);
    await this.db.transaction(async (tx) => {
      await this.exigirCliente(tx, actor, clienteId);
      const repo = new SolicitudesRepository(tx);
      await repo.bloquearEnlaces(clienteId);
      await repo.revocarEnlace(actor.entidadId, clienteId, this.clock.now());
    });
    this.entorno.log.info({ entidadId: actor.entidadId, clienteId }, 'solicitudes.enlaceQuitado');
    return this.estadoEnlace(actor, clienteId);
  }

  // -------------------------------------------------------------------------------------------

  /** A request the actor sees: of the company and of a client they may delegate for; 404 otherwise. */
  private async fila(actor: Actor, id: number): Promise<SolicitudFila> {
    const f = await this.repo.una(actor.entidadId, clientesDe(actor), id);
    if (!f) throw AppError.notFound(NO_ENCONTRADA);
    return f;
  }

  /** The request locked for a decision: 404 as `fila`, 409 when it was already accepted or rejected. */
  private async pendiente(repo: SolicitudesRepository, actor: Actor, id: number): Promise<SolicitudBloqueada> {
    const s = await repo.bloquear(actor.entidadId, id);
    if (!s || !puedeAtender(actor, s.clienteId)) throw AppError.notFound(NO_ENCONTRADA);
    if (s.estado !== 'pendiente') throw new AppError('CONFLICTO', MENSAJES_SOLICITUD.yaResuelta);
    return s;
  }

  /** The tracking link of a request, issued anew when the stored one can no longer be read (another key). */
  private async seguimiento(repo: SolicitudesRepository, entidadId: number, s: SolicitudBloqueada): Promise<string> {
    const leido = s.seguimientoCifrado ? this.deps.cifrador.descifrar(s.seguimientoCifrado) : null;
    if (leido) return urlSeguimiento(this.entorno.publicUrl, leido);
    const { token, hash } = crearToken();
    await repo.renovarSeguimiento(entidadId, s.id, hash, this.deps.cifrador.cifrar(token));
    return urlSeguimiento(this.entorno.publicUrl, token);
  }

  private async exigirCliente(tx: DbOrTx, actor: Actor, clienteId: number): Promise<void> {
    if (!(await this.deps.clients.find(actor.entidadId, clienteId, tx))) throw AppError.notFound(CLIENTE_NO_ENCONTRADO);
  }

  private async estadoEnlace(actor: Actor, clienteId: number, tokenNuevo?: string): Promise<EnlaceSolicitudes> {
    const e = await this.repo.enlaceActivo(actor.entidadId, clienteId);
    const token = e ? (tokenNuevo ?? (e.cifrado ? this.deps.cifrador.descifrar(e.cifrado) : null)) : null;
    return {
      clienteId,
      activo: Boolean(e),
      url: token ? urlFormulario(this.entorno.publicUrl, token) : null,
      creado: e?.creado.getTime() ?? null,
    };
  }

  private async conFotos(entidadId: number, filas: SolicitudFila[]): Promise<Solicitud[]> {
    const fotos = await this.repo.fotos(
      entidadId,
      filas.map((f) => f.id),
    );
    const porSolicitud = new Map<number, FotoFila[]>();
    for (const f of fotos) porSolicitud.set(f.solicitudId, [...(porSolicitud.get(f.solicitudId) ?? []), f]);
    return filas.map((f) => aSolicitud(f, porSolicitud.get(f.id) ?? []));
  }
}

/** The clients whose requests the actor sees and decides: every one for admins, else those with delegarOrden. */
function clientesDe(actor: Actor): readonly number[] | undefined {
  if (esAdmin(actor)) return undefined;
  return actor.permisos.clientes.filter((c) => c.delegarOrden).map((c) => c.clienteID);
}

function puedeAtender(actor: Actor, clienteId: number): boolean {
  const clientes = clientesDe(actor);
  return clientes === undefined || clientes.includes(clienteId);
}

function exigirAdmin(actor: Actor): void {
  if (!esAdmin(actor)) throw AppError.forbidden(SOLO_ADMIN);
}

/** The order's title: the first line of what was asked, cut to the title's limit. */
export function tituloDe(que: string): string {
  const linea = que.split(/\r?\n/)[0]?.trim() ?? '';
  return primeros(linea || que.trim(), LIMITES_ORDEN.titulo).trim();
}

/** The order's detail: the whole request, where, the place of a QR and the contact. */
export function detalleDe(
  s: Pick<SolicitudBloqueada, 'id' | 'que' | 'donde' | 'nombre' | 'email' | 'telefono'>,
): string {
  const contacto = [s.nombre, s.email, s.telefono].filter(Boolean).join(' · ');
  return primeros(
    [
      s.que,
      '',
      ...(s.donde ? [`Dónde: ${s.donde}`] : []),
      `Contacto: ${contacto}`,
      `Pedido recibido por el enlace de pedidos del cliente (solicitud N.º ${s.id}).`,
    ].join('\n'),
    LIMITES_ORDEN.detalle,
  );
}

function aSolicitud(f: SolicitudFila, fotos: FotoFila[]): Solicitud {
  const lugar =
    f.equipoId != null && f.equipoNombre != null
      ? { tipo: 'equipo' as const, id: f.equipoId, nombre: f.equipoNombre }
      : f.ubicacionId != null && f.ubicacionNombre != null
        ? { tipo: 'ubicacion' as const, id: f.ubicacionId, nombre: f.ubicacionNombre }
        : null;
  const resueltaPor =
    f.resueltaPorNombre != null ? `${f.resueltaPorNombre} ${f.resueltaPorApellido ?? ''}`.trim() : null;
  return {
    id: f.id,
    clienteId: f.clienteId,
    clienteNombre: f.clienteNombre,
    que: f.que,
    donde: f.donde,
    lugar,
    contacto: { nombre: f.nombre, email: f.email, telefono: f.telefono },
    fotos: fotos.map((x) => ({ id: x.id, nombre: x.nombre, tamano: x.tamano })),
    creada: f.creada.getTime(),
    estado: f.estado,
    motivo: f.motivo,
    resueltaPor,
    resuelta: f.resuelta?.getTime() ?? null,
    orden: f.ordenId != null && f.ordenNumero != null ? { id: f.ordenId, numero: f.ordenNumero } : null,
  };
}
