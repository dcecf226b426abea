import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { enviarDescarga, partesDe, registrarMultipart } from '../files/index.js';
import { idempotenteParaActor, type AlmacenIdempotencia } from '../idempotencia/index.js';
import type { EquipmentFiles } from './equipment.archivos.js';
import { actorOf } from '../../kernel/actor.js';
import { AppError } from '../../kernel/errors.js';
import { enviarGenerado, registrar } from '../../kernel/rutas.js';
import { contentDisposition } from '../../lib/descarga.js';
import { IMPORTAR_BODY_LIMIT } from '../../lib/tabla-importada.js';
import type { EquipmentService } from './equipment.service.js';

/** Sites and equipment: CRUD, import, labels, QR, history (docs/EQUIPOS.md). */
export const equipmentRoutes =
  (
    eq: EquipmentService,
    archivos: EquipmentFiles,
    opciones: { limiteBytes: number; idempotencia: AlmacenIdempotencia },
  ): FastifyPluginAsync =>
  async (app) => {
    await registrarMultipart(app, opciones.limiteBytes);
    registrar(app, RUTAS.ubicaciones, async (req) => eq.listUbicaciones(actorOf(req), req.query));
    registrar(app, RUTAS.crearUbicacion, async (req) => eq.saveUbicacion(actorOf(req), null, req.body));
    registrar(app, RUTAS.ubicacion, async (req) => eq.findUbicacion(actorOf(req), req.params.id));
    registrar(app, RUTAS.guardarUbicacion, async (req) => eq.saveUbicacion(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.borrarUbicacion, async (req) => {
      await eq.deleteUbicacion(actorOf(req), req.params.id);
      return { ok: true };
    });

    registrar(app, RUTAS.equipos, async (req) => eq.listEquipos(actorOf(req), req.query));
    registrar(app, RUTAS.crearEquipo, async (req) => eq.saveEquipo(actorOf(req), null, req.body));
    registrar(app, RUTAS.importarEquipos, async (req) => eq.importar(actorOf(req), req.body), {
      bodyLimit: IMPORTAR_BODY_LIMIT,
    });
    registrar(app, RUTAS.etiquetasEquipos, async (req, reply) => {
      const pdf = await eq.etiquetas(actorOf(req), req.body.ids);
      return enviarGenerado(reply, 'application/pdf', contentDisposition('etiquetas-equipos.pdf', true), pdf);
    });
    registrar(app, RUTAS.equipo, async (req) => eq.findEquipo(actorOf(req), req.params.id));
    registrar(app, RUTAS.guardarEquipo, async (req) => eq.saveEquipo(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.borrarEquipo, async (req) => {
      await eq.deleteEquipo(actorOf(req), req.params.id);
      return { ok: true };
    });
    registrar(app, RUTAS.historialEquipo, async (req) => eq.historial(actorOf(req), req.params.id, req.query));
    registrar(app, RUTAS.archivosEquipo, async (req) => archivos.list(actorOf(req), req.params.id));
    registrar(
      app,
      RUTAS.agregarArchivosEquipo,
      async (req) => {
        if (!req.isMultipart()) {
          throw AppError.invalid('archivos', 'Los archivos se envían como multipart/form-data (campo "archivos").');
        }
        return archivos.create(actorOf(req), req.params.id, partesDe(req));
      },
      idempotenteParaActor(opciones.idempotencia),
    );
    registrar(app, RUTAS.descargarArchivoEquipo, async (req, reply) => {
      const d = await archivos.descarga(actorOf(req), req.params.id, req.params.archivoId);
      const inline = req.query.inline !== undefined && req.query.inline !== '0' && req.query.inline !== 'false';
      return enviarDescarga(req, reply, d, inline);
    });
    registrar(app, RUTAS.miniaturaArchivoEquipo, async (req, reply) => {
      const d = await archivos.descarga(actorOf(req), req.params.id, req.params.archivoId, true);
      return enviarDescarga(req, reply, d, true);
    });
    registrar(app, RUTAS.borrarArchivoEquipo, async (req) =>
      archivos.delete(actorOf(req), req.params.id, req.params.archivoId),
    );
    registrar(app, RUTAS.resolverQr, async (req) => eq.resolverQr(actorOf(req), req.params.codigo));
  };
