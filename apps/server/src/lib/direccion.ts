import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts under: an IPv4 address as it is; an IPv6 address by its /64
 * (one subscriber, one home or one server gets a whole /64: its millions of addresses are one
 * client); an IPv4 address written as IPv6 (`::ffff:192.0.2.1`) as the IPv4 one. Anything else
 * (a test's made-up address) is left as it is.
 */
export function grupoDeDireccion(direccion: string): string {
  const sinZona = direccion.split('%')[0] ?? direccion;
  if (isIPv4(sinZona)) return sinZona;
  if (!isIPv6(sinZona)) return direccion;
  const mapeada = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(sinZona);
  if (mapeada?.[1] && isIPv4(mapeada[1])) return mapeada[1];
  const grupos = hextetos(sinZona);
  return `${grupos.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case, without leading zeros. */
function hextetos(ip: string): string[] {
  let texto = ip.toLowerCase();
  // An IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(texto);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    texto = texto.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [cabeza = '', cola] = texto.split('::');
  const izquierda = cabeza ? cabeza.split(':') : [];
  const derecha = cola ? cola.split(':') : [];
  const ceros = cola === undefined ? [] : Array<string>(8 - izquierda.length - derecha.length).fill('0');
  return [...izquierda, ...ceros, ...derecha].map((h) => parseInt(h, 16).toString(16));
}
