import { z } from 'zod';
import { zEpochMs, zId, zIdCon, zIdNombre, zOrdenNumeroTitulo, zTexto } from './common.js';

/**
 * Checklists (issue 31, docs/CHECKLISTS.md): what had to be checked on an order. Each order type
 * may have a template (ordered items in optional sections), versioned: a save makes a new version
 * and the orders keep the copy they got. An order's checklist is that copy plus ad-hoc items, each
 * answered on its own (the later answer wins, every answer goes to the history). Required items not
 * done block Finalizada; a failed check can become a follow-up order linked both ways.
 */

/**
 * The kinds of item: `tick` (done or not), `pasa_falla` (pass, fail or not applicable), `numero`
 * (a measure with its unit and optional limits), `texto` (short text), `foto` (at least one photo
 * of the order's files) and `firma` (a signature image).
 */
export const TIPOS_ITEM_CHECKLIST = ['tick', 'pasa_falla', 'numero', 'texto', 'foto', 'firma'] as const;
export type TipoItemChecklist = (typeof TIPOS_ITEM_CHECKLIST)[number];

/** What each kind is called on screen. */
export const NOMBRES_TIPO_ITEM: Record<TipoItemChecklist, string> = {
  tick: 'Tilde',
  pasa_falla: 'Pasa / Falla / No aplica',
  numero: 'Número',
  texto: 'Texto corto',
  foto: 'Foto',
  firma: 'Firma',
};

/** The result of a pass/fail item: `na` is «No aplica». */
export const RESULTADOS_PASA_FALLA = ['pasa', 'falla', 'na'] as const;
export type ResultadoPasaFalla = (typeof RESULTADOS_PASA_FALLA)[number];

export const LIMITES_CHECKLIST = {
  /** Items of a template, and of an order's checklist (template items plus ad-hoc ones). */
  items: 200,
  /** Characters of a label, a text answer, a note. */
  texto: 2000,
  /** Characters of a section's name. */
  seccion: 200,
  /** Characters of a number's unit. */
  unidad: 30,
  /** Photos in one answer. */
  fotosPorItem: 20,
  /** Bytes of a signature image (PNG or JPEG). */
  firmaBytes: 200 * 1024,
  /** Characters of the name of who signs. */
  firmante: 200,
} as const;

/** Fixed Spanish texts of these calls, shared by server and web. */
export const MENSAJES_CHECKLIST = {
  demasiadosItems: `Un checklist admite hasta ${LIMITES_CHECKLIST.items} ítems.`,
  etiquetaVacia: 'Cada ítem necesita un texto.',
  etiquetaLarga: `El texto de un ítem admite hasta ${LIMITES_CHECKLIST.texto} caracteres.`,
  textoLargo: `La respuesta admite hasta ${LIMITES_CHECKLIST.texto} caracteres.`,
  notaLarga: `La nota admite hasta ${LIMITES_CHECKLIST.texto} caracteres.`,
  seccionLarga: `El nombre de una sección admite hasta ${LIMITES_CHECKLIST.seccion} caracteres.`,
  unidadLarga: `La unidad admite hasta ${LIMITES_CHECKLIST.unidad} caracteres.`,
  minMayorQueMax: 'El mínimo no puede ser mayor que el máximo.',
  limitesSoloNumero: 'Unidad, mínimo y máximo solo corresponden a los ítems de tipo número.',
  numeroInvalido: 'Escriba un número.',
  fueraDeRango: (etiqueta: string, limites: string) =>
    `El valor de «${etiqueta}» está fuera de los límites (${limites}): solo se acepta marcándolo como fallido.`,
  sinFotos: 'Un ítem de foto necesita al menos una foto.',
  demasiadasFotos: `Un ítem admite hasta ${LIMITES_CHECKLIST.fotosPorItem} fotos.`,
  fotoAjena: 'Alguna foto indicada no es un archivo de imagen de esta orden.',
  tipoDistinto: (etiqueta: string, tipo: TipoItemChecklist) =>
    `«${etiqueta}» es un ítem de tipo ${NOMBRES_TIPO_ITEM[tipo].toLowerCase()}: la respuesta no corresponde.`,
  firmaInvalida: 'La firma debe ser una imagen PNG o JPEG válida.',
  firmaGrande: `La firma admite hasta ${LIMITES_CHECKLIST.firmaBytes / 1024} KB.`,
  sinPermisoPlantilla: 'Necesita el permiso «Áreas y tipos de orden» para editar el checklist de un tipo de orden.',
  sinPermisoModificar:
    'No puede modificar el checklist de esta orden: necesita el permiso «Modificar órdenes» o ser su responsable.',
  itemNoEncontrado: 'El ítem no existe en el checklist de esta orden.',
  soloAdHoc: 'Solo se pueden quitar los ítems agregados a la orden; los del tipo de orden se mantienen.',
  reemplazarRespuestas: (n: number) =>
    `El checklist de la orden tiene ${n} ${n === 1 ? 'respuesta' : 'respuestas'}. Volver a aplicar el del tipo de orden las reemplaza: confirme con reemplazar: true.`,
  sinPlantilla: 'El tipo de orden no tiene checklist.',
  sinTipo: 'La orden no tiene tipo de orden.',
  noFallido: 'Solo un ítem fallido (Falla, o un número fuera de sus límites) puede generar una orden de seguimiento.',
  faltanRequeridos: (etiquetas: readonly string[]) =>
    `No se puede finalizar: faltan ítems obligatorios del checklist: ${etiquetas.map((e) => `«${e}»`).join(', ')}.`,
} as const;

