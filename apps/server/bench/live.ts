import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { md5 } from '../src/seed/factories.js';
import type { ChildReport, OpenCommand } from './live-clients.js';

export interface LiveBenchResult {
  connections: number;
  clientProcesses: number;
  subscriptionIds: 'stompjs' | 'unique';
  events: number;
  delivered: number;
  expected: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Per event, the time until its last socket had it: median and worst. */
  lastArrivalMedianMs: number;
  lastArrivalMaxMs: number;
  /** How long the create's HTTP answer took (median): the fan-out must not hold it back. */
  createMedianMs: number;
  /** The slowest /api/health answer while the fan-outs ran: how long the event loop was blocked. */
  healthMaxMs: number;
  /** Server CPU per delivered MESSAGE, in µs (steady against the machine's noise). */
  cpuUsPerMessage?: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  rssEndMb: number;
  kbPerConnection: number;
  problems: string[];
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface LiveOptions {
  connections: number;
  events: number;
  processes?: number;
  ids?: 'stompjs' | 'unique';
  warmupEvents?: number;
  /** CPU time (user + system) of a process so far, in µs. */
  cpuOf?: (pid: number | undefined) => number | undefined;
}

/** What the clients measure: Delego, or the bare floor server. */
interface LiveTarget {
  wsUrl: string;
  healthUrl: string;
  login: string;
  passcode: string;
  destination: string;
  /** Sends one create and gives the id its MESSAGE carries. */
  create(n: number): Promise<number>;
  rssMb(): number;
  pid: number | undefined;
}

/**
 * Opens `connections` STOMP sockets of one company, subscribed to its entity topic, spread over
 * `processes` client processes. Then creates `events` orders through the API one at a time and,
 * for each, measures how long every MESSAGE took from the moment the create request was sent,
 * waiting until all sockets had it before the next create (one create fanned out to all).
 */
export async function benchLive(
  o: LiveOptions & {
    port: number;
    pid: number | undefined;
    usuario: string;
    password: string;
    entidadId: number;
    clienteId: number;
    rssMb: () => number;
  },
): Promise<LiveBenchResult> {
  const passcode = md5(o.password);
  const headers = { authorization: `${o.usuario}#${passcode}`, 'content-type': 'application/json' };
  return measure(o, {
    wsUrl: `ws://127.0.0.1:${o.port}/api/v2/delegoWS`,
    healthUrl: `http://127.0.0.1:${o.port}/api/health`,
    login: o.usuario,
    passcode,
    destination: `/entidad/${o.entidadId}`,
    async create(n) {
      const r = await fetch(`http://127.0.0.1:${o.port}/api/v2/ordenes/save?tsp=1`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ titulo: `Evento en vivo ${n}`, cliente: o.clienteId }),
      });
      return ((await r.json()) as { id: number }).id;
    },
    rssMb: o.rssMb,
    pid: o.pid,
  });
}

/**
 * The same measurement against the floor (bench/live-floor.ts): a bare ws server in its own
 * process, with the same clients, sockets and subscription ids.
 */
export async function benchLiveFloor(o: LiveOptions): Promise<LiveBenchResult> {
  const floor = fork(fileURLToPath(new URL('./live-floor.ts', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve) =>
      floor.once('message', (m: { port: number }) => resolve(m.port)),
    );
    return await measure(o, {
      wsUrl: `ws://127.0.0.1:${port}/`,
      healthUrl: `http://127.0.0.1:${port}/health`,
      login: 'piso',
      passcode: 'piso',
      destination: '/entidad/0',
      async create() {
        const r = await fetch(`http://127.0.0.1:${port}/alta`, { method: 'POST' });
        return ((await r.json()) as { id: number }).id;
      },
      rssMb: () => {
        try {
          const status = fs.readFileSync(`/proc/${floor.pid}/status`, 'utf8');
          return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
        } catch {
          return 0;
        }
      },
      pid: floor.pid,
    });
  } finally {
    floor.kill();
  }
}

