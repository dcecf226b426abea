import type { Cambio } from '../../../lib/outbox';
import {
  fueraDeLimites,
  respuestaHecha,
  type ChecklistOrden,
  type ItemChecklist,
  type ItemGuardado,
  type ResponderItem,
  type SeguimientoCreado,
  type RespuestaItem,
} from '@delego/contract';

/**
 * The order's checklist as the screen keeps it (issue 31): an answer is shown at once (online it
 * is then replaced by the server's item; offline it waits in the outbox), with the same rules the
 * server uses for «hecho» and «fallido», and the progress and missing required items recomputed.
 */

/** The progress and the missing required items of a list of items. */
export function resumenDe(items: readonly ItemChecklist[]): Pick<ChecklistOrden, 'progreso' | 'faltantes'> {
  return {
    progreso: { hechos: items.filter((i) => i.hecho).length, total: items.length },
    faltantes: items.filter((i) => i.requerido && !i.hecho).map((i) => i.etiqueta),
  };
}

/** Whether an answered item failed: a «Falla», or a number outside its limits. */
export function esFallido(item: Pick<ItemChecklist, 'tipo' | 'min' | 'max'>, r: RespuestaItem | null): boolean {
  if (!r) return false;
  if (item.tipo === 'pasa_falla') return r.resultado === 'falla';
  if (item.tipo === 'numero' && r.numero !== null) return fueraDeLimites(r.numero, item);
  return false;
}

/** The stored answer an answer sent makes (for the screen while the server has not said yet). */
export function respuestaLocal(
  item: ItemChecklist,
  r: ResponderItem,
  por: { id: number; nombre: string },
  en: number,
  fotos: RespuestaItem['fotos'] = [],
): RespuestaItem {
  return {
    marcado: r.tipo === 'tick' ? r.marcado : null,
    resultado: r.tipo === 'pasa_falla' ? r.resultado : null,
    numero: r.tipo === 'numero' ? r.numero : null,
    texto: r.tipo === 'texto' ? r.texto.trim() : null,
    fotos: r.tipo === 'foto' ? fotos : [],
    firmante: r.tipo === 'firma' ? (r.firmante?.trim() ?? null) : null,
    nota: r.nota?.trim() ? r.nota.trim() : (item.respuesta?.nota ?? null),
    por,
    en,
  };
}

/**
 * The item's current answer as it would be sent again (to add a note or evidence photos), keeping
 * its note and photos. Null when the item has no answer yet, for a photo item (its photos are its
 * answer) and for a signature, whose image only the server keeps.
 */
export function respuestaBase(item: ItemChecklist): Exclude<ResponderItem, { tipo: 'foto' | 'firma' }> | null {
  const r = item.respuesta;
  if (!r) return null;
  const comunes = {
    ...(r.nota ? { nota: r.nota } : {}),
    ...(r.fotos.length ? { archivos: r.fotos.map((f) => f.id) } : {}),
  };
  switch (item.tipo) {
    case 'tick':
      return r.marcado === null ? null : { tipo: 'tick', marcado: r.marcado, ...comunes };
    case 'pasa_falla':
      return r.resultado === null ? null : { tipo: 'pasa_falla', resultado: r.resultado, ...comunes };
    case 'numero':
      return r.numero === null
        ? null
        : { tipo: 'numero', numero: r.numero, ...(item.fallido ? { fallido: true } : {}), ...comunes };
    case 'texto':
      return r.texto === null ? null : { tipo: 'texto', texto: r.texto, ...comunes };
    default:
      return null;
  }
}

/**
 * The item's answer sent again with a note (what was found, why it failed). Null without an
 * answer to go with, without text, or for a signature.
 */
export function conNota(item: ItemChecklist, nota: string): ResponderItem | null {
  const n = nota.trim();
  const r = item.respuesta;
  if (!r || !n) return null;
  if (item.tipo === 'foto')
    return r.fotos.length ? { tipo: 'foto', archivos: r.fotos.map((f) => f.id), nota: n } : null;
  const base = respuestaBase(item);
  return base && { ...base, nota: n };
}

