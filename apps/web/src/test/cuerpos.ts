/**
 * What the server accepts as the body of each call: the contract's route table (`RUTAS`), whose
 * body schemas the server validates with, so a web test whose screen sends a body the server
 * would refuse fails.
 */
import { TODAS_LAS_RUTAS, type DefRuta } from '@delego/contract';

/** Whether a path of the table (`/api/v2/estado/:id`) names this concrete path. */
export function coincide(patron: string, ruta: string): boolean {
  const a = patron.split('/');
  const b = ruta.split('/');
  return a.length === b.length && a.every((parte, i) => (parte.startsWith(':') ? Boolean(b[i]) : parte === b[i]));
}

function rutaDe(metodo: string, ruta: string): DefRuta | undefined {
  // A literal path wins over a pattern (`/api/v2/tipoOrden/all` over `/api/v2/tipoOrden/:id`).
  const candidatas = TODAS_LAS_RUTAS.filter((r) => r.metodo === metodo && coincide(r.path, ruta));
  return candidatas.find((r) => r.path === ruta) ?? candidatas[0];
}

/**
 * Why the server would refuse this body, or null when it accepts it. A body on a call whose route
 * takes none, or on a call the table does not have, is refused too.
 */
export function problemaDelCuerpo(metodo: string, ruta: string, cuerpo: unknown): string | null {
  const def = rutaDe(metodo, ruta);
  if (!def) return cuerpo === undefined ? null : `${metodo} ${ruta} no está en la tabla de rutas del contrato`;
  if (def.forma === 'multipart') return null;
  if (!def.body) return cuerpo === undefined ? null : `${metodo} ${def.path} no lleva cuerpo en el contrato`;
  const resultado = def.body.safeParse(cuerpo);
  if (resultado.success) return null;
  const detalle = resultado.error.issues.map((i) => `${i.path.join('.') || '(cuerpo)'}: ${i.message}`);
  return `${metodo} ${def.path}: el contrato rechaza ${JSON.stringify(cuerpo)} (${detalle.join('; ')})`;
}
