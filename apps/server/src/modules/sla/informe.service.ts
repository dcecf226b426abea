import type { Readable } from 'node:stream';
import {
  esAdmin,
  hoyEn,
  inicioDelDia,
  MAX_ORDENES_INFORME_SLA,
  MENSAJES_INFORME_SLA,
  mesAnterior,
  mesSiguiente,
  siguienteInstanteHabil,
  tienePermiso,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type Dia,
  type EnlaceInformeSla,
  type EnvioInformeSla,
  type InformeSla,
  type PlazoInforme,
  type zGuardarEnvioInformeSla,
} from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { grupoDeDireccion } from '../../lib/direccion.js';
import { cadaCuartoDeHora, Limitador, type ContadorLimites, type Limite } from '../../lib/rate-limit.js';
import { crearToken, hashDeToken } from '../../lib/tokens.js';
import type { CifradorEnlaces } from '../client-side/index.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import { encolarCorreoDeEmpresa, type PuertoCorreo } from '../mail/index.js';
import { CumplimientoRepository } from './cumplimiento.repository.js';
import { SIN_PERMISO_CUMPLIMIENTO } from './cumplimiento.service.js';
import { informePdf, informeXlsx, nombreArchivo } from './informe-documentos.js';
import { InformeRepository, type Candidato, type FilaOrdenInforme } from './informe.repository.js';
import type { CalendarioDe } from './orden-sla.service.js';
import { plantillaInformeSla } from './plantilla-informe.js';

const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
const NO_ENCONTRADO = 'No se encontró el cliente.';
const noDisponible = () => new AppError('NO_ENCONTRADO', MENSAJES_INFORME_SLA.enlaceNoDisponible);

/** The public report per address: a person opens it a few times; a script trying tokens is cut. */
export const LIMITE_INFORME_PUBLICO: Limite = cadaCuartoDeHora(60);

type Log = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
};

export interface DepsInforme {
  clients: Pick<PuertoClientes, 'find'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  /** The share links' cipher (the installation's key): the same link can be copied again. */
  cifrador: CifradorEnlaces;
  calendarioDe: CalendarioDe;
  /** PUBLIC_URL: links are PUBLIC_URL/informesla/<token>. */
  publicUrl: string;
  contador?: ContadorLimites | undefined;
  log: Log;
}

/** What one monthly send did (the tests read it). */
export interface ResultadoEnvios {
  enviados: number;
}

/** [desde, hasta] of a month «AAAA-MM» in the company's zone. */
export function rangoDelMes(mes: string): { desde: Date; hasta: Date } {
  return {
    desde: new Date(inicioDelDia(`${mes}-01` as Dia, ZONA)),
    hasta: new Date(inicioDelDia(`${mesSiguiente(mes)}-01` as Dia, ZONA) - 1),
  };
}

function plazo(
  objetivo: unknown,
  vence: Date | null,
  cumplida: Date | null,
  pausada: Date | null,
  ahora: Date,
): PlazoInforme | null {
  if (objetivo == null || vence == null) return null;
  const corre = pausada ?? ahora;
  const resultado = cumplida
    ? cumplida <= vence
      ? 'cumplida'
      : 'incumplida'
    : vence <= corre
      ? 'incumplida'
      : 'en-curso';
  return { vence: vence.getTime(), cumplidaEn: cumplida?.getTime() ?? null, resultado };
}

const ordenDeFila = (f: FilaOrdenInforme, ahora: Date) => ({
  numero: f.numero,
  titulo: f.titulo,
  creada: f.creada.getTime(),
  respuesta: plazo(f.respObjetivo, f.respVence, f.respCumplida, f.pausadaDesde, ahora),
  resolucion: plazo(f.resObjetivo, f.resVence, f.resCumplida, f.pausadaDesde, ahora),
});

/**
 * The monthly service-level report of a client (issue 34, docs/SLA.md «Informe mensual»): its
 * numbers and orders for the company (JSON, PDF, Excel; verEstadisticas like the compliance), for
 * the client through a link with a 256-bit token kept as SHA-256 (and encrypted, to copy it again),
 * and the send on the first working day of each month to the clients an administrator opted in:
 * the row of (client, month) and the mail are written in one transaction, so it goes once.
 */
