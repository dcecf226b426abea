import { z } from 'zod';
import * as planes from '../plans.js';
import { rutaDeGrupo, zOk } from './definir.js';

const rutaDePlanes = rutaDeGrupo({ tags: ['planes'] });

/**
 * Plans and payments (issue 15; SPEC §7 "Plans", docs/PLANES.md). GET /api/v2/plan/estado is in
 * RUTAS_SISTEMA. Changing the plan is for ADMIN and PROPIETARIO; the webhook answers without a
 * login, checked by MercadoPago's `x-signature`.
 */
export const RUTAS_PLANES = {
  planes: rutaDePlanes({
    metodo: 'GET',
    path: '/api/v2/plan/all',
    summary:
      'Catálogo de planes activos: nombre, precio mensual en ARS, quota (null = ilimitada), qué incluye y cuál es el actual',
    response: { 200: z.array(planes.zPlanCatalogo) },
  }),
  planHabilitado: rutaDePlanes({
    metodo: 'GET',
    path: '/api/v2/plan/habilitado',
    summary:
      'Si el usuario puede cambiar el plan (ADMIN o PROPIETARIO), si el servidor está en modo de prueba y la clave pública de MercadoPago',
    response: { 200: planes.zPlanHabilitado },
  }),
  planPagos: rutaDePlanes({
    metodo: 'GET',
    path: '/api/v2/plan/pagos',
    summary: 'Historial de pagos de la empresa, los más nuevos primero (ADMIN o PROPIETARIO)',
    response: { 200: z.array(planes.zPago) },
  }),
  planSuscribir: rutaDePlanes({
    metodo: 'POST',
    path: '/api/v2/plan/suscribir',
    summary:
      'Cambia el plan de la empresa {entidadId, planId, datosTarjeta}: una mejora se cobra y aplica ya; una baja, en la próxima renovación. Una tarjeta rechazada responde 200 con estado «rechazado» y el plan sin cambios (ADMIN o PROPIETARIO)',
    body: planes.zSuscribir,
    response: { 200: planes.zResultadoSuscripcion },
  }),
  planWebhookMercadoPago: rutaDePlanes({
    metodo: 'POST',
    path: '/api/v2/plan/webhook/mercadopago',
    summary:
      'Sin autenticación: notificación de MercadoPago (pagos y suscripciones), verificada por x-signature (401 si no coincide) e idempotente por id de evento',
    querystring: planes.zWebhookQuery,
    body: planes.zWebhookMercadoPago,
    response: { 200: zOk },
    publica: true,
  }),
} as const;
