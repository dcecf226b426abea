import WebSocket from 'ws';
import { md5 } from '../src/seed/factories.js';

export interface LiveBenchResult {
  connections: number;
  events: number;
  delivered: number;
  expected: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerConnection: number;
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

/**
 * Opens `connections` STOMP sockets of one company subscribed to its entity topic, creates
 * `events` orders through the API one after another, and measures how long each MESSAGE took
 * from the moment its order was sent.
 */
export async function benchLive(o: {
  port: number;
  usuario: string;
  password: string;
  entidadId: number;
  clienteId: number;
  connections: number;
  events: number;
  rssMb: () => number;
}): Promise<LiveBenchResult> {
  const url = `ws://127.0.0.1:${o.port}/api/v2/delegoWS`;
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const pending: number[] = [];
  const sockets: WebSocket[] = [];
  const rssBeforeMb = o.rssMb();
  const passcode = md5(o.password);

  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, ['v12.stomp']);
      ws.on('error', reject);
      ws.on('open', () =>
        ws.send(
          `CONNECT\naccept-version:1.2\nhost:delego\nlogin:${o.usuario}\npasscode:${passcode}\nheart-beat:0,0\n\n\0`,
        ),
      );
      ws.on('message', (data) => {
        const s = data.toString();
        if (s.startsWith('CONNECTED')) {
          ws.send(`SUBSCRIBE\nid:s${i}\ndestination:/entidad/${o.entidadId}\nreceipt:r${i}\n\n\0`);
        } else if (s.startsWith('RECEIPT')) {
          resolve();
        } else if (s.startsWith('MESSAGE')) {
          const now = performance.now();
          const body = s.slice(s.indexOf('\n\n') + 2, s.lastIndexOf('\0'));
          const { ordenId } = JSON.parse(body) as { ordenId: number };
          const t0 = sentAt.get(ordenId);
          if (t0 !== undefined) latencies.push(now - t0);
          else pending.push(ordenId);
        } else if (s.startsWith('ERROR')) {
          reject(new Error(s));
        }
      });
      sockets.push(ws);
    });

  for (let i = 0; i < o.connections; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, o.connections - i) }, (_, k) => open(i + k)));
  }
  await new Promise((r) => setTimeout(r, 1500));
  const rssAfterMb = o.rssMb();

  const headers = { authorization: `${o.usuario}#${passcode}`, 'content-type': 'application/json' };
  for (let e = 0; e < o.events; e++) {
    const t0 = performance.now();
    const r = await fetch(`http://127.0.0.1:${o.port}/api/v2/ordenes/save?tsp=1`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ titulo: `Evento en vivo ${e}`, cliente: o.clienteId }),
    });
    const { id } = (await r.json()) as { id: number };
    sentAt.set(id, t0);
    // Messages that arrived before the HTTP response: they count from t0 as well.
    for (const pid of pending.splice(0)) if (pid === id) latencies.push(performance.now() - t0);
    await new Promise((res) => setTimeout(res, 20));
  }
  const expected = o.connections * o.events;
  const deadline = Date.now() + 15_000;
  while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const ws of sockets) ws.terminate();
  latencies.sort((a, b) => a - b);
  return {
    connections: o.connections,
    events: o.events,
    delivered: latencies.length,
    expected,
    p50Ms: Math.round(pct(latencies, 50)),
    p99Ms: Math.round(pct(latencies, 99)),
    maxMs: Math.round(latencies[latencies.length - 1] ?? 0),
    rssBeforeMb: Math.round(rssBeforeMb),
    rssAfterMb: Math.round(rssAfterMb),
    kbPerConnection: Math.round(((rssAfterMb - rssBeforeMb) * 1024) / o.connections),
  };
}
