import * as x from '../externos.js';
import { rutaDeGrupo, zParamId } from './definir.js';

const rutaDeExternos = rutaDeGrupo({ tags: ['externos'] });

const QUIEN = 'Quien puede delegar órdenes del cliente de la orden (404 si no la ve, 403 si no puede delegar).';
const CREDENCIAL =
  'Con `Authorization: Externo <k>` (el enlace del externo): 401 si el enlace no existe, 410 si se revocó o venció.';

/**
 * Contractor links (issue 33 part 2, docs/EXTERNOS.md): the company hands an order to an outsider,
 * revokes or renews the link; the outsider, with the link as credential, reads the order, accepts
 * or rejects it. Their other acts go through the order's own routes (state, files, hours,
 * checklist), which accept the same credential for that order only.
 */
export const RUTAS_EXTERNOS = {
  enlacesExternos: rutaDeExternos({
    metodo: 'GET',
    path: '/api/v4/externos/orden/:id',
    summary: `Los enlaces de externos de una orden, el más nuevo primero. ${QUIEN}`,
    params: zParamId,
    response: { 200: x.zEnlacesExternosOrden },
  }),
  entregarAExterno: rutaDeExternos({
    metodo: 'POST',
    path: '/api/v4/externos/orden/:id',
    summary: `Entrega la orden a un externo: crea su enlace (lo envía por correo si hay email) y lo suma a los responsables. 409 si ya hay un enlace activo. ${QUIEN}`,
    params: zParamId,
    body: x.zEntregaExterno,
    response: { 200: x.zEnlaceExterno },
  }),
  revocarExterno: rutaDeExternos({
    metodo: 'POST',
    path: '/api/v4/externos/:id/revocar',
    summary: `Revoca el enlace (:id): desde ese momento responde 410 en todas las instancias. ${QUIEN}`,
    params: zParamId,
    response: { 200: x.zEnlaceExterno },
  }),
  renovarExterno: rutaDeExternos({
    metodo: 'POST',
    path: '/api/v4/externos/:id/renovar',
    summary: `Renueva el enlace (:id) por ${x.LIMITES_EXTERNO.diasTrasFinalizar} días más desde hoy (también uno vencido). ${QUIEN}`,
    params: zParamId,
    response: { 200: x.zEnlaceExterno },
  }),
  vistaExterno: rutaDeExternos({
    metodo: 'GET',
    path: '/api/v4/externo',
    summary: `La orden del enlace, como la ve el externo, y qué puede hacer. ${CREDENCIAL}`,
    response: { 200: x.zVistaExterno },
  }),
  aceptarExterno: rutaDeExternos({
    metodo: 'POST',
    path: '/api/v4/externo/aceptar',
    summary: `El externo acepta la orden. 409 si ya la respondió. ${CREDENCIAL}`,
    response: { 200: x.zVistaExterno },
  }),
  rechazarExterno: rutaDeExternos({
    metodo: 'POST',
    path: '/api/v4/externo/rechazar',
    summary: `El externo rechaza la orden con un motivo: deja de ser responsable y el enlace no permite más cambios. 409 si ya la respondió. ${CREDENCIAL}`,
    body: x.zRechazoExterno,
    response: { 200: x.zVistaExterno },
  }),
} as const;
