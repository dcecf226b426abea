import { EjecutorEnProceso, type Ejecutor } from '../../kernel/ejecutor.js';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import { CumplimientoService } from './cumplimiento.service.js';
import { feriadosDeArgentina, type FuenteFeriados } from './feriados-nacionales.js';
import { OrdenSlaService } from './orden-sla.service.js';
import { PoliticasService } from './politicas.service.js';
import { SlaRepository } from './sla.repository.js';
import { slaRoutes } from './sla.routes.js';
import { SlaService } from './sla.service.js';

export type { FeriadoNacional, FuenteFeriados } from './feriados-nacionales.js';
export type { ResultadoEscaneo } from './orden-sla.service.js';

/**
 * What other modules and the tests may ask of service levels: a company's business calendar, an
 * order's copy written now (`sincronizar`), one run of the scan (`escanear`: the tests and the
 * bench move the clock and call it) and waiting for the copies the bus started (`idle`).
 */
export type PuertoSla = Pick<SlaService, 'calendario'> & Pick<OrdenSlaService, 'sincronizar' | 'escanear' | 'idle'>;

export interface DepsSla {
  /** The country's holidays; by default Argentina's from `date-holidays`. */
  feriados?: FuenteFeriados;
  /** The warnings are stored with the claim that sends them (one transaction). */
  notifications: Pick<PuertoNotificaciones, 'crearEnTransaccion'>;
  /**
   * Who runs the scan every minute: by default in process on every instance (two instances may
   * scan at once: each claim is `update … where … is null` with `skip locked`); `null` runs it
   * only when asked (`escanear`), as tests do.
   */
  ejecutor?: ((tick: () => Promise<unknown>) => Ejecutor) | null | undefined;
}

/**
 * Service levels (issue 34, docs/SLA.md): the company's business calendar, its policies, the copy
 * of the policy on each order with its due instants, and the warnings at 80 % and at the breach.
 */
export function moduloSla(n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log'>, deps: DepsSla): Modulo<PuertoSla> {
  const calendario = new SlaService(new SlaRepository(n.db), n.clock, deps.feriados ?? feriadosDeArgentina());
  const politicas = new PoliticasService(n.db, n.clock);
  const cumplimiento = new CumplimientoService(n.db, n.clock);
  const ordenes = new OrdenSlaService(
    n.db,
    n.clock,
    n.bus,
    (tx, entidadId, anios) => calendario.calendarioHabil(tx, entidadId, anios),
    deps.notifications,
    n.log,
  );
  ordenes.escuchar();
  const tick = () => ordenes.escanear();
  const ejecutor =
    deps.ejecutor === null
      ? null
      : deps.ejecutor
        ? deps.ejecutor(tick)
        : new EjecutorEnProceso(tick, n.log, 60_000, 'sla');
  const arrancar = ejecutor?.iniciar().catch((err: unknown) => n.log.error({ err }, 'sla.inicioFallo'));
  const puerto: PuertoSla = {
    calendario: (actor) => calendario.calendario(actor),
    sincronizar: (entidadId, ordenId) => ordenes.sincronizar(entidadId, ordenId),
    escanear: () => ordenes.escanear(),
    idle: () => ordenes.idle(),
  };
  return {
    nombre: 'sla',
    puerto,
    rutas: slaRoutes(calendario, politicas, cumplimiento),
    alCerrar: async () => {
      await arrancar;
      await ejecutor?.detener();
      await ordenes.idle();
    },
  };
}
