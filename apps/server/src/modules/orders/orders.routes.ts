import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { AppError } from '../../kernel/errors.js';
import { comoJson, enviarJson, registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import { idempotenteParaActor, type PuertoIdempotencia } from '../idempotencia/index.js';
import type { OrdersLecturasService } from './orders.lecturas.service.js';
import type { OrdersService } from './orders.service.js';

/**
 * The order routes: writes through `o`, reads through `lecturas`; a new order and a state change,
 * which the field app's outbox replays, take an Idempotency-Key (`idempotencia`).
 */
export const ordersRoutes =
  (
    o: OrdersService,
    lecturas: OrdersLecturasService,
    idempotencia: Pick<PuertoIdempotencia, 'reclamar' | 'completar' | 'liberar'>,
  ): FastifyPluginAsync =>
  async (app) => {
    const unaVez = idempotenteParaActor(idempotencia);

    // Written by the route's serializer once, then answered from the page cache as those bytes.
    registrar(app, RUTAS.ordenesFiltradas, async (req, reply) =>
      enviarJson(reply, await lecturas.listJson(actorOf(req), req.body, comoJson(reply))),
    );
    registrar(app, RUTAS.ordenesFiltradasSimple, async (req, reply) =>
      enviarJson(reply, await lecturas.listSimpleJson(actorOf(req), req.body, comoJson(reply))),
    );
    registrar(app, RUTAS.ordenDetalle, async (req, reply) =>
      enviarJson(reply, await lecturas.detalleJson(actorOf(req), req.params.id, comoJson(reply))),
    );
    registrar(app, RUTAS.ordenGuardada, async (req) => lecturas.guardada(actorOf(req), req.params.id));
    registrar(app, RUTAS.eliminarOrden, async (req) => {
      await o.delete(actorOf(req), req.params.id);
      return { ok: true };
    });
    registrar(app, RUTAS.guardarOrden, async (req) => o.save(actorOf(req), req.body), unaVez);
    registrar(app, RUTAS.cambiarEstado, async (req) => o.cambiarEstado(actorOf(req), req.params.id, req.body), unaVez);
    registrar(app, RUTAS.cambiarResponsables, async (req) =>
      o.cambiarResponsables(actorOf(req), req.params.id, req.body),
    );
    registrar(app, RUTAS.historial, async (req) => lecturas.historial(actorOf(req), req.params.id));
    registrar(app, RUTAS.cambiarDetalle, async (req) =>
      o.updateCampo(actorOf(req), req.params.id, { campo: 'detalle', valor: req.body.detalle }),
    );
    registrar(app, RUTAS.cambiarTitulo, async (req) =>
      o.updateCampo(actorOf(req), req.params.id, { campo: 'titulo', valor: req.body.titulo }),
    );
    registrar(app, RUTAS.cambiarFecha, async (req) => {
      const campo = req.params.kind === 'inicio' || req.params.kind === 'fechaInicio' ? 'fechaInicio' : 'fechaFin';
      return o.updateCampo(actorOf(req), req.params.id, { campo, valor: req.body.fecha ?? null });
    });
    registrar(app, RUTAS.cambiarTipo, async (req) => {
      if (req.body.tipoOrdenId !== req.params.typeId) {
        throw AppError.invalid('tipoOrdenId', 'El tipo de orden del cuerpo no coincide con el de la ruta.');
      }
      return o.updateCampo(actorOf(req), req.params.orderId, { campo: 'tipo', valor: req.params.typeId });
    });
    registrar(app, RUTAS.cambiarArea, async (req) => {
      if (req.body.areaId !== req.params.areaId) {
        throw AppError.invalid('areaId', 'El área del cuerpo no coincide con la de la ruta.');
      }
      return o.updateCampo(actorOf(req), req.params.orderId, { campo: 'area', valor: req.params.areaId });
    });
    registrar(app, RUTAS.responsablesDisponibles, async (req) =>
      lecturas.responsablesDisponibles(actorOf(req), req.params.cliente),
    );
    registrar(app, RUTAS.clientesUsados, async (req) => lecturas.clientesUsados(actorOf(req)));
    registrar(app, RUTAS.estados, async () => lecturas.estados());
    registrar(app, RUTAS.prioridades, async (req) => lecturas.prioridades(actorOf(req)));
  };
