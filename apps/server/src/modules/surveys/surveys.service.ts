import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  EDICION_ENCUESTA_MS,
  ESTADO,
  LIMITES_ENCUESTAS,
  MENSAJES_ENCUESTAS,
  PUNTAJES,
  VIGENCIA_ENCUESTA_MS,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  esAdmin,
  tienePermiso,
  type ConfigEncuestas,
  type EncuestaEnviada,
  type EncuestaPublica,
  type EncuestasDeOrden,
  type EnvioHecho,
  type ResultadosEncuestas,
  type zEncuestasQuery,
  type zEnviarEncuesta,
  type zResponderEncuesta,
} from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { actorDeSistema, type Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import { grupoDeDireccion } from '../../lib/direccion.js';
import { type ContadorLimites, cadaCuartoDeHora, Limitador, type Limite } from '../../lib/rate-limit.js';
import { crearToken, hashDeToken } from '../../lib/tokens.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import { encolarCorreoDeEmpresa, plantillaEncuesta, type PuertoCorreo } from '../mail/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { resumirEncuestas } from './resumen.js';
import {
  SurveysRepository,
  type EncuestaDeEnlace,
  type EncuestaDeOrdenFila,
  type EncuestaFila,
} from './surveys.repository.js';

type ResponderInput = z.output<typeof zResponderEncuesta>;
/** An answer from the order's public summary: the fields of the survey page's answer but the link. */
type RespuestaDeOrden = Pick<ResponderInput, 'puntaje' | 'comentario'>;

/**
 * The limits of the public calls: per client address and per survey. An answer counts the same
 * whether it comes through the survey's link or from the order's public summary.
 */
export interface LimitesEncuestas {
  publicaDireccion: Limite;
  responderDireccion: Limite;
  responderEnlace: Limite;
}

export const LIMITES_ENCUESTAS_DEFECTO: LimitesEncuestas = {
  publicaDireccion: cadaCuartoDeHora(120),
  responderDireccion: cadaCuartoDeHora(60),
  responderEnlace: cadaCuartoDeHora(20),
};

/** The history event of a send (orders.eventos.ts describes it). */
export const EVENTO_ENCUESTA_ENVIADA = 'ENCUESTA_ENVIADA';
/** The notification an answer gives to the order's responsables and its creator. */
export const NOTIFICACION_ENCUESTA = 'ENCUESTA_RESPONDIDA';

/** The counters of answers, whichever door they come through: per client address, per survey. */
const claveDireccion = (direccion: string) => `encuesta-responder:d:${grupoDeDireccion(direccion)}`;
const claveEncuesta = (hash: string) => `encuesta-responder:k:${hash}`;

const invalido = () => new AppError('ENLACE_INVALIDO', MENSAJES_ENCUESTAS.enlaceInvalido);
const usada = () => new AppError('ENLACE_USADO', MENSAJES_ENCUESTAS.yaRespondida);
const vencida = () => new AppError('ENLACE_VENCIDO', MENSAJES_ENCUESTAS.vencida);

/** What issue 16's public order summary needs of a pending survey. */
export interface EncuestaPendiente {
  id: number;
  ordenId: number;
  email: string;
  enviadaEn: number;
  vence: number;
}

/** Where a survey stands at `ahora` (docs/ENCUESTAS.md). */
function estadoDe(e: EncuestaFila, ahora: Date): { estado: EncuestaPublica['estado']; editable: boolean } {
  if (e.respondidaEn) {
    const editable = !e.cerradaEn && e.respondidaEn.getTime() + EDICION_ENCUESTA_MS > ahora.getTime();
    return { estado: editable ? 'respondida' : 'cerrada', editable };
  }
  if (e.venceEn <= ahora) return { estado: 'vencida', editable: false };
  return { estado: 'pendiente', editable: true };
}

/**
 * Surveys (issue 13, docs/ENCUESTAS.md): a survey is sent for an order (by a person, or by itself
 * when the order is finished and the company turned that on), answered on a public page through
 * its link's token, and summarised for holders of verEstadisticas. The answer notifies the order's
 * responsables and its creator.
 */
export class SurveysService {
  private readonly repo: SurveysRepository;
  private readonly limitador: Limitador;
  private readonly limites: LimitesEncuestas;
  private readonly tareas = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly deps: {
      orders: Pick<PuertoOrdenes, 'acceso' | 'insertEvento'>;
      clients: Pick<PuertoClientes, 'find'>;
      entidades: Pick<PuertoEntidades, 'find'>;
      mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
      notifications: Pick<PuertoNotificaciones, 'create'>;
      log: FastifyBaseLogger;
      /** PUBLIC_URL: the links in the mails start with it. */
      publicUrl: string;
      limites?: Partial<LimitesEncuestas>;
      /** Where the limits count (the kernel's: PostgreSQL's table with several instances); memory by default. */
      contador?: ContadorLimites;
    },
  ) {
    this.repo = new SurveysRepository(db);
    this.limites = { ...LIMITES_ENCUESTAS_DEFECTO, ...deps.limites };
    this.limitador = new Limitador(deps.contador, clock);
    // Once in the whole system (the instance that published): the automatic send on finish.
    bus.subscribeLocal((e) => this.onEvent(e));
  }

  // -------------------------------------------------------------------------------------------
  // Sending

  /**
   * POST /api/v2/encuesta/enviar: a survey of an order of the actor's company (404 for any other),
   * which the actor may change (not read-only). To `email`, or the client's contact address. At
   * most 3 per order (409 the fourth). In one transaction: the survey, the history event, the mail.
   */
  async enviar(actor: Actor, input: z.output<typeof zEnviarEncuesta>): Promise<EnvioHecho> {
    const ahora = this.clock.now();
    const { fila, restantes } = await this.db.transaction(async (tx) => {
      // Locks the order until the commit: two sends at once cannot both pass the limit.
      const acc = await this.deps.orders.acceso(actor, input.ordenId, { tx, bloquear: true });
      if (!acc.modificar) throw AppError.forbidden(MENSAJES_ENCUESTAS.sinPermisoEnviar);
      const repo = new SurveysRepository(tx);
      const enviadas = await repo.countByOrden(actor.entidadId, input.ordenId);
      if (enviadas >= LIMITES_ENCUESTAS.enviosPorOrden) {
        throw new AppError('CONFLICTO', MENSAJES_ENCUESTAS.limiteEnvios, { field: 'ordenId' });
      }
      let email = input.email;
      if (!email && acc.orden.clienteId !== null) {
        email = (await this.deps.clients.find(actor.entidadId, acc.orden.clienteId, tx))?.email?.trim() || undefined;
      }
      if (!email) throw AppError.invalid('email', MENSAJES_ENCUESTAS.sinEmail);
      const fila = await this.queue(tx, {
        entidadId: actor.entidadId,
        ordenId: input.ordenId,
        email,
        orden: {
          numero: acc.orden.numero,
          titulo: acc.orden.titulo,
          finalizada: acc.orden.estadoId === ESTADO.FINALIZADA,
        },
        enviadaPor: actor.id,
        automatica: false,
        ahora,
      });
      await this.deps.orders.insertEvento(tx, actor, input.ordenId, {
        tipo: EVENTO_ENCUESTA_ENVIADA,
        datos: { email, encuestaId: fila.id, automatica: false },
        fecha: ahora,
      });
      return { fila, restantes: LIMITES_ENCUESTAS.enviosPorOrden - enviadas - 1 };
    });
    this.deps.mail.kick();
    this.bus.publish({
      type: 'orden.modificada',
      entidadId: actor.entidadId,
      ordenId: input.ordenId,
      usuarioId: actor.id,
    });
    this.deps.log.info({ entidadId: actor.entidadId, ordenId: input.ordenId, encuestaId: fila.id }, 'encuesta.enviada');
    const nombre = `${actor.nombre} ${actor.apellido}`.trim() || actor.usuario;
    return {
      encuesta: this.enviada({ ...fila, enviadaPorNombre: nombre }, ahora),
      enviosRestantes: restantes,
      mensaje: MENSAJES_ENCUESTAS.enviada(fila.email),
    };
  }

  /** GET /api/v2/encuesta/orden/{id}: the order's surveys, the address to propose, sends left. */
  async listDeOrden(actor: Actor, ordenId: number): Promise<EncuestasDeOrden> {
    const acc = await this.deps.orders.acceso(actor, ordenId);
    const cliente =
      acc.orden.clienteId === null ? undefined : await this.deps.clients.find(actor.entidadId, acc.orden.clienteId);
    const filas = await this.repo.listByOrden(actor.entidadId, ordenId);
    const ahora = this.clock.now();
    const restantes = Math.max(0, LIMITES_ENCUESTAS.enviosPorOrden - filas.length);
    return {
      ordenId,
      numero: acc.orden.numero,
      titulo: acc.orden.titulo,
      clienteNombre: cliente?.nombre ?? null,
      emailSugerido: cliente?.email?.trim() || null,
      enviosRestantes: restantes,
      puedeEnviar: acc.modificar && restantes > 0,
      encuestas: filas.map((f) => this.enviada(f, ahora)),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Company setting

  /** GET /api/v2/encuesta/configuracion (any member: the order screens show what will happen). */
  async config(actor: Actor): Promise<ConfigEncuestas> {
    return { envioAutomatico: (await this.repo.findConfig(actor.entidadId))?.envioAutomatico ?? false };
  }

  /** PUT /api/v2/encuesta/configuracion: admins and the owner only. */
  async saveConfig(actor: Actor, input: ConfigEncuestas): Promise<ConfigEncuestas> {
    if (!esAdmin(actor)) throw AppError.forbidden(MENSAJES_ENCUESTAS.sinPermisoConfiguracion);
    await this.repo.saveConfig(actor.entidadId, input.envioAutomatico);
    this.deps.log.info(
      { entidadId: actor.entidadId, usuarioId: actor.id, envioAutomatico: input.envioAutomatico },
      'encuesta.configuracion',
    );
    return { envioAutomatico: input.envioAutomatico };
  }

  // -------------------------------------------------------------------------------------------
  // Answering (public)

  /** GET /api/v2/encuesta/publica?k=: where the survey of the link stands; records nothing. */
  async publica(k: string, direccion: string): Promise<EncuestaPublica> {
    await this.limitador.exigir([[`encuesta-ver:d:${grupoDeDireccion(direccion)}`, this.limites.publicaDireccion]]);
    const e = await this.repo.findByHash(hashDeToken(k));
    if (!e) throw invalido();
    return this.vistaPublica(e, this.clock.now());
  }

  /**
   * POST /api/v2/encuesta/responder: records the rating (the first time) or changes it and the
   * comment while the answer is open (24 hours, or until `final`). Answered and closed: 410
   * ENLACE_USADO; never answered and past 30 days: 410 ENLACE_VENCIDO; unknown token: 404.
   */
  async responder(input: ResponderInput, direccion: string): Promise<EncuestaPublica> {
    const hash = hashDeToken(input.k);
    await this.limitador.exigir([
      [claveDireccion(direccion), this.limites.responderDireccion],
      [claveEncuesta(hash), this.limites.responderEnlace],
    ]);
    return this.registrar((repo) => repo.findByHash(hash, true), invalido, {
      puntaje: input.puntaje,
      comentario: input.comentario,
      final: input.final ?? false,
    });
  }

  /**
   * For the public order summary (issue 16): the latest survey of the order that is not answered
   * and not expired, or undefined.
   */
  async findPendiente(entidadId: number, ordenId: number): Promise<EncuestaPendiente | undefined> {
    const e = await this.repo.findPendiente(entidadId, ordenId, this.clock.now());
    if (!e) return undefined;
    return {
      id: e.id,
      ordenId: e.ordenId,
      email: e.email,
      enviadaEn: e.enviadaEn.getTime(),
      vence: e.venceEn.getTime(),
    };
  }

  /** For the public order summary (issue 16): whether the order has a survey to answer. */
  async hayPendiente(entidadId: number, ordenId: number): Promise<boolean> {
    return Boolean(await this.repo.findPendiente(entidadId, ordenId, this.clock.now()));
  }

  /**
   * POST /api/v2/ordersummary/encuesta (issue 16): answers the pending survey (the one
   * `findPendiente` gives) of the order `orden` finds from the summary's link, as the survey's own
   * link would: the same counters (per address before anything is read, then per survey) and the
   * same rules (once, not expired, the live notification). The rating and comment come validated
   * by the route's contract schema. The answer is final. 404 NO_ENCONTRADO when the order has no
   * pending survey; `orden` throws its own 404 for a link it does not know.
   */
  async responderPorOrden(
    orden: () => Promise<{ entidadId: number; ordenId: number }>,
    r: RespuestaDeOrden,
    direccion: string,
  ): Promise<EncuestaPublica> {
    await this.limitador.exigir([[claveDireccion(direccion), this.limites.responderDireccion]]);
    const { entidadId, ordenId } = await orden();
    const sinPendiente = () => AppError.notFound(MENSAJES_ENCUESTAS.sinPendiente);
    const pendiente = await this.repo.findPendiente(entidadId, ordenId, this.clock.now());
    if (!pendiente) throw sinPendiente();
    await this.limitador.exigir([[claveEncuesta(pendiente.tokenHash), this.limites.responderEnlace]]);
    return this.registrar((repo) => repo.findByHash(pendiente.tokenHash, true), sinPendiente, {
      puntaje: r.puntaje,
      comentario: r.comentario,
      final: true,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Results

  /** GET /api/v2/encuestas: holders of verEstadisticas only. */
  async resultados(actor: Actor, q: z.output<typeof zEncuestasQuery>): Promise<ResultadosEncuestas> {
    if (!tienePermiso(actor, 'verEstadisticas')) throw AppError.forbidden(MENSAJES_ENCUESTAS.sinPermisoResultados);
    const filas = await this.repo.listResultados(actor.entidadId, {
      ...(q.fechaDesde !== undefined ? { desde: new Date(q.fechaDesde) } : {}),
      ...(q.fechaHasta !== undefined ? { hasta: new Date(q.fechaHasta) } : {}),
      ...(q.cliente !== undefined ? { cliente: q.cliente } : {}),
      ...(q.responsable !== undefined ? { responsable: q.responsable } : {}),
      ...(q.tipoOrden !== undefined ? { tipoOrden: q.tipoOrden } : {}),
    });
    const ids = new Set<number>();
    for (const f of filas) if (f.puntaje !== null) for (const r of f.responsables) ids.add(r);
    const nombres = await this.repo.nombresDeUsuarios(actor.entidadId, [...ids]);
    return resumirEncuestas(filas, nombres, ZONA_HORARIA_EMPRESA_POR_DEFECTO);
  }

  /** Resolves when the reactions to events started so far are done (tests, close). */
  async idle(): Promise<void> {
    while (this.tareas.size) await Promise.all([...this.tareas]);
  }

  // -------------------------------------------------------------------------------------------

  /**
   * Records an answer on the survey `buscar` finds (locked, in a transaction), with the rules of
   * docs/ENCUESTAS.md; after the commit, the first answer (and a final one with a comment)
   * notifies the order's responsables and its creator.
   */
  private async registrar(
    buscar: (repo: SurveysRepository) => Promise<EncuestaDeEnlace | undefined>,
    noExiste: () => AppError,
    r: { puntaje: number; comentario: string | null | undefined; final: boolean },
  ): Promise<EncuestaPublica> {
    const ahora = this.clock.now();
    const { antes, despues } = await this.db.transaction(async (tx) => {
      const repo = new SurveysRepository(tx);
      const e = await buscar(repo);
      if (!e) throw noExiste();
      const { estado } = estadoDe(e, ahora);
      if (estado === 'cerrada') throw usada();
      if (estado === 'vencida') throw vencida();
      const comentario = r.comentario === undefined ? undefined : r.comentario || null;
      const respondidaEn = e.respondidaEn ?? ahora;
      const cerradaEn = r.final ? ahora : null;
      await repo.updateRespuesta(e.id, { puntaje: r.puntaje, comentario, respondidaEn, cerradaEn });
      const despues: EncuestaDeEnlace = {
        ...e,
        puntaje: r.puntaje,
        comentario: comentario === undefined ? e.comentario : comentario,
        respondidaEn,
        cerradaEn,
      };
      return { antes: e, despues };
    });
    const primera = antes.respondidaEn === null;
    this.deps.log.info(
      { entidadId: despues.entidadId, ordenId: despues.ordenId, encuestaId: despues.id, primera, final: r.final },
      'encuesta.respondida',
    );
    const comentarioNuevo = Boolean(despues.comentario) && despues.comentario !== antes.comentario;
    if (primera || (r.final && (comentarioNuevo || despues.puntaje !== antes.puntaje))) {
      await this.notificar(despues, primera);
    }
    return this.vistaPublica(despues, ahora);
  }

  /** The live notification of an answer: to the order's responsables and its creator, once each. */
  private async notificar(e: EncuestaDeEnlace, primera: boolean): Promise<void> {
    const texto = PUNTAJES.find((p) => p.valor === e.puntaje)?.texto ?? '';
    const comentario = e.comentario
      ? ` «${e.comentario.length > 140 ? `${e.comentario.slice(0, 140)}…` : e.comentario}»`
      : '';
    const destinatarios = new Set([...e.responsables, e.registroResponsableId]);
    for (const usuarioId of destinatarios) {
      try {
        await this.deps.notifications.create(e.entidadId, usuarioId, {
          tipo: NOTIFICACION_ENCUESTA,
          titulo: primera ? `Encuesta respondida: orden #${e.numero}` : `Encuesta actualizada: orden #${e.numero}`,
          mensaje: `${e.puntaje ?? '—'} de 5 (${texto}) · ${e.titulo}${comentario}`,
          ordenId: e.ordenId,
        });
      } catch (err) {
        // The answer is saved: a failed notification is logged, never shown to the client.
        this.deps.log.error(
          { err, entidadId: e.entidadId, ordenId: e.ordenId, usuarioId },
          'encuesta.notificacionFallo',
        );
      }
    }
  }

  /** A new survey (token, row, mail) in the caller's transaction. */
  private async queue(
    tx: DbOrTx,
    v: {
      entidadId: number;
      ordenId: number;
      email: string;
      orden: { numero: number; titulo: string; finalizada: boolean };
      enviadaPor: number;
      automatica: boolean;
      ahora: Date;
    },
  ): Promise<EncuestaFila> {
    const { token, hash } = crearToken();
    const fila = await new SurveysRepository(tx).insert({
      entidadId: v.entidadId,
      ordenId: v.ordenId,
      email: v.email,
      tokenHash: hash,
      enviadaPor: v.enviadaPor,
      enviadaEn: v.ahora,
      venceEn: new Date(v.ahora.getTime() + VIGENCIA_ENCUESTA_MS),
      automatica: v.automatica,
    });
    const correo = { tipo: 'encuesta', para: v.email, entidadId: v.entidadId } as const;
    await encolarCorreoDeEmpresa(this.deps, tx, correo, (remitente) =>
      plantillaEncuesta({
        remitente,
        orden: v.orden,
        enlace: `${this.deps.publicUrl}/encuestas/${token}`,
        vigenciaDias: Math.round(VIGENCIA_ENCUESTA_MS / (24 * 3_600_000)),
      }),
    );
    return fila;
  }

  /** An order was finished: its survey goes by itself when the company turned that on. */
  private onEvent(e: DomainEvent): void {
    if (e.type !== 'orden.estadoCambiado' || e.estadoId !== ESTADO.FINALIZADA) return;
    const p: Promise<void> = this.enviarAutomatica(e.entidadId, e.ordenId, e.usuarioId)
      .catch((err: unknown) => {
        // The company's mail caps (mail/limites.ts) refused it: nothing was written, not a failure.
        if (err instanceof AppError && err.code === 'DEMASIADOS_INTENTOS') {
          this.deps.log.info({ entidadId: e.entidadId, ordenId: e.ordenId }, 'encuesta.envioAutomaticoLimitado');
        } else {
          this.deps.log.error({ err, entidadId: e.entidadId, ordenId: e.ordenId }, 'encuesta.envioAutomaticoFallo');
        }
      })
      .finally(() => this.tareas.delete(p));
    this.tareas.add(p);
  }

  /**
   * The automatic send: only with the setting on, when the order has no survey yet (a reopened and
   * finished again order does not get another) and its client has an email. The history event is
   * written in the name of who finished the order.
   */
  private async enviarAutomatica(entidadId: number, ordenId: number, usuarioId: number): Promise<void> {
    const config = await this.repo.findConfig(entidadId);
    if (!config?.envioAutomatico) return;
    const ahora = this.clock.now();
    const enviada = await this.db.transaction(async (tx) => {
      const repo = new SurveysRepository(tx);
      const orden = await repo.findOrden(entidadId, ordenId);
      const email = orden?.clienteEmail?.trim();
      if (!orden || !email) return undefined;
      // The same lock as a manual send: a person sending at this moment cannot pass the limit.
      if (!(await repo.lockOrden(entidadId, ordenId))) return undefined;
      if ((await repo.countByOrden(entidadId, ordenId)) > 0) return undefined;
      const fila = await this.queue(tx, {
        entidadId,
        ordenId,
        email,
        orden,
        enviadaPor: usuarioId,
        automatica: true,
        ahora,
      });
      await this.deps.orders.insertEvento(tx, actorDeSistema(entidadId, usuarioId), ordenId, {
        tipo: EVENTO_ENCUESTA_ENVIADA,
        datos: { email, encuestaId: fila.id, automatica: true },
        fecha: ahora,
      });
      return fila;
    });
    if (!enviada) return;
    this.deps.mail.kick();
    this.bus.publish({ type: 'orden.modificada', entidadId, ordenId, usuarioId });
    this.deps.log.info({ entidadId, ordenId, encuestaId: enviada.id }, 'encuesta.enviadaAutomatica');
  }

  private vistaPublica(e: EncuestaDeEnlace, ahora: Date): EncuestaPublica {
    const { estado, editable } = estadoDe(e, ahora);
    const mensaje =
      estado === 'vencida'
        ? MENSAJES_ENCUESTAS.vencida
        : estado === 'cerrada'
          ? MENSAJES_ENCUESTAS.yaRespondida
          : estado === 'respondida'
            ? '¡Gracias! Registramos su calificación. Si quiere, agregue un comentario o cámbiela.'
            : '¿Cómo calificaría el trabajo?';
    return {
      estado,
      editable,
      entidadNombre: e.entidadNombre,
      logo: e.logo,
      orden: { numero: e.numero, titulo: e.titulo },
      puntaje: e.puntaje,
      comentario: e.comentario,
      vence: e.venceEn.getTime(),
      mensaje,
    };
  }

  private enviada(f: EncuestaDeOrdenFila, ahora: Date): EncuestaEnviada {
    const { estado } = estadoDe(f, ahora);
    return {
      id: f.id,
      email: f.email,
      enviadaEn: f.enviadaEn.getTime(),
      enviadaPor: f.enviadaPorNombre,
      vence: f.venceEn.getTime(),
      estado: estado === 'pendiente' ? 'pendiente' : estado === 'vencida' ? 'vencida' : 'respondida',
      puntaje: f.puntaje,
      comentario: f.comentario,
      respondidaEn: f.respondidaEn?.getTime() ?? null,
      automatica: f.automatica,
    };
  }
}
