import { ident, type Conexion } from './conexion.js';

export interface Tabla {
  nombre: string;
  /** The columns a copy writes: every column but the generated ones, in the table's order. */
  columnas: string[];
  /** Generated columns: computed by each engine again, so neither copied nor checksummed. */
  generadas: string[];
  /** An identity column GENERATED ALWAYS: the insert must say OVERRIDING SYSTEM VALUE. */
  identidadSiempre: boolean;
}

/** The tables of the schema `public`, parents before children (by their foreign keys). */
export async function leerTablas(c: Conexion): Promise<Tabla[]> {
  const columnas = await c.query<{ tabla: string; columna: string; identidad: string; generada: string }>(
    `select cl.relname as tabla, a.attname as columna, a.attidentity::text as identidad, a.attgenerated::text as generada
       from pg_attribute a
       join pg_class cl on cl.oid = a.attrelid
       join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = 'public' and cl.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by cl.relname, a.attnum`,
  );
  const tablas = new Map<string, Tabla>();
  for (const f of columnas) {
    let t = tablas.get(f.tabla);
    if (!t) {
      t = { nombre: f.tabla, columnas: [], generadas: [], identidadSiempre: false };
      tablas.set(f.tabla, t);
    }
    if (f.generada !== '') {
      t.generadas.push(f.columna);
      continue;
    }
    t.columnas.push(f.columna);
    if (f.identidad === 'a') t.identidadSiempre = true;
  }
  const fks = await c.query<{ hija: string; madre: string }>(
    `select h.relname as hija, m.relname as madre
       from pg_constraint k
       join pg_class h on h.oid = k.conrelid
       join pg_class m on m.oid = k.confrelid
       join pg_namespace n on n.oid = h.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  return ordenarPorDependencias([...tablas.values()], fks);
}

/** Parents first; a cycle (or a self reference) keeps the alphabetical order among its tables. */
export function ordenarPorDependencias<T extends { nombre: string }>(
  tablas: T[],
  fks: { hija: string; madre: string }[],
): T[] {
  const madres = new Map<string, Set<string>>();
  for (const t of tablas) madres.set(t.nombre, new Set());
  for (const { hija, madre } of fks) if (hija !== madre && madres.has(madre)) madres.get(hija)?.add(madre);
  const hechas = new Set<string>();
  const orden: T[] = [];
  const pendientes = [...tablas].sort((a, b) => a.nombre.localeCompare(b.nombre));
  while (pendientes.length > 0) {
    const i = pendientes.findIndex((t) => [...(madres.get(t.nombre) ?? [])].every((m) => hechas.has(m)));
    const [t] = pendientes.splice(i === -1 ? 0 : i, 1);
    if (!t) break;
    hechas.add(t.nombre);
    orden.push(t);
  }
  return orden;
}

export interface Secuencia {
  nombre: string;
  ultimo: string;
  llamada: boolean;
}

/** Every sequence of `public` (serial columns and the others) with where it stands. */
export async function leerSecuencias(c: Conexion): Promise<Secuencia[]> {
  const nombres = await c.query<{ nombre: string }>(
    `select cl.relname as nombre from pg_class cl join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = 'public' and cl.relkind = 'S' order by 1`,
  );
  const secuencias: Secuencia[] = [];
  for (const { nombre } of nombres) {
    const [f] = await c.query<{ ultimo: string; llamada: boolean }>(
      `select last_value::text as ultimo, is_called as llamada from public.${ident(nombre)}`,
    );
    if (f) secuencias.push({ nombre, ultimo: f.ultimo, llamada: f.llamada });
  }
  return secuencias;
}

export async function escribirSecuencias(c: Conexion, secuencias: Secuencia[]): Promise<void> {
  for (const s of secuencias) {
    await c.query(`select setval($1::regclass, $2::bigint, $3)`, [`public.${ident(s.nombre)}`, s.ultimo, s.llamada]);
  }
}

/** Tables of `public` that hold rows, with how many (the check that a target is empty). */
export async function tablasConFilas(c: Conexion): Promise<{ tabla: string; filas: number }[]> {
  const tablas = await leerTablas(c);
  const llenas: { tabla: string; filas: number }[] = [];
  for (const t of tablas) {
    const [f] = await c.query<{ n: number }>(`select count(*)::int as n from public.${ident(t.nombre)}`);
    if (f && f.n > 0) llenas.push({ tabla: t.nombre, filas: f.n });
  }
  return llenas;
}
