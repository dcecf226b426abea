import type { FastifyPluginAsync } from 'fastify';
import { RUTAS, RUTAS_ETIQUETAS } from '@delego/contract';
import { registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import type { Clase } from './catalog.repository.js';
import type { CatalogService } from './catalog.service.js';

/** Order types and areas (same calls, two catalogues), and the E5S area catalogue. */
export const catalogRoutes =
  (catalog: CatalogService): FastifyPluginAsync =>
  async (app) => {
    for (const clase of ['tipo', 'area'] as const satisfies readonly Clase[]) {
      const r = RUTAS_ETIQUETAS[clase];
      registrar(app, r.lista, async (req) => catalog.list(actorOf(req), clase, req.query.incluirArchivados));
      registrar(app, r.crear, async (req) => catalog.create(actorOf(req), clase, req.body.nombre));
      registrar(app, r.modificar, async (req) => catalog.update(actorOf(req), clase, req.params.id, req.body));
      registrar(app, r.borrar, async (req) => catalog.delete(actorOf(req), clase, req.params.id));
    }
    registrar(app, RUTAS.e5sAreas, async (req) => catalog.e5sList(actorOf(req)));
    registrar(app, RUTAS.e5sImportar, async (req) => catalog.e5sImport(actorOf(req), req.body.csv));
  };
