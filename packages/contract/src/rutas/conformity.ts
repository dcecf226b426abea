import * as conformidad from '../conformity.js';
import { rutaDeGrupo, zParamId } from './definir.js';

const rutaDeConformidad = rutaDeGrupo({ tags: ['conformidad'] });
const rutaPublica = rutaDeGrupo({ tags: ['conformidad'], publica: true });

/**
 * The client's conformity (issue 31, docs/CONFORMIDAD.md): the signature on site, the answer from
 * the public summary, the state on the order, and what each order type requires.
 */
export const RUTAS_CONFORMIDAD = {
  conformidadOrden: rutaDeConformidad({
    metodo: 'GET',
    path: '/api/v2/orden/:id/conformidad',
    summary:
      'La conformidad del cliente con la orden: qué exige su tipo, estado (pendiente, conforme, no_conforme), la firma en el lugar y la respuesta desde el resumen público',
    params: zParamId,
    response: { 200: conformidad.zConformidadOrden },
  }),
  firmarConformidad: rutaDeConformidad({
    metodo: 'POST',
    path: '/api/v2/orden/:id/conformidad/firma',
    summary:
      'El cliente firma en el teléfono {firma (PNG o JPEG en base64, hasta 200 KB), nombre, dni?, fecha?, ubicacion?}; la orden queda conforme y la firma en el historial. Requiere poder modificar la orden; admite Idempotency-Key',
    params: zParamId,
    body: conformidad.zFirmaConformidad,
    response: { 200: conformidad.zConformidadOrden },
  }),
  imagenFirma: rutaDeConformidad({
    metodo: 'GET',
    path: '/api/v2/orden/:id/conformidad/firma',
    summary: 'La imagen de la firma del cliente (PNG o JPEG); 404 si no firmó',
    params: zParamId,
    forma: 'archivo',
  }),
  conformidadRemota: rutaPublica({
    metodo: 'POST',
    path: '/api/v2/ordersummary/conformidad',
    summary:
      'Sin autenticación, por el token del resumen público: el cliente responde «Conforme» o «No conforme» con motivo {k, conforme, motivo}. «No conforme» reabre una orden finalizada y avisa a sus responsables. Una respuesta igual a la última no se registra dos veces; limitada por enlace y por dirección (429)',
    body: conformidad.zConformidadRemota,
    response: { 200: conformidad.zConformidadRemotaHecha },
  }),
  conformidadTipos: rutaDeConformidad({
    metodo: 'GET',
    path: '/api/v2/conformidad/tiposOrden',
    summary: 'Qué conformidad exige cada tipo de orden de la empresa (los que no figuran: no)',
    response: { 200: conformidad.zConformidadTipos },
  }),
  guardarConformidadTipo: rutaDeConformidad({
    metodo: 'PUT',
    path: '/api/v2/conformidad/tipoOrden/:id',
    summary:
      'Cambia cuándo exige la conformidad del cliente un tipo de orden {conformidad: no | antes_de_finalizar | antes_de_facturar}. Requiere altaEtiquetas',
    params: zParamId,
    body: conformidad.zGuardarConformidadTipo,
    response: { 200: conformidad.zConformidadTipo },
  }),
} as const;