export class InformeService {
  private readonly limitador: Limitador;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: DepsInforme,
  ) {
    this.limitador = new Limitador(deps.contador, clock);
  }

  // -------------------------------------------------------------------------------------------
  // The company's calls

  async informe(actor: Actor, q: { cliente: number; mes: string }): Promise<InformeSla> {
    const cliente = await this.clienteVisible(actor, q.cliente);
    return this.construir(this.db, actor.entidadId, cliente, q.mes);
  }

  async pdf(actor: Actor, q: { cliente: number; mes: string }): Promise<{ nombre: string; stream: Readable }> {
    const i = await this.informe(actor, q);
    return { nombre: nombreArchivo(i, 'pdf'), stream: await informePdf(i) };
  }

  async xlsx(actor: Actor, q: { cliente: number; mes: string }): Promise<{ nombre: string; stream: Readable }> {
    const i = await this.informe(actor, q);
    return { nombre: nombreArchivo(i, 'xlsx'), stream: await informeXlsx(i) };
  }

  /** POST /api/v4/sla/informe/enlace: the month's public link (the same one every time). */
  async enlace(actor: Actor, q: { cliente: number; mes: string }): Promise<EnlaceInformeSla> {
    const cliente = await this.clienteVisible(actor, q.cliente);
    const token = await this.db.transaction((tx) => this.tokenDe(tx, actor.entidadId, cliente.id, q.mes));
    this.deps.log.info({ entidadId: actor.entidadId, clienteId: cliente.id, mes: q.mes }, 'sla.enlaceInforme');
    return { url: this.url(token) };
  }

  async envio(actor: Actor, clienteId: number): Promise<EnvioInformeSla> {
    exigirAdministrador(actor);
    const cliente = await this.deps.clients.find(actor.entidadId, clienteId);
    if (!cliente) throw AppError.notFound(NO_ENCONTRADO);
    const e = await new InformeRepository(this.db).envio(actor.entidadId, clienteId);
    return {
      clienteId,
      activo: e?.activo ?? false,
      email: e?.email ?? null,
      emailCliente: cliente.email,
      ultimoMes: e?.ultimoMes ?? null,
      ultimoEnvio: e?.ultimoEnvio ? new Date(e.ultimoEnvio).getTime() : null,
    };
  }

  async guardarEnvio(
    actor: Actor,
    clienteId: number,
    b: z.output<typeof zGuardarEnvioInformeSla>,
  ): Promise<EnvioInformeSla> {
    exigirAdministrador(actor);
    if (!(await this.deps.clients.find(actor.entidadId, clienteId))) throw AppError.notFound(NO_ENCONTRADO);
    await new InformeRepository(this.db).saveEnvio(
      actor.entidadId,
      clienteId,
      b.activo,
      b.email || null,
      this.clock.now(),
    );
    return this.envio(actor, clienteId);
  }

  // -------------------------------------------------------------------------------------------
  // Public calls (by the link's token)

  async publico(k: string, direccion: string): Promise<InformeSla> {
    await this.limitador.exigir([[`informeSla:d:${grupoDeDireccion(direccion)}`, LIMITE_INFORME_PUBLICO]]);
    const enlace = await new InformeRepository(this.db).enlacePorHash(hashDeToken(k));
    if (!enlace) throw noDisponible();
    const cliente = await this.deps.clients.find(enlace.entidadId, enlace.clienteId);
    if (!cliente) throw noDisponible();
    return this.construir(this.db, enlace.entidadId, cliente, enlace.mes);
  }

  async publicoPdf(k: string, direccion: string): Promise<{ nombre: string; stream: Readable }> {
    const i = await this.publico(k, direccion);
    return { nombre: nombreArchivo(i, 'pdf'), stream: await informePdf(i) };
  }

  // -------------------------------------------------------------------------------------------
  // The monthly send (a step of the service-level scan)

  /**
   * Sends last month's report to every opted-in client whose company reached the first working
   * instant of this month (its business calendar), and that was opted in before that instant. A
   * month not sent yet (a server down on the day) goes on a later tick of the same month. Each
   * client is one transaction: the (client, month) row, its link and the mail.
   */
  async enviarMensuales(): Promise<ResultadoEnvios> {
    const ahora = this.clock.now();
    const mesActual = hoyEn(ZONA, ahora.getTime()).slice(0, 7);
    const mes = mesAnterior(mesActual);
    const candidatos = await new InformeRepository(this.db).candidatos(mes);
    const porEmpresa = new Map<number, Candidato[]>();
    for (const c of candidatos) porEmpresa.set(c.entidadId, [...(porEmpresa.get(c.entidadId) ?? []), c]);
    let enviados = 0;
    for (const [entidadId, clientes] of porEmpresa) {
      const desde = await this.inicioDeEnvios(entidadId, mesActual);
      if (ahora.getTime() < desde) continue;
      for (const c of clientes) {
        if (new Date(c.activado).getTime() >= desde) continue; // a raw read: text on PGlite
        try {
          if (await this.enviar(entidadId, c.clienteId, mes, ahora)) enviados++;
        } catch (err) {
          // Past the outbox's caps (429) the transaction rolled back: a later tick tries again.
          const limite = err instanceof AppError && err.code === 'DEMASIADOS_INTENTOS';
          this.deps.log[limite ? 'warn' : 'error'](
            { err, entidadId, clienteId: c.clienteId, mes },
            limite ? 'sla.informeLimitado' : 'sla.informeFallo',
          );
        }
      }
    }
    if (enviados) this.deps.mail.kick();
    return { enviados };
  }

  /** The first working instant of the month for the company (its calendar); the month's start without one. */
  private async inicioDeEnvios(entidadId: number, mes: string): Promise<number> {
    const inicio = inicioDelDia(`${mes}-01` as Dia, ZONA);
    const cal = await this.deps.calendarioDe(this.db, entidadId, [Number(mes.slice(0, 4))]);
    try {
      return siguienteInstanteHabil(cal, inicio);
    } catch {
      return inicio;
    }
  }

  private async enviar(entidadId: number, clienteId: number, mes: string, ahora: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const email = await new InformeRepository(tx).reclamarEnvio(entidadId, clienteId, mes, ahora);
      if (!email) return false;
      const cliente = await this.deps.clients.find(entidadId, clienteId, tx);
      if (!cliente) return false;
      const token = await this.tokenDe(tx, entidadId, clienteId, mes);
      await encolarCorreoDeEmpresa(this.deps, tx, { tipo: 'informe_sla', entidadId, para: email }, (remitente) =>
        plantillaInformeSla({
          ...remitente,
          destinatario: cliente.contacto || cliente.nombre,
          mes,
          enlace: this.url(token),
        }),
      );
      return true;
    });
  }

  // -------------------------------------------------------------------------------------------

  private async clienteVisible(actor: Actor, clienteId: number) {
    if (!tienePermiso(actor, 'verEstadisticas')) throw AppError.forbidden(SIN_PERMISO_CUMPLIMIENTO);
    const cliente = await this.deps.clients.find(actor.entidadId, clienteId);
    if (!cliente) throw AppError.notFound(NO_ENCONTRADO);
    return cliente;
  }

  /** The report of a client's month, read through `db`. */
  private async construir(
    db: DbOrTx,
    entidadId: number,
    cliente: { id: number; nombre: string },
    mes: string,
  ): Promise<InformeSla> {
    const ahora = this.clock.now();
    const { desde, hasta } = rangoDelMes(mes);
    const [entidad, [total], filas] = await Promise.all([
      this.deps.entidades.find(entidadId),
      new CumplimientoRepository(db).agrupado(
        { entidadId, desde, hasta, clienteId: cliente.id, ahora, zona: ZONA },
        null,
      ),
      new InformeRepository(db).ordenes(entidadId, cliente.id, desde, hasta, MAX_ORDENES_INFORME_SLA),
    ]);
    const ordenes = total?.ordenes ?? 0;
    const vacio = { cumplidas: 0, incumplidas: 0, enCurso: 0 };
    return {
      entidad: { nombre: entidad?.nombre ?? '' },
      cliente: { id: cliente.id, nombre: cliente.nombre },
      mes,
      desde: desde.getTime(),
      hasta: hasta.getTime(),
      ordenes,
      respuesta: total?.respuesta ?? vacio,
      resolucion: total?.resolucion ?? vacio,
      lista: filas.map((f) => ordenDeFila(f, ahora)),
      omitidas: Math.max(0, ordenes - filas.length),
      generado: ahora.getTime(),
    };
  }

  /** The token of the month's link: the stored one, or a new one (the first time, or when it cannot be read). */
  private async tokenDe(tx: DbOrTx, entidadId: number, clienteId: number, mes: string): Promise<string> {
    const repo = new InformeRepository(tx);
    const leer = async () => {
      const e = await repo.enlace(entidadId, clienteId, mes);
      return { existe: Boolean(e), token: e?.cifrado ? this.deps.cifrador.descifrar(e.cifrado) : null };
    };
    const actual = await leer();
    if (actual.token) return actual.token;
    const { token, hash } = crearToken();
    const nuevo = { entidadId, clienteId, mes, hash, cifrado: this.deps.cifrador.cifrar(token) };
    if (actual.existe) {
      await repo.replaceEnlace(nuevo, this.clock.now());
      return token;
    }
    if (await repo.insertEnlace(nuevo, this.clock.now())) return token;
    // Written by another call in between: that one's token.
    const otro = await leer();
    if (otro.token) return otro.token;
    await repo.replaceEnlace(nuevo, this.clock.now());
    return token;
  }

  private url(token: string): string {
    return `${this.deps.publicUrl}/informesla/${token}`;
  }
}

function exigirAdministrador(actor: Actor): void {
  if (!esAdmin(actor)) throw AppError.forbidden(MENSAJES_INFORME_SLA.soloAdministradores);
}
