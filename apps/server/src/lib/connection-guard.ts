import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** How long a client may take, in ms (see config.ts for each setting). */
export interface ConnectionTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionTimeoutMs: number;
}

/**
 * Fastify's server options for the timeouts that close slow or idle clients:
 * - `http.headersTimeout`: the request line and headers must arrive within it (slow headers, a
 *   half-sent WebSocket upgrade, a connection that sends nothing);
 * - `requestTimeout`: the whole request, body included (a slow body);
 * - `keepAliveTimeout`: an idle connection between requests;
 * - `connectionTimeout`: a socket with no traffic either way (a client that stops reading).
 * Node checks the first two every `connectionsCheckingInterval` (30 s by default, far too coarse
 * for a 30 s limit), here a quarter of the headers limit, at most one second.
 * None of them touches a connection once its WebSocket upgrade completed: Node stops tracking the
 * request at the upgrade and ws clears the socket's idle timer. The live broker then closes a
 * socket that does not send CONNECT in time (BrokerOptions.connectTimeoutMs) and one whose
 * heart-beats stop.
 */
export function timeoutOptions(t: ConnectionTimeouts) {
  return {
    connectionTimeout: t.connectionTimeoutMs,
    keepAliveTimeout: t.keepAliveTimeoutMs,
    requestTimeout: t.requestTimeoutMs,
    http: {
      headersTimeout: t.headersTimeoutMs,
      requestTimeout: t.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(t.headersTimeoutMs / 4))),
    },
  };
}

export interface ConnectionLimit {
  /** Open connections per peer address; 0 turns the limit off. */
  maxPerAddress: number;
  /** Peers the limit does not apply to (the proxies listed in TRUST_PROXY). */
  exempt(address: string): boolean;
  /** Called once when an address reaches the limit (again after it went below it). */
  onLimit?(address: string): void;
}

/**
 * Caps the open connections of each peer address on the raw server: the (max+1)th is closed as
 * soon as it is accepted, before a byte of it is read. The raw socket only knows its peer, so
 * behind a proxy the peer is the proxy: list the proxy in TRUST_PROXY to exempt it (the proxy
 * limits its own clients), or raise the limit. X-Forwarded-For is never read here: it is not
 * known when the connection opens, and it could be forged. Returns the live count, for tests.
 */
export function limitConnectionsPerAddress(server: Server, limit: ConnectionLimit): (address: string) => number {
  const open = new Map<string, number>();
  const reported = new Set<string>();
  // A socket handed back after an upgrade that was not one (soloUpgradeDelCanal) counts once.
  const contados = new WeakSet<Socket>();
  if (limit.maxPerAddress > 0) {
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address || limit.exempt(address) || contados.has(socket)) return;
      contados.add(socket);
      const n = open.get(address) ?? 0;
      if (n >= limit.maxPerAddress) {
        if (!reported.has(address)) {
          reported.add(address);
          limit.onLimit?.(address);
        }
        socket.destroy();
        return;
      }
      open.set(address, n + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
        reported.delete(address);
      });
    });
  }
  return (address) => open.get(address) ?? 0;
}

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Only the paths `esDelCanal` accepts are upgraded (the live socket). Node hands every request
 * with `Connection: Upgrade` and an `Upgrade` header (websocket, h2c, anything) to the server's
 * 'upgrade' listeners and lets go of the socket: no keep-alive, no timeouts, and no 'drain' for a
 * response written there, so a PDF larger than the socket's buffer never ended (issue 28). Any
 * other such request is served as plain HTTP/1.1: its head is written again without the upgrade
 * and the socket goes back to the server as a new connection (Node's documented way to hand it a
 * socket), with the same limits as every other, for that one request (`Connection: close`). Call it once the upgrade listeners are installed
 * (after @fastify/websocket is registered); they keep serving the live socket.
 */
export function soloUpgradeDelCanal(server: Server, esDelCanal: (path: string) => boolean): void {
  const propios = server.listeners('upgrade') as UpgradeListener[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (esDelCanal((req.url ?? '').split('?')[0] ?? '')) {
      for (const escucha of propios) escucha.call(server, req, socket, head);
      return;
    }
    socket.unshift(Buffer.concat([cabeceraSinUpgrade(req), head]));
    server.emit('connection', socket);
  });
}

/**
 * The request line and headers as received, without `Upgrade` and `HTTP2-Settings`, and with
 * `Connection: close`: a socket comes back to the server once (its per-address count included).
 */
function cabeceraSinUpgrade(req: IncomingMessage): Buffer {
  const lineas = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion === '1.0' ? '1.0' : '1.1'}`];
  const crudos = req.rawHeaders;
  for (let i = 0; i + 1 < crudos.length; i += 2) {
    const nombre = crudos[i] ?? '';
    const valor = crudos[i + 1] ?? '';
    const n = nombre.toLowerCase();
    if (n === 'upgrade' || n === 'http2-settings' || n === 'connection') continue;
    lineas.push(`${nombre}: ${valor}`);
  }
  // One request per socket handed back: the connection closes after its answer.
  lineas.push('Connection: close');
  return Buffer.from(`${lineas.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** How long a socket answered 400/408/431 by the client error handler has before it is destroyed. */
export const CIERRE_TRAS_ERROR_MS = 2000;

/**
 * Ends a socket with a last answer (the client error handler's 400, 408 or 431) and destroys it
 * `ms` later if it is still open: `end` only half-closes, and a client that never reads never sees
 * that end, so while it kept writing it kept the socket, and its descriptor, for good (issue 28).
 * The wait lets a client that reads take the answer first.
 */
export function responderYCerrar(socket: Duplex, respuesta: string, ms = CIERRE_TRAS_ERROR_MS): void {
  const t = setTimeout(() => socket.destroy(), ms);
  t.unref();
  socket.once('close', () => clearTimeout(t));
  socket.end(respuesta);
}
