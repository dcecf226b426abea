/**
 * The bench's SQL floor (issue 37): a bare node:http + `pg` server that answers each body of the
 * list load (bench/filtros-lista.ts) by running the order list's own page statement, prepared, for
 * one fixed company that sees every order, and writing its rows as JSON. No authentication, no
 * validation, no total, no names, no cache: what Node and PostgreSQL must spend at least to serve a
 * page, measured in the same run as the server's uncached list (bench/run.ts).
 *   PISO_SQL_PORT: the port; PISO_SQL_DB: the bench database's URL; PISO_SQL_ENTIDAD: the company.
 * The statements are built once, at start, by the list's repository (OrdersLecturasRepository.pagina
 * with a reader that keeps them), so they are the server's texts exactly; each request only looks its
 * body up and runs the statement.
 */
import http from 'node:http';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { zFiltros } from '@delego/contract';
import type { DbOrTx } from '../src/kernel/db/client.js';
import { normalizarTexto, palabrasDeBusqueda } from '../src/lib/busqueda.js';
import { OrdersLecturasRepository } from '../src/modules/orders/orders.lecturas.repository.js';
import { FILTROS_LISTA } from './filtros-lista.js';

const PORT = Number(process.env.PISO_SQL_PORT ?? 8092);
const ENTIDAD = Number(process.env.PISO_SQL_ENTIDAD);
const DB_URL = process.env.PISO_SQL_DB;
if (!DB_URL || !Number.isInteger(ENTIDAD)) throw new Error('PISO_SQL_DB y PISO_SQL_ENTIDAD son obligatorios');

/** The same pool size as the server's (kernel/db/client.ts). */
const pool = new pg.Pool({ connectionString: DB_URL, max: 10 });
const dialecto = new PgDialect();

interface Sentencia {
  /** Prepared under this name; absent for a statement the server plans for its values (a search). */
  name?: string;
  text: string;
  values: unknown[];
}

/** The page statement the repository runs for one body, prepared (`nombre`) when the server prepares it. */
async function sentenciaDe(
  cuerpo: unknown,
  nombre: string,
  clientes: { id: number; nombre: string }[],
): Promise<Sentencia> {
  const f = zFiltros.parse(cuerpo);
  let capturada: Sentencia | undefined;
  const repo = new OrdersLecturasRepository({} as DbOrTx, async <T>(query: SQL, opciones?: { preparar?: boolean }) => {
    const { sql: text, params } = dialecto.sqlToQuery(query);
    capturada = { ...(opciones?.preparar === false ? {} : { name: nombre }), text, values: params };
    return [] as T[];
  });
  // The clients whose name holds each word, as the service gives them from memory.
  const buscados = palabrasDeBusqueda(f.buscar)
    .map(normalizarTexto)
    .map((p) => clientes.filter((c) => normalizarTexto(c.nombre).includes(p)).map((c) => c.id));
  const visibilidad = { actorId: 0, todo: true, clientes: [] };
  await repo.pagina(ENTIDAD, visibilidad, f, new Date(), buscados.length ? buscados : undefined);
  if (!capturada) throw new Error('la lista no leyó ninguna sentencia');
  return capturada;
}

const clientes = (
  await pool.query<{ id: number; nombre: string }>('select id, nombre from clientes where entidad_id = $1', [ENTIDAD])
).rows;
/** Each body of the load, as autocannon sends it, and its statement. */
const sentencias = new Map<string, Sentencia>();
for (const [i, cuerpo] of FILTROS_LISTA.entries()) {
  sentencias.set(JSON.stringify(cuerpo), await sentenciaDe(cuerpo, `piso_sql_${i}`, clientes));
}

const servidor = http.createServer((req, res) => {
  const partes: Buffer[] = [];
  req.on('data', (b: Buffer) => partes.push(b));
  req.on('end', () => {
    const s = sentencias.get(Buffer.concat(partes).toString());
    if (!s) {
      res.writeHead(404).end();
      return;
    }
    pool.query(s).then(
      (r) => {
        const cuerpo = JSON.stringify(r.rows);
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(cuerpo)),
        });
        res.end(cuerpo);
      },
      () => res.writeHead(500).end(),
    );
  });
});

servidor.listen(PORT, '127.0.0.1', () => {
  // The parent waits for this line before measuring.
  process.stdout.write(`piso SQL escuchando en ${PORT}\n`);
});

const terminar = () => servidor.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', terminar);
process.on('SIGINT', terminar);
