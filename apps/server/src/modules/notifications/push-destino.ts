import { lookup } from 'node:dns/promises';
import net from 'node:net';

/** One address a host name resolves to. */
export interface Direccion {
  address: string;
  family: number;
}

/** Resolves a host name to every address (injectable: tests pass their own). */
export type Resolver = (host: string) => Promise<Direccion[]>;

export const resolverDelSistema: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Ranges a push service never lives in: "this network", private (RFC 1918), shared CGNAT,
 * loopback, link-local, IETF protocol assignments, documentation and benchmarking, multicast
 * and reserved; for IPv6 the unspecified and loopback addresses, unique-local, link-local,
 * site-local, multicast and documentation.
 */
const NO_PUBLICAS = (() => {
  const b = new net.BlockList();
  for (const [red, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    b.addSubnet(red, bits, 'ipv4');
  }
  for (const [red, bits] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
    ['2001:db8::', 32],
  ] as const) {
    b.addSubnet(red, bits, 'ipv6');
  }
  return b;
})();

/** The 16 bytes of an IPv6 address written in any of its forms (`::ffff:127.0.0.1` included). */
function bytesIpv6(ip: string): number[] | null {
  let texto = (ip.split('%')[0] ?? '').toLowerCase();
  const ultimo = texto.lastIndexOf(':');
  const cola = texto.slice(ultimo + 1);
  if (net.isIPv4(cola)) {
    const [a = 0, b = 0, c = 0, d = 0] = cola.split('.').map(Number);
    texto = `${texto.slice(0, ultimo + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const partes = texto.split('::');
  if (partes.length > 2) return null;
  const grupos = (s: string | undefined) =>
    s ? s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : [];
  const izq = grupos(partes[0]);
  const der = grupos(partes[1]);
  const faltan = 8 - izq.length - der.length;
  if (partes.length === 1 ? faltan !== 0 : faltan < 1) return null;
  const todos = [...izq, ...new Array<number>(partes.length === 1 ? 0 : faltan).fill(0), ...der];
  if (todos.some((g) => Number.isNaN(g))) return null;
  return todos.flatMap((g) => [g >> 8, g & 0xff]);
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function ipv4Incrustada(b: number[]): string | null {
  const ceros = (desde: number, hasta: number) => b.slice(desde, hasta).every((x) => x === 0);
  const v4 = (i: number) => b.slice(i, i + 4).join('.');
  if (ceros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (ceros(0, 12)) return v4(12); // ::a.b.c.d (deprecated "compatible")
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && ceros(4, 12)) return v4(12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2); // 2002::/16 (6to4)
  return null;
}

/** Whether the server must never connect to this address: private, loopback, link-local or alike. */
export function esDireccionNoPublica(ip: string): boolean {
  if (net.isIPv4(ip)) return NO_PUBLICAS.check(ip, 'ipv4');
  if (!net.isIPv6(ip)) return true;
  const bytes = bytesIpv6(ip);
  if (!bytes) return true;
  const v4 = ipv4Incrustada(bytes);
  if (v4 && NO_PUBLICAS.check(v4, 'ipv4')) return true;
  // Teredo (2001::/32) tunnels to an address that cannot be checked here.
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0) return true;
  return NO_PUBLICAS.check(ip, 'ipv6');
}
