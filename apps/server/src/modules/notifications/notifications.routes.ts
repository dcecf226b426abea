import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { AppError } from '../../kernel/errors.js';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import type { NotificationsService } from './notifications.service.js';

export const notificationsRoutes =
  (notifications: NotificationsService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.notificaciones, async (req) => notifications.list(actorOf(req)));
    registrar(app, RUTAS.notificacionLeida, async (req) => {
      await notifications.marcarLeida(actorOf(req), req.params.id);
      return { ok: true };
    });
    registrar(app, RUTAS.registrarDispositivo, async (req) => {
      const alta = req.params.flag === 'true';
      await notifications.register(actorOf(req), alta, req.params.deviceToken);
      return { ok: true, registrado: alta };
    });
    registrar(app, RUTAS.vapid, async () => {
      const publicKey = notifications.vapidPublicKey;
      if (!publicKey) throw AppError.notFound('Las notificaciones push no están habilitadas en este servidor.');
      return { publicKey };
    });
  };
