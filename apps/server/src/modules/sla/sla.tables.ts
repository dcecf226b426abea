import { sql } from 'drizzle-orm';
import type { Objetivo, SemanaHabilContrato } from '@delego/contract';
import * as pg from 'drizzle-orm/pg-core';
import { extensionDe, moment, requiredRef, stamp } from '../../lib/columns.js';
import { prioridades, tiposOrden } from '../catalog/catalog.tables.js';
import { clientes } from '../clients/clients.tables.js';
import { entidadRef, entidades, filaDeEntidad } from '../entidades/entidades.tables.js';
import { ordenes } from '../orders/orders.tables.js';

/** A company's working week (issue 34, docs/SLA.md); without a row, SEMANA_POR_DEFECTO. */
export const semanasHabiles = pg.pgTable('semanas_habiles', {
  entidadId: extensionDe(() => entidades.id),
  semana: pg.jsonb().$type<SemanaHabilContrato>().notNull(),
  actualizado: stamp(),
});

/**
 * What a company changed in its holidays: `agregado`, a holiday of its own; `trabajado`, a national
 * holiday it works on (the national ones themselves come from the holidays library, not a table).
 */
export const feriadosEmpresa = pg.pgTable(
  'feriados_empresa',
  {
    entidadId: entidadRef(),
    dia: pg.date({ mode: 'string' }).notNull(),
    tipo: pg.text().$type<'agregado' | 'trabajado'>().notNull(),
    nombre: pg.text().notNull(),
    creado: stamp(),
  },
  (t) => [pg.primaryKey({ columns: [t.entidadId, t.dia] })],
);

/**
 * Service-level policies, kept as versions: an edit closes the version in force (`vigenteHasta`)
 * and adds the next one under the same `politicaId` (the id the API shows), so an order always
 * gets the version in force when it was created, whenever its copy is written. At most one
 * version in force per company and client × type × priority (null = any).
 */
export const slaPoliticas = pg.pgTable(
  'sla_politicas',
  {
    ...filaDeEntidad(),
    /** The policy across its versions: the id of its first version. */
    politicaId: pg.integer().notNull(),
    nombre: pg.text().notNull(),
    clienteId: pg.integer().references(() => clientes.id, { onDelete: 'cascade' }),
    tipoOrdenId: pg.integer().references(() => tiposOrden.id, { onDelete: 'cascade' }),
    prioridadId: pg.integer().references(() => prioridades.id, { onDelete: 'cascade' }),
    respuesta: pg.jsonb().$type<Objetivo>(),
    resolucion: pg.jsonb().$type<Objetivo>(),
    pausaEnEspera: pg.boolean().notNull(),
    vigenteDesde: stamp(),
    vigenteHasta: moment(),
  },
  (t) => [
    pg
      .uniqueIndex('sla_politicas_en_vigor_uq')
      .on(
        t.entidadId,
        sql`coalesce(${t.clienteId}, 0)`,
        sql`coalesce(${t.tipoOrdenId}, 0)`,
        sql`coalesce(${t.prioridadId}, 0)`,
      )
      .where(sql`${t.vigenteHasta} is null`),
    pg.index('sla_politicas_entidad_idx').on(t.entidadId, t.vigenteDesde),
  ],
);

/**
 * An order's service level: the copy of the policy version it got when it was created, and where
 * each target stands (due, 80 % instant, met, warned, broken). Written by the module from the
 * order and its history (`OrdenSlaService.sincronizar`), never by the orders module. Orders of a
 * company with policies but none that reaches them get a row without targets (so the repair scan
 * does not visit them again).
 */
