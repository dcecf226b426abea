/**
 * kill -9 with the outbox's replay (issue 28, item 2), shared by the PGlite and the PostgreSQL
 * variants: several outboxes (as the field app keeps them: changes in order, each with its
 * `Idempotency-Key` from the start) send order creations, edits and state changes with comments
 * to the built server (dist/main.js), which is killed with SIGKILL at random moments and started
 * again on the same data. Each outbox sends its changes one at a time and resends the one not
 * acknowledged with the same key until it is, as apps/web/src/lib/outbox does. At the end: nothing
 * stuck (every change acknowledged, every key `completada`), nothing duplicated (one order per
 * creation key, one history event per edit and per state change) and nothing lost (every
 * acknowledged change is in the database, and each order ends with its last edit's title).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase } from '../src/kernel/db/client.js';
import { md5 } from '../src/seed/factories.js';
import { requireBuild, startServer, stop, type Server } from './kill9.js';

/** The demo company with an unlimited plan: no quota runs out midway. */
const headers = { authorization: `otra#${md5('Demo1234!')}`, 'content-type': 'application/json' };
/** Concurrent outboxes (devices), each on its own order, and changes per outbox. */
const BANDEJAS = 8;
const CAMBIOS_POR_BANDEJA = 24;
const MATANZAS = 6;
/** A ceiling on each outbox's changes while the killer is at work. */
const MAX_POR_BANDEJA = 300;
/**
 * The server's request timeout in this test: a claim left `en_proceso` by a killed process is
 * released after it (the default is 2 minutes; a short one keeps the test short).
 */
const PLAZO_MS = 3000;
/** A change not acknowledged this long after the last kill is stuck. */
const ATASCO_MS = 45_000;

type Cambio =
  | { tipo: 'alta'; clave: string; titulo: string }
  | { tipo: 'edicion'; clave: string; ordenId: number; titulo: string }
  | { tipo: 'estado'; clave: string; ordenId: number; estado: number; comentario: string };

