/**
 * The two-instance cluster behind HAProxy (issue 30, item 7): the built server twice on a fresh
 * PostgreSQL database, HAProxy from Debian in front (scripts/cluster/cluster.ts, the configuration
 * docs/DESPLIEGUE.md documents), files in s3rver when the build has S3 support and in one shared
 * DATA_DIR otherwise. Users work through the proxy (outboxes creating orders and changing states,
 * each change with its Idempotency-Key and resent with it until acknowledged, as the app's outbox
 * does; live clients; uploads), instance `a` is killed with SIGKILL mid-run, and then: no
 * acknowledged write lost or applied twice, the live clients reconnected through the proxy and get
 * what happens after the kill, files uploaded through one instance are read through the other, a
 * public limit holds for the cluster, and the killed instance rejoins once started again.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client, type IMessage } from '@stomp/stompjs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { servidorS3, type ServidorS3 } from './s3-servidor.js';
import { iniciarCluster, requisitos, type Cluster } from '../scripts/cluster/cluster.js';
import { md5 } from '../src/seed/factories.js';
import { basePgParaKill9 } from './kill9.js';
import { multipart } from './multipart.js';

const entorno = basePgParaKill9('delego-cluster');
/** The demo company with an unlimited plan: no quota runs out midway. */
const USUARIO = 'otra';
const auth = { authorization: `${USUARIO}#${md5('Demo1234!')}` };
const json = { ...auth, 'content-type': 'application/json' };
const BANDEJAS = 4;
/** Creation + state change pairs per outbox. */
const CICLOS = 10;
/** Instance `a` is killed once this many changes have been acknowledged. */
const MATAR_TRAS = 12;
/**
 * The instances' request timeout: a key left `en_proceso` by the killed instance is released
 * after it (kill9-idempotencia.ts); the default 2 minutes would only make the test longer.
 */
const PLAZO_MS = 3000;

let cluster: Cluster;
let s3: ServidorS3 | undefined;
let cliente = 0;
let entidadId = 0;
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function consultar<T>(q: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: entorno().DATABASE_URL });
  await c.connect();
  try {
    return (await c.query(q, params)).rows as T[];
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  requisitos();
  const { DATA_DIR, DATABASE_URL } = entorno();
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    REQUEST_TIMEOUT_MS: String(PLAZO_MS),
    HEADERS_TIMEOUT_MS: String(PLAZO_MS),
  };
  // The files live in a bucket of a real S3-compatible server that both instances share.
  s3 = await servidorS3('delego-cluster');
  Object.assign(env, s3.env);
  cluster = await iniciarCluster({
    databaseUrl: DATABASE_URL,
    dir: path.join(DATA_DIR, 'cluster'),
    puerto: 0,
    puertosInstancias: [0, 0],
    env,
    salida: 'memoria',
  });
  const clientes = (await (await fetch(`${cluster.url}/api/v4/clientes`, { headers: auth })).json()) as {
    id: number;
  }[];
  cliente = clientes[0]?.id as number;
  const yo = (await (await fetch(`${cluster.url}/api/v4/login?tsp=1`, { headers: auth })).json()) as {
    entidadId: number;
  };
  entidadId = yo.entidadId;
}, 120_000);

afterAll(async () => {
  await cluster?.detener();
  await s3?.close();
});

