import * as pg from 'drizzle-orm/pg-core';
import { moment, requiredRef, stamp } from '../../lib/columns.js';
import { filaDeEntidad } from '../entidades/entidades.tables.js';
import { usuarios } from '../identity/users.tables.js';

/**
 * The `access` tokens of the delay export (docs/ESTADISTICAS.md): issued by an authenticated call
 * for one export (company, user, range, type), short-lived and spent on first use. Only the
 * SHA-256 of the token is kept; the row says what the token may download.
 */
export const estadisticaAcceso = pg.pgTable(
  'estadistica_acceso',
  {
    ...filaDeEntidad(),
    usuarioId: requiredRef(() => usuarios.id),
    /** SHA-256 of the token, base64url. */
    tokenHash: pg.text().notNull(),
    fechaDesde: moment().notNull(),
    fechaHasta: moment().notNull(),
    tipoId: pg.integer(),
    expira: moment().notNull(),
    usado: moment(),
    creado: stamp(),
  },
  (t) => [
    pg.uniqueIndex('estadistica_acceso_token_uq').on(t.tokenHash),
    pg.index('estadistica_acceso_expira_idx').on(t.expira),
  ],
);

/** The columns of the daily rollup, and of what 0033's creates appended to it before the fold. */
const columnasResumen = () => ({
  entidadId: pg.integer().notNull(),
  medida: pg.smallint().notNull(),
  dia: pg.date({ mode: 'string' }).notNull(),
  valor: pg.integer().notNull(),
  n: pg.integer().notNull(),
  suma: pg.numeric().notNull().default('0'),
});

/**
 * The daily rollup of the statistics (migration 0011, docs/ESTADISTICAS.md «Resumen diario»): per
 * company, measure, day of Argentina and value (a state, type, area, client, responsable or bucket;
 * 0 = none), how many orders (`n`) and how many seconds (`suma`). Written only by the triggers of
 * migration 0011 on `ordenes` and `orden_responsables`, never by the application. The primary key
 * has INCLUDE (n, suma) in the migration (index-only reads), which Drizzle's builder cannot express.
 */
export const estadisticaResumen = pg.pgTable('estadistica_resumen', columnasResumen(), (t) => [
  pg.primaryKey({ name: 'estadistica_resumen_pk', columns: [t.entidadId, t.medida, t.dia, t.valor] }),
]);

/**
 * What 0033's creates appended to `estadistica_resumen`: nothing writes it since migration 0034,
 * which folded what was left (docs/ESTADISTICAS.md «Altas por lotes»). Kept, empty, for one version:
 * an instance of the version before, still running while the instances are updated one at a time
 * (docs/DESPLIEGUE.md), reads it with the rollup. A later migration drops it.
 */
export const estadisticaResumenDeltas = pg.pgTable('estadistica_resumen_deltas', columnasResumen());

/**
 * New orders not yet folded into `estadistica_resumen` (migration 0034, issue 37, docs/ESTADISTICAS.md
 * «Altas por lotes»): the create trigger appends one row per order, with the order's columns the
 * rollup depends on, instead of updating the rollup's rows (which every create of the company and
 * day would otherwise lock and rewrite) or working out its contributions (six rows a create, 0033).
 * `estadistica_plegar()` turns them into rollup rows and moves them in one statement (the statistics
 * module, every few seconds on every instance); the reads add what `estadistica_pendientes()` makes
 * of them. No key and no index: only appended, read whole and emptied.
 */
export const estadisticaAltasPendientes = pg.pgTable('estadistica_altas_pendientes', {
  entidadId: pg.integer().notNull(),
  creada: moment().notNull(),
  estadoId: pg.smallint().notNull(),
  tipoOrdenId: pg.integer(),
  areaId: pg.integer(),
  clienteId: pg.integer(),
  finalizada: moment(),
  eliminada: moment(),
  fechaFin: moment(),
});

/**
 * The first columns of a row per (order, responsable) that the triggers of migration 0013 keep:
 * the company, the responsable and the order, plain integers (no foreign keys: the triggers follow
 * the orders and their responsables).
 */
const filaPorResponsable = () => ({
  entidadId: pg.integer().notNull(),
  usuarioId: pg.integer().notNull(),
  ordenId: pg.integer().notNull(),
});

/**
 * The key and index of a {@link filaPorResponsable} table `tabla`: its primary key `<tabla>_pk`, the
 * company and the responsable and then `resto` (the reads go per responsable), and
 * `<tabla>_orden_idx` on the order and responsable (what the triggers find the rows by).
 */
const indicesPorResponsable = (
  tabla: string,
  t: { entidadId: pg.PgColumn; usuarioId: pg.PgColumn; ordenId: pg.PgColumn },
  ...resto: pg.PgColumn[]
) => [
  pg.primaryKey({ name: `${tabla}_pk`, columns: [t.entidadId, t.usuarioId, ...resto] }),
  pg.index(`${tabla}_orden_idx`).on(t.ordenId, t.usuarioId),
];

/**
 * The late finished orders per responsable (migration 0013, docs/ESTADISTICAS.md «Desempeño por
 * responsable»): one row per (order, responsable) with the order's finish time and delay in seconds,
 * for the exact median delay of each responsable. Written only by the triggers of migration 0013 on
 * `ordenes` and `orden_responsables`. The primary key has INCLUDE (demora_s) in the migration.
 */
export const estadisticaDemoraResponsable = pg.pgTable(
  'estadistica_demora_responsable',
  {
    ...filaPorResponsable(),
    finalizada: moment().notNull(),
    demoraS: pg.doublePrecision().notNull(),
  },
  (t) => indicesPorResponsable('estadistica_demora_responsable', t, t.finalizada, t.ordenId),
);

/**
 * The answered surveys per responsable (migration 0013): one row per (survey, responsable) of a live
 * order, with the score, for the scorecard's satisfaction. Written only by the triggers of migration
 * 0013 on `encuesta`, `ordenes` and `orden_responsables`. The primary key has INCLUDE (puntaje).
 */
export const estadisticaEncuestaResponsable = pg.pgTable(
  'estadistica_encuesta_responsable',
  {
    ...filaPorResponsable(),
    respondidaEn: moment().notNull(),
    encuestaId: pg.integer().notNull(),
    puntaje: pg.smallint().notNull(),
  },
  (t) => [
    ...indicesPorResponsable('estadistica_encuesta_responsable', t, t.respondidaEn, t.encuestaId),
    pg.index('estadistica_encuesta_responsable_encuesta_idx').on(t.encuestaId),
  ],
);
