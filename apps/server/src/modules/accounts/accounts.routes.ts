import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import type { AccountsService } from './accounts.service.js';

/** A sign-up is a few hundred bytes: a larger body is refused (413) before it is parsed. */
export const CUENTAS_BODY_LIMIT = 16 * 1024;

/**
 * The public account calls (issue 12): registered outside the auth hook, so they answer without
 * Authorization. Their query strings carry tokens and passwords: the request log writes the path
 * only (app.ts), and lib/log-redaction.ts masks k=, password= and the rest anywhere else.
 */
export const accountsRoutes =
  (accounts: AccountsService): FastifyPluginAsync =>
  async (app) => {
    const opciones = { bodyLimit: CUENTAS_BODY_LIMIT };
    registrar(
      app,
      RUTAS.registrarUsuario,
      async (req, reply) => reply.status(201).send(await accounts.register(req.body, req.ip)),
      opciones,
    );
    registrar(app, RUTAS.reenviarConfirmacion, async (req) => accounts.resendConfirmation(req.body, req.ip), opciones);
    registrar(app, RUTAS.confirmarCuenta, async (req) => accounts.confirm(req.query.k, req.ip));
    registrar(app, RUTAS.recuperarPassword, async (req) => accounts.requestRecovery(req.query.username, req.ip));
    registrar(app, RUTAS.enlaceRecuperarPassword, async (req) => accounts.linkInfo(req.query.k, req.ip));
    registrar(app, RUTAS.confirmarRecuperarPassword, async (req) => accounts.resetPassword(req.query, req.ip));
  };
