import type { Archivo } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { encolar, enviarOEncolar, type NuevoCambio } from '../../../lib/outbox';
import { mensajeDeError } from '../../../lib/errors';
import { archivosCambiados } from '../cache';

/** Where the files of a new order go: the order the server created, or the one waiting in the outbox. */
export type DestinoAdjuntos = { ordenId: number } | { ordenClave: string };

export interface ResultadoAdjuntos {
  enviados: number;
  encolados: number;
  /** «nombre: motivo» of each file the server refused. */
  rechazados: string[];
}

function cambioDe(archivo: File, destino: DestinoAdjuntos): NuevoCambio {
  return {
    tipo: 'archivos',
    ordenId: 'ordenId' in destino ? destino.ordenId : null,
    ...('ordenClave' in destino ? { ordenClave: destino.ordenClave } : {}),
    descripcion: `Adjuntar ${archivo.name}`,
    cuerpo: null,
    archivos: [{ nombre: archivo.name, tipo: archivo.type, datos: archivo }],
  };
}

/**
 * The files chosen while creating an order, after it is saved (issue 36), one call each and in
 * order, each with its `Idempotency-Key` (lib/outbox). To an order the server created: sent at
 * once, or queued when the call cannot reach the server. To an order waiting in the outbox: queued
 * behind it, linked by its key, sent once it is created.
 */
export async function adjuntarAOrden(
  queryClient: QueryClient,
  destino: DestinoAdjuntos,
  archivos: readonly File[],
): Promise<ResultadoAdjuntos> {
  const r: ResultadoAdjuntos = { enviados: 0, encolados: 0, rechazados: [] };
  for (const archivo of archivos) {
    if ('ordenClave' in destino) {
      await encolar(cambioDe(archivo, destino));
      r.encolados++;
      continue;
    }
    try {
      const envio = await enviarOEncolar<Archivo[]>(cambioDe(archivo, destino));
      if (envio.tipo === 'encolado') {
        r.encolados++;
      } else {
        archivosCambiados(queryClient, destino.ordenId, envio.respuesta);
        r.enviados++;
      }
    } catch (error) {
      r.rechazados.push(`${archivo.name}: ${mensajeDeError(error)}`);
    }
  }
  return r;
}