async function measure(o: LiveOptions, target: LiveTarget): Promise<LiveBenchResult> {
  const processes = Math.max(1, Math.min(o.processes ?? 4, o.connections));
  const ids = o.ids ?? 'stompjs';
  const problems: string[] = [];
  const waiting = new Map<number, { times: number[]; children: number; resolve: () => void }>();
  const early = new Map<number, number[][]>();
  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];

  const rssBeforeMb = target.rssMb();
  for (let p = 0; p < processes; p++) {
    const first = Math.floor((p * o.connections) / processes);
    const count = Math.floor(((p + 1) * o.connections) / processes) - first;
    const child = fork(fileURLToPath(new URL('./live-clients.ts', import.meta.url)), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    ready.push(
      new Promise<void>((resolve, reject) => {
        child.on('message', (r: ChildReport) => {
          if (r.type === 'ready') resolve();
          else if (r.type === 'problem') {
            if (problems.length < 20) problems.push(r.message);
            reject(new Error(r.message));
          } else if (r.type === 'done') {
            const w = waiting.get(r.ordenId);
            if (!w) {
              const list = early.get(r.ordenId) ?? [];
              list.push(r.times);
              early.set(r.ordenId, list);
              return;
            }
            w.times.push(...r.times);
            if (++w.children === processes) w.resolve();
          }
        });
      }),
    );
    const cmd: OpenCommand = {
      type: 'open',
      url: target.wsUrl,
      login: target.login,
      passcode: target.passcode,
      destination: target.destination,
      first,
      count,
      ids,
    };
    child.send(cmd);
  }
  await Promise.all(ready);
  await sleep(1500);
  const rssAfterMb = target.rssMb();

  // The event loop's responsiveness while fan-outs run: one /api/health after another.
  let probing = true;
  let healthMaxMs = 0;
  const probe = (async () => {
    while (probing) {
      const t = now();
      await fetch(target.healthUrl).then((r) => r.arrayBuffer());
      healthMaxMs = Math.max(healthMaxMs, now() - t);
      await sleep(5);
    }
  })();

  const latencies: number[] = [];
  const lastArrivals: number[] = [];
  const creates: number[] = [];
  const warmup = o.warmupEvents ?? 3;
  let delivered = 0;
  let cpuBefore: number | undefined;
  for (let e = -warmup; e < o.events; e++) {
    if (e === 0) cpuBefore = o.cpuOf?.(target.pid);
    const t0 = now();
    const id = await target.create(e);
    const tResponse = now();
    const w = { times: [] as number[], children: 0, resolve: () => undefined as void };
    const all = new Promise<void>((resolve) => (w.resolve = resolve));
    for (const times of early.get(id) ?? []) {
      w.times.push(...times);
      w.children++;
    }
    early.delete(id);
    waiting.set(id, w);
    if (w.children === processes) w.resolve();
    const timedOut = await Promise.race([all.then(() => false), sleep(15_000).then(() => true)]);
    waiting.delete(id);
    if (timedOut) problems.push(`orden ${id}: llegaron ${w.times.length}/${o.connections}`);
    if (e < 0) continue;
    creates.push(tResponse - t0);
    delivered += w.times.length;
    let last = 0;
    for (const t of w.times) {
      latencies.push(t - t0);
      last = Math.max(last, t - t0);
    }
    lastArrivals.push(last);
    await sleep(100);
  }
  const cpuAfter = o.cpuOf?.(target.pid);
  probing = false;
  await probe;
  const rssEndMb = target.rssMb();

  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.on('exit', () => resolve());
          child.send({ type: 'close' });
        }),
    ),
  );
  latencies.sort((a, b) => a - b);
  lastArrivals.sort((a, b) => a - b);
  creates.sort((a, b) => a - b);
  const expected = o.connections * o.events;
  return {
    connections: o.connections,
    clientProcesses: processes,
    subscriptionIds: ids,
    events: o.events,
    delivered,
    expected,
    p50Ms: Math.round(pct(latencies, 50)),
    p99Ms: Math.round(pct(latencies, 99)),
    maxMs: Math.round(latencies[latencies.length - 1] ?? 0),
    lastArrivalMedianMs: Math.round(pct(lastArrivals, 50)),
    lastArrivalMaxMs: Math.round(lastArrivals[lastArrivals.length - 1] ?? 0),
    createMedianMs: Math.round(pct(creates, 50)),
    healthMaxMs: Math.round(healthMaxMs),
    cpuUsPerMessage:
      cpuBefore !== undefined && cpuAfter !== undefined && delivered > 0
        ? Math.round(((cpuAfter - cpuBefore) / delivered) * 10) / 10
        : undefined,
    rssBeforeMb: Math.round(rssBeforeMb),
    rssAfterMb: Math.round(rssAfterMb),
    rssEndMb: Math.round(rssEndMb),
    kbPerConnection: Math.round(((rssAfterMb - rssBeforeMb) * 1024) / o.connections),
    problems,
  };
}
