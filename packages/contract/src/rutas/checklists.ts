import * as ck from '../checklists.js';
import { rutaDeGrupo, zParamId } from './definir.js';

const rutaDeChecklists = rutaDeGrupo({ tags: ['checklists'] });

const OFFLINE =
  'Admite Idempotency-Key (la bandeja de salida de la app la reenvía): la misma clave se aplica una sola vez y repite la respuesta.';

/**
 * Checklists (issue 31; docs/CHECKLISTS.md): the template of each order type (versioned) and the
 * checklist of each order, answered item by item. Another company's order or type is a 404.
 */
export const RUTAS_CHECKLISTS = {
  plantillaChecklist: rutaDeChecklists({
    metodo: 'GET',
    path: '/api/v2/checklist/plantilla/:tipoOrdenId',
    summary: 'El checklist (plantilla vigente) de un tipo de orden: versión e ítems en orden; versión 0 si no tiene',
    params: ck.zParamTipoChecklist,
    response: { 200: ck.zPlantillaChecklist },
  }),
  guardarPlantillaChecklist: rutaDeChecklists({
    metodo: 'PUT',
    path: '/api/v2/checklist/plantilla/:tipoOrdenId',
    summary:
      'Reemplaza el checklist de un tipo de orden {items} (hasta 200) con una versión nueva; las órdenes existentes conservan su copia. Requiere altaEtiquetas',
    params: ck.zParamTipoChecklist,
    body: ck.zPlantillaGuardar,
    response: { 200: ck.zPlantillaChecklist },
  }),
  checklistOrden: rutaDeChecklists({
    metodo: 'GET',
    path: '/api/v2/checklist/orden/:id',
    summary:
      'El checklist de una orden: ítems con su respuesta (quién y cuándo), progreso {hechos, total}, obligatorios que faltan, seguimientos y origen',
    params: zParamId,
    response: { 200: ck.zChecklistOrden },
  }),
  responderItemChecklist: rutaDeChecklists({
    metodo: 'PUT',
    path: '/api/v2/checklist/orden/:id/item/:itemId',
    summary:
      'Responde un ítem según su tipo (la última respuesta gana; cada una queda en el historial). Un número fuera de límites solo con fallido: true; la firma, PNG o JPEG de hasta 200 KB',
    description: OFFLINE,
    params: ck.zParamItemChecklist,
    body: ck.zResponderItem,
    response: { 200: ck.zItemGuardado },
  }),
  borrarRespuestaChecklist: rutaDeChecklists({
    metodo: 'DELETE',
    path: '/api/v2/checklist/orden/:id/item/:itemId/respuesta',
    summary: 'Quita la respuesta de un ítem (queda en el historial)',
    description: OFFLINE,
    params: ck.zParamItemChecklist,
    response: { 200: ck.zItemGuardado },
  }),
  agregarItemChecklist: rutaDeChecklists({
    metodo: 'POST',
    path: '/api/v2/checklist/orden/:id/item',
    summary: 'Agrega un ítem propio de la orden (quien puede modificarla); hasta 200 ítems en total',
    description: OFFLINE,
    params: zParamId,
    body: ck.zAgregarItem,
    response: { 200: ck.zChecklistOrden },
  }),
  quitarItemChecklist: rutaDeChecklists({
    metodo: 'DELETE',
    path: '/api/v2/checklist/orden/:id/item/:itemId',
    summary: 'Quita un ítem agregado a la orden (los del tipo de orden no se quitan)',
    description: OFFLINE,
    params: ck.zParamItemChecklist,
    response: { 200: ck.zChecklistOrden },
  }),
  reaplicarChecklist: rutaDeChecklists({
    metodo: 'POST',
    path: '/api/v2/checklist/orden/:id/reaplicar',
    summary:
      'Vuelve a copiar el checklist vigente del tipo de la orden; si hay respuestas, 409 CONFLICTO salvo {reemplazar: true}. Los ítems propios se mantienen',
    params: zParamId,
    body: ck.zReaplicarChecklist,
    response: { 200: ck.zChecklistOrden },
  }),
  crearSeguimiento: rutaDeChecklists({
    metodo: 'POST',
    path: '/api/v2/checklist/orden/:id/item/:itemId/seguimiento',
    summary:
      'Crea una orden de seguimiento de un ítem fallido (cliente, área, tipo, «Seguimiento: …», nota y fotos del ítem), vinculada en las dos órdenes; una por ítem',
    description: OFFLINE,
    params: ck.zParamItemChecklist,
    body: ck.zCrearSeguimiento,
    response: { 200: ck.zSeguimientoCreado },
  }),
  firmaChecklist: rutaDeChecklists({
    metodo: 'GET',
    path: '/api/v2/checklist/orden/:id/item/:itemId/firma',
    summary: 'La imagen (PNG o JPEG) de la firma de un ítem de tipo firma',
    params: ck.zParamItemChecklist,
    forma: 'archivo',
  }),
} as const;