/** A live client through the proxy that reconnects as the app's does, and says where it landed. */
function clienteEnVivo(url: string) {
  const recibidos: { tipo: string; ordenId?: number }[] = [];
  const instancias: string[] = [];
  const destino = `/entidad/${entidadId}`;
  const client = new Client({
    webSocketFactory: () => {
      const ws = new WebSocket(url, ['v12.stomp']);
      ws.on('upgrade', (res) => instancias.push(String(res.headers['x-delego-instancia'])));
      return ws;
    },
    connectHeaders: { login: USUARIO, passcode: md5('Demo1234!') },
    reconnectDelay: 300,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => undefined,
  });
  let conexiones = 0;
  let suscrito!: () => void;
  const primera = new Promise<void>((r) => (suscrito = r));
  client.onConnect = () => {
    conexiones++;
    const receipt = `r-${randomUUID()}`;
    client.watchForReceipt(receipt, () => suscrito());
    client.subscribe(destino, (m: IMessage) => recibidos.push(JSON.parse(m.body) as { tipo: string }), { receipt });
  };
  client.activate();
  return {
    primera,
    recibidos,
    instancias,
    conexiones: () => conexiones,
    /** Waits for a fresh connection (after the first) whose subscription is in place. */
    async reconectado(plazoMs = 15_000) {
      const hasta = Date.now() + plazoMs;
      const antes = conexiones;
      while (Date.now() < hasta && (conexiones === antes || !client.connected)) await pausa(50);
      return conexiones > antes;
    },
    parar: () => client.deactivate(),
  };
}

type Cambio =
  | { tipo: 'alta'; clave: string; titulo: string }
  | { tipo: 'estado'; clave: string; ordenId: number; comentario: string };

