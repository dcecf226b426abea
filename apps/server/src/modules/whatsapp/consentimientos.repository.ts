import { eq, sql } from 'drizzle-orm';
import type { OrigenOptIn } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { leerFechaONull } from '../../kernel/db/json.js';
import { ts } from '../../lib/queries.js';
import { whatsappClientes, whatsappRecibidos, whatsappUsuarios } from './whatsapp.tables.js';

/** A client's WhatsApp row, with the name of whoever recorded the consent. */
export interface ConsentimientoCliente {
  numero: string | null;
  optInFecha: Date | null;
  optInOrigen: OrigenOptIn | null;
  optInPor: number | null;
  registradoPor: string | null;
  optOutFecha: Date | null;
  optOutOrigen: 'empresa' | 'baja' | null;
  /** The consent is in force: after any opt-out and any «BAJA» of the number. */
  vigente: boolean;
}

/** A user's own WhatsApp row. */
export interface ConsentimientoUsuario {
  numero: string | null;
  optInFecha: Date | null;
  /** The consent is in force: given, and after any «BAJA» of the number. */
  vigente: boolean;
}

/** What every consent row has (the number, when it was given, whether it is in force), from a raw read. */
const leerConsentimiento = (f: Record<string, unknown>): ConsentimientoUsuario => ({
  numero: (f.numero as string | null) ?? null,
  optInFecha: leerFechaONull(f.opt_in_fecha),
  vigente: f.vigente === true,
});

/** No «BAJA» of the row's number in its company at or after its consent. */
const sinBajaPosterior = (alias: string) =>
  sql.raw(`not exists (select 1 from whatsapp_bajas b
    where b.entidad_id = ${alias}.entidad_id and b.numero = ${alias}.numero and b.fecha >= ${alias}.opt_in_fecha)`);

/**
 * Numbers and consents (docs/WHATSAPP.md «Consentimiento»): each client's and each user's, the
 * «BAJA» replies, and what people wrote back. Every read and write of a company's rows filters by
 * its `entidad_id`; the webhook's writes by number are the process's own (the Cloud API says who
 * wrote, not to which company).
 */
export class ConsentimientosRepository {
  constructor(private readonly db: DbOrTx) {}

  /** A user's number when they may get messages on it now (consent in force, active user); else null. */
  async numeroDeUsuario(entidadId: number, usuarioId: number): Promise<string | null> {
    const r = await this.db.execute<{ numero: string }>(sql`
      select w.numero from whatsapp_usuarios w join usuarios u on u.id = w.usuario_id and u.activo
      where w.entidad_id = ${entidadId} and w.usuario_id = ${usuarioId}
        and w.numero is not null and w.opt_in_fecha is not null and ${sinBajaPosterior('w')}`);
    return r.rows[0]?.numero ?? null;
  }

  /** A client's number when it may get messages on it now (consent after any opt-out and «BAJA»); else null. */
  async numeroDeCliente(entidadId: number, clienteId: number): Promise<string | null> {
    const r = await this.db.execute<{ numero: string }>(sql`
      select w.numero from whatsapp_clientes w
      where w.entidad_id = ${entidadId} and w.cliente_id = ${clienteId}
        and w.numero is not null and w.opt_in_fecha is not null
        and (w.opt_out_fecha is null or w.opt_out_fecha < w.opt_in_fecha) and ${sinBajaPosterior('w')}`);
    return r.rows[0]?.numero ?? null;
  }

  async cliente(entidadId: number, clienteId: number, bloquear = false): Promise<ConsentimientoCliente | undefined> {
    const r = await this.db.execute<Record<string, unknown>>(sql`
      select w.numero, w.opt_in_fecha, w.opt_in_origen, w.opt_in_por, w.opt_out_fecha, w.opt_out_origen,
        trim(u.nombre || ' ' || u.apellido) as registrado_por,
        (w.numero is not null and w.opt_in_fecha is not null
          and (w.opt_out_fecha is null or w.opt_out_fecha < w.opt_in_fecha) and ${sinBajaPosterior('w')}) as vigente
      from whatsapp_clientes w left join usuarios u on u.id = w.opt_in_por and u.entidad_id = w.entidad_id
      where w.entidad_id = ${entidadId} and w.cliente_id = ${clienteId}
      ${bloquear ? sql`for update of w` : sql``}`);
    const f = r.rows[0];
    if (!f) return undefined;
    return {
      ...leerConsentimiento(f),
      optInOrigen: (f.opt_in_origen as OrigenOptIn | null) ?? null,
      optInPor: (f.opt_in_por as number | null) ?? null,
      registradoPor: (f.registrado_por as string | null) || null,
      optOutFecha: leerFechaONull(f.opt_out_fecha),
      optOutOrigen: (f.opt_out_origen as 'empresa' | 'baja' | null) ?? null,
    };
  }

