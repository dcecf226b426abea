import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zLogo, zLogoGuardado } from '@delego/contract';
import { actorOf } from '../auth/auth.plugin.js';
import type { Services } from '../../app.js';
import { AppError } from '../../lib/errors.js';
import { MENSAJES_LOGO } from './logo.js';

/** A 2 MB image is ~2.7 MB in base64; the route takes up to this much, the app 1 MB elsewhere. */
export const LOGO_BODY_LIMIT = 8 * 1024 * 1024;

export const entidadesRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/v3/entidad/logo',
      {
        bodyLimit: LOGO_BODY_LIMIT,
        // Refuse an oversized upload by its declared length, before reading it.
        preParsing: async (req) => {
          if (Number(req.headers['content-length'] ?? 0) > LOGO_BODY_LIMIT) {
            throw new AppError('DEMASIADO_GRANDE', MENSAJES_LOGO.grande, { field: 'logo' });
          }
        },
        schema: {
          tags: ['entidad'],
          summary: 'Cambia el logo de la empresa (PNG, JPEG o WebP, hasta 2 MB); solo administradores',
          body: zLogo,
          response: { 200: zLogoGuardado },
        },
      },
      async (req) => s.entidades.setLogo(actorOf(req), req.body.logo),
    );
  };
