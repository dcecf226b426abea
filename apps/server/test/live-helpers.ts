import type { AddressInfo } from 'node:net';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { md5 } from '../src/seed/factories.js';

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/v2/delegoWS`;
}

export interface StompTestClient {
  client: Client;
  messages: Map<string, unknown[]>;
  errors: IFrame[];
  closed: Promise<void>;
  subscribe(destination: string): Promise<void>;
  waitFor(destination: string, n?: number, timeoutMs?: number): Promise<unknown[]>;
  stop(): Promise<void>;
}

/** A @stomp/stompjs client in Node (ws as the WebSocket), connected with login/passcode. */
export async function stompConnect(
  url: string,
  usuario: string,
  password = 'Demo1234!',
  opts: { heartbeatMs?: number; expectError?: boolean } = {},
): Promise<StompTestClient> {
  const messages = new Map<string, unknown[]>();
  const errors: IFrame[] = [];
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    connectHeaders: { login: usuario, passcode: md5(password) },
    reconnectDelay: 0,
    heartbeatIncoming: opts.heartbeatMs ?? 0,
    heartbeatOutgoing: opts.heartbeatMs ?? 0,
    debug: () => undefined,
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (f) => {
      errors.push(f);
      reject(new Error(f.headers.message));
    };
    client.onWebSocketClose = () => {
      resolveClosed();
      reject(new Error('cerrado'));
    };
  });
  client.activate();
  const t: StompTestClient = {
    client,
    messages,
    errors,
    closed,
    async subscribe(destination) {
      const receipt = `r-${destination}-${Math.random()}`;
      const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.subscribe(
        destination,
        (m: IMessage) => {
          const list = messages.get(destination) ?? [];
          list.push(JSON.parse(m.body));
          messages.set(destination, list);
        },
        { receipt },
      );
      await done;
    },
    async waitFor(destination, n = 1, timeoutMs = 3000) {
      const start = Date.now();
      while ((messages.get(destination)?.length ?? 0) < n) {
        if (Date.now() - start > timeoutMs) throw new Error(`sin mensajes en ${destination}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages.get(destination) ?? [];
    },
    async stop() {
      await client.deactivate();
    },
  };
  if (opts.expectError) {
    await connected.catch(() => undefined);
    return t;
  }
  await connected;
  return t;
}

/** A raw WebSocket speaking STOMP by hand, to send what a well-behaved client never would. */
export async function rawSocket(url: string): Promise<{ ws: WebSocket; received: string[]; closed: Promise<number> }> {
  const ws = new WebSocket(url, ['v12.stomp']);
  const received: string[] = [];
  ws.on('message', (d) => received.push(d.toString()));
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, received, closed };
}

export const connectFrame = (usuario: string, password = 'Demo1234!', extra = '') =>
  `CONNECT\naccept-version:1.2\nhost:delego\nlogin:${usuario}\npasscode:${md5(password)}\n${extra}\n\0`;
