import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { enviarGenerado, registrar } from '../../kernel/rutas.js';
import { contentDisposition } from '../../lib/descarga.js';
import { XLSX } from '../../lib/xlsx.js';
import type { CumplimientoService } from './cumplimiento.service.js';
import type { InformeService } from './informe.service.js';
import type { OrdenSlaService } from './orden-sla.service.js';
import type { PoliticasService } from './politicas.service.js';
import type { SlaService } from './sla.service.js';

/** Service levels' routes: the business calendar (answering the whole calendar), the policies, the compliance and the monthly report. */
export const slaRoutes =
  (
    calendario: SlaService,
    politicas: PoliticasService,
    cumplimiento: CumplimientoService,
    informes: InformeService,
    ordenes: OrdenSlaService,
  ): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.calendarioHabil, (req) => calendario.calendario(actorOf(req)));
    registrar(app, RUTAS.guardarSemanaHabil, (req) => calendario.guardarSemana(actorOf(req), req.body.semana));
    registrar(app, RUTAS.agregarFeriado, (req) => calendario.agregarFeriado(actorOf(req), req.body));
    registrar(app, RUTAS.quitarFeriado, (req) => calendario.quitarFeriado(actorOf(req), req.params.dia));
    registrar(app, RUTAS.politicasSla, (req) => politicas.listar(actorOf(req)));
    registrar(app, RUTAS.crearPoliticaSla, (req) => politicas.crear(actorOf(req), req.body));
    registrar(app, RUTAS.guardarPoliticaSla, (req) => politicas.guardar(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.cumplimientoSla, (req) => cumplimiento.cumplimiento(actorOf(req), req.query));
    registrar(app, RUTAS.avisosSla, (req) => ordenes.avisos(actorOf(req)));
    registrar(app, RUTAS.guardarAvisosSla, (req) => ordenes.guardarAvisos(actorOf(req), req.body));
    registrar(app, RUTAS.borrarPoliticaSla, (req) => politicas.borrar(actorOf(req), req.params.id));
    registrar(app, RUTAS.informeSla, (req) => informes.informe(actorOf(req), req.query));
    registrar(app, RUTAS.informeSlaPdf, async (req, reply) => {
      const r = await informes.pdf(actorOf(req), req.query);
      return enviarGenerado(reply, 'application/pdf', contentDisposition(r.nombre), r.stream);
    });
    registrar(app, RUTAS.informeSlaXlsx, async (req, reply) => {
      const r = await informes.xlsx(actorOf(req), req.query);
      return enviarGenerado(reply, XLSX, contentDisposition(r.nombre), r.stream);
    });
    registrar(app, RUTAS.enlaceInformeSla, (req) => informes.enlace(actorOf(req), req.body));
    registrar(app, RUTAS.envioInformeSla, (req) => informes.envio(actorOf(req), req.params.id));
    registrar(app, RUTAS.guardarEnvioInformeSla, (req) => informes.guardarEnvio(actorOf(req), req.params.id, req.body));
  };

/**
 * The monthly report by its link's token (no session). The token travels in the query string only:
 * the request log writes the path and the names of the query (lib/log-redaction.ts).
 */
export const slaPublicRoutes =
  (informes: InformeService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.informeSlaPublico, async (req, reply) => {
      const r = await informes.publico(req.query.k, req.ip);
      void reply.header('Cache-Control', 'no-store');
      return r;
    });
    registrar(app, RUTAS.informeSlaPublicoPdf, async (req, reply) => {
      const r = await informes.publicoPdf(req.query.k, req.ip);
      return enviarGenerado(reply, 'application/pdf', contentDisposition(r.nombre), r.stream);
    });
  };