interface Cifras {
  solicitudes: number;
  matanzas: number;
  reenvios: number;
  enProceso409: number;
  rechazadas: string[];
  confirmadas: number;
  atascadas: number;
}

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function killDuranteLaBandeja(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<void> {
  requireBuild();
  const envServidor = { ...env, REQUEST_TIMEOUT_MS: String(PLAZO_MS), HEADERS_TIMEOUT_MS: String(PLAZO_MS) };
  let server: Server = await startServer(envServidor);
  const cifras: Cifras = {
    solicitudes: 0,
    matanzas: 0,
    reenvios: 0,
    enProceso409: 0,
    rechazadas: [],
    confirmadas: 0,
    atascadas: 0,
  };
  let cliente = 0;
  const corrida = randomUUID().slice(0, 8);
  const bases: { id: number; tituloFinal: string; claveFinal?: string }[] = [];
  const colas: Cambio[][] = [];
  /** The answer of each acknowledged change, by key. */
  const confirmadas = new Map<string, { id: number; titulo: string; estado: number }>();
  try {
    const clientes = (await (await fetch(`${server.url}/api/v4/clientes`, { headers })).json()) as { id: number }[];
    cliente = clientes[0]?.id as number;
    expect(cliente, 'la demo debe tener clientes de Otra Empresa').toBeTypeOf('number');

    // Each outbox works on an order of its own (created before, without a key) and creates new ones.
    for (let b = 0; b < BANDEJAS; b++) {
      const r = await fetch(`${server.url}/api/v2/ordenes/save`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ titulo: `Base ${corrida}-${b}`, cliente, responsable: [] }),
      });
      expect(r.status, await r.clone().text()).toBe(200);
      bases.push({ id: ((await r.json()) as { id: number }).id, tituloFinal: `Base ${corrida}-${b}` });
      colas.push([]);
    }
    /** The outbox's change number `i`: a creation, an edit of its order or a state change, in turn. */
    const estados = bases.map(() => 1);
    const generar = (b: number, i: number): Cambio => {
      const base = bases[b] as (typeof bases)[number];
      const clave = randomUUID();
      const marca = `${corrida}-${b}-${i}`;
      if (i % 3 === 0) return { tipo: 'alta', clave, titulo: `Alta ${marca}` };
      if (i % 3 === 1) {
        base.tituloFinal = `Edición ${marca}`;
        base.claveFinal = clave;
        return { tipo: 'edicion', clave, ordenId: base.id, titulo: base.tituloFinal };
      }
      estados[b] = estados[b] === 2 ? 3 : 2;
      return {
        tipo: 'estado',
        clave,
        ordenId: base.id,
        estado: estados[b] as number,
        comentario: `Comentario ${marca}`,
      };
    };

    /** Requests sent and not yet answered. */
    let enVuelo = 0;
    const enviar = async (c: Cambio): Promise<Response> => {
      cifras.solicitudes++;
      enVuelo++;
      try {
        return await enviarUna(c);
      } finally {
        enVuelo--;
      }
    };
    const enviarUna = async (c: Cambio): Promise<Response> => {
      const h = { ...headers, 'idempotency-key': c.clave };
      const signal = AbortSignal.timeout(10_000);
      if (c.tipo === 'estado') {
        return fetch(`${server.url}/api/v2/estado/${c.ordenId}`, {
          method: 'PUT',
          headers: h,
          body: JSON.stringify({ estado: c.estado, comentarios: c.comentario }),
          signal,
        });
      }
      const cuerpo =
        c.tipo === 'alta'
          ? { titulo: c.titulo, detalle: 'Desde la bandeja', cliente, responsable: [] }
          : { id: c.ordenId, titulo: c.titulo, detalle: 'Editada desde la bandeja', cliente, responsable: [] };
      return fetch(`${server.url}/api/v2/ordenes/save`, {
        method: 'POST',
        headers: h,
        body: JSON.stringify(cuerpo),
        signal,
      });
    };

    let matando = true;
    let ultimaMatanza = Date.now();
    /**
     * One outbox: its changes in order; the one not acknowledged is resent with its key. A change
     * still not acknowledged past the deadline is stuck, and so is the outbox behind it (the web
     * outbox stops there). It keeps making changes, a worker's few moments apart, while the killer
     * is at work (however fast the database), and at least CAMBIOS_POR_BANDEJA of them.
     */
    const bandeja = async (b: number) => {
      const cola = colas[b] as Cambio[];
      for (let i = 0; (i < CAMBIOS_POR_BANDEJA || matando) && i < MAX_POR_BANDEJA; i++) {
        const c = generar(b, i);
        cola.push(c);
        for (let intento = 0; ; intento++) {
          if (intento > 0) cifras.reenvios++;
          try {
            const r = await enviar(c);
            if (r.status === 200) {
              const o = (await r.json()) as { id: number; titulo: string; estado: { id: number } };
              confirmadas.set(c.clave, { id: o.id, titulo: o.titulo, estado: o.estado.id });
              break;
            }
            const cuerpo = (await r.json().catch(() => ({}))) as { code?: string };
            if (r.status === 409 && cuerpo.code === 'IDEMPOTENCIA_EN_PROCESO') cifras.enProceso409++;
            else if (r.status < 500 && r.status !== 408 && r.status !== 429) {
              // Refused: the outbox shows it and moves on (it should never happen here).
              cifras.rechazadas.push(`${c.tipo} ${c.clave}: ${r.status} ${cuerpo.code ?? ''}`);
              break;
            }
          } catch {
            // The connection died with the server, or it is not up yet: as offline, retry.
          }
          if (!matando && Date.now() - ultimaMatanza > ATASCO_MS) {
            cifras.atascadas++;
            return;
          }
          await pausa(150 + Math.random() * 350);
        }
        if (matando) await pausa(20 + Math.random() * 60);
      }
    };
    const trabajo = Promise.all(bases.map((_, b) => bandeja(b)));

    // The killer: SIGKILL at a random moment while changes are in flight, then the same data again.
    for (let k = 0; k < MATANZAS; k++) {
      await pausa(300 + Math.random() * 1200);
      // Wait until several changes are in flight (the outboxes keep working), then a few more milliseconds.
      for (let i = 0; i < 2000 && enVuelo < BANDEJAS / 2; i++) await pausa(5);
      await pausa(Math.random() * 30);
      await stop(server, 'SIGKILL');
      cifras.matanzas++;
      ultimaMatanza = Date.now();
      server = await startServer(envServidor);
    }
    matando = false;
    ultimaMatanza = Date.now();
    await trabajo;
    cifras.confirmadas = confirmadas.size;
  } finally {
    await stop(server);
  }

  // The database as the last process left it.
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const filas = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
      (await database.db.execute<T>(q)).rows;
    const todas = colas.flat();
    const claves = todas.map((c) => c.clave);
    const completas = new Set(
      (
        await filas<{ clave: string }>(sql`select clave::text as clave from idempotencia where estado = 'completada'`)
      ).map((f) => f.clave),
    );
    const sinCompletar = claves.filter((k) => !completas.has(k));

    const duplicadas: string[] = [];
    const perdidas: string[] = [];
    const altas = todas.filter((c): c is Extract<Cambio, { tipo: 'alta' }> => c.tipo === 'alta');
    const porTitulo = new Map<string, number[]>();
    for (const f of await filas<{ id: number; titulo: string }>(
      sql`select id, titulo from ordenes where titulo like ${`Alta ${corrida}-%`}`,
    )) {
      porTitulo.set(f.titulo, [...(porTitulo.get(f.titulo) ?? []), Number(f.id)]);
    }
    for (const a of altas) {
      const ids = porTitulo.get(a.titulo) ?? [];
      if (ids.length > 1) duplicadas.push(`alta «${a.titulo}»: ${ids.length} órdenes`);
      const conf = confirmadas.get(a.clave);
      if (conf && !ids.includes(conf.id)) perdidas.push(`alta «${a.titulo}» confirmada con id ${conf.id}`);
    }
    /** How many history events of `tipo` carry each value of `campo` of this run. */
    const eventos = async (tipo: string, campo: ReturnType<typeof sql>, prefijo: string) =>
      new Map(
        (
          await filas<{ valor: string; n: number }>(
            sql`select ${campo} as valor, count(*)::int as n from orden_eventos
                where tipo = ${tipo} and ${campo} like ${`${prefijo} ${corrida}-%`} group by 1`,
          )
        ).map((f) => [f.valor, Number(f.n)]),
      );
    const ediciones = todas.filter((c): c is Extract<Cambio, { tipo: 'edicion' }> => c.tipo === 'edicion');
    const nEdiciones = await eventos('TITULO', sql`datos->>'nuevo'`, 'Edición');
    for (const e of ediciones) {
      const n = nEdiciones.get(e.titulo) ?? 0;
      if (n > 1) duplicadas.push(`edición «${e.titulo}»: ${n} eventos`);
      if (confirmadas.has(e.clave) && n === 0) perdidas.push(`edición «${e.titulo}» confirmada`);
    }
    const estados = todas.filter((c): c is Extract<Cambio, { tipo: 'estado' }> => c.tipo === 'estado');
    const nEstados = await eventos('ESTADO', sql`comentario`, 'Comentario');
    for (const e of estados) {
      const n = nEstados.get(e.comentario) ?? 0;
      if (n > 1) duplicadas.push(`estado «${e.comentario}»: ${n} eventos`);
      if (confirmadas.has(e.clave) && n === 0) perdidas.push(`estado «${e.comentario}» confirmado`);
    }
    const finales = await filas<{ id: number; titulo: string }>(
      sql`select id, titulo from ordenes where id in (${sql.join(
        bases.map((b) => sql`${b.id}`),
        sql`, `,
      )})`,
    );
    for (const b of bases) {
      if (!b.claveFinal || !confirmadas.has(b.claveFinal)) continue;
      const f = finales.find((x) => Number(x.id) === b.id);
      if (f?.titulo !== b.tituloFinal) perdidas.push(`orden ${b.id}: «${f?.titulo}» en vez de «${b.tituloFinal}»`);
    }

    console.log(
      `kill -9 con la bandeja de salida (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ` +
        `${todas.length} cambios, ${cifras.solicitudes} solicitudes, ${cifras.matanzas} SIGKILL, ` +
        `${cifras.reenvios} reenvíos (${cifras.enProceso409} con 409 en proceso), ${cifras.confirmadas} confirmados, ` +
        `${duplicadas.length} duplicados, ${cifras.atascadas} atascados, ${sinCompletar.length} claves sin completar, ` +
        `${perdidas.length} perdidos, ${cifras.rechazadas.length} rechazados`,
    );
    expect(cifras.matanzas).toBe(MATANZAS);
    expect(cifras.reenvios, 'las matanzas deben cortar cambios en vuelo').toBeGreaterThan(0);
    expect(cifras.rechazadas, 'cambios rechazados').toEqual([]);
    expect(cifras.atascadas, 'cambios atascados (409 «en proceso» para siempre)').toBe(0);
    expect(cifras.confirmadas, 'cambios confirmados').toBe(todas.length);
    expect(sinCompletar, 'claves sin completar').toEqual([]);
    expect(duplicadas, 'cambios aplicados dos veces').toEqual([]);
    expect(perdidas, 'cambios confirmados que no están').toEqual([]);
  } finally {
    await database.close();
  }
}
