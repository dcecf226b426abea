import { z } from 'zod';

/**
 * A change waiting in the outbox (docs/APP-DE-CAMPO.md, "Trabajo sin conexión"). `id` is also the
 * `Idempotency-Key` it is sent with, every time, so the server applies it once however many times
 * it goes out. A refused one keeps the server's answer until the person fixes or discards it.
 * `checklist` is the answer of one checklist item (`cuerpo`: `CuerpoChecklist`); `checklistFoto`
 * the photos of a photo item (`archivos`), uploaded and then named in the item's answer
 * (`cuerpo`: `CuerpoChecklistFoto`), issue 31; `conformidadFirma` the client's signature taken on
 * site (`cuerpo`: the contract's `FirmaConformidad`, with when it was signed on the phone).
 */
export const TIPOS_CAMBIO = [
  'estado',
  'registro',
  'archivos',
  'orden',
  'checklist',
  'checklistFoto',
  'conformidadFirma',
] as const;
export type TipoCambio = (typeof TIPOS_CAMBIO)[number];

const zArchivoGuardado = z.object({
  nombre: z.string(),
  tipo: z.string(),
  datos: z.instanceof(Blob),
});

const zError = z.object({ status: z.number(), codigo: z.string(), mensaje: z.string() });

/**
 * What every outbox's change keeps after its identity (the field app's here, the contractor page's
 * in features/externo-publico): what it sends, when it was made, and how sending it went. `archivo`
 * is how a stored file is checked.
 */
export function camposDeEnvio<A extends z.ZodType>(archivo: A) {
  return {
    /** What the person did, in Spanish, for the list of pending changes. */
    descripcion: z.string(),
    /** The JSON body of the call (for files, none: they go in `archivos`). */
    cuerpo: z.unknown(),
    archivos: z.array(archivo).optional(),
    /** When it was made on the device (its `X-Hecho-En`). */
    creado: z.number(),
    /** Order of creation (ties of `creado`). */
    secuencia: z.number(),
    estado: z.enum(['pendiente', 'rechazado']),
    intentos: z.number().int().min(0),
    error: zError.optional(),
  };
}

export const zCambio = z.object({
  id: z.string().uuid(),
  usuarioId: z.number().int(),
  tipo: z.enum(TIPOS_CAMBIO),
  /** The order it changes; null for a new order. */
  ordenId: z.number().int().nullable(),
  /**
   * For a change of an order created offline (its files, issue 36): the key of that order's own
   * change. Its `ordenId` stays null until the order is created; then the outbox sets it.
   */
  ordenClave: z.string().uuid().optional(),
  ...camposDeEnvio(zArchivoGuardado),
});

export type Cambio = z.infer<typeof zCambio>;
export type ArchivoGuardado = z.infer<typeof zArchivoGuardado>;

/** What a screen asks to send: a change, before it gets its key, owner and place in the queue. */
export type NuevoCambio = Pick<Cambio, 'tipo' | 'ordenId' | 'descripcion' | 'cuerpo' | 'archivos' | 'ordenClave'>;

/** The body of a `checklist` change: which item of the order and its answer (RUTAS.responderItemChecklist). */
export interface CuerpoChecklist {
  itemId: number;
  respuesta: Record<string, unknown> & { tipo: string };
}

/**
 * The body of a `checklistFoto` change: the item, the photos it already had (kept) and a note. A
 * photo item's photos are its answer; on any other item they are evidence that goes with its
 * answer (`respuesta`, sent again with them).
 */
export interface CuerpoChecklistFoto {
  itemId: number;
  previas: number[];
  nota?: string;
  respuesta?: CuerpoChecklist['respuesta'];
}
