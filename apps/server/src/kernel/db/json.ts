/** A JSON column's value as the driver gives it (PGlite: parsed; node-postgres: sometimes text). */
export function leerJson<T>(valor: unknown): T {
  return (typeof valor === 'string' ? JSON.parse(valor) : valor) as T;
}

/** A row as a raw read gives it: the columns `K` still to be read (JSON, epoch milliseconds, …). */
export type SinLeer<T, K extends keyof T> = Omit<T, K> & { [P in K]: unknown };

/** A timestamp column of a raw read as the driver gives it (a `Date`, or the text PGlite returns in some reads). */
export function leerFecha(valor: unknown): Date {
  return valor instanceof Date ? valor : new Date(String(valor));
}

/** {@link leerFecha} for a column that may be null. */
export function leerFechaONull(valor: unknown): Date | null {
  return valor == null ? null : leerFecha(valor);
}
