import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ESTADO,
  MENSAJES_CLIENTE_PUBLICO,
  textoRespuestaItem,
  VIGENCIA_FORMULARIO_FACTURACION_MS,
  estadoVisible,
  type AvisoPublico,
  type ConformidadRemotaHecha,
  type DatosFacturacion,
  type DatosFacturacionLeidos,
  type EncuestaPublica,
  type EnlaceCompartido,
  type FacturacionDelegada,
  type FacturacionPublica,
  type OrdenDetalle,
  type ResumenPublico,
  type zConformidadRemota,
} from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { actorDeSistema, type Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import { grupoDeDireccion } from '../../lib/direccion.js';
import { type ContadorLimites, cadaCuartoDeHora, Limitador, type Limite } from '../../lib/rate-limit.js';
import { crearToken, hashDeToken } from '../../lib/tokens.js';
import type { PuertoChecklists } from '../checklists/index.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoConformidad } from '../conformity/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { Descarga, PuertoArchivos } from '../files/index.js';
import { encolarCorreoDeEmpresa, type Contenido, type PuertoCorreo, type TipoCorreo } from '../mail/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import type { PuertoEncuestas } from '../surveys/index.js';
import {
  ClientSideRepository,
  facturacionDeJson,
  facturacionDeOrdenSql,
  type EnlaceFila,
  type FacturacionDeDetalle,
  type FacturacionFila,
} from './client-side.repository.js';
import type { CifradorEnlaces } from './enlace-cifrado.js';
import { plantillaEnlaceOrden, plantillaPedidoFacturacion, type DatosCorreoCliente } from './plantillas-cliente.js';

/** The limits of the public calls, per client address (`d`) and per form (`f`). */
export interface LimitesClientePublico {
  resumenDireccion: Limite;
  archivoDireccion: Limite;
  facturacionDireccion: Limite;
  facturacionFormulario: Limite;
  conformidadDireccion: Limite;
  conformidadEnlace: Limite;
}

export const LIMITES_CLIENTE_PUBLICO_DEFECTO: LimitesClientePublico = {
  // A page polls every 30 s (30 per 15 min): ten people behind one address fit, a burst does not.
  resumenDireccion: cadaCuartoDeHora(300),
  archivoDireccion: cadaCuartoDeHora(120),
  facturacionDireccion: cadaCuartoDeHora(10),
  facturacionFormulario: cadaCuartoDeHora(5),
  // «Conforme» / «No conforme»: a person answers once or twice; a script hammering one link is cut.
  conformidadDireccion: cadaCuartoDeHora(20),
  conformidadEnlace: cadaCuartoDeHora(10),
};

const SOLO_LECTURA = 'No puede modificar esta orden: necesita el permiso «Modificar órdenes» o ser su responsable.';

/** The same 404 for an unknown, guessed, revoked or deleted link: nobody learns which. */
const noDisponible = () => new AppError('NO_ENCONTRADO', MENSAJES_CLIENTE_PUBLICO.enlaceNoDisponible);
const formularioNoDisponible = () => new AppError('NO_ENCONTRADO', MENSAJES_CLIENTE_PUBLICO.formularioNoDisponible);

/** What the order detail shows of the billing data (ordenDTO). */
export interface FacturacionDeOrden {
  datosFacturacion: DatosFacturacionLeidos | null;
  facturacionDelegada: FacturacionDelegada | null;
}

/** What the client-side service is given (modules/client-side/index.ts builds it). */
export interface DepsClientSideService {
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEvento'>;
  lecturas: Pick<PuertoOrdenes, 'detalle' | 'nombresDe'>;
  clients: Pick<PuertoClientes, 'find'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  files: Pick<PuertoArchivos, 'descargaDeEmpresa'>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  notifications: Pick<PuertoNotificaciones, 'create'>;
  cifrador: CifradorEnlaces;
  /** The order's pending survey (issue 13): offered on the summary, answered through it. */
  encuestas: Pick<PuertoEncuestas, 'hayPendiente' | 'responderPorOrden'>;
  /** The client's conformity (issue 31): shown and answered on the summary; required before billing by some types. */
  conformidad: Pick<PuertoConformidad, 'publica' | 'responderRemota' | 'exigirParaFacturar'>;
  /** The checklist items the company marked public (issue 31), shown on the summary. */
  checklists: Pick<PuertoChecklists, 'publicos'>;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: links are PUBLIC_URL/ordersummary/<token>. */
  publicUrl: string;
  limites?: Partial<LimitesClientePublico>;
  /** Where the limits count (the kernel's: PostgreSQL's table with several instances); memory by default. */
  contador?: ContadorLimites;
}

/**
 * The client's side of an order (issue 16, docs/CLIENTE.md): the public link and its summary, the
 * files shown there, the billing data and its delegation to the client through a single-use form.
 * The company's calls act as the actor, with the order's rules (seeing it, or changing it); the
 * public ones start from a token and answer 404 alike for anything they do not find.
 */
export class ClientSideService {
  private readonly repo: ClientSideRepository;
  private readonly limitador: Limitador;
  private readonly limites: LimitesClientePublico;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly deps: DepsClientSideService,
  ) {
    this.repo = new ClientSideRepository(db);
    this.limites = { ...LIMITES_CLIENTE_PUBLICO_DEFECTO, ...deps.limites };
    this.limitador = new Limitador(deps.contador, clock);
  }

  // -------------------------------------------------------------------------------------------
  // The share link (the company's side)

  /** GET /api/v2/orden/{id}/compartir: whoever sees the order sees its link. */
  async findEnlace(actor: Actor, ordenId: number): Promise<EnlaceCompartido> {
    const { orden } = await this.deps.orders.acceso(actor, ordenId);
    return this.estadoEnlace(actor, ordenId, orden.clienteId);
  }

  /** POST /api/v2/orden/{id}/compartir: a new link; the previous one (if any) stops working. */
  async createEnlace(actor: Actor, ordenId: number): Promise<EnlaceCompartido> {
    let token = '';
    const clienteId = await this.db.transaction(async (tx) => {
      const acc = await this.modificable(actor, ordenId, tx);
      const renovado = await new ClientSideRepository(tx).revokeEnlace(actor.entidadId, ordenId, this.clock.now());
      token = await this.issueEnlace(tx, actor, ordenId);
      await this.deps.orders.insertEvento(tx, actor, ordenId, {
        tipo: 'ENLACE_PUBLICO',
        datos: { accion: renovado ? 'renovado' : 'creado' },
      });
      return acc.orden.clienteId;
    });
    this.deps.log.info({ ordenId, entidadId: actor.entidadId }, 'clientePublico.enlaceCreado');
    return this.estadoEnlace(actor, ordenId, clienteId, token);
  }

  /**
   * The order's public link for a message the system sends (WhatsApp, issue 35), in the caller's
   * transaction: the active link, or a new one written in the name of `usuarioId` (who caused the
   * message), with its ENLACE_PUBLICO history event like any other.
   */
  async enlacePublico(
    tx: DbOrTx,
    entidadId: number,
    ordenId: number,
    usuarioId: number,
    para?: ParaEnlace,
  ): Promise<string> {
    return this.url(await this.tokenVigente(tx, actorDeSistema(entidadId, usuarioId), ordenId, para));
  }

  /** DELETE /api/v2/orden/{id}/compartir: the link answers 404 from now on. */
  async revokeEnlace(actor: Actor, ordenId: number): Promise<EnlaceCompartido> {
    const clienteId = await this.db.transaction(async (tx) => {
      const acc = await this.modificable(actor, ordenId, tx);
      if (await new ClientSideRepository(tx).revokeEnlace(actor.entidadId, ordenId, this.clock.now())) {
        await this.deps.orders.insertEvento(tx, actor, ordenId, {
          tipo: 'ENLACE_PUBLICO',
          datos: { accion: 'revocado' },
        });
      }
      return acc.orden.clienteId;
    });
    return this.estadoEnlace(actor, ordenId, clienteId);
  }

  /** PUT /api/v2/orden/{id}/compartir/archivos: which of the order's files the public page shows. */
  async setArchivos(actor: Actor, ordenId: number, ids: number[]): Promise<EnlaceCompartido> {
    const clienteId = await this.db.transaction(async (tx) => {
      const acc = await this.modificable(actor, ordenId, tx);
      const repo = new ClientSideRepository(tx);
      const propios = await repo.archivosDeOrden(actor.entidadId, ordenId, ids);
      if (propios.length !== ids.length) {
        throw AppError.invalid('archivos', 'Algún archivo indicado no es de esta orden o ya no existe.');
      }
      await repo.setCompartidos(actor.entidadId, ordenId, propios);
      return acc.orden.clienteId;
    });
    return this.estadoEnlace(actor, ordenId, clienteId);
  }

  /**
   * POST /api/v2/orden/{id}/compartir/correo: mails the public link (created if there is none, or
   * renewed if the stored one can no longer be read) to the client's email or the one given.
   */
  async sendEnlace(actor: Actor, ordenId: number, email: string | undefined): Promise<AvisoPublico> {
    let para = '';
    await this.db.transaction(async (tx) => {
      const acc = await this.modificable(actor, ordenId, tx);
      const destino = await this.destinoCliente(tx, actor, acc.orden, email);
      para = destino.para;
      const token = await this.tokenVigente(tx, actor, ordenId);
      await this.correoAlCliente(tx, actor, 'enlace_orden', acc.orden, destino, (d) =>
        plantillaEnlaceOrden({ ...d, enlace: this.url(token) }),
      );
      await this.deps.orders.insertEvento(tx, actor, ordenId, {
        tipo: 'ENLACE_PUBLICO',
        datos: { accion: 'enviado', email: para },
      });
    });
    this.deps.mail.kick();
    return { ok: true, mensaje: MENSAJES_CLIENTE_PUBLICO.correoEnviado(para) };
  }

  // -------------------------------------------------------------------------------------------
  // Billing data

  /**
   * For the order detail (ordenDTO): a column the orders module reads with the order (one round
   * trip), and how its value becomes the billing data and a pending delegation, if any.
   */
  static readonly paraDetalle = {
    columna: facturacionDeOrdenSql(sql`o.id`, sql`o.entidad_id`),
    leer(valor: unknown): FacturacionDeOrden {
      const f = facturacionDeJson(valor);
      return { datosFacturacion: leidos(f), facturacionDelegada: pendiente(f) };
    },
  };

  /** POST /api/v2/datosFacturacion/{id}: the rules for changing the order; each change an event. */
  async saveDatos(actor: Actor, ordenId: number, d: DatosFacturacion): Promise<OrdenDetalle> {
    const cambio = await this.db.transaction(async (tx) => {
      const acc = await this.modificable(actor, ordenId, tx, true);
      await this.deps.conformidad.exigirParaFacturar(tx, actor.entidadId, ordenId, acc.orden.tipoOrdenId);
      const repo = new ClientSideRepository(tx);
      const antes = await repo.findFacturacion(actor.entidadId, ordenId);
      const campos = camposCambiados(antes, d);
      if (!campos.length) return false;
      await repo.saveDatos(actor.entidadId, ordenId, d, this.clock.now(), false);
      await this.deps.orders.insertEvento(tx, actor, ordenId, {
        tipo: 'FACTURACION',
        datos: { campos, razonSocial: d.razonSocial, cuit: d.cuit },
      });
      return true;
    });
    if (cambio) this.modificada(actor.entidadId, ordenId, actor.id);
    return this.deps.lecturas.detalle(actor, ordenId);
  }

  /**
   * POST /api/v2/delegar/facturacion/{id}: mails the client the public summary with a billing
   * form usable once (30 days). A new delegation replaces the previous form.
   */
  async delegar(actor: Actor, ordenId: number, email: string | undefined): Promise<OrdenDetalle> {
    await this.db.transaction(async (tx) => {
      const acc = await this.modificable(actor, ordenId, tx, true);
      await this.deps.conformidad.exigirParaFacturar(tx, actor.entidadId, ordenId, acc.orden.tipoOrdenId);
      const destino = await this.destinoCliente(tx, actor, acc.orden, email);
      const para = destino.para;
      const ahora = this.clock.now();
      const token = await this.tokenVigente(tx, actor, ordenId);
      const formulario = crearToken();
      await new ClientSideRepository(tx).saveDelegacion(actor.entidadId, ordenId, {
        email: para,
        ahora,
        usuarioId: actor.id,
        hash: formulario.hash,
        vence: new Date(ahora.getTime() + VIGENCIA_FORMULARIO_FACTURACION_MS),
      });
      await this.correoAlCliente(tx, actor, 'facturacion', acc.orden, destino, (d) =>
        plantillaPedidoFacturacion({
          ...d,
          // The form's token travels in the fragment: browsers never send it to any server.
          enlace: `${this.url(token)}#facturacion=${formulario.token}`,
          vigenciaDias: Math.round(VIGENCIA_FORMULARIO_FACTURACION_MS / (24 * 3_600_000)),
        }),
      );
      await this.deps.orders.insertEvento(tx, actor, ordenId, { tipo: 'FACTURACION_DELEGADA', datos: { email: para } });
    });
    this.deps.mail.kick();
    this.modificada(actor.entidadId, ordenId, actor.id);
    return this.deps.lecturas.detalle(actor, ordenId);
  }

  // -------------------------------------------------------------------------------------------
  // Public calls

  /** GET /api/v2/ordersummary?k=: the public summary, and nothing else of the order. */
  async resumen(k: string, direccion: string): Promise<ResumenPublico> {
    await this.limitador.exigir([[`resumen:d:${grupoDeDireccion(direccion)}`, this.limites.resumenDireccion]]);
    const enlace = await this.enlaceDe(k);
    const { entidadId, ordenId } = enlace;
    const [orden, responsables, estados, archivos, f, encuesta, conformidad, checklist] = await Promise.all([
      this.repo.findOrdenPublica(entidadId, ordenId),
      this.repo.nombresResponsables(entidadId, ordenId),
      this.repo.listEstados(entidadId, ordenId),
      this.repo.listArchivosPublicos(entidadId, ordenId),
      this.repo.findFacturacion(entidadId, ordenId),
      this.deps.encuestas.hayPendiente(entidadId, ordenId),
      this.deps.conformidad.publica(entidadId, ordenId),
      this.deps.checklists.publicos(entidadId, ordenId),
    ]);
    if (!orden) throw noDisponible();
    const ahora = this.clock.now();
    return {
      entidad: { nombre: orden.entidadNombre, logo: orden.entidadLogo },
      orden: {
        numero: orden.numero,
        titulo: orden.titulo,
        estado: estadoVisible(orden.estadoId),
        creada: orden.creada.getTime(),
        fechaInicio: orden.fechaInicio?.getTime() ?? null,
        fechaFin: orden.fechaFin?.getTime() ?? null,
        finalizada: orden.finalizada?.getTime() ?? null,
        responsables,
      },
      historial: estados.map((e) => ({
        estado: estadoVisible(e.estadoNuevo ?? (e.tipo === 'CREADA' ? ESTADO.PENDIENTE : orden.estadoId)),
        fecha: e.fecha.getTime(),
      })),
      archivos: archivos.map((a) => ({ id: a.id, nombre: a.nombre, tamanio: a.tamanio, esImagen: a.esImagen })),
      facturacionPendiente: pendiente(f, ahora) !== null,
      encuestaPendiente: encuesta,
      ...(conformidad ? { conformidad } : {}),
      checklist: checklist.items.map((i) => ({
        seccion: i.seccion,
        etiqueta: i.etiqueta,
        tipo: i.tipo,
        estado: i.fallido ? 'fallido' : i.hecho ? 'hecho' : 'pendiente',
        respuesta: textoRespuestaItem(i.tipo, i.respuesta, i.unidad),
      })),
      leido: ahora.getTime(),
    };
  }

  /**
   * POST /api/v2/ordersummary/encuesta: the order's pending survey, answered from the summary. The
   * surveys module answers it as it answers its own link (its limits, its rules); this module only
   * says which order the summary's link is for.
   */
  async responderEncuesta(
    k: string,
    r: { puntaje: number; comentario?: string | null | undefined },
    direccion: string,
  ): Promise<EncuestaPublica> {
    return this.deps.encuestas.responderPorOrden(() => this.enlaceDe(k), r, direccion);
  }

  /**
   * POST /api/v2/ordersummary/conformidad: the client's «Conforme» / «No conforme» from the summary,
   * limited per address and per link; the conformity module applies it (its rules, its history).
   */
  async responderConformidad(
    input: z.output<typeof zConformidadRemota>,
    direccion: string,
  ): Promise<ConformidadRemotaHecha> {
    await this.limitador.exigir([
      [`conformidad:d:${grupoDeDireccion(direccion)}`, this.limites.conformidadDireccion],
      [`conformidad:k:${hashDeToken(input.k)}`, this.limites.conformidadEnlace],
    ]);
    const enlace = await this.enlaceDe(input.k);
    return this.deps.conformidad.responderRemota(enlace, input);
  }

  /** GET /api/v2/ordersummary/archivo?k=&archivo=: a file the company shared, and only those. */
  async archivo(k: string, archivoId: number, direccion: string): Promise<Descarga> {
    await this.limitador.exigir([[`archivo:d:${grupoDeDireccion(direccion)}`, this.limites.archivoDireccion]]);
    const enlace = await this.enlaceDe(k);
    const compartidos = await this.repo.listCompartidos(enlace.entidadId, enlace.ordenId);
    if (!compartidos.includes(archivoId)) throw noDisponible();
    try {
      return await this.deps.files.descargaDeEmpresa(enlace.entidadId, enlace.ordenId, archivoId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NO_ENCONTRADO') throw noDisponible();
      throw err;
    }
  }

  /**
   * POST /api/v2/ordersummary/facturacion: the client's billing data through the mailed form.
   * Once: a second send is ENLACE_USADO and changes nothing. The order's creator and responsables
   * are notified live.
   */
  async responderFacturacion(input: FacturacionPublica, direccion: string): Promise<AvisoPublico> {
    const hashFormulario = hashDeToken(input.f);
    await this.limitador.exigir([
      [`facturacion:d:${grupoDeDireccion(direccion)}`, this.limites.facturacionDireccion],
      [`facturacion:f:${hashFormulario}`, this.limites.facturacionFormulario],
    ]);
    const enlace = await this.enlaceDe(input.k);
    const { entidadId, ordenId } = enlace;
    const f = await this.repo.findFacturacionPorFormulario(hashFormulario);
    if (!f || f.entidadId !== entidadId || f.ordenId !== ordenId || f.delegadaPor == null) {
      throw formularioNoDisponible();
    }
    if (f.respondida) throw new AppError('ENLACE_USADO', MENSAJES_CLIENTE_PUBLICO.formularioUsado);
    const ahora = this.clock.now();
    if (f.formularioVence && f.formularioVence <= ahora) {
      throw new AppError('ENLACE_VENCIDO', MENSAJES_CLIENTE_PUBLICO.formularioVencido);
    }
    const delegadaPor = f.delegadaPor;
    await this.db.transaction(async (tx) => {
      const repo = new ClientSideRepository(tx);
      await repo.lockOrden(entidadId, ordenId);
      if (!(await repo.spendFormulario(entidadId, ordenId, hashFormulario, ahora))) {
        throw new AppError('ENLACE_USADO', MENSAJES_CLIENTE_PUBLICO.formularioUsado);
      }
      const d = input.datosFacturacion;
      await repo.saveDatos(entidadId, ordenId, d, ahora, true);
      // The history names who asked for the data; the event says the client wrote it.
      await this.deps.orders.insertEvento(tx, { id: delegadaPor, entidadId } as Actor, ordenId, {
        tipo: 'FACTURACION_CLIENTE',
        datos: { email: f.delegadaEmail, razonSocial: d.razonSocial, cuit: d.cuit },
      });
    });
    this.deps.log.info({ ordenId, entidadId }, 'clientePublico.facturacionRecibida');
    this.modificada(entidadId, ordenId, delegadaPor);
    const o = await this.repo.interesados(entidadId, ordenId);
    for (const usuarioId of o.ids) {
      await this.deps.notifications.create(entidadId, usuarioId, {
        tipo: 'FACTURACION_RECIBIDA',
        titulo: `El cliente cargó los datos de facturación de la orden #${o.numero}`,
        mensaje: `${o.titulo}: ${input.datosFacturacion.razonSocial} (CUIT ${input.datosFacturacion.cuit})`,
        ordenId,
      });
    }
    return { ok: true, mensaje: MENSAJES_CLIENTE_PUBLICO.datosRecibidos };
  }

  // -------------------------------------------------------------------------------------------

  /** The order for a change by the actor: 404 if they do not see it, 403 if it is read-only for them. */
  private async modificable(actor: Actor, ordenId: number, tx: DbOrTx, bloquear = false) {
    const acc = await this.deps.orders.acceso(actor, ordenId, { tx, bloquear });
    if (!acc.modificar) throw AppError.forbidden(SOLO_LECTURA);
    return acc;
  }

  /** Who gets a mail about the order: the address given, else the client's own (400 when neither). */
  private async destinoCliente(
    tx: DbOrTx,
    actor: Actor,
    orden: { clienteId: number | null },
    email: string | undefined,
  ): Promise<{ para: string; destinatario: string }> {
    const cliente =
      orden.clienteId != null ? await this.deps.clients.find(actor.entidadId, orden.clienteId, tx) : undefined;
    const para = email ?? cliente?.email ?? '';
    if (!para) throw AppError.invalid('email', MENSAJES_CLIENTE_PUBLICO.sinEmailCliente);
    return { para, destinatario: cliente?.contacto || cliente?.nombre || '' };
  }

  /** Queues a mail about the order from the company (its name and logo) to the client; sent after the commit. */
  private async correoAlCliente(
    tx: DbOrTx,
    actor: Actor,
    tipo: TipoCorreo,
    orden: { numero: number; titulo: string },
    destino: { para: string; destinatario: string },
    escribir: (d: Omit<DatosCorreoCliente, 'enlace'>) => Contenido,
  ): Promise<void> {
    await encolarCorreoDeEmpresa(this.deps, tx, { tipo, para: destino.para, entidadId: actor.entidadId }, (remitente) =>
      escribir({
        ...remitente,
        destinatario: destino.destinatario,
        numero: orden.numero,
        titulo: orden.titulo,
        enviadoPor: nombreDe(actor),
      }),
    );
  }

  private async estadoEnlace(
    actor: Actor,
    ordenId: number,
    clienteId: number | null,
    tokenNuevo?: string,
  ): Promise<EnlaceCompartido> {
    const [enlace, archivos, cliente] = await Promise.all([
      this.repo.findEnlaceActivo(actor.entidadId, ordenId),
      this.repo.listCompartidos(actor.entidadId, ordenId),
      clienteId != null ? this.deps.clients.find(actor.entidadId, clienteId) : Promise.resolve(undefined),
    ]);
    let creadoPor: string | null = null;
    if (enlace) {
      const n = await this.deps.lecturas.nombresDe(actor.entidadId, { usuarios: [enlace.creadoPor] });
      const p = n.usuarios.get(enlace.creadoPor);
      creadoPor = p ? `${p.nombre} ${p.apellido}`.trim() : null;
    }
    const token = enlace
      ? (tokenNuevo ?? (enlace.cifrado ? this.deps.cifrador.descifrar(enlace.cifrado) : null))
      : null;
    return {
      activo: Boolean(enlace),
      url: token ? this.url(token) : null,
      creado: enlace?.creado.getTime() ?? null,
      creadoPor,
      archivosCompartidos: archivos,
      emailCliente: cliente?.email ?? null,
      clienteNombre: cliente?.contacto || cliente?.nombre || null,
    };
  }

  /** A new link for the order (the caller revoked the old one); gives its token. */
  private async issueEnlace(tx: DbOrTx, actor: Actor, ordenId: number): Promise<string> {
    const { token, hash } = crearToken();
    await new ClientSideRepository(tx).insertEnlace({
      entidadId: actor.entidadId,
      ordenId,
      hash,
      cifrado: this.deps.cifrador.cifrar(token),
      creado: this.clock.now(),
      creadoPor: actor.id,
    });
    return token;
  }

  /** The token of the order's active link, or a new link when there is none or it cannot be read. */
  private async tokenVigente(tx: DbOrTx, actor: Actor, ordenId: number, para?: ParaEnlace): Promise<string> {
    const repo = new ClientSideRepository(tx);
    const actual = await repo.findEnlaceActivo(actor.entidadId, ordenId);
    const leido = actual?.cifrado ? this.deps.cifrador.descifrar(actual.cifrado) : null;
    if (leido) return leido;
    const renovado = await repo.revokeEnlace(actor.entidadId, ordenId, this.clock.now());
    const token = await this.issueEnlace(tx, actor, ordenId);
    await this.deps.orders.insertEvento(tx, actor, ordenId, {
      tipo: 'ENLACE_PUBLICO',
      datos: { accion: renovado ? 'renovado' : 'creado', ...(para ? { para } : {}) },
    });
    return token;
  }

  private async enlaceDe(k: string): Promise<EnlaceFila> {
    const enlace = await this.repo.findEnlacePorHash(hashDeToken(k));
    if (!enlace) throw noDisponible();
    return enlace;
  }

  private url(token: string): string {
    return `${this.deps.publicUrl}/ordersummary/${token}`;
  }

  private modificada(entidadId: number, ordenId: number, usuarioId: number): void {
    this.bus.publish({ type: 'orden.modificada', entidadId, ordenId, usuarioId });
  }
}

/**
 * Why another module needs the order's public link, when it is the one that creates it: the
 * history then says so (a WhatsApp message to the client, the tracking of an accepted request).
 */
export type ParaEnlace = 'whatsapp' | 'solicitud';

const nombreDe = (a: Actor) => `${a.nombre} ${a.apellido}`.trim() || a.usuario;

function leidos(f: FacturacionDeDetalle | undefined): DatosFacturacionLeidos | null {
  if (!f?.razonSocial || !f.cuit || !f.condicionIva || !f.domicilioFiscal || !f.email || !f.actualizado) return null;
  return {
    razonSocial: f.razonSocial,
    cuit: f.cuit,
    condicionIva: f.condicionIva,
    domicilioFiscal: f.domicilioFiscal,
    email: f.email,
    actualizado: f.actualizado.getTime(),
    cargadosPorCliente: f.porCliente,
  };
}

/** A delegation not answered yet (and, given `ahora`, whose form still works). */
function pendiente(f: FacturacionDeDetalle | undefined, ahora?: Date): FacturacionDelegada | null {
  if (!f?.delegada || !f.delegadaEmail || f.respondida) return null;
  if (ahora && f.formularioVence && f.formularioVence <= ahora) return null;
  return { email: f.delegadaEmail, fecha: f.delegada.getTime() };
}

const CAMPOS = ['razonSocial', 'cuit', 'condicionIva', 'domicilioFiscal', 'email'] as const;

function camposCambiados(antes: FacturacionFila | undefined, d: DatosFacturacion): string[] {
  return CAMPOS.filter((c) => (antes?.[c] ?? null) !== d[c]);
}
