import type { Archivo, OrdenDetalle } from '@delego/contract';
import { vi } from 'vitest';
import { CARLA, DIEGO, makeOrdenDetalle } from '../../test/ordenes';
import { fabricaConId } from '../../test/fabrica';

/** Test data and browser fakes for the paperwork features (files, expenses, reports); the server is `test/servidor`. */

export { CARLA, DIEGO };

export const makeArchivo = fabricaConId<Archivo>(500, (id, parcial) => {
  const ordenId = 42;
  const esImagen = parcial.esImagen ?? true;
  return {
    nombre: esImagen ? `foto-${id}.jpg` : `informe-${id}.pdf`,
    tipo: esImagen ? 'image/jpeg' : 'application/pdf',
    tamanio: 250 * 1024,
    usuario: { id: DIEGO.id, nombre: DIEGO.nombre, apellido: DIEGO.apellido },
    fecha: Date.UTC(2026, 4, 12, 17, 30), // 12/05/2026 14:30 in Argentina (the company's zone)
    esImagen,
    miniatura: esImagen ? `/api/v2/archivos/${ordenId}/miniatura/${id}` : null,
    url: `/api/v2/archivos/${ordenId}/descargar/${id}`,
    puedeEliminar: true,
  };
});

/** Order 42 as the paperwork screens (files, hours and expenses, reports) open it. */
export function makeOrden(parcial: Partial<OrdenDetalle> = {}): OrdenDetalle {
  return makeOrdenDetalle({
    id: 42,
    numero: 42,
    titulo: 'Cambio de bomba',
    estado: { id: 2, nombre: 'En proceso', color: 'primary' },
    prioridad: null,
    creada: new Date(2026, 4, 1, 9, 0).getTime(),
    actualizada: new Date(2026, 4, 1, 9, 0).getTime(),
    detalle: '',
    ...parcial,
  });
}

/** URL.createObjectURL and revokeObjectURL (jsdom has neither); returns the mocks. */
export function simularObjectUrl() {
  let n = 0;
  const crear = vi.fn((_blob: Blob) => `blob:prueba/${++n}`);
  const revocar = vi.fn((_url: string) => undefined);
  Object.defineProperty(URL, 'createObjectURL', { value: crear, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revocar, configurable: true, writable: true });
  return { crear, revocar };
}

/**
 * The uploads' fake XMLHttpRequest (they use it for their progress): their requests wait until the
 * test answers them.
 */
export { simularXhr as simularSubidas } from '../../test/xhr-falso';
