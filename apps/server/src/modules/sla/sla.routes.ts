import type { FastifyPluginAsync } from 'fastify';
import { RUTAS } from '@delego/contract';
import { actorOf } from '../../kernel/actor.js';
import { registrar } from '../../kernel/rutas.js';
import type { CumplimientoService } from './cumplimiento.service.js';
import type { PoliticasService } from './politicas.service.js';
import type { SlaService } from './sla.service.js';

/** Service levels' routes: the business calendar (answering the whole calendar) and the policies. */
export const slaRoutes =
  (calendario: SlaService, politicas: PoliticasService, cumplimiento: CumplimientoService): FastifyPluginAsync =>
  async (app) => {
    registrar(app, RUTAS.calendarioHabil, (req) => calendario.calendario(actorOf(req)));
    registrar(app, RUTAS.guardarSemanaHabil, (req) => calendario.guardarSemana(actorOf(req), req.body.semana));
    registrar(app, RUTAS.agregarFeriado, (req) => calendario.agregarFeriado(actorOf(req), req.body));
    registrar(app, RUTAS.quitarFeriado, (req) => calendario.quitarFeriado(actorOf(req), req.params.dia));
    registrar(app, RUTAS.politicasSla, (req) => politicas.listar(actorOf(req)));
    registrar(app, RUTAS.crearPoliticaSla, (req) => politicas.crear(actorOf(req), req.body));
    registrar(app, RUTAS.guardarPoliticaSla, (req) => politicas.guardar(actorOf(req), req.params.id, req.body));
    registrar(app, RUTAS.cumplimientoSla, (req) => cumplimiento.cumplimiento(actorOf(req), req.query));
    registrar(app, RUTAS.borrarPoliticaSla, (req) => politicas.borrar(actorOf(req), req.params.id));
  };