/** Whether an answered item can take a note here (not a signature, not before its answer). */
export const admiteNota = (item: ItemChecklist): boolean => conNota(item, '·') !== null;

/** The checklist with one item replaced by `item`, and its summary recomputed. */
export function conItem(checklist: ChecklistOrden, item: ItemChecklist): ChecklistOrden {
  const items = checklist.items.map((i) => (i.id === item.id ? item : i));
  return { ...checklist, items, ...resumenDe(items) };
}

/** The checklist with one item answered here (optimistic). */
export function conRespuestaLocal(
  checklist: ChecklistOrden,
  itemId: number,
  r: ResponderItem,
  por: { id: number; nombre: string },
  en: number,
): ChecklistOrden {
  const item = checklist.items.find((i) => i.id === itemId);
  if (!item) return checklist;
  const respuesta = respuestaLocal(item, r, por, en, item.respuesta?.fotos ?? []);
  return conItem(checklist, {
    ...item,
    respuesta,
    hecho: respuestaHecha(item.tipo, respuesta),
    fallido: esFallido(item, respuesta),
  });
}

/** The checklist after the server's answer to a write of one item. */
export function conItemGuardado(checklist: ChecklistOrden, g: ItemGuardado): ChecklistOrden {
  const items = checklist.items.map((i) => (i.id === g.item.id ? g.item : i));
  return { ...checklist, items, progreso: g.progreso, faltantes: g.faltantes };
}

/** Items grouped by section, in order: consecutive items of the same section go together. */
export function porSeccion<T extends Pick<ItemChecklist, 'seccion'>>(
  items: readonly T[],
): { seccion: string | null; items: T[] }[] {
  const grupos: { seccion: string | null; items: T[] }[] = [];
  for (const item of items) {
    const seccion = item.seccion?.trim() ? item.seccion.trim() : null;
    const ultimo = grupos[grupos.length - 1];
    if (ultimo && ultimo.seccion === seccion) ultimo.items.push(item);
    else grupos.push({ seccion, items: [item] });
  }
  return grupos;
}

/**
 * Parses a number typed on a phone: comma or dot as decimal separator, no thousands separators.
 * null when it is not a number.
 */
export function leerNumero(texto: string): number | null {
  const t = texto.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The checklist with a follow-up order in its list (once, whatever the answer said before). */
export function conSeguimiento(
  checklist: ChecklistOrden,
  s: Pick<SeguimientoCreado, 'seguimiento' | 'item'>,
): ChecklistOrden {
  if (checklist.seguimientos.some((x) => x.ordenId === s.seguimiento.ordenId)) return checklist;
  return { ...checklist, seguimientos: [...checklist.seguimientos, { ...s.seguimiento, itemId: s.item.id }] };
}

/**
 * The items with an answer or photos waiting in the outbox (issue 36): the last change of each,
 * `pendiente` or `rechazado`, and whether it carries photos. The item shows it marked, in place of
 * who answered and when, until the server has it.
 */
export function itemsEnEspera(cambios: readonly Cambio[]): ReadonlyMap<number, EnEspera> {
  const marcas = new Map<number, EnEspera>();
  for (const c of cambios) {
    if (c.tipo !== 'checklist' && c.tipo !== 'checklistFoto') continue;
    const itemId = (c.cuerpo as { itemId?: unknown } | null)?.itemId;
    if (typeof itemId !== 'number') continue;
    const antes = marcas.get(itemId);
    marcas.set(itemId, { estado: c.estado, fotos: (antes?.fotos ?? false) || c.tipo === 'checklistFoto' });
  }
  return marcas;
}

export interface EnEspera {
  estado: Cambio['estado'];
  /** Photos are among what waits (a photo item's answer, or evidence). */
  fotos: boolean;
}
