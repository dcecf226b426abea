import {
  MENSAJES_RANGO,
  rangoEstadisticas,
  tienePermiso,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type Cumplimiento,
  type zCumplimientoQuery,
} from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { CumplimientoRepository } from './cumplimiento.repository.js';

/** The statistics' own sentence: compliance is one of them. */
export const SIN_PERMISO_CUMPLIMIENTO = 'No tiene permiso para ver estadísticas.';

/**
 * Service-level compliance (issue 34, docs/SLA.md «Informes»): of the orders created in a range,
 * how many targets were met in time, broken or are still running, grouped by client, type,
 * responsable or month, with the company's total. Like the statistics, it needs verEstadisticas
 * and covers the whole company.
 */
export class CumplimientoService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async cumplimiento(actor: Actor, q: z.output<typeof zCumplimientoQuery>): Promise<Cumplimiento> {
    if (!tienePermiso(actor, 'verEstadisticas')) throw AppError.forbidden(SIN_PERMISO_CUMPLIMIENTO);
    const zona = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
    const r = rangoEstadisticas(q.fechaDesde, q.fechaHasta, zona);
    if (!r.ok) throw AppError.invalid('fechaHasta', MENSAJES_RANGO[r.motivo]);
    const filtro = {
      entidadId: actor.entidadId,
      desde: new Date(r.rango.desdeMs),
      hasta: new Date(r.rango.hastaMs),
      clienteId: q.cliente,
      ahora: this.clock.now(),
      zona,
    };
    const repo = new CumplimientoRepository(this.db);
    const [filas, [total]] = await Promise.all([repo.agrupado(filtro, q.por), repo.agrupado(filtro, null)]);
    return {
      fechaDesde: r.rango.desdeMs,
      fechaHasta: r.rango.hastaMs,
      por: q.por,
      filas,
      total: { ...total!, clave: 'total', nombre: 'Total' },
    };
  }
}
