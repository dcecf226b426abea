import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zId, zNotificacion, zRegistroDispositivo } from '@delego/contract';
import { z } from 'zod';
import type { Services } from '../../app.js';
import { AppError } from '../../lib/errors.js';
import { actorOf } from '../auth/auth.plugin.js';

const tags = ['notificaciones'];

export const notificationsRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v2/notificaciones/all',
      { schema: { tags, summary: 'Notificaciones del usuario, las más nuevas primero', response: { 200: z.array(zNotificacion) } } },
      async (req) => s.notifications.listar(actorOf(req)),
    );
    app.put(
      '/api/v2/notificaciones/leida/:id',
      {
        schema: {
          tags,
          summary: 'Marca una notificación como leída',
          params: z.object({ id: zId }),
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async (req) => {
        await s.notifications.marcarLeida(actorOf(req), req.params.id);
        return { ok: true };
      },
    );
    app.get(
      '/api/v2/notificaciones/registrar/:flag/:deviceToken',
      {
        schema: {
          tags,
          summary:
            'Registra (true) o quita (false) un dispositivo para notificaciones push; una suscripción Web Push solo de servicios conocidos (HTTPS)',
          params: zRegistroDispositivo,
          response: { 200: z.object({ ok: z.boolean(), registrado: z.boolean() }) },
        },
      },
      async (req) => {
        const registrar = req.params.flag === 'true';
        await s.notifications.registrar(actorOf(req), registrar, req.params.deviceToken);
        return { ok: true, registrado: registrar };
      },
    );
    app.get(
      '/api/v2/notificaciones/vapid',
      {
        schema: {
          tags,
          summary: 'Clave pública VAPID para suscribir el navegador a Web Push',
          response: { 200: z.object({ publicKey: z.string() }) },
        },
      },
      async () => {
        const publicKey = s.notifications.vapidPublicKey;
        if (!publicKey) throw AppError.notFound('Las notificaciones push no están habilitadas en este servidor.');
        return { publicKey };
      },
    );
  };