const zEtiquetaItem = zTexto('El texto del ítem debe ser un texto.')
  .trim()
  .min(1, MENSAJES_CHECKLIST.etiquetaVacia)
  .max(LIMITES_CHECKLIST.texto, MENSAJES_CHECKLIST.etiquetaLarga);
const zSeccion = zTexto('La sección debe ser un texto.')
  .trim()
  .max(LIMITES_CHECKLIST.seccion, MENSAJES_CHECKLIST.seccionLarga);
const zLimite = z.number(MENSAJES_CHECKLIST.numeroInvalido).finite(MENSAJES_CHECKLIST.numeroInvalido);
const zNota = zTexto('La nota debe ser un texto.').trim().max(LIMITES_CHECKLIST.texto, MENSAJES_CHECKLIST.notaLarga);

/** One item as written in a template or added to an order (what the forms send). */
export const zItemChecklistNuevo = z
  .object({
    /** The section it goes under (empty or absent: no section). */
    seccion: zSeccion.nullable().optional(),
    etiqueta: zEtiquetaItem,
    tipo: z.enum(TIPOS_ITEM_CHECKLIST, 'El tipo del ítem debe ser tick, pasa_falla, numero, texto, foto o firma.'),
    requerido: z.boolean('requerido debe ser true o false.').optional().default(false),
    /** Shown on the order's public summary (its answer too). */
    publico: z.boolean('publico debe ser true o false.').optional().default(false),
    unidad: zTexto('La unidad debe ser un texto.')
      .trim()
      .max(LIMITES_CHECKLIST.unidad, MENSAJES_CHECKLIST.unidadLarga)
      .nullable()
      .optional(),
    min: zLimite.nullable().optional(),
    max: zLimite.nullable().optional(),
  })
  .superRefine((item, ctx) => {
    if (item.tipo !== 'numero' && (item.unidad || item.min != null || item.max != null)) {
      ctx.addIssue({ code: 'custom', path: ['tipo'], message: MENSAJES_CHECKLIST.limitesSoloNumero });
    }
    if (item.min != null && item.max != null && item.min > item.max) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: MENSAJES_CHECKLIST.minMayorQueMax });
    }
  });
export type ItemChecklistNuevo = z.input<typeof zItemChecklistNuevo>;

/** PUT /api/v2/checklist/plantilla/{tipoOrdenId}: the whole template, in order (a new version). */
export const zPlantillaGuardar = z.object({
  items: z
    .array(zItemChecklistNuevo, 'items debe ser una lista.')
    .max(LIMITES_CHECKLIST.items, MENSAJES_CHECKLIST.demasiadosItems),
});
export type PlantillaGuardar = z.input<typeof zPlantillaGuardar>;

