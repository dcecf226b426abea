import type { EventoOrden, OrdenDetalle, OrdenResumen } from '@delego/contract';

/**
 * Test data for an order (its summary, its detail, its history), for every feature whose screens
 * show one; the server is `test/servidor`.
 */

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
    acciones: {
      soloLectura: false,
      modificar: true,
      borrar: false,
      cambiarResponsable: true,
      estadosSiguientes: [2, 3, 4, 5],
    },
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
