/**
 * One process of the live bench's clients (bench/live.ts forks several: a single Node process
 * reading 10,000 sockets would itself be the bottleneck). It opens its share of STOMP sockets,
 * subscribes each to the company's topic and, for every order announced there, reports to the
 * parent when all of its sockets have it, with each arrival's wall-clock time
 * (performance.timeOrigin + performance.now(), comparable between processes).
 *
 * Each socket also checks what a client may rely on: the MESSAGE names its own subscription,
 * and message-ids arrive in increasing order (per-socket order preserved).
 */
import WebSocket from 'ws';

export interface OpenCommand {
  type: 'open';
  url: string;
  login: string;
  passcode: string;
  destination: string;
  /** Index of this process's first socket among all (for unique subscription ids). */
  first: number;
  count: number;
  /** 'stompjs': every socket subscribes as `sub-0`, like the web client (@stomp/stompjs); 'unique': one id each. */
  ids: 'stompjs' | 'unique';
}

export type ChildReport =
  | { type: 'ready' }
  | { type: 'done'; ordenId: number; times: number[] }
  | { type: 'problem'; message: string }
  | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const report = (r: ChildReport) => process.send?.(r);

const sockets: WebSocket[] = [];
/** Arrival times per order, until every socket of this process has it. */
const arrivals = new Map<number, number[]>();
let count = 0;

function open(c: OpenCommand, i: number): Promise<void> {
  const subId = c.ids === 'stompjs' ? 'sub-0' : `s${c.first + i}`;
  const expectedSub = `subscription:${subId}\n`;
  let lastMessageId = 0;
  return new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(c.url, ['v12.stomp'], { perMessageDeflate: false });
    ws.on('error', reject);
    ws.on('open', () =>
      ws.send(
        `CONNECT\naccept-version:1.2\nhost:delego\nlogin:${c.login}\npasscode:${c.passcode}\nheart-beat:0,0\n\n\0`,
      ),
    );
    ws.on('message', (data: Buffer) => {
      const t = now();
      const s = data.toString();
      if (s.startsWith('MESSAGE\n')) {
        const head = s.slice(0, s.indexOf('\n\n') + 1);
        const id = Number(/\nmessage-id:(\d+)\n/.exec(head)?.[1]);
        if (!head.includes(expectedSub)) report({ type: 'problem', message: `subscription ajena: ${head}` });
        if (!(id > lastMessageId)) report({ type: 'problem', message: `message-id ${id} después de ${lastMessageId}` });
        lastMessageId = id;
        const ordenId = Number(/"ordenId":(\d+)/.exec(s)?.[1]);
        let times = arrivals.get(ordenId);
        if (!times) arrivals.set(ordenId, (times = []));
        times.push(t);
        if (times.length === count) {
          arrivals.delete(ordenId);
          report({ type: 'done', ordenId, times });
        }
      } else if (s.startsWith('CONNECTED')) {
        ws.send(`SUBSCRIBE\nid:${subId}\ndestination:${c.destination}\nreceipt:r\n\n\0`);
      } else if (s.startsWith('RECEIPT')) {
        resolve();
      } else if (s.startsWith('ERROR')) {
        report({ type: 'problem', message: s.slice(0, 200) });
        reject(new Error(s));
      }
    });
    ws.on('close', () => {
      if (!closing) report({ type: 'problem', message: 'el servidor cerró un socket' });
    });
    sockets.push(ws);
  });
}

let closing = false;

process.on('message', (m: OpenCommand | { type: 'close' }) => {
  if (m.type === 'open') {
    count = m.count;
    void (async () => {
      try {
        for (let i = 0; i < m.count; i += 50) {
          await Promise.all(Array.from({ length: Math.min(50, m.count - i) }, (_, k) => open(m, i + k)));
        }
        report({ type: 'ready' });
      } catch (e) {
        report({ type: 'problem', message: `no se pudo abrir: ${String(e).slice(0, 200)}` });
      }
    })();
  } else {
    closing = true;
    for (const ws of sockets) ws.terminate();
    report({ type: 'closed' });
    process.disconnect?.();
  }
});
