import type { Equipo, PaginaEquipos } from '@delego/contract';

/** Test data of the equipment screens (issue 32); the server is `test/servidor`. */
let siguiente = 1;

export function makeEquipo(parcial: Partial<Equipo> = {}): Equipo {
  const id = parcial.id ?? siguiente++;
  return {
    id,
    nombre: `Caldera ${id}`,
    codigo: `CAL-${id}`,
    cliente: { id: 1, nombre: 'Clínica San Martín' },
    ubicacion: { id: 7, nombre: 'Sede Centro' },
    ubicacionInterna: 'Sala de máquinas',
    marca: 'Baxi',
    modelo: 'Luna 3',
    serie: `SN-${id}`,
    notas: null,
    codigoQr: 'a'.repeat(22),
    creado: Date.UTC(2026, 9, 1),
    actualizado: Date.UTC(2026, 9, 1),
    ...parcial,
  };
}

export function paginaEquipos(equipos: Equipo[], total = equipos.length, pagina = 0): PaginaEquipos {
  return { equipos, total, pagina, porPagina: 25 };
}
