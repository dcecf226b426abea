import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  zE5sArea,
  zE5sImportado,
  zE5sImportar,
  zEtiqueta,
  zEtiquetaBorrada,
  zEtiquetaCrear,
  zEtiquetaModificar,
  zId,
  zListaEtiquetasQuery,
} from '@delego/contract';
import { z } from 'zod';
import { actorOf } from '../auth/auth.plugin.js';
import type { Services } from '../../app.js';
import type { Clase } from './catalog.repository.js';

const zIdParam = z.object({ id: zId });

/** Order types and areas (same calls, two catalogues), and the E5S area catalogue. */
export const catalogRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const catalogo = (clase: Clase, base: string, lista: string, tag: string, que: string) => {
      app.get(
        lista,
        {
          schema: {
            tags: [tag],
            summary: `${que} de la entidad; con ?incluirArchivados=true también los archivados`,
            querystring: zListaEtiquetasQuery,
            response: { 200: z.array(zEtiqueta) },
          },
        },
        async (req) => s.catalog.list(actorOf(req), clase, req.query.incluirArchivados),
      );
      app.post(
        base,
        {
          schema: {
            tags: [tag],
            summary: `Crea: {nombre}; requiere altaEtiquetas`,
            body: zEtiquetaCrear,
            response: { 200: zEtiqueta },
          },
        },
        async (req) => s.catalog.create(actorOf(req), clase, req.body.nombre),
      );
      app.put(
        `${base}/:id`,
        {
          schema: {
            tags: [tag],
            summary: 'Renombra {nombre}; archivado: false lo restaura, true lo archiva',
            params: zIdParam,
            body: zEtiquetaModificar,
            response: { 200: zEtiqueta },
          },
        },
        async (req) => s.catalog.update(actorOf(req), clase, req.params.id, req.body),
      );
      app.delete(
        `${base}/:id`,
        {
          schema: {
            tags: [tag],
            summary: 'Elimina; si hay órdenes que lo usan, lo archiva y lo informa',
            params: zIdParam,
            response: { 200: zEtiquetaBorrada },
          },
        },
        async (req) => s.catalog.remove(actorOf(req), clase, req.params.id),
      );
    };
    catalogo('tipo', '/api/v2/tipoOrden', '/api/v2/tipoOrden/all', 'tipos de orden', 'Tipos de orden');
    catalogo('area', '/api/v3/areas', '/api/v3/areas/all', 'áreas', 'Áreas');

    app.get(
      '/api/v2/e5s/areas',
      {
        schema: {
          tags: ['áreas'],
          summary: 'Catálogo de áreas E5S de la entidad (clave y nombre)',
          response: { 200: z.array(zE5sArea) },
        },
      },
      async (req) => s.catalog.e5sList(actorOf(req)),
    );
    app.post(
      '/api/v2/e5s/areas/importar',
      {
        schema: {
          tags: ['áreas'],
          summary: 'Reemplaza el catálogo E5S con un CSV {csv}: líneas "clave;nombre", cabecera opcional',
          body: zE5sImportar,
          response: { 200: zE5sImportado },
        },
      },
      async (req) => s.catalog.e5sImport(actorOf(req), req.body.csv),
    );
  };