/** An item as a template or a checklist stores it. */
export const zItemDefinido = z.object({
  seccion: z.string().nullable(),
  etiqueta: z.string(),
  tipo: z.enum(TIPOS_ITEM_CHECKLIST),
  requerido: z.boolean(),
  publico: z.boolean(),
  unidad: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type ItemDefinido = z.infer<typeof zItemDefinido>;

/**
 * The template of an order type: `version` 0 and no items when it never had one. Orders created
 * while an older version was current keep the copy they got.
 */
export const zPlantillaChecklist = z.object({
  tipoOrdenId: z.number().int(),
  version: z.number().int(),
  actualizada: zEpochMs.nullable(),
  actualizadaPor: z.string().nullable(),
  items: z.array(zItemDefinido),
});
export type PlantillaChecklist = z.infer<typeof zPlantillaChecklist>;

/** How far a checklist is: items done of all items ("7 de 10"). */
export const zProgresoChecklist = z.object({ hechos: z.number().int(), total: z.number().int() });
export type ProgresoChecklist = z.infer<typeof zProgresoChecklist>;

/** «7 de 10». */
export function textoProgreso(p: ProgresoChecklist): string {
  return `${p.hechos} de ${p.total}`;
}

/** A photo of an answer: a file of the order (its thumbnail and download are the files' routes). */
export const zFotoRespuesta = z.object({ id: z.number().int(), nombre: z.string() });

/** The answer of an item, as stored: only the field of its kind is set. */
export const zRespuestaItem = z.object({
  /** tick: true when ticked. */
  marcado: z.boolean().nullable(),
  resultado: z.enum(RESULTADOS_PASA_FALLA).nullable(),
  numero: z.number().nullable(),
  texto: z.string().nullable(),
  fotos: z.array(zFotoRespuesta),
  /** firma: who signed (optional); the image is at RUTAS.firmaChecklist. */
  firmante: z.string().nullable(),
  nota: z.string().nullable(),
  por: zIdNombre,
  en: zEpochMs,
});
export type RespuestaItem = z.infer<typeof zRespuestaItem>;

/** One item of an order's checklist. */
export const zItemChecklist = zItemDefinido.extend({
  id: z.number().int(),
  /** Added to this order (not from the type's template): only these can be removed. */
  adHoc: z.boolean(),
  respuesta: zRespuestaItem.nullable(),
  /** Answered as its kind asks (a tick ticked, any result, a number, a text, a photo, a signature). */
  hecho: z.boolean(),
  /** A «Falla», or a number outside its limits: it may become a follow-up order. */
  fallido: z.boolean(),
  /** The follow-up order created from this item. */
  seguimiento: zOrdenNumeroTitulo.nullable(),
});
export type ItemChecklist = z.infer<typeof zItemChecklist>;

/** GET /api/v2/checklist/orden/{id}: an order's checklist. */
export const zChecklistOrden = z.object({
  ordenId: z.number().int(),
  /** The type whose template was copied (null: none copied). */
  tipoOrdenId: z.number().int().nullable(),
  /** The template version copied (null: none). */
  version: z.number().int().nullable(),
  /**
   * The order's type changed and its checklist kept its answers: offer «Aplicar el checklist del
   * tipo nuevo» (RUTAS.reaplicarChecklist, asking before replacing).
   */
  plantillaDesactualizada: z.boolean(),
  progreso: zProgresoChecklist,
  /** Labels of the required items not done: what blocks Finalizada. */
  faltantes: z.array(z.string()),
  items: z.array(zItemChecklist),
  /** This order is a follow-up of that one (its failed item). */
  origen: zOrdenNumeroTitulo.extend({ itemId: z.number().int(), etiqueta: z.string() }).nullable(),
  /** Follow-up orders created from this checklist's failed items. */
  seguimientos: z.array(zOrdenNumeroTitulo.extend({ itemId: z.number().int() })),
  /** What the reader may do: answer and add or remove ad-hoc items. */
  modificar: z.boolean(),
});
export type ChecklistOrden = z.infer<typeof zChecklistOrden>;

const zArchivosRespuesta = z
  .array(zId, 'archivos debe ser una lista de ids de archivos de la orden.')
  .max(LIMITES_CHECKLIST.fotosPorItem, MENSAJES_CHECKLIST.demasiadasFotos);

/**
 * Fields every answer may carry: a note, and photos as evidence (image files already uploaded to
 * the order: a failed check's photos travel to its follow-up order). When it was answered on the
 * device travels, as for every change the outbox replays, in the `X-Hecho-En` header.
 */
const camposComunes = {
  nota: zNota.nullable().optional(),
  archivos: zArchivosRespuesta.optional(),
};

/**
 * PUT /api/v2/checklist/orden/{id}/item/{itemId}: the answer of one item, by its kind. A number
 * outside the item's limits is accepted only with `fallido: true` (never silently). A photo answer
 * (and any answer's evidence, `archivos`) names image files already uploaded to the order
 * (RUTAS.agregarArchivos). A signature is a PNG or
 * JPEG in base64 (a data: URL or the bare base64), at most 200 KB.
 */
export const zResponderItem = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('tick'), marcado: z.boolean('marcado debe ser true o false.'), ...camposComunes }),
    z.object({
      tipo: z.literal('pasa_falla'),
      resultado: z.enum(RESULTADOS_PASA_FALLA, 'El resultado debe ser pasa, falla o na.'),
      ...camposComunes,
    }),
    z.object({
      tipo: z.literal('numero'),
      numero: zLimite,
      fallido: z.boolean('fallido debe ser true o false.').optional(),
      ...camposComunes,
    }),
    z.object({
      tipo: z.literal('texto'),
      texto: zTexto('La respuesta debe ser un texto.')
        .trim()
        .min(1, 'Escriba la respuesta.')
        .max(LIMITES_CHECKLIST.texto, MENSAJES_CHECKLIST.textoLargo),
      ...camposComunes,
    }),
    z.object({
      tipo: z.literal('foto'),
      ...camposComunes,
      archivos: zArchivosRespuesta.min(1, MENSAJES_CHECKLIST.sinFotos),
    }),
    z.object({
      tipo: z.literal('firma'),
      /** base64 of 200 KB is ~273,000 characters; the server checks the decoded bytes. */
      imagen: zTexto('La firma debe ser una imagen en base64.')
        .min(1, MENSAJES_CHECKLIST.firmaInvalida)
        .max(280_000, MENSAJES_CHECKLIST.firmaGrande),
      firmante: zTexto('El nombre debe ser un texto.')
        .trim()
        .max(LIMITES_CHECKLIST.firmante, `El nombre admite hasta ${LIMITES_CHECKLIST.firmante} caracteres.`)
        .nullable()
        .optional(),
      ...camposComunes,
    }),
  ],
  { error: 'Indique el tipo de la respuesta: tick, pasa_falla, numero, texto, foto o firma.' },
);
export type ResponderItem = z.input<typeof zResponderItem>;

