import {
  RUTAS,
  type FirmaConformidad,
  type OrdenGuardar,
  type RegistroCambios,
  type ResponderItem,
} from '@delego/contract';
import { llamar, llamarFormulario } from '../http';
import { comprimirImagen } from '../imagenes';
import { claveDerivada, idsSubidos, respuestaConFotos } from './claves';
import type { Cambio, CuerpoChecklist, CuerpoChecklistFoto } from './tipos';

/**
 * Sends one change of the outbox with its key as `Idempotency-Key` (the server applies it once)
 * and when it was made here as `X-Hecho-En` (the order's history shows both times).
 * Photos are compressed on the phone first (lib/imagenes.ts); an upload that fails is sent again,
 * whole, by the next replay, with the same key.
 */
export async function enviarCambio(c: Cambio): Promise<unknown> {
  const marcas = marcasDe(c);
  const orden = { id: c.ordenId ?? 0 };
  switch (c.tipo) {
    case 'estado': {
      const cuerpo = c.cuerpo as { estado: number; comentarios: string };
      return llamar(RUTAS.cambiarEstado, { params: orden, cuerpo, ...marcas });
    }
    case 'registro':
      return llamar(RUTAS.guardarRegistro, { params: orden, cuerpo: c.cuerpo as RegistroCambios, ...marcas });
    case 'orden':
      return llamar(RUTAS.guardarOrden, { cuerpo: c.cuerpo as OrdenGuardar, ...marcas });
    case 'archivos':
      return subir(c);
    case 'checklist': {
      const { itemId, respuesta } = c.cuerpo as CuerpoChecklist;
      return llamar(RUTAS.responderItemChecklist, {
        params: { ...orden, itemId },
        cuerpo: respuesta as ResponderItem,
        ...marcas,
      });
    }
    case 'conformidadFirma':
      return llamar(RUTAS.firmarConformidad, { params: orden, cuerpo: c.cuerpo as FirmaConformidad, ...marcas });
    case 'checklistFoto': {
      // The photos first (with the change's key), then the answer naming them (with a key derived
      // from it): a replay after a failure in between gets the upload's stored answer back.
      const cuerpo = c.cuerpo as CuerpoChecklistFoto;
      const lista = await subir(c);
      const nuevas = idsSubidos(lista, c.archivos?.length ?? 0);
      return llamar(RUTAS.responderItemChecklist, {
        params: { ...orden, itemId: cuerpo.itemId },
        cuerpo: respuestaConFotos(cuerpo, nuevas) as ResponderItem,
        ...marcas,
        idempotencia: claveDerivada(marcas.idempotencia),
      });
    }
  }
}

/** What every call of a change carries: its key and when it was made here. */
function marcasDe(c: Cambio) {
  return { idempotencia: c.id, hechoEn: c.creado };
}

/** The files of a change, compressed on the phone, to the order's files (RUTAS.agregarArchivos). */
async function subir(c: Cambio) {
  const formulario = new FormData();
  for (const a of c.archivos ?? []) {
    const archivo = new File([a.datos], a.nombre, { type: a.tipo });
    const final = await comprimirImagen(archivo).catch(() => archivo);
    formulario.append('archivos', final, final.name);
  }
  return llamarFormulario(RUTAS.agregarArchivos, formulario, { params: { id: c.ordenId ?? 0 }, ...marcasDe(c) });
}
