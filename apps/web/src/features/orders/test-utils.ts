import type { EventoOrden, OrdenDetalle, OrdenResumen } from '@delego/contract';
import { vi } from 'vitest';

/** Test data and a fake server for the orders feature's component tests. */

let siguiente = 100;

export const DIEGO = { id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa' };
export const CARLA = { id: 3, usuario: 'supervisor', nombre: 'Carla', apellido: 'Ruiz' };

export function makeOrdenResumen(parcial: Partial<OrdenResumen> = {}): OrdenResumen {
  const id = siguiente++;
  return {
    id,
    numero: id,
    titulo: `Orden ${id}`,
    estado: { id: 1, nombre: 'Pendiente', color: 'medium' },
    prioridad: { id: 3, nombre: 'Alta', color: 'warning', nivel: 3 },
    cliente: { id: 1, nombre: 'Municipalidad de Rosario' },
    tipoOrden: null,
    area: null,
    responsables: [DIEGO],
    fechaInicio: null,
    fechaFin: null,
    creada: new Date(2026, 9, 1, 9, 0).getTime(),
    actualizada: new Date(2026, 9, 1, 9, 0).getTime(),
    vencida: false,
    ...parcial,
  };
}

export function makeOrdenDetalle(parcial: Partial<OrdenDetalle> = {}): OrdenDetalle {
  const resumen = makeOrdenResumen(parcial);
  return {
    ...resumen,
    detalle: 'Revisar la bomba del tanque.',
    fechaInicioISO_8601: null,
    fechaFinISO_8601: null,
    entidadSolicitanteId: 1,
    entidadSolicitanteNombre: 'Demo Servicios S.A.',
    registroResponsable: CARLA,
    e5sAreaKey: null,
    e5sAreaName: null,
    finalizada: null,
    acciones: { soloLectura: false, modificar: true, borrar: false, cambiarResponsable: true, estadosSiguientes: [2, 3, 4, 5] },
    ...parcial,
  };
}

export function makeEvento(parcial: Partial<EventoOrden> = {}): EventoOrden {
  return {
    id: siguiente++,
    tipo: 'CREADA',
    descripcion: 'Creó la orden',
    fecha: new Date(2026, 9, 1, 9, 0).getTime(),
    usuario: CARLA,
    estadoAnterior: null,
    estadoNuevo: 1,
    comentario: null,
    ...parcial,
  };
}

export interface Llamada {
  metodo: string;
  ruta: string;
  cuerpo: unknown;
}

type Respuesta = unknown | ((cuerpo: unknown) => unknown);

function json(status: number, cuerpo: unknown): Response {
  return new Response(JSON.stringify(cuerpo), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An error answer of the server: `{ message, code, requestId, field? }`. */
export function errorDelServidor(status: number, message: string, field?: string): Response {
  return json(status, { message, code: 'X', requestId: 'prueba', ...(field ? { field } : {}) });
}

/**
 * Replaces fetch with a server that answers `"<METHOD> <path>"` from the table (a value, a
 * Response, or a function of the request body); anything else is a 404. Returns the calls made.
 */
export function simularServidor(respuestas: Record<string, Respuesta>): Llamada[] {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const ruta = new URL(String(url), 'http://localhost').pathname;
      const metodo = init?.method ?? 'GET';
      const cuerpo = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      llamadas.push({ metodo, ruta, cuerpo });
      const respuesta = respuestas[`${metodo} ${ruta}`];
      if (respuesta === undefined) return Promise.resolve(errorDelServidor(404, 'No encontrado'));
      const dato = typeof respuesta === 'function' ? (respuesta as (c: unknown) => unknown)(cuerpo) : respuesta;
      return Promise.resolve(dato instanceof Response ? dato : json(200, dato));
    }),
  );
  return llamadas;
}
