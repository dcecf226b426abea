import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY: which peers may tell the client address in X-Forwarded-For. `false` (nobody: the
 * socket's address counts), `true` (any peer), a hop count (the last n hops), or a list of
 * addresses/CIDRs (and the names loopback, linklocal, uniquelocal).
 */
export type TrustProxy = boolean | number | string[];

const NAMED: Record<string, [string, number][]> = {
  loopback: [
    ['127.0.0.1', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** An address, an address/prefix, or one of the named ranges. */
function parseEntry(entry: string): [string, number][] | null {
  const named = NAMED[entry.toLowerCase()];
  if (named) return named;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return null;
  const max = family === 4 ? 32 : 128;
  if (bits === undefined) return [[address, max]];
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return [[address, Number(bits)]];
}

/** Reads TRUST_PROXY; `invalid` lists the entries that are neither an address nor a CIDR. */
export function parseTrustProxy(raw: string): { value: TrustProxy } | { invalid: string[] } {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'false') return { value: false };
  if (v === 'true') return { value: true };
  if (/^\d{1,2}$/.test(v)) return { value: Number(v) };
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const invalid = list.filter((s) => !parseEntry(s));
  return invalid.length ? { invalid } : { value: list };
}

/**
 * The value for Fastify's `trustProxy`. Fastify 5.12 ignores a number (it fails closed), so a hop
 * count becomes the function it used to be: the socket peer and the n-1 hops before it are
 * trusted, and the client is the address n hops back in X-Forwarded-For. Like `true`, that does
 * not check who the peer is: use it only when nothing but the proxy can reach the server.
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  if (tp === 0) return false;
  return (_address, hop) => hop < tp;
}

/**
 * True for a socket peer that TRUST_PROXY names by address (a listed proxy). `true` and a hop
 * count name nobody here: they do not say which peers are proxies.
 */
export function listedProxy(tp: TrustProxy): (address: string) => boolean {
  if (!Array.isArray(tp) || tp.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of tp) {
    for (const [address, bits] of parseEntry(entry) ?? []) {
      list.addSubnet(address, bits, isIP(address) === 6 ? 'ipv6' : 'ipv4');
    }
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
