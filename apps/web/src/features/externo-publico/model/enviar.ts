import { RUTAS, type RegistroCambios, type ResponderItem } from '@delego/contract';
import { enviarExterno } from '../api/cliente';
import type { CambioExterno } from './almacen';

/** The body of a `checklist` change: the item and its answer. */
export interface CuerpoChecklistExterno {
  itemId: number;
  respuesta: ResponderItem;
}

/** The body of an `estado` change. */
export interface CuerpoEstadoExterno {
  estado: number;
  comentarios: string;
}

/**
 * Sends one change of the contractor's outbox with the link (`Authorization: Externo <k>`), its
 * key as `Idempotency-Key` and when it was made as `X-Hecho-En`, through the order's own routes.
 */
export function enviarCambioExterno(k: string, c: CambioExterno): Promise<unknown> {
  const marcas = { idempotencia: c.id, hechoEn: c.creado };
  const params = { id: c.ordenId };
  switch (c.tipo) {
    case 'estado':
      return enviarExterno(k, RUTAS.cambiarEstado, { params, cuerpo: c.cuerpo as CuerpoEstadoExterno, ...marcas });
    case 'registro':
      return enviarExterno(k, RUTAS.guardarRegistro, { params, cuerpo: c.cuerpo as RegistroCambios, ...marcas });
    case 'checklist': {
      const { itemId, respuesta } = c.cuerpo as CuerpoChecklistExterno;
      return enviarExterno(k, RUTAS.responderItemChecklist, {
        params: { id: c.ordenId, itemId },
        cuerpo: respuesta,
        ...marcas,
      });
    }
    case 'archivos': {
      const formulario = new FormData();
      for (const a of c.archivos ?? [])
        formulario.append('archivos', new File([a.datos], a.nombre, { type: a.tipo }), a.nombre);
      return enviarExterno(k, RUTAS.agregarArchivos, { params, formulario, ...marcas });
    }
  }
}