export const ordenSla = pg.pgTable(
  'orden_sla',
  {
    ordenId: extensionDe(() => ordenes.id),
    entidadId: entidadRef(),
    politicaVersionId: pg.integer().references(() => slaPoliticas.id),
    politicaNombre: pg.text(),
    pausaEnEspera: pg.boolean().notNull().default(false),
    inicio: moment().notNull(),
    pausadaDesde: moment(),
    respObjetivo: pg.jsonb().$type<Objetivo>(),
    respTotalMs: pg.bigint({ mode: 'number' }),
    respVence: moment(),
    respAviso: moment(),
    respCumplida: moment(),
    respAvisada: moment(),
    respIncumplida: moment(),
    resObjetivo: pg.jsonb().$type<Objetivo>(),
    resTotalMs: pg.bigint({ mode: 'number' }),
    resVence: moment(),
    resAviso: moment(),
    resCumplida: moment(),
    resAvisada: moment(),
    resIncumplida: moment(),
    /** The order's `actualizada` this row was computed from (the repair scan compares them). */
    sincronizada: moment().notNull(),
    /**
     * The order was open (not Finalizada nor Cancelada) when the row was computed: the repair scan
     * looks only at these, so its cost follows the open orders, not the whole history.
     */
    abierta: pg.boolean().notNull().default(true),
  },
  (t) => [
    // The warning scan: each of its four claims walks its own partial index.
    pg
      .index('orden_sla_resp_aviso_idx')
      .on(t.respAviso)
      .where(sql`${t.respCumplida} is null and ${t.respAvisada} is null and ${t.pausadaDesde} is null`),
    pg
      .index('orden_sla_resp_vence_idx')
      .on(t.respVence)
      .where(sql`${t.respCumplida} is null and ${t.respIncumplida} is null and ${t.pausadaDesde} is null`),
    pg
      .index('orden_sla_res_aviso_idx')
      .on(t.resAviso)
      .where(sql`${t.resCumplida} is null and ${t.resAvisada} is null and ${t.pausadaDesde} is null`),
    pg
      .index('orden_sla_res_vence_idx')
      .on(t.resVence)
      .where(sql`${t.resCumplida} is null and ${t.resIncumplida} is null and ${t.pausadaDesde} is null`),
    pg.index('orden_sla_entidad_idx').on(t.entidadId),
    pg
      .index('orden_sla_abiertas_idx')
      .on(t.ordenId)
      .where(sql`${t.abierta}`),
  ],
);

/**
 * The clients an administrator opted in to the monthly report (issue 34, docs/SLA.md «Informe
 * mensual»): sent to `email` on the first working day of each month. `activado` is when it was
 * last turned on: a month whose send came before it is not sent afterwards.
 */
export const slaInformesClientes = pg.pgTable(
  'sla_informes_clientes',
  {
    clienteId: extensionDe(() => clientes.id),
    entidadId: entidadRef(),
    activo: pg.boolean().notNull(),
    email: pg.text(),
    activado: moment(),
    actualizado: stamp(),
  },
  (t) => [
    pg
      .index('sla_informes_clientes_activos_idx')
      .on(t.entidadId)
      .where(sql`${t.activo}`),
  ],
);

/**
 * The first columns of a row per client and month (`mes` «AAAA-MM»), its primary key (`clienteId`,
 * `mes`): it goes with the client.
 */
const filaDelMesDeCliente = () => ({
  clienteId: requiredRef(() => clientes.id, { onDelete: 'cascade' }),
  mes: pg.text().notNull(),
  entidadId: entidadRef(),
});

/**
 * One row per client and month sent (`mes` «AAAA-MM»), written in the transaction that queues the
 * mail: its primary key is what makes the send happen once, with two instances or after a restart.
 */
export const slaInformesEnvios = pg.pgTable(
  'sla_informes_envios',
  {
    ...filaDelMesDeCliente(),
    email: pg.text().notNull(),
    enviado: moment().notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.clienteId, t.mes] })],
);

/**
 * The public link of a client's month: found by the SHA-256 of its token (`hash`); `cifrado` keeps
 * the token encrypted (the share links' key) so the same link can be copied and mailed again.
 */
export const slaInformesEnlaces = pg.pgTable(
  'sla_informes_enlaces',
  {
    ...filaDelMesDeCliente(),
    hash: pg.text().notNull(),
    cifrado: pg.text(),
    creado: moment().notNull(),
  },
  (t) => [pg.primaryKey({ columns: [t.clienteId, t.mes] }), pg.uniqueIndex('sla_informes_enlaces_hash_uq').on(t.hash)],
);
