import { and, eq, sql } from 'drizzle-orm';
import { ESTADO } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { lectorDe } from '../../kernel/db/leer.js';
import { slaInformesClientes, slaInformesEnlaces } from './sla.tables.js';

/** An order of the report as read: its targets' due and met instants, and its pause. */
export interface FilaOrdenInforme {
  numero: number;
  titulo: string;
  creada: Date;
  pausadaDesde: Date | null;
  respObjetivo: unknown;
  respVence: Date | null;
  respCumplida: Date | null;
  resObjetivo: unknown;
  resVence: Date | null;
  resCumplida: Date | null;
}

/** A client's monthly send as stored, with the last month sent. */
export interface EnvioFila {
  activo: boolean;
  email: string | null;
  ultimoMes: string | null;
  ultimoEnvio: Date | null;
}

/** An opted-in client whose month was not sent yet. */
export interface Candidato {
  entidadId: number;
  clienteId: number;
  email: string;
  activado: Date;
}

/** The public link of a client's month. */
export interface EnlaceInforme {
  entidadId: number;
  clienteId: number;
  mes: string;
  cifrado: string | null;
}

export interface NuevoEnlace {
  entidadId: number;
  clienteId: number;
  mes: string;
  hash: string;
  cifrado: string | null;
}

/** What a month's link is, as both of its look-ups read it. */
const COLUMNAS_ENLACE = {
  entidadId: slaInformesEnlaces.entidadId,
  clienteId: slaInformesEnlaces.clienteId,
  mes: slaInformesEnlaces.mes,
  cifrado: slaInformesEnlaces.cifrado,
};

/**
 * The monthly report's rows (issue 34): the orders of a client and month from `orden_sla` with the
 * order (the read exception of docs/ARCHITECTURE.md), the opt-in per client, the months sent and
 * the public links. Every query names the company.
 */
