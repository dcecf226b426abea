import { normalizarTexto, numeroDePalabra, palabrasEscritas, type OrdenResumen } from '@delego/contract';

/**
 * Offline, a search the server cannot answer is answered on the phone, among the orders of the
 * same list kept on it (docs/APP-DE-CAMPO.md). It finds what the server's search finds (its
 * lib/busqueda.ts): every word typed, accents and case aside, in the title or the description, in
 * the client's name, or as the order's number. The description is known only for the orders
 * opened on this device (`detalleDe` answers undefined for the others).
 */
export function buscarEnGuardadas(
  ordenes: readonly OrdenResumen[],
  buscar: string,
  detalleDe: (id: number) => string | undefined,
): OrdenResumen[] {
  const palabras = palabrasEscritas(buscar).map(normalizarTexto);
  return ordenes.filter((o) => {
    const texto = normalizarTexto(`${o.titulo} ${detalleDe(o.id) ?? ''}`);
    const cliente = normalizarTexto(o.cliente?.nombre ?? '');
    return palabras.every((p) => texto.includes(p) || cliente.includes(p) || numeroDePalabra(p) === o.numero);
  });
}

/** What the list says above the orders found on the phone. */
export function textoBusquedaSinConexion(halladas: number, guardadas: number): string {
  const de = guardadas === 1 ? 'la orden guardada' : `las ${guardadas} órdenes guardadas`;
  const cuantas = halladas === 0 ? 'ninguna coincide' : halladas === 1 ? '1 coincide' : `${halladas} coinciden`;
  return `Se buscó entre ${de} en este dispositivo; ${cuantas}. Al volver la conexión se buscará en todas.`;
}
