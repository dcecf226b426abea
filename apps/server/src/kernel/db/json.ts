/** A JSON column's value as the driver gives it (PGlite: parsed; node-postgres: sometimes text). */
export function leerJson<T>(valor: unknown): T {
  return (typeof valor === 'string' ? JSON.parse(valor) : valor) as T;
}
