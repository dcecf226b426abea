import { layersOutline, pricetagsOutline } from 'ionicons/icons';
import type { ClaseEtiqueta } from '../keys';

/** How each catalogue names itself on screen and where its screens are. */
export interface TextosEtiqueta {
  titulo: string;
  /** 'tipo de orden', 'área'. */
  singular: string;
  plural: string;
  /** 'el tipo de orden', 'el área'. */
  el: string;
  nuevo: string;
  /** Route of the list and of the form (SPEC §2). */
  rutaLista: string;
  rutaForm: string;
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
    archivado: 'archivada',
    lo: 'la',
    prefijo: 'area',
    icono: layersOutline,
  },
};