describe('dos instancias detrás de HAProxy', () => {
  /** Uploaded while `a` was dead; read through `a` once it is back. */
  let archivoB: { id: number; texto: string; ordenId: number } | undefined;

  it('reparte entre las dos y la dirección del cliente es la que ve HAProxy, no la que el cliente dice', async () => {
    const vistas: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${cluster.url}/api/health/ready`);
      expect(r.status).toBe(200);
      vistas.push(r.headers.get('x-delego-instancia') ?? '');
    }
    expect(new Set(vistas)).toEqual(new Set(['a', 'b']));
    const cfg = fs.readFileSync(path.join(entorno().DATA_DIR, 'cluster', 'haproxy.cfg'), 'utf8');
    expect(cfg).toContain('http-request set-header X-Forwarded-For %[src]');
    expect(cfg).toContain('timeout tunnel');
  });

  it('SIGKILL a una instancia en plena carga: nada confirmado se pierde ni se aplica dos veces, los clientes en vivo siguen, los archivos se leen en las dos', async () => {
    const wsUrl = `${cluster.url.replace('http', 'ws')}/api/v2/delegoWS`;
    const vivos = Array.from({ length: 4 }, () => clienteEnVivo(wsUrl));
    await Promise.all(vivos.map((v) => v.primera));
    // Round robin spread them: some are on the instance that dies.
    expect(vivos.map((v) => v.instancias[0]).sort()).toContain('a');
    const enA = vivos.filter((v) => v.instancias[0] === 'a');

    // A file uploaded through instance a, read through b (and later, after a's death, still through b).
    const [a, b] = cluster.instancias as [Cluster['instancias'][0], Cluster['instancias'][0]];
    const base = (await (
      await fetch(`${cluster.url}/api/v2/ordenes/save`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ titulo: 'Orden con archivos', cliente, responsable: [] }),
      })
    ).json()) as { id: number };
    const subir = async (url: string, nombre: string, contenido: string) => {
      const { payload, headers } = multipart([{ name: 'archivos', filename: nombre, content: contenido }]);
      const r = await fetch(`${url}/api/v2/archivos/${base.id}/add`, {
        method: 'POST',
        headers: { ...auth, ...headers },
        body: new Uint8Array(payload),
      });
      expect(r.status, await r.clone().text()).toBe(200);
      const lista = (await r.json()) as { id: number; nombre: string }[];
      return lista.find((f) => f.nombre === nombre)?.id as number;
    };
    const leer = async (url: string, archivoId: number) => {
      const r = await fetch(`${url}/api/v2/archivos/${base.id}/descargar/${archivoId}`, { headers: auth });
      return { status: r.status, texto: await r.text() };
    };
    const textoA = `Subido por la instancia a ${randomUUID()}\n`;
    const archivoA = await subir(a.url, 'desde-a.txt', textoA);
    expect(await leer(b.url, archivoA)).toEqual({ status: 200, texto: textoA });

    // The outboxes: each change resent with its key until acknowledged.
    const corrida = randomUUID().slice(0, 8);
    const confirmadas = new Map<string, { id: number }>();
    const cambios: Cambio[] = [];
    const cifras = { solicitudes: 0, reenvios: 0, rechazadas: [] as string[], atascadas: 0 };
    let matada = false;
    const enviar = (c: Cambio) => {
      const h = { ...json, 'idempotency-key': c.clave };
      const signal = AbortSignal.timeout(10_000);
      return c.tipo === 'alta'
        ? fetch(`${cluster.url}/api/v2/ordenes/save`, {
            method: 'POST',
            headers: h,
            body: JSON.stringify({ titulo: c.titulo, detalle: 'Desde la bandeja', cliente, responsable: [] }),
            signal,
          })
        : fetch(`${cluster.url}/api/v2/estado/${c.ordenId}`, {
            method: 'PUT',
            headers: h,
            body: JSON.stringify({ estado: 2, comentarios: c.comentario }),
            signal,
          });
    };
    const hasta = (c: Cambio) => async () => {
      cambios.push(c);
      const limite = Date.now() + 60_000;
      for (let intento = 0; Date.now() < limite; intento++) {
        if (intento > 0) cifras.reenvios++;
        cifras.solicitudes++;
        try {
          const r = await enviar(c);
          if (r.status === 200) {
            const o = (await r.json()) as { id: number };
            confirmadas.set(c.clave, o);
            return o;
          }
          const cuerpo = (await r.json().catch(() => ({}))) as { code?: string };
          const reintentable =
            r.status >= 500 || r.status === 408 || (r.status === 409 && cuerpo.code === 'IDEMPOTENCIA_EN_PROCESO');
          if (!reintentable) {
            cifras.rechazadas.push(`${c.tipo} ${c.clave}: ${r.status} ${cuerpo.code ?? ''}`);
            return undefined;
          }
        } catch {
          // The connection died with the instance: as offline, resend.
        }
        await pausa(100 + Math.random() * 200);
      }
      cifras.atascadas++;
      return undefined;
    };
    const bandeja = async (n: number) => {
      for (let i = 0; i < CICLOS; i++) {
        const marca = `${corrida}-${n}-${i}`;
        const alta = await hasta({ tipo: 'alta', clave: randomUUID(), titulo: `Alta ${marca}` })();
        if (!alta) continue;
        await hasta({ tipo: 'estado', clave: randomUUID(), ordenId: alta.id, comentario: `Estado ${marca}` })();
      }
    };
    const trabajo = Promise.all(Array.from({ length: BANDEJAS }, (_, n) => bandeja(n)));
    while (confirmadas.size < MATAR_TRAS && cambios.length < BANDEJAS * CICLOS * 2) await pausa(5);
    await cluster.detenerInstancia(0, 'SIGKILL');
    matada = true;
    expect(cluster.instancias[0]?.child.signalCode).toBe('SIGKILL');
    await trabajo;
    expect(matada).toBe(true);

    // Acknowledged is there, exactly once; nothing refused, nothing stuck.
    expect(cifras.rechazadas, 'cambios rechazados').toEqual([]);
    expect(cifras.atascadas, 'cambios sin confirmar tras 60 s').toBe(0);
    expect(confirmadas.size).toBe(BANDEJAS * CICLOS * 2);
    const altas = await consultar<{ id: number; titulo: string }>(
      'select id, titulo from ordenes where titulo like $1',
      [`Alta ${corrida}-%`],
    );
    const estados = await consultar<{ comentario: string; n: number }>(
      `select comentario, count(*)::int as n from orden_eventos where tipo = 'ESTADO' and comentario like $1 group by 1`,
      [`Estado ${corrida}-%`],
    );
    const perdidas: string[] = [];
    const duplicadas: string[] = [];
    for (const c of cambios) {
      if (c.tipo === 'alta') {
        const filas = altas.filter((o) => o.titulo === c.titulo);
        if (filas.length > 1) duplicadas.push(`${c.titulo}: ${filas.length} órdenes`);
        if (!filas.some((o) => Number(o.id) === confirmadas.get(c.clave)?.id)) perdidas.push(c.titulo);
      } else {
        const n = estados.find((e) => e.comentario === c.comentario)?.n ?? 0;
        if (n > 1) duplicadas.push(`${c.comentario}: ${n} eventos`);
        if (n === 0) perdidas.push(c.comentario);
      }
    }
    expect(perdidas, 'cambios confirmados que no están').toEqual([]);
    expect(duplicadas, 'cambios aplicados dos veces').toEqual([]);
    await cluster.esperarEstado('a', 'DOWN');

    // The live clients that were on a reconnected through the proxy (to b) and get what comes next.
    expect(enA.length).toBeGreaterThan(0);
    for (const v of enA) {
      if (v.conexiones() < 2) expect(await v.reconectado(), 'un cliente en vivo de a no se reconectó').toBe(true);
      expect(v.instancias.at(-1)).toBe('b');
    }
    const despues = (await (
      await fetch(`${cluster.url}/api/v2/ordenes/save`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ titulo: `Tras la caída ${corrida}`, cliente, responsable: [] }),
      })
    ).json()) as { id: number };
    for (const v of vivos) {
      const hastaMs = Date.now() + 8000;
      while (Date.now() < hastaMs && !v.recibidos.some((m) => m.ordenId === despues.id)) await pausa(50);
      expect(v.recibidos, 'un cliente en vivo no recibió la orden creada tras la caída').toContainEqual(
        expect.objectContaining({ tipo: 'orden.creada', ordenId: despues.id }),
      );
    }
    await Promise.all(vivos.map((v) => v.parar()));

    // Files: the one from a, through the proxy with a dead; one uploaded now (through b) for later.
    expect(await leer(cluster.url, archivoA)).toEqual({ status: 200, texto: textoA });
    const textoB = `Subido con a caída ${randomUUID()}\n`;
    archivoB = { id: await subir(cluster.url, 'desde-b.txt', textoB), texto: textoB, ordenId: base.id };
    console.log(
      `clúster: ${cambios.length} cambios, ${cifras.solicitudes} solicitudes, ${cifras.reenvios} reenvíos, ` +
        `SIGKILL a «a» tras ${MATAR_TRAS} confirmados; ${enA.length} clientes en vivo reconectados; ` +
        'archivos en s3rver',
    );
  }, 180_000);

  it('la instancia reiniciada vuelve al reparto y lee lo que se subió mientras no estaba', async () => {
    await cluster.reiniciarInstancia(0);
    await cluster.esperarEstado('a', 'UP');
    const vistas = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${cluster.url}/api/v4/login?tsp=1`, { headers: auth });
      expect(r.status).toBe(200);
      vistas.add(r.headers.get('x-delego-instancia') ?? '');
    }
    expect(vistas).toEqual(new Set(['a', 'b']));
    expect(archivoB).toBeDefined();
    const { id, texto, ordenId } = archivoB as NonNullable<typeof archivoB>;
    const r = await fetch(`${cluster.instancias[0]?.url}/api/v2/archivos/${ordenId}/descargar/${id}`, {
      headers: auth,
    });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe(texto);
  }, 120_000);

  it('un límite público vale para el clúster: la recuperación de una cuenta, con las solicitudes repartidas', async () => {
    // recuperarCuenta: 5 per quarter of an hour (modules/accounts). Spoofed X-Forwarded-For: HAProxy replaces it.
    const respuestas: { status: number; instancia: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${cluster.url}/api/v2/recuperarPassword?username=operario&tsp=1`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      await r.arrayBuffer();
      respuestas.push({ status: r.status, instancia: r.headers.get('x-delego-instancia') ?? '' });
    }
    expect(new Set(respuestas.map((r) => r.instancia))).toEqual(new Set(['a', 'b']));
    expect(respuestas.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // The limits count in PostgreSQL's limites_compartidos, shared by both instances: the 6th is refused
    // whichever instance it reaches (each instance alone saw only 3).
    expect(respuestas[5]?.status, 'el 6.º pedido pasó: el límite no es del clúster').toBe(429);
  }, 60_000);
});
