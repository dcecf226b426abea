import type { Server } from 'node:http';
import type { Socket } from 'node:net';

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
  if (limit.maxPerAddress > 0) {
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address || limit.exempt(address)) return;
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
