import {
  LIMITES_CHECKLIST,
  MENSAJES_CHECKLIST,
  zPlantillaGuardar,
  type ItemDefinido,
  type PlantillaGuardar,
  type TipoItemChecklist,
} from '@delego/contract';
import { leerNumero } from './checklist';

/** One item of the template editor: numbers as typed, and a key of its own for React. */
export interface ItemEditable {
  clave: string;
  seccion: string;
  etiqueta: string;
  tipo: TipoItemChecklist;
  requerido: boolean;
  publico: boolean;
  unidad: string;
  min: string;
  max: string;
}

let siguiente = 0;
function nuevaClaveItem(): string {
  siguiente += 1;
  return `item-${siguiente}`;
}

/** A new empty item, under the section of the last one. */
export function itemNuevo(seccion = ''): ItemEditable {
  return {
    clave: nuevaClaveItem(),
    seccion,
    etiqueta: '',
    tipo: 'tick',
    requerido: false,
    publico: false,
    unidad: '',
    min: '',
    max: '',
  };
}

/** The editor's items from a stored template. */
export function editablesDe(items: readonly ItemDefinido[]): ItemEditable[] {
  return items.map((i) => ({
    clave: nuevaClaveItem(),
    seccion: i.seccion ?? '',
    etiqueta: i.etiqueta,
    tipo: i.tipo,
    requerido: i.requerido,
    publico: i.publico,
    unidad: i.unidad ?? '',
    min: i.min === null ? '' : String(i.min).replace('.', ','),
    max: i.max === null ? '' : String(i.max).replace('.', ','),
  }));
}

/** Moves the item at `desde` one place up (-1) or down (+1); the same list when it cannot move. */
export function mover<T>(items: readonly T[], desde: number, paso: -1 | 1): T[] {
  const hasta = desde + paso;
  if (hasta < 0 || hasta >= items.length) return [...items];
  const copia = [...items];
  const [x] = copia.splice(desde, 1);
  if (x !== undefined) copia.splice(hasta, 0, x);
  return copia;
}

export type ErroresPlantilla = Record<string, string>;

/**
 * The template as the server takes it, or the errors by item key (and `general`), in Spanish:
 * the contract's own schema decides, so the editor never says yes to what the server refuses.
 */
export function validarPlantilla(
  items: readonly ItemEditable[],
): { ok: true; plantilla: PlantillaGuardar } | { ok: false; errores: ErroresPlantilla } {
  const errores: ErroresPlantilla = {};
  if (items.length > LIMITES_CHECKLIST.items) errores.general = MENSAJES_CHECKLIST.demasiadosItems;
  const cuerpo = items.map((i) => {
    const esNumero = i.tipo === 'numero';
    const min = esNumero && i.min.trim() ? leerNumero(i.min) : null;
    const max = esNumero && i.max.trim() ? leerNumero(i.max) : null;
    if (esNumero && ((i.min.trim() && min === null) || (i.max.trim() && max === null))) {
      errores[i.clave] = 'Mínimo y máximo deben ser números (puede usar coma decimal).';
    }
    return {
      seccion: i.seccion.trim() || null,
      etiqueta: i.etiqueta,
      tipo: i.tipo,
      requerido: i.requerido,
      publico: i.publico,
      unidad: esNumero && i.unidad.trim() ? i.unidad.trim() : null,
      min,
      max,
    };
  });
  const v = zPlantillaGuardar.safeParse({ items: cuerpo });
  if (!v.success) {
    for (const issue of v.error.issues) {
      const [, indice] = issue.path;
      const item = typeof indice === 'number' ? items[indice] : undefined;
      const clave = item ? item.clave : 'general';
      errores[clave] ??= issue.message;
    }
  }
  if (Object.keys(errores).length > 0 || !v.success) return { ok: false, errores };
  return { ok: true, plantilla: v.data };
}
