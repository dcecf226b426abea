import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { SERVER_ROOT } from '../config.js';
import type { Conexion } from './conexion.js';

const MIGRACIONES = path.join(SERVER_ROOT, 'drizzle');

interface Entrada {
  idx: number;
  when: number;
  tag: string;
}

/** Where a database stands: its last applied migration (drizzle-kit's journal `when` and tag). */
export interface NivelDeMigracion {
  /** How many of the project's migrations are applied. */
  cantidad: number;
  ultima: string;
  /** The journal's `when` of the last one: drizzle compares this to decide what to apply. */
  momento: number;
}

function diario(): Entrada[] {
  const j = JSON.parse(fs.readFileSync(path.join(MIGRACIONES, 'meta', '_journal.json'), 'utf8')) as {
    entries: Entrada[];
  };
  return j.entries;
}

/** The level this code migrates to. */
export function nivelDelCodigo(): NivelDeMigracion {
  const entradas = diario();
  const ultima = entradas.at(-1);
  if (!ultima) throw new Error('No hay migraciones en apps/server/drizzle.');
  return { cantidad: entradas.length, ultima: ultima.tag, momento: ultima.when };
}

/** The level of a database (null when it was never migrated). */
export async function nivelDe(c: Conexion): Promise<NivelDeMigracion | null> {
  const [existe] = await c.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!existe?.t) return null;
  const [f] = await c.query<{ momento: string }>(
    `select created_at::text as momento from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!f) return null;
  const momento = Number(f.momento);
  const entradas = diario().filter((e) => e.when <= momento);
  return { cantidad: entradas.length, ultima: entradas.at(-1)?.tag ?? '?', momento };
}

/**
 * Applies the project's migrations up to `nivel` (all of them without it): a copy of the
 * migrations folder whose journal stops there. The server applies the rest when it starts.
 */
export async function migrarHasta(
  cliente: { pglite: PGlite } | { pg: pg.Client },
  nivel?: NivelDeMigracion,
): Promise<void> {
  let carpeta = MIGRACIONES;
  let temporal: string | undefined;
  if (nivel) {
    const codigo = nivelDelCodigo();
    if (nivel.momento > codigo.momento) {
      throw new Error(
        `El respaldo es de una versión más nueva de Delego (migración ${nivel.ultima}); esta versión llega hasta ` +
          `${codigo.ultima}. Restáurelo con la versión de Delego que lo escribió o una posterior.`,
      );
    }
    if (!diario().some((e) => e.when === nivel.momento)) {
      throw new Error(`La migración ${nivel.ultima} del respaldo no está entre las de esta versión de Delego.`);
    }
    temporal = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-migraciones-'));
    fs.cpSync(MIGRACIONES, temporal, { recursive: true });
    const j = JSON.parse(fs.readFileSync(path.join(temporal, 'meta', '_journal.json'), 'utf8')) as {
      entries: Entrada[];
    };
    j.entries = j.entries.filter((e) => e.when <= nivel.momento);
    fs.writeFileSync(path.join(temporal, 'meta', '_journal.json'), JSON.stringify(j));
    carpeta = temporal;
  }
  try {
    if ('pglite' in cliente) {
      await migratePglite(drizzlePglite(cliente.pglite), { migrationsFolder: carpeta });
    } else {
      await migratePg(drizzlePg(cliente.pg), { migrationsFolder: carpeta });
    }
  } finally {
    if (temporal) fs.rmSync(temporal, { recursive: true, force: true });
  }
}