/** The answer of a write to one item: the item as it is now and the checklist's progress. */
export const zItemGuardado = z.object({
  item: zItemChecklist,
  progreso: zProgresoChecklist,
  faltantes: z.array(z.string()),
});
export type ItemGuardado = z.infer<typeof zItemGuardado>;

/** POST /api/v2/checklist/orden/{id}/item: an ad-hoc item, added at the end (or under its section). */
export const zAgregarItem = zItemChecklistNuevo;
export type AgregarItem = z.input<typeof zAgregarItem>;

/**
 * POST /api/v2/checklist/orden/{id}/reaplicar: copies the current template of the order's type
 * again. When the checklist has answers it asks first: 409 unless `reemplazar: true`. Ad-hoc
 * items stay.
 */
export const zReaplicarChecklist = z.object({
  reemplazar: z.boolean('reemplazar debe ser true o false.').optional().default(false),
});

/**
 * POST /api/v2/checklist/orden/{id}/item/{itemId}/seguimiento: a follow-up order from a failed
 * item, pre-filled from the origin (client, area, type, title «Seguimiento: …», the item's note
 * and photos). A second call for the same item answers the one it already has.
 */
export const zCrearSeguimiento = z.object({
  titulo: zTexto('El título debe ser un texto.')
    .trim()
    .min(1, 'El título es obligatorio.')
    .max(200, 'El título admite hasta 200 caracteres.')
    .optional(),
  responsable: z.array(zId).max(20, 'Hasta 20 responsables.').optional(),
});
export type CrearSeguimiento = z.input<typeof zCrearSeguimiento>;

/** The answer: the follow-up order, and the origin item now linked to it. */
export const zSeguimientoCreado = z.object({
  seguimiento: zOrdenNumeroTitulo,
  item: zItemChecklist,
  /** false when the item already had its follow-up (nothing was created). */
  creado: z.boolean(),
});
export type SeguimientoCreado = z.infer<typeof zSeguimientoCreado>;

/** `{ id }` of an order type. */
export const zParamTipoChecklist = z.object({ tipoOrdenId: zIdCon('Indique el tipo de orden.') });
/** `{ id, itemId }` of an item of an order's checklist. */
export const zParamItemChecklist = z.object({ id: zId, itemId: zId });

/**
 * Whether an answer makes an item done, by its kind (the server stores it; the web shows it the
 * same way while an answer waits in the outbox).
 */
export function respuestaHecha(tipo: TipoItemChecklist, r: RespuestaItem | null): boolean {
  if (!r) return false;
  switch (tipo) {
    case 'tick':
      return r.marcado === true;
    case 'pasa_falla':
      return r.resultado !== null;
    case 'numero':
      return r.numero !== null;
    case 'texto':
      return !!r.texto;
    case 'foto':
      return r.fotos.length > 0;
    case 'firma':
      return true;
  }
}

/** Whether a number falls outside an item's limits. */
export function fueraDeLimites(n: number, item: Pick<ItemDefinido, 'min' | 'max'>): boolean {
  return (item.min !== null && n < item.min) || (item.max !== null && n > item.max);
}

/** The limits of a number item in words: «entre 2 y 5 bar», «mínimo 2», «máximo 5 °C». */
export function textoLimites(item: Pick<ItemDefinido, 'min' | 'max' | 'unidad'>): string {
  const u = item.unidad ? ` ${item.unidad}` : '';
  const f = (n: number) => n.toLocaleString('es-AR', { maximumFractionDigits: 6 });
  if (item.min !== null && item.max !== null) return `entre ${f(item.min)} y ${f(item.max)}${u}`;
  if (item.min !== null) return `mínimo ${f(item.min)}${u}`;
  if (item.max !== null) return `máximo ${f(item.max)}${u}`;
  return 'sin límites';
}
