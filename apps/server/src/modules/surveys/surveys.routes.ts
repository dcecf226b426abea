import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import type { SurveysService } from './surveys.service.js';

/** An answer is a rating and a comment of at most 2000 characters: a larger body is refused (413). */
export const ENCUESTA_BODY_LIMIT = 16 * 1024;

/** Sending, the company setting and the results (issue 13): behind the auth hook. */
export const surveysRoutes =
  (surveys: SurveysService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.encuestas, async (req) => surveys.resultados(actorOf(req), req.query));
    registrar(app, RUTAS.enviarEncuesta, async (req) => surveys.enviar(actorOf(req), req.body));
    registrar(app, RUTAS.encuestasDeOrden, async (req) => surveys.listDeOrden(actorOf(req), req.params.id));
    registrar(app, RUTAS.configEncuestas, async (req) => surveys.config(actorOf(req)));
    registrar(app, RUTAS.guardarConfigEncuestas, async (req) => surveys.saveConfig(actorOf(req), req.body));
  };

/**
 * The public page's two calls (encuestas/<k>): outside the auth hook, by the link's token, limited
 * per address and per link. The token travels in the query or the body: the request log writes
 * the path only, and lib/log-redaction.ts masks `k=`.
 */
export const surveysPublicRoutes =
  (surveys: SurveysService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.encuestaPublica, async (req) => surveys.publica(req.query.k, req.ip));
    registrar(app, RUTAS.responderEncuesta, async (req) => surveys.responder(req.body, req.ip), {
      bodyLimit: ENCUESTA_BODY_LIMIT,
    });
  };
