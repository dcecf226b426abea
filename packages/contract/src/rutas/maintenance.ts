import * as m from '../maintenance.js';
import { rutaDeGrupo, zOk, zParamId } from './definir.js';

const rutaDeMantenimiento = rutaDeGrupo({ tags: ['mantenimiento'] });

/** Scheduled maintenance (issue 32, docs/MANTENIMIENTO.md): recurring plans that create orders. */
export const RUTAS_MANTENIMIENTO = {
  mantenimientos: rutaDeMantenimiento({
    metodo: 'GET',
    path: '/api/v2/mantenimientos',
    summary:
      'Los planes de mantenimiento programado que el usuario puede ver (los de los clientes para los que puede crear órdenes), con sus próximas fechas y las ocurrencias que esperan cupo',
    response: { 200: m.zListaMantenimientos },
  }),
  mantenimiento: rutaDeMantenimiento({
    metodo: 'GET',
    path: '/api/v2/mantenimiento/:id',
    summary: 'Un plan de mantenimiento con sus próximas fechas y ocurrencias; 404 si no existe o no es visible',
    params: zParamId,
    response: { 200: m.zMantenimiento },
  }),
  crearMantenimiento: rutaDeMantenimiento({
    metodo: 'POST',
    path: '/api/v2/mantenimiento',
    summary:
      'Crea un plan {cliente, ubicacion?, equipo?, regla, inicio, fin?, anticipacion, plantilla, activo}. Requiere crearOrden y delegarOrden para el cliente; una regla de más de 366 órdenes por año se rechaza',
    description:
      'Admite Idempotency-Key: la misma clave crea el plan una sola vez y repite la respuesta. La ubicación y el equipo deben ser del cliente (y el equipo, de esa ubicación).',
    body: m.zMantenimientoGuardar,
    response: { 200: m.zMantenimiento },
  }),
  guardarMantenimiento: rutaDeMantenimiento({
    metodo: 'PUT',
    path: '/api/v2/mantenimiento/:id',
    summary:
      'Cambia un plan; las ocurrencias ya creadas quedan, las futuras siguen la regla nueva desde hoy. Mismos permisos que crearlo',
    params: zParamId,
    body: m.zMantenimientoGuardar,
    response: { 200: m.zMantenimiento },
  }),
  pausarMantenimiento: rutaDeMantenimiento({
    metodo: 'POST',
    path: '/api/v2/mantenimiento/:id/pausar',
    summary: 'Pausa un plan: no crea órdenes hasta reanudarlo (lo que vence en la pausa no se recupera)',
    params: zParamId,
    response: { 200: m.zMantenimiento },
  }),
  reanudarMantenimiento: rutaDeMantenimiento({
    metodo: 'POST',
    path: '/api/v2/mantenimiento/:id/reanudar',
    summary: 'Reanuda un plan pausado desde hoy',
    params: zParamId,
    response: { 200: m.zMantenimiento },
  }),
  borrarMantenimiento: rutaDeMantenimiento({
    metodo: 'DELETE',
    path: '/api/v2/mantenimiento/:id',
    summary: 'Borra un plan y sus ocurrencias; las órdenes ya creadas quedan',
    params: zParamId,
    response: { 200: zOk },
  }),
  proyeccionCupo: rutaDeMantenimiento({
    metodo: 'GET',
    path: '/api/v2/mantenimientos/proyeccion',
    summary:
      'Del período actual del plan: cuántas órdenes crearán todavía los planes de mantenimiento de la empresa y cuántas quedan disponibles',
    response: { 200: m.zProyeccionCupo },
  }),
} as const;
