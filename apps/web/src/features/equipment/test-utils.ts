import type { Equipo, PaginaEquipos } from '@delego/contract';
import { fabricaConId } from '../../test/fabrica';

/** Test data of the equipment screens (issue 32); the server is `test/servidor`. */

export const makeEquipo = fabricaConId<Equipo>(1, (id) => ({
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
}));

export function paginaEquipos(equipos: Equipo[], total = equipos.length, pagina = 0): PaginaEquipos {
  return { equipos, total, pagina, porPagina: 25 };
}
