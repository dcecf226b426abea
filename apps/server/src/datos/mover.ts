import type { Abierta } from './abrir.js';
import { compararTablas, cargarSinDisparadores, type Cuenta } from './carga.js';
import { escribirSecuencias, leerSecuencias, leerTablas } from './esquema.js';
import { cargarFilas, lotes, SumaDeFilas } from './filas.js';
import { migrarHasta } from './nivel.js';
import { exigirDestinoVacio } from './restaurar.js';

/**
 * Copies every table of the embedded database into an empty PostgreSQL: the project's migrations
 * on the target, then the rows batch by batch (one snapshot of the source, one transaction on the
 * target with its triggers off), the sequences, and a read back of every table whose count and
 * checksum must equal the source's. Returns the counts per table.
 */
export async function moverAPostgres(o: {
  origen: Abierta;
  destino: Abierta;
  donde: string;
  informar: (linea: string) => void;
}): Promise<Record<string, Cuenta>> {
  const origen = o.origen.conexion;
  const destino = o.destino.conexion;
  await exigirDestinoVacio(destino, o.donde);
  if (!('pg' in o.destino.cliente)) throw new Error('El destino debe ser PostgreSQL.');
  // The source first reaches this version's level, as the server would do when it starts.
  await migrarHasta(o.origen.cliente);
  await migrarHasta({ pg: o.destino.cliente.pg });
  const tablas = await leerTablas(origen);
  const delDestino = new Map((await leerTablas(destino)).map((t) => [t.nombre, t]));
  const copiado: Record<string, Cuenta> = {};

  await origen.query('begin isolation level repeatable read read only');
  try {
    await cargarSinDisparadores(destino, [...delDestino.values()], async () => {
      for (const t of tablas) {
        const td = delDestino.get(t.nombre);
        if (!td) throw new Error(`La tabla ${t.nombre} no existe en el destino tras las migraciones.`);
        const suma = new SumaDeFilas();
        for await (const lineas of lotes(origen, t)) {
          for (const l of lineas) suma.agregar(l);
          await cargarFilas(destino, td, lineas);
        }
        copiado[t.nombre] = { filas: suma.filas, suma: suma.hex() };
        if (suma.filas > 0) o.informar(`  ${t.nombre.padEnd(36)} ${String(suma.filas).padStart(9)} filas`);
      }
    });
    await escribirSecuencias(destino, await leerSecuencias(origen));
  } finally {
    await origen.query('commit').catch(() => undefined);
  }

  const { diferencias } = await compararTablas(destino, [...delDestino.values()], copiado);
  if (diferencias.length > 0) {
    throw new Error(`La copia no coincide con el origen:\n  ${diferencias.join('\n  ')}`);
  }
  return copiado;
}
