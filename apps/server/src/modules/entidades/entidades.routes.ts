import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { AppError } from '../../kernel/errors.js';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import type { EntidadesService } from './entidades.service.js';
import { MENSAJES_LOGO } from './logo.js';

/** A 2 MB image is ~2.7 MB in base64; the route takes up to this much, the app 1 MB elsewhere. */
export const LOGO_BODY_LIMIT = 8 * 1024 * 1024;

export const entidadesRoutes =
  (entidades: EntidadesService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.primerosPasos, async (req) => entidades.primerosPasos(actorOf(req)));
    registrar(app, RUTAS.logo, async (req) => entidades.setLogo(actorOf(req), req.body.logo), {
      bodyLimit: LOGO_BODY_LIMIT,
      // Refuse an oversized upload by its declared length, before reading it.
      preParsing: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > LOGO_BODY_LIMIT) {
          throw new AppError('DEMASIADO_GRANDE', MENSAJES_LOGO.grande, { field: 'logo' });
        }
      },
    });
  };
