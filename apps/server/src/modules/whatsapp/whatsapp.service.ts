import {
  IDIOMA_PLANTILLAS_WHATSAPP,
  LIMITE_WHATSAPP_EMPRESA,
  LIMITE_WHATSAPP_NUMERO,
  PLANTILLAS_WHATSAPP,
  textoDePlantilla,
  type EventoAviso,
} from '@delego/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { EjecutorEnProceso } from '../../kernel/ejecutor.js';
import { entregarPendientes } from '../../lib/bandeja-salida.js';
import type { PuertoEntidades } from '../entidades/index.js';
import { encolarCorreoDeEmpresa, type PuertoCorreo } from '../mail/index.js';
import { ConsentimientosRepository } from './consentimientos.repository.js';
import { ErrorWhatsapp, type ProveedorWhatsapp } from './proveedor-whatsapp.js';
import { correoDeRespaldo } from './respaldo.js';
import { SalidaRepository, type Mensaje } from './whatsapp.repository.js';

/** A message to queue (the dispatcher's call, `encolar`). */
export interface MensajeNuevo {
  entidadId: number;
  /** Unique per message; a second encolar with the same clave adds nothing. */
  clave: string;
  evento: EventoAviso;
  destinatario: { tipo: 'usuario'; usuarioId: number } | { tipo: 'cliente'; clienteId: number };
  ordenId: number | null;
  /** The template's parameters in order (PLANTILLAS_WHATSAPP[evento].parametros). */
  parametros: string[];
  /** Where the same text goes by mail if WhatsApp fails for good (null: nowhere). */
  correoRespaldo: string | null;
}

/** The caps of a company's messages in 24 h (the contract's by default; tests lower them). */
export interface LimitesWhatsapp {
  porEmpresa: number;
  porNumero: number;
}

export const VENTANA_LIMITES_WHATSAPP_MS = 24 * 3_600_000;

/**
 * How long a failed try waits before the next: 1 min, 5 min, 30 min, 2 h, 2 h; the sixth failure
 * is final (docs/WHATSAPP.md «Reintentos»).
 */
export const ESPERAS_WHATSAPP_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 2 * 3_600_000];
export const MAX_INTENTOS_WHATSAPP = ESPERAS_WHATSAPP_MS.length + 1;

export interface OpcionesWhatsapp {
  /** PUBLIC_URL: the fallback mail's button when a message carries no link. */
  publicUrl: string;
  limites?: Partial<LimitesWhatsapp> | undefined;
  /** How often the worker looks for due messages when nothing wakes it. */
  pollMs?: number;
  /** How long a claimed row stays with its worker: longer than any send can take (30 s at most). */
  leaseMs?: number;
  /** Messages claimed in one round. */
  lote?: number;
}

/** What the module asks of others: the company (the fallback mail's sender) and the mail outbox. */
export interface DepsServicioWhatsapp {
  entidades: Pick<PuertoEntidades, 'find'>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
}

/** A template's parameter as the Cloud API takes it: one line, no control or invisible characters, never empty. */
export function parametroPlano(s: string): string {
  const plano = s
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, 500);
  return plano || '-';
}

/**
 * The WhatsApp outbox and its worker (docs/WHATSAPP.md). `encolar` writes messages inside the
 * caller's transaction, so a message exists exactly when the event committed; the worker claims
 * due rows, sends each through the provider, and records the Cloud API's id and «enviado» in one
 * transaction. A failure that may pass is retried with backoff; one that cannot, or the last try,
 * closes the message as «fallido» and, when it has a fallback address, queues the same text by
 * mail in that same transaction («correo»). A crash leaves the row to be claimed again when its
 * lease ends; a sent row is never claimed again.
 */