export class InformeRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The orders counted by CumplimientoRepository for one client and range, by number (at most `limite`). */
  async ordenes(
    entidadId: number,
    clienteId: number,
    desde: Date,
    hasta: Date,
    limite: number,
  ): Promise<FilaOrdenInforme[]> {
    // A raw read gives instants as the driver does (text on PGlite): each one becomes a Date here.
    const filas = await lectorDe(this.db)<FilaOrdenInforme>(sql`
      select o.numero, o.titulo, o.creada, s.pausada_desde as "pausadaDesde",
             s.resp_objetivo as "respObjetivo", s.resp_vence as "respVence", s.resp_cumplida as "respCumplida",
             s.res_objetivo as "resObjetivo", s.res_vence as "resVence", s.res_cumplida as "resCumplida"
        from orden_sla s
        join ordenes o on o.id = s.orden_id
       where s.entidad_id = ${entidadId} and o.entidad_id = ${entidadId} and o.eliminada is null
         and o.estado_id <> ${ESTADO.CANCELADA} and o.cliente_id = ${clienteId}
         and (s.resp_objetivo is not null or s.res_objetivo is not null)
         and o.creada >= ${desde.toISOString()}::timestamptz and o.creada <= ${hasta.toISOString()}::timestamptz
       order by o.numero
       limit ${limite}`);
    const fecha = (v: Date | null) => (v == null ? null : new Date(v));
    return filas.map((f) => ({
      ...f,
      creada: new Date(f.creada),
      pausadaDesde: fecha(f.pausadaDesde),
      respVence: fecha(f.respVence),
      respCumplida: fecha(f.respCumplida),
      resVence: fecha(f.resVence),
      resCumplida: fecha(f.resCumplida),
    }));
  }

  async envio(entidadId: number, clienteId: number): Promise<EnvioFila | undefined> {
    const [r] = await lectorDe(this.db)<EnvioFila>(sql`
      select c.activo, c.email,
             (select e.mes from sla_informes_envios e where e.cliente_id = ${clienteId} and e.entidad_id = ${entidadId}
               order by e.mes desc limit 1) as "ultimoMes",
             (select e.enviado from sla_informes_envios e where e.cliente_id = ${clienteId} and e.entidad_id = ${entidadId}
               order by e.mes desc limit 1) as "ultimoEnvio"
        from (select ${clienteId}::int as cliente_id) k
        left join sla_informes_clientes c on c.cliente_id = k.cliente_id and c.entidad_id = ${entidadId}`);
    return r;
  }

  /** Turns the send on or off; `activado` moves only when it goes from off to on. */
  async saveEnvio(entidadId: number, clienteId: number, activo: boolean, email: string | null, ahora: Date) {
    await this.db
      .insert(slaInformesClientes)
      .values({ clienteId, entidadId, activo, email, activado: activo ? ahora : null, actualizado: ahora })
      .onConflictDoUpdate({
        target: slaInformesClientes.clienteId,
        set: {
          activo,
          email,
          actualizado: ahora,
          activado: activo
            ? sql`case when ${slaInformesClientes.activo} then ${slaInformesClientes.activado} else ${ahora.toISOString()}::timestamptz end`
            : null,
        },
        setWhere: eq(slaInformesClientes.entidadId, entidadId),
      });
  }

  /** Opted-in clients of every company without a row for `mes`. */
  candidatos(mes: string) {
    return lectorDe(this.db)<Candidato>(sql`
      select c.entidad_id as "entidadId", c.cliente_id as "clienteId", c.email, c.activado
        from sla_informes_clientes c
       where c.activo and c.email is not null and c.activado is not null
         and not exists (select 1 from sla_informes_envios e where e.cliente_id = c.cliente_id and e.mes = ${mes})
       order by c.entidad_id, c.cliente_id`);
  }

  /**
   * Claims a client's month: the row is written only while the client is still opted in and the
   * month was not sent. Two instances at once: the second waits on the key and writes nothing.
   * Gives the address to send to, or null when there is nothing to send.
   */
  async reclamarEnvio(entidadId: number, clienteId: number, mes: string, ahora: Date): Promise<string | null> {
    const [r] = await lectorDe(this.db)<{ email: string }>(sql`
      insert into sla_informes_envios (cliente_id, mes, entidad_id, email, enviado)
      select c.cliente_id, ${mes}, c.entidad_id, c.email, ${ahora.toISOString()}::timestamptz
        from sla_informes_clientes c
       where c.cliente_id = ${clienteId} and c.entidad_id = ${entidadId} and c.activo and c.email is not null
      on conflict do nothing
      returning email`);
    return r?.email ?? null;
  }

  async enlace(entidadId: number, clienteId: number, mes: string): Promise<EnlaceInforme | undefined> {
    const [r] = await this.db
      .select(COLUMNAS_ENLACE)
      .from(slaInformesEnlaces)
      .where(
        and(
          eq(slaInformesEnlaces.entidadId, entidadId),
          eq(slaInformesEnlaces.clienteId, clienteId),
          eq(slaInformesEnlaces.mes, mes),
        ),
      );
    return r;
  }

  /** Writes the month's first link; false when another was written first. */
  async insertEnlace(e: NuevoEnlace, ahora: Date): Promise<boolean> {
    const r = await this.db
      .insert(slaInformesEnlaces)
      .values({ ...e, creado: ahora })
      .onConflictDoNothing()
      .returning({ mes: slaInformesEnlaces.mes });
    return r.length > 0;
  }

  /** Replaces a month's link whose token can no longer be read (another key): the old one stops working. */
  async replaceEnlace(e: NuevoEnlace, ahora: Date): Promise<void> {
    await this.db
      .update(slaInformesEnlaces)
      .set({ hash: e.hash, cifrado: e.cifrado, creado: ahora })
      .where(
        and(
          eq(slaInformesEnlaces.entidadId, e.entidadId),
          eq(slaInformesEnlaces.clienteId, e.clienteId),
          eq(slaInformesEnlaces.mes, e.mes),
        ),
      );
  }

  async enlacePorHash(hash: string): Promise<EnlaceInforme | undefined> {
    const [r] = await this.db.select(COLUMNAS_ENLACE).from(slaInformesEnlaces).where(eq(slaInformesEnlaces.hash, hash));
    return r;
  }
}
