import { z } from 'zod';
import { texto, textoOpcional, zImportarPedido } from './admin.js';
import { zEpochMs, zId, zIdNombre, zTexto } from './common.js';
import { camposDePagina, camposPaginacion, camposPaginaDeOrdenes, zOrdenResumen } from './orders.js';

/**
 * Sites and equipment of a client (issue 32, docs/EQUIPOS.md): `ubicaciones` (a client's sites)
 * and `equipos` (a machine at a client, optionally at one of its sites), each with a QR code that
 * opens it in the app; their import from CSV or XLSX, the PDF sheet of labels and the history of
 * the orders done on an equipo.
 */

export const LIMITES_EQUIPOS = {
  nombre: 200,
  codigo: 60,
  direccion: 300,
  ubicacionInterna: 200,
  /** marca, modelo, serie. */
  dato: 120,
  notas: 5_000,
  buscar: 200,
  /** Rows of one import. */
  importarFilas: 2_000,
  /** Labels in one PDF (10 A4 sheets of 24). */
  etiquetas: 240,
  /** Sites listed at once (a client's sites are few; the list is not paged). */
  ubicacionesPorLista: 500,
} as const;

/** Labels per A4 sheet: 3 columns by 8 rows. */
export const ETIQUETAS_POR_HOJA = { columnas: 3, filas: 8 } as const;

/**
 * A QR code as it travels in a URL: 128 random bits in base64url without padding (22 characters).
 * Anything else is a 404, like a code that does not exist.
 */
export const FORMA_CODIGO_QR = /^[A-Za-z0-9_-]{22}$/;

/** The path of the web app a label's QR opens: `${PUBLIC_URL}/q/<codigoQr>`. */
export function rutaQr(codigoQr: string): string {
  return `/q/${codigoQr}`;
}

const zCodigo = textoOpcional('El código', LIMITES_EQUIPOS.codigo);
const zNotas = textoOpcional('Las notas', LIMITES_EQUIPOS.notas);
const zBuscar = zTexto()
  .trim()
  .max(LIMITES_EQUIPOS.buscar, `La búsqueda admite hasta ${LIMITES_EQUIPOS.buscar} caracteres.`);

// ---------------------------------------------------------------------------------------------
// Ubicaciones

/** A site of a client: where its equipment is. `codigo` is unique within the client. */
export const zUbicacionCliente = z.object({
  id: z.number().int(),
  cliente: zIdNombre,
  nombre: z.string(),
  codigo: z.string().nullable(),
  direccion: z.string().nullable(),
  notas: z.string().nullable(),
  codigoQr: z.string(),
  /** How many equipos are at it. */
  equipos: z.number().int(),
});
export type UbicacionCliente = z.infer<typeof zUbicacionCliente>;

/** POST /api/v4/ubicaciones (create) and PUT /api/v4/ubicaciones/:id (every field replaced). */
export const zUbicacionGuardar = z.object({
  cliente: zId,
  nombre: texto('El nombre', LIMITES_EQUIPOS.nombre),
  codigo: zCodigo,
  direccion: textoOpcional('La dirección', LIMITES_EQUIPOS.direccion),
  notas: zNotas,
});
export type UbicacionGuardar = z.input<typeof zUbicacionGuardar>;

/** GET /api/v4/ubicaciones?cliente=&q=: by client, by text (nombre, codigo, direccion; no accents). */
export const zUbicacionesQuery = z.object({
  cliente: zId.optional(),
  q: zBuscar.optional(),
});

// ---------------------------------------------------------------------------------------------
// Equipos

/** An equipo: `codigo` is unique within the company; `ubicacion` is a site of the same client. */
export const zEquipo = zIdNombre.extend({
  codigo: z.string().nullable(),
  cliente: zIdNombre,
  ubicacion: zIdNombre.nullable(),
  /** Where within the site («Sala de máquinas, 2º piso»). */
  ubicacionInterna: z.string().nullable(),
  marca: z.string().nullable(),
  modelo: z.string().nullable(),
  serie: z.string().nullable(),
  notas: z.string().nullable(),
  codigoQr: z.string(),
  creado: zEpochMs,
  actualizado: zEpochMs,
});
export type Equipo = z.infer<typeof zEquipo>;

