import type { FastifyPluginAsync } from 'fastify';
import { RUTAS, RUTAS_ETIQUETAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import type { Services } from '../../services.js';
import { actorOf } from '../../kernel/actor.js';
import type { Clase } from './catalog.repository.js';

/** Order types and areas (same calls, two catalogues), and the E5S area catalogue. */
export const catalogRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    for (const clase of ['tipo', 'area'] as const satisfies readonly Clase[]) {
      const r = RUTAS_ETIQUETAS[clase];
      registrar(app, r.lista, async (req) => s.catalog.list(actorOf(req), clase, req.query.incluirArchivados));
      registrar(app, r.crear, async (req) => s.catalog.create(actorOf(req), clase, req.body.nombre));
      registrar(app, r.modificar, async (req) => s.catalog.update(actorOf(req), clase, req.params.id, req.body));
      registrar(app, r.borrar, async (req) => s.catalog.delete(actorOf(req), clase, req.params.id));
    }
    registrar(app, RUTAS.e5sAreas, async (req) => s.catalog.e5sList(actorOf(req)));
    registrar(app, RUTAS.e5sImportar, async (req) => s.catalog.e5sImport(actorOf(req), req.body.csv));
  };