  /** Writes a client's row (one per client). */
  async guardarCliente(
    entidadId: number,
    clienteId: number,
    v: {
      numero: string | null;
      optInFecha: Date | null;
      optInOrigen: OrigenOptIn | null;
      optInPor: number | null;
      optOutFecha: Date | null;
      optOutOrigen: 'empresa' | 'baja' | null;
      ahora: Date;
    },
  ): Promise<void> {
    const { ahora, ...valores } = v;
    await this.db
      .insert(whatsappClientes)
      .values({ entidadId, clienteId, ...valores, actualizado: ahora })
      .onConflictDoUpdate({
        target: whatsappClientes.clienteId,
        set: { ...valores, actualizado: ahora },
        where: eq(whatsappClientes.entidadId, entidadId),
      });
  }

  async usuario(entidadId: number, usuarioId: number, bloquear = false): Promise<ConsentimientoUsuario | undefined> {
    const r = await this.db.execute<Record<string, unknown>>(sql`
      select w.numero, w.opt_in_fecha,
        (w.numero is not null and w.opt_in_fecha is not null and ${sinBajaPosterior('w')}) as vigente
      from whatsapp_usuarios w
      where w.entidad_id = ${entidadId} and w.usuario_id = ${usuarioId}
      ${bloquear ? sql`for update of w` : sql``}`);
    const f = r.rows[0];
    return f && leerConsentimiento(f);
  }

  async guardarUsuario(
    entidadId: number,
    usuarioId: number,
    v: { numero: string | null; optInFecha: Date | null; ahora: Date },
  ): Promise<void> {
    const valores = { numero: v.numero, optInFecha: v.optInFecha, actualizado: v.ahora };
    await this.db
      .insert(whatsappUsuarios)
      .values({ entidadId, usuarioId, ...valores })
      .onConflictDoUpdate({
        target: whatsappUsuarios.usuarioId,
        set: valores,
        where: eq(whatsappUsuarios.entidadId, entidadId),
      });
  }

  /**
   * A «BAJA» from `numero` at `cuando`: recorded for every company that knows the number (a
   * client's, a user's, or a message sent to it), keeping the latest per company; and an opt-out
   * (origen «baja») on every client row with that number whose consent and opt-out are older. A
   * repeated webhook changes nothing more.
   */
  async baja(numero: string, cuando: Date): Promise<void> {
    await this.db.execute(sql`
      insert into whatsapp_bajas (entidad_id, numero, fecha)
      select distinct x.entidad_id, ${numero}, ${ts(cuando)} from (
        select entidad_id from whatsapp_clientes where numero = ${numero}
        union select entidad_id from whatsapp_usuarios where numero = ${numero}
        union select entidad_id from whatsapp_salida where numero = ${numero}) x
      on conflict (entidad_id, numero) do update set fecha = greatest(whatsapp_bajas.fecha, excluded.fecha)`);
    await this.db.execute(sql`
      update whatsapp_clientes
      set opt_out_fecha = ${ts(cuando)}, opt_out_origen = 'baja', actualizado = ${ts(cuando)}
      where numero = ${numero}
        and (opt_out_fecha is null or opt_out_fecha < ${ts(cuando)})
        and (opt_in_fecha is null or opt_in_fecha < ${ts(cuando)})`);
  }

  /**
   * The companies a reply from `numero` belongs to: each company with a client (the first one) or
   * a user with that number, one row each.
   */
  async quienesTienen(numero: string): Promise<{ entidadId: number; clienteId: number | null }[]> {
    const r = await this.db.execute<{ entidadId: number; clienteId: number | null }>(sql`
      select entidad_id as "entidadId", min(cliente_id) as "clienteId" from (
        select entidad_id, cliente_id from whatsapp_clientes where numero = ${numero}
        union all select entidad_id, null::int from whatsapp_usuarios where numero = ${numero}) x
      group by entidad_id
      order by entidad_id`);
    return r.rows.map((f) => ({
      entidadId: Number(f.entidadId),
      clienteId: f.clienteId === null ? null : Number(f.clienteId),
    }));
  }

  /** A text someone wrote back, once per company and Cloud API message id; true when it is new. */
  async recibido(v: {
    entidadId: number;
    clienteId: number | null;
    respuestaA: number | null;
    numero: string;
    wamid: string;
    texto: string;
    fecha: Date;
    creado: Date;
  }): Promise<boolean> {
    const r = await this.db
      .insert(whatsappRecibidos)
      .values(v)
      .onConflictDoNothing({ target: [whatsappRecibidos.entidadId, whatsappRecibidos.wamid] })
      .returning({ id: whatsappRecibidos.id });
    return r.length > 0;
  }
}
