import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { SERVER_ROOT } from '../../config.js';
import { marcarTransaccion, vigilarMetodo } from './transaccion-vigilada.js';

/**
 * The one database type the repositories see. PGlite and node-postgres expose the same
 * Drizzle query API; only the driver behind it differs.
 */
/** The typed handle: no relational schema (repositories build queries from their own tables). */
export type Db = NodePgDatabase<Record<string, never>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository may run inside a transaction or on its own. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** For the live module: LISTEN/NOTIFY across instances (PostgreSQL) or in process (PGlite). */
  pgClient: PGlite | pg.Pool;
  /** Runs a read on the hot paths (see `Consultar`). */
  consultar: Consultar;
}

/**
 * Runs one statement outside any transaction and gives its rows. On PostgreSQL the statement is
 * prepared once per connection (named after a hash of its text), so that repeated calls of the
 * same shape skip parsing and, once PostgreSQL settles on a generic plan, planning too: on the
 * order list these cost more than running the query (docs/BENCHMARKS.md). Callers keep their
 * shapes few: lists of values travel as one array parameter, not as one parameter each.
 * `preparar: false` plans the statement for its values every time (one generic plan cannot serve
 * them all, as with a text search).
 */
export type Consultar = <T = Record<string, unknown>>(query: SQL, opciones?: { preparar?: boolean }) => Promise<T[]>;

const dialect = new PgDialect();

const MIGRATIONS = path.join(SERVER_ROOT, 'drizzle');

/**
 * PostgreSQL settings of PGlite. Its defaults are a server's: 128 MB of shared buffers, which the
 * WASM heap zeroes at start and never gives back, for a database that PGlite reads from files the
 * operating system already caches. 16 MB holds the demo's working set; the process idles at about
 * 120 MB less (docs/BENCHMARKS.md, issue 18).
 */
export const PGLITE_AJUSTES: readonly string[] = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory PGlite starts as a copy of this dump (`dumpDataDir`) instead of a new cluster:
   * the tests open one database per file from a migrated template, about 1.5 s less each.
   */
  plantilla?: Blob | undefined;
  poolSize?: number;
}

/**
 * The prepared statement's name for a statement text: a hash of the text, kept per text so that the
 * hot paths do not hash the same statement on every request (1–3 % of a list's or a create's CPU,
 * issue 18). The texts come from the code, a few hundred at most; the map starts over if it ever
 * holds more.
 */
const nombres = new Map<string, string>();
function nombreDeSentencia(text: string): string {
  let nombre = nombres.get(text);
  if (nombre === undefined) {
    if (nombres.size >= 1000) nombres.clear();
    nombre = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    nombres.set(text, nombre);
  }
  return nombre;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // A database host that stops answering must not hold requests forever: after 10 s waiting for a
    // connection the call fails, and the error handler answers 503 with Retry-After.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
    });
    // A failing idle client must not crash the process; the next query reports the problem.
    pool.on('error', () => undefined);
    const db = vigilarTransacciones(drizzlePg(pool, { casing: 'snake_case' }));
    // The main handle's one query entry point (a transaction's queries go through its own client).
    vigilarMetodo(pool, 'query', 'Una consulta');
    const consultar: Consultar = async <T>(query: SQL, opciones?: { preparar?: boolean }) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      if (opciones?.preparar === false) return (await pool.query({ text, values: params })).rows as T[];
      return (await pool.query({ name: nombreDeSentencia(text), text, values: params })).rows as T[];
    };
    return {
      db,
      kind: 'postgres',
      pgClient: pool,
      consultar,
      async migrate() {
        // Several instances may start at once: one migrates, the others wait for it.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(715017)');
          await migratePg(drizzlePg(client, { casing: 'snake_case' }), {
            migrationsFolder: MIGRATIONS,
          });
        } finally {
          await client.query('select pg_advisory_unlock(715017)').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // The extensions the migrations create (text search indexes, accents) must be loaded into PGlite.
  const pgliteOptions: PGliteOptions = {
    extensions: { pg_trgm, btree_gin, unaccent },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_AJUSTES.flatMap((a) => ['-c', a])],
  };
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, pgliteOptions);
  } else {
    client = await PGlite.create({ ...pgliteOptions, ...(opts.plantilla ? { loadDataDir: opts.plantilla } : {}) });
  }
  const db = vigilarTransacciones(drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db);
  // The main handle's entry points; a transaction's queries go through its own object.
  vigilarMetodo(client, 'query', 'Una consulta');
  vigilarMetodo(client, 'exec', 'Una consulta');
  const consultar: Consultar = async <T>(query: SQL) => (await db.execute(query)).rows as T[];
  return {
    db,
    kind: 'pglite',
    pgClient: client,
    consultar,
    async migrate() {
      await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), {
        migrationsFolder: MIGRATIONS,
      });
    },
    close: () => client.close(),
  };
}

/**
 * Marks each transaction of the main handle (see transaccion-vigilada.ts): inside it, the main
 * handle's queries throw instead of waiting for the connection the transaction holds.
 */
function vigilarTransacciones(db: Db): Db {
  const abrir = db.transaction.bind(db);
  const transaction: Db['transaction'] = (fn, config) => marcarTransaccion(() => abrir(fn, config));
  Object.defineProperty(db, 'transaction', { value: transaction, writable: true, configurable: true });
  return db;
}

/** True when the database has never been seeded (no company exists). */
export async function isEmpty(db: Db): Promise<boolean> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from entidades`);
  return (r.rows[0]?.n ?? 0) === 0;
}
