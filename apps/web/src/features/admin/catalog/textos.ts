import { layersOutline, pricetagsOutline } from 'ionicons/icons';
import type { ClaseEtiqueta } from '../keys';
import type { RecursoAdmin } from '../shared/recurso-admin';

/** How each catalogue names itself on screen and where its screens are. */
export interface TextosEtiqueta extends RecursoAdmin {
  /** 'el tipo de orden', 'el área'. */
  el: string;
  /** 'archivado', 'archivada'. */
  archivado: string;
  /** 'lo', 'la': the object pronoun ("las órdenes que lo usan"). */
  lo: string;
  /** For test ids. */
  prefijo: string;
  /** The icon of the menu entry. */
  icono: string;
}

export const TEXTOS_ETIQUETA: Record<ClaseEtiqueta, TextosEtiqueta> = {
  tipos: {
    titulo: 'Tipos de Orden',
    singular: 'tipo de orden',
    plural: 'tipos de orden',
    el: 'el tipo de orden',
    nuevo: 'Nuevo tipo de orden',
    rutaLista: '/tipos-orden',
    rutaForm: '/tipo-orden',
    permiso: 'altaEtiquetas',
    archivado: 'archivado',
    lo: 'lo',
    prefijo: 'tipo',
    icono: pricetagsOutline,
  },
  areas: {
    titulo: 'Áreas',
    singular: 'área',
    plural: 'áreas',
    el: 'el área',
    nuevo: 'Nueva área',
    rutaLista: '/areas',
    rutaForm: '/area',
    permiso: 'altaEtiquetas',
    archivado: 'archivada',
    lo: 'la',
    prefijo: 'area',
    icono: layersOutline,
  },
};
