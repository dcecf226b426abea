import type { Mantenimiento } from '@delego/contract';

/** A monthly plan of client 3 for its equipo 5 at site 7, with the whole template. */
export function makeMantenimiento(parcial: Partial<Mantenimiento> = {}): Mantenimiento {
  return {
    id: 9,
    cliente: 3,
    clienteNombre: 'Clínica San Martín',
    ubicacion: 7,
    equipo: 5,
    regla: { tipo: 'meses', cada: 1, dia: 31 },
    inicio: '2026-01-01',
    fin: null,
    anticipacion: 2,
    plantilla: {
      titulo: 'Service de caldera',
      detalle: 'Revisar quemador',
      tipoOrden: 1,
      area: 2,
      prioridad: 3,
      responsable: [4],
    },
    activo: true,
    creado: Date.UTC(2026, 0, 1),
    proximas: ['2026-12-31', '2027-01-31'],
    ocurrencias: [],
    ...parcial,
  };
}