/** POST /api/v4/equipos (create) and PUT /api/v4/equipos/:id (every field replaced). */
export const zEquipoGuardar = z.object({
  nombre: texto('El nombre', LIMITES_EQUIPOS.nombre),
  codigo: zCodigo,
  cliente: zId,
  ubicacion: zId.nullable().optional(),
  ubicacionInterna: textoOpcional('La ubicación interna', LIMITES_EQUIPOS.ubicacionInterna),
  marca: textoOpcional('La marca', LIMITES_EQUIPOS.dato),
  modelo: textoOpcional('El modelo', LIMITES_EQUIPOS.dato),
  serie: textoOpcional('El número de serie', LIMITES_EQUIPOS.dato),
  notas: zNotas,
});
export type EquipoGuardar = z.input<typeof zEquipoGuardar>;

/**
 * GET /api/v4/equipos?q=&cliente=&ubicacion=&pagina=&porPagina=: paged like the order list;
 * `q` searches nombre, codigo, marca, modelo and serie without accents or case.
 */
export const zEquiposQuery = z.object({
  q: zBuscar.optional(),
  cliente: zId.optional(),
  ubicacion: zId.optional(),
  ...camposPaginacion,
});
export type EquiposQuery = z.input<typeof zEquiposQuery>;

export const zPaginaEquipos = z.object({ equipos: z.array(zEquipo), ...camposDePagina });
export type PaginaEquipos = z.infer<typeof zPaginaEquipos>;

// ---------------------------------------------------------------------------------------------
// Import

/** The accepted columns of an equipment import; `cliente` is a client's name or id. */
export const COLUMNAS_IMPORTAR_EQUIPOS = [
  'cliente',
  'ubicacion',
  'nombre',
  'codigo',
  'marca',
  'modelo',
  'serie',
  'ubicacioninterna',
  'notas',
] as const;

/**
 * POST /api/v4/equipos/importar: the file as base64 (CSV or XLSX, up to 2 MB and 2,000 rows) and
 * `confirmar`. Without it, every row checked and nothing written; with it, every row or none.
 * The answer is `zImportarResultado` (every row with its errors).
 */
export const zImportarEquipos = zImportarPedido;

// ---------------------------------------------------------------------------------------------
// Labels, QR, history

/** POST /api/v4/equipos/etiquetas: the equipos to print, in this order (duplicates print once). */
export const zEtiquetasPedido = z.object({
  ids: z
    .array(zId)
    .min(1, 'Elija al menos un equipo.')
    .max(LIMITES_EQUIPOS.etiquetas, `Se pueden imprimir hasta ${LIMITES_EQUIPOS.etiquetas} etiquetas por vez.`)
    .transform((ids) => [...new Set(ids)]),
});
export type EtiquetasPedido = z.input<typeof zEtiquetasPedido>;

/** GET /api/v4/qr/:codigo. */
export const zParamQr = z.object({ codigo: zTexto().max(64) });

/** What a scanned code is: an equipo or a site of the company, by id. */
export const zQrResuelto = z.object({
  tipo: z.enum(['equipo', 'ubicacion']),
  id: z.number().int(),
});
export type QrResuelto = z.infer<typeof zQrResuelto>;

/** GET /api/v4/equipos/:id/ordenes?pagina=&porPagina=. */
export const zHistorialQuery = z.object({ ...camposPaginacion });

/** Expenses add up per currency. */
export const zTotalGastos = z.object({ moneda: z.string(), centavos: z.number().int() });

/**
 * Every order ever done on an equipo, newest first, paged like the order list, with the totals of
 * all of them (not just the page): minutes of work and expenses per currency.
 */
export const zHistorialEquipo = z.object({
  ...camposPaginaDeOrdenes(zOrdenResumen),
  totales: z.object({
    ordenes: z.number().int(),
    minutos: z.number().int(),
    gastos: z.array(zTotalGastos),
  }),
});
export type HistorialEquipo = z.infer<typeof zHistorialEquipo>;

/** `{ id, archivoId }` of a file of an equipo. */
export const zParamsArchivoEquipo = z.object({ id: zId, archivoId: zId });