export class WhatsappService {
  private readonly salida: SalidaRepository;
  private readonly consentimientos: ConsentimientosRepository;
  private readonly limites: LimitesWhatsapp;
  private readonly leaseMs: number;
  private readonly lote: number;
  /** The worker: a round on start, every poll and on each kick, one at a time (kernel/ejecutor.ts). */
  private readonly trabajador: EjecutorEnProceso;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    readonly proveedor: ProveedorWhatsapp,
    private readonly deps: DepsServicioWhatsapp,
    private readonly opts: OpcionesWhatsapp,
  ) {
    this.salida = new SalidaRepository(db);
    this.consentimientos = new ConsentimientosRepository(db);
    this.limites = { porEmpresa: LIMITE_WHATSAPP_EMPRESA, porNumero: LIMITE_WHATSAPP_NUMERO, ...opts.limites };
    this.trabajador = new EjecutorEnProceso(() => this.deliverPending(), log, opts.pollMs ?? 5_000, 'whatsapp');
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
    this.lote = opts.lote ?? 20;
  }

  /** Whether messages really go (the Cloud API) or are written to files (the test mode). */
  get modo(): 'real' | 'prueba' {
    return this.proveedor.modo;
  }

  /**
   * In the caller's transaction: resolves each recipient's number (a user's with their consent; a
   * client's with a consent after any opt-out; none after a «BAJA» of the number), skips those
   * without one and those past the caps (per company and per number in 24 h, counted under the
   * company's lock so two instances cannot both pass), and adds the rest unless their key is already
   * there. Gives how many it added; `kick` after the commit sends them at once.
   */
  async encolar(tx: DbOrTx, mensajes: readonly MensajeNuevo[]): Promise<number> {
    if (!mensajes.length) return 0;
    const ahora = this.clock.now();
    const consentimientos = new ConsentimientosRepository(tx);
    const salida = new SalidaRepository(tx);
    const porEntidad = new Map<number, { m: MensajeNuevo; numero: string }[]>();
    for (const m of mensajes) {
      const plantilla = PLANTILLAS_WHATSAPP[m.evento];
      if (m.parametros.length !== plantilla.parametros.length) {
        // A caller's bug: logged, and the event itself still commits.
        this.log.error(
          { entidadId: m.entidadId, evento: m.evento, parametros: m.parametros.length },
          'whatsapp.parametrosInvalidos',
        );
        continue;
      }
      const d = m.destinatario;
      const numero = await this.numeroVigente(
        consentimientos,
        m.entidadId,
        d.tipo,
        d.tipo === 'usuario' ? d.usuarioId : d.clienteId,
      );
      if (!numero) continue;
      const lista = porEntidad.get(m.entidadId) ?? [];
      lista.push({ m, numero });
      porEntidad.set(m.entidadId, lista);
    }
    let agregados = 0;
    // Companies in one order: two transactions never wait for each other's locks in a cycle.
    for (const entidadId of [...porEntidad.keys()].sort((a, b) => a - b)) {
      const lista = porEntidad.get(entidadId) ?? [];
      await salida.bloquearEntidad(entidadId);
      const desde = new Date(ahora.getTime() - VENTANA_LIMITES_WHATSAPP_MS);
      const cuenta = await salida.recuento(
        entidadId,
        lista.map((x) => x.numero),
        desde,
      );
      for (const { m, numero } of lista) {
        const alNumero = cuenta.porNumero.get(numero) ?? 0;
        const limite =
          cuenta.total >= this.limites.porEmpresa ? 'empresa' : alNumero >= this.limites.porNumero ? 'numero' : null;
        if (limite) {
          this.log.warn({ entidadId, evento: m.evento, limite }, 'whatsapp.limiteAlcanzado');
          continue;
        }
        const parametros = m.parametros.map(parametroPlano);
        const id = await salida.insertar({
          entidadId,
          clave: m.clave,
          evento: m.evento,
          destinatarioTipo: m.destinatario.tipo,
          usuarioId: m.destinatario.tipo === 'usuario' ? m.destinatario.usuarioId : null,
          clienteId: m.destinatario.tipo === 'cliente' ? m.destinatario.clienteId : null,
          ordenId: m.ordenId,
          numero,
          plantilla: PLANTILLAS_WHATSAPP[m.evento].nombre,
          parametros,
          texto: textoDePlantilla(m.evento, parametros),
          correoRespaldo: m.correoRespaldo,
          creado: ahora,
        });
        if (id === null) continue;
        cuenta.total++;
        cuenta.porNumero.set(numero, alNumero + 1);
        agregados++;
      }
    }
    return agregados;
  }

  /** The recipient's number when they may get messages on it now; null otherwise. */
  private numeroVigente(
    repo: ConsentimientosRepository,
    entidadId: number,
    tipo: 'usuario' | 'cliente',
    id: number | null,
  ): Promise<string | null> {
    if (id === null) return Promise.resolve(null);
    return tipo === 'usuario' ? repo.numeroDeUsuario(entidadId, id) : repo.numeroDeCliente(entidadId, id);
  }

  /**
   * Closes, in `tx`, a message that failed for good: «fallido» with its status, and, when it has a
   * fallback address, the same text queued by mail (the mail outbox, same transaction) and «correo».
   * Nothing when the message was already delivered or closed. The caller kicks the mail worker and
   * publishes after the commit.
   */
  async fallar(tx: DbOrTx, m: Mensaje, error: string): Promise<'fallido' | 'correo' | null> {
    const repo = new SalidaRepository(tx);
    const ahora = this.clock.now();
    if (!(await repo.cerrar(m.id, 'fallido', error))) return null;
    await repo.estado(m.entidadId, m.id, 'fallido', ahora);
    if (!m.correoRespaldo) return 'fallido';
    await encolarCorreoDeEmpresa(
      this.deps,
      tx,
      { tipo: 'whatsapp_respaldo', entidadId: m.entidadId, para: m.correoRespaldo },
      (remitente) => correoDeRespaldo(remitente, m.evento, m.parametros, this.opts.publicUrl),
    );
    await repo.cerrar(m.id, 'correo', null);
    await repo.estado(m.entidadId, m.id, 'correo', ahora);
    return 'correo';
  }

  /** After a change of a message of an order: its screens refresh (the live channel). */
  publicar(m: Pick<Mensaje, 'entidadId' | 'ordenId'>): void {
    if (m.ordenId !== null)
      this.bus.publish({ type: 'orden.whatsappCambiado', entidadId: m.entidadId, ordenId: m.ordenId });
  }

  /** After a commit that queued messages: the worker looks now instead of at its next poll. */
  kick(): void {
    this.trabajador.despertar();
  }

  /** Starts the worker: a round now, then one every `pollMs` (and on every `kick`). */
  start(): void {
    void this.trabajador.iniciar();
  }

  /**
   * Stops the worker: no new round; the round in flight ends after the message it is sending and
   * frees the rest it claimed (another instance, or this one after a restart, sends them once).
   */
  async stop(): Promise<void> {
    await this.trabajador.detener();
  }

  /**
   * Sends every message that is due, claiming a batch at a time until none is left; gives how many
   * went. Safe to call while the worker runs, or from several instances at once.
   */
  deliverPending(): Promise<number> {
    return entregarPendientes({
      reclamar: () => {
        const ahora = this.clock.now();
        return this.salida.reclamar(ahora, new Date(ahora.getTime() + this.leaseMs), this.lote);
      },
      entregar: (m) => this.entregar(m),
      liberar: (ids) => this.salida.liberar(ids),
      detenida: () => this.trabajador.detenida,
    });
  }

  private async entregar(m: Mensaje): Promise<boolean> {
    const ids = { mensajeId: m.id, entidadId: m.entidadId, ordenId: m.ordenId, evento: m.evento };
    // The consent may have ended since the message was queued (a «BAJA», an opt-out, a new number).
    const vigente = await this.numeroVigente(
      this.consentimientos,
      m.entidadId,
      m.destinatarioTipo,
      m.destinatarioTipo === 'usuario' ? m.usuarioId : m.clienteId,
    );
    if (vigente !== m.numero) {
      const cerrado = await this.db.transaction(async (tx) => {
        const repo = new SalidaRepository(tx);
        if (!(await repo.cerrar(m.id, 'fallido', 'Sin consentimiento vigente para ese número.'))) return false;
        await repo.estado(m.entidadId, m.id, 'fallido', this.clock.now());
        return true;
      });
      this.log.info(ids, 'whatsapp.sinConsentimiento');
      if (cerrado) this.publicar(m);
      return false;
    }
    let wamid: string;
    try {
      ({ wamid } = await this.proveedor.enviarPlantilla({
        numero: m.numero,
        plantilla: m.plantilla,
        idioma: IDIOMA_PLANTILLAS_WHATSAPP,
        parametros: m.parametros,
        clave: m.clave,
        texto: m.texto,
        mensajeId: m.id,
      }));
    } catch (err) {
      await this.fallo(m, err);
      return false;
    }
    await this.db.transaction(async (tx) => {
      const repo = new SalidaRepository(tx);
      if (await repo.marcarEnviado(m.id, wamid)) await repo.estado(m.entidadId, m.id, 'enviado', this.clock.now());
    });
    this.log.info({ ...ids, wamid, intentos: m.intentos }, 'whatsapp.enviado');
    this.publicar(m);
    return true;
  }

  /** A send that failed: try again later, or close it (and its fallback by mail) when it cannot go. */
  private async fallo(m: Mensaje, err: unknown): Promise<void> {
    const e =
      err instanceof ErrorWhatsapp
        ? err
        : new ErrorWhatsapp(((err as Error).message ?? String(err)).slice(0, 500), true);
    // The code and status, never the error's text: a provider's answer may quote the message.
    const falla = { mensajeId: m.id, entidadId: m.entidadId, intentos: m.intentos, codigo: e.codigo, status: e.status };
    if (e.reintentable && m.intentos < MAX_INTENTOS_WHATSAPP) {
      const espera = ESPERAS_WHATSAPP_MS[Math.min(m.intentos, ESPERAS_WHATSAPP_MS.length) - 1] ?? 60_000;
      await this.salida.reintentar(m.id, new Date(this.clock.now().getTime() + espera), e.message);
      this.log.warn({ ...falla, esperaMs: espera }, 'whatsapp.reintento');
      return;
    }
    const resultado = await this.db.transaction((tx) => this.fallar(tx, m, e.message));
    this.log.error({ ...falla, permanente: !e.reintentable, resultado }, 'whatsapp.fallido');
    if (resultado === 'correo') this.deps.mail.kick();
    if (resultado) this.publicar(m);
  }
}
