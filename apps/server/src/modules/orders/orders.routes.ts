import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FECHA_KINDS,
  zCambioArea,
  zCambioDetalle,
  zCambioEstado,
  zCambioFecha,
  zCambioResponsable,
  zCambioTipo,
  zCambioTitulo,
  zClienteUsado,
  zEstado,
  zEventoOrden,
  zFiltros,
  zFiltrosSimples,
  zId,
  zOrdenDetalle,
  zOrdenGuardada,
  zOrdenGuardar,
  zOrdenResumen,
  zPaginaOrdenes,
  zPrioridad,
  zResponsableDisponible,
} from '@delego/contract';
import { z } from 'zod';
import type { Services } from '../../app.js';
import { AppError } from '../../lib/errors.js';
import { actorOf } from '../auth/auth.plugin.js';

const zIdParam = z.object({ id: zId });
const tags = ['órdenes'];

export const ordersRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const o = s.orders;

    app.post(
      '/api/v4/ordenes/all/filtered',
      { schema: { tags, summary: 'Órdenes filtradas, ordenadas y paginadas', body: zFiltros, response: { 200: zPaginaOrdenes } } },
      async (req) => o.listar(actorOf(req), req.body),
    );
    app.post(
      '/api/v2/ordenes/all/filtered',
      { schema: { tags, summary: 'Órdenes por estados y texto (las 100 más recientes)', body: zFiltrosSimples, response: { 200: z.array(zOrdenResumen) } } },
      async (req) => o.listarSimple(actorOf(req), req.body),
    );
    app.get(
      '/api/v3/ordenDTO/:id',
      { schema: { tags, summary: 'Detalle de una orden', params: zIdParam, response: { 200: zOrdenDetalle } } },
      async (req) => o.detalle(actorOf(req), req.params.id),
    );
    app.get(
      '/api/v2/orden/:id',
      { schema: { tags, summary: 'Una orden tal como se guarda (referencias por id)', params: zIdParam, response: { 200: zOrdenGuardada } } },
      async (req) => o.guardada(actorOf(req), req.params.id),
    );
    app.delete(
      '/api/v2/orden/:id',
      { schema: { tags, summary: 'Elimina una orden (requiere borrarOrden para su cliente)', params: zIdParam, response: { 200: z.object({ ok: z.boolean() }) } } },
      async (req) => {
        await o.eliminar(actorOf(req), req.params.id);
        return { ok: true };
      },
    );
    app.post(
      '/api/v2/ordenes/save',
      { schema: { tags, summary: 'Crea (sin id) o modifica (con id) una orden', body: zOrdenGuardar, response: { 200: zOrdenDetalle } } },
      async (req) => o.guardar(actorOf(req), req.body),
    );
    app.put(
      '/api/v2/estado/:id',
      { schema: { tags, summary: 'Cambia el estado con un comentario', params: zIdParam, body: zCambioEstado, response: { 200: zOrdenDetalle } } },
      async (req) => o.cambiarEstado(actorOf(req), req.params.id, req.body),
    );
    app.put(
      '/api/v3/responsable/:id',
      { schema: { tags, summary: 'Cambia los responsables (uno o varios)', params: zIdParam, body: zCambioResponsable, response: { 200: zOrdenDetalle } } },
      async (req) => o.cambiarResponsables(actorOf(req), req.params.id, req.body),
    );
    app.get(
      '/api/v2/historial/detalle/:id',
      { schema: { tags, summary: 'Historial de la orden', params: zIdParam, response: { 200: z.array(zEventoOrden) } } },
      async (req) => o.historial(actorOf(req), req.params.id),
    );
    app.post(
      '/api/v2/detalle/:id',
      { schema: { tags, summary: 'Cambia el detalle', params: zIdParam, body: zCambioDetalle, response: { 200: zOrdenDetalle } } },
      async (req) => o.editarCampo(actorOf(req), req.params.id, { campo: 'detalle', valor: req.body.detalle }),
    );
    app.post(
      '/api/v2/titulo/:id',
      { schema: { tags, summary: 'Cambia el título', params: zIdParam, body: zCambioTitulo, response: { 200: zOrdenDetalle } } },
      async (req) => o.editarCampo(actorOf(req), req.params.id, { campo: 'titulo', valor: req.body.titulo }),
    );
    app.post(
      '/api/v2/fecha/:id/:kind',
      {
        schema: {
          tags,
          summary: 'Cambia la fecha de inicio o de fin (kind: inicio | fin)',
          params: zIdParam.extend({ kind: z.enum(FECHA_KINDS) }),
          body: zCambioFecha,
          response: { 200: zOrdenDetalle },
        },
      },
      async (req) => {
        const campo = req.params.kind === 'inicio' || req.params.kind === 'fechaInicio' ? 'fechaInicio' : 'fechaFin';
        return o.editarCampo(actorOf(req), req.params.id, { campo, valor: req.body.fecha ?? null });
      },
    );
    app.post(
      '/api/v2/tipoOrden/:orderId/:typeId',
      {
        schema: {
          tags,
          summary: 'Cambia el tipo de orden',
          params: z.object({ orderId: zIdParam.shape.id, typeId: zIdParam.shape.id }),
          body: zCambioTipo,
          response: { 200: zOrdenDetalle },
        },
      },
      async (req) => {
        if (req.body.tipoOrdenId !== req.params.typeId) {
          throw AppError.invalid('tipoOrdenId', 'El tipo de orden del cuerpo no coincide con el de la ruta.');
        }
        return o.editarCampo(actorOf(req), req.params.orderId, { campo: 'tipo', valor: req.params.typeId });
      },
    );
    app.post(
      '/api/v2/area/:orderId/:areaId',
      {
        schema: {
          tags,
          summary: 'Cambia el área',
          params: z.object({ orderId: zIdParam.shape.id, areaId: zIdParam.shape.id }),
          body: zCambioArea,
          response: { 200: zOrdenDetalle },
        },
      },
      async (req) => {
        if (req.body.areaId !== req.params.areaId) {
          throw AppError.invalid('areaId', 'El área del cuerpo no coincide con la de la ruta.');
        }
        return o.editarCampo(actorOf(req), req.params.orderId, { campo: 'area', valor: req.params.areaId });
      },
    );
    app.get(
      '/api/v2/usuarios/:cliente',
      {
        schema: {
          tags,
          summary: 'Usuarios que pueden ser responsables (de un cliente o todos)',
          params: z.object({ cliente: z.union([z.literal('todos'), zIdParam.shape.id]) }),
          response: { 200: z.array(zResponsableDisponible) },
        },
      },
      async (req) => o.responsablesDisponibles(actorOf(req), req.params.cliente),
    );
    app.get(
      '/api/v3/test/clientes-usados',
      { schema: { tags, summary: 'Clientes con órdenes visibles (para el filtro)', response: { 200: z.array(zClienteUsado) } } },
      async (req) => o.clientesUsados(actorOf(req)),
    );
    app.get(
      '/api/v2/estados',
      { schema: { tags, summary: 'Estados y transiciones permitidas', response: { 200: z.array(zEstado) } } },
      async () => o.estados(),
    );
    app.get(
      '/api/v2/prioridades',
      { schema: { tags, summary: 'Prioridades de la entidad', response: { 200: z.array(zPrioridad) } } },
      async (req) => o.prioridades(actorOf(req)),
    );
  };
