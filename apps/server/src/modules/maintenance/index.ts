import type pg from 'pg';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { AlmacenIdempotencia } from '../idempotencia/index.js';
import { maintenanceRoutes } from './maintenance.routes.js';
import { EjecutorEnProceso, EjecutorPgBoss, type Ejecutor } from '../../kernel/ejecutor.js';
import { MaintenanceService, type DepsMantenimiento } from './maintenance.service.js';

export type { Programada, ResultadoTick } from './maintenance.service.js';

/**
 * What other modules may ask of scheduled maintenance: the occurrences scheduled in a range (the
 * calendar), and one scheduler run (the tests and the bench move the clock and call it).
 */
export type PuertoMantenimiento = Pick<MaintenanceService, 'listProgramadas' | 'ejecutar'>;

export type DepsModuloMantenimiento = Omit<DepsMantenimiento, 'log' | 'publicUrl' | 'respiro' | 'loteOcurrencias'> & {
  /** The Idempotency-Key of a new plan (module idempotencia). */
  idempotencia: AlmacenIdempotencia;
  /**
   * Who runs the scheduler: by default pg-boss on PostgreSQL and the in-process runner on PGlite;
   * `null` runs it only when asked (`ejecutar`), as module tests do.
   */
  ejecutor?: ((tick: () => Promise<unknown>) => Ejecutor) | null;
};

/** Scheduled maintenance (issue 32, docs/MANTENIMIENTO.md). */
export function moduloMantenimiento(
  n: Pick<Nucleo, 'db' | 'database' | 'clock' | 'bus' | 'log' | 'config'>,
  deps: DepsModuloMantenimiento,
): Modulo<PuertoMantenimiento> {
  let ejecutor: Ejecutor | undefined;
  const servicio = new MaintenanceService(
    n.db,
    n.clock,
    n.bus,
    {
      ...deps,
      log: n.log,
      publicUrl: n.config.publicUrl,
      // PGlite's one connection: smaller batches, and between them the requests queued meanwhile go
      // first (a request waits for one batch at most, not for the whole catch-up).
      ...(n.database.kind === 'postgres'
        ? {}
        : { loteOcurrencias: 100, respiro: () => new Promise<void>((r) => setTimeout(r, 25)) }),
    },
    () => ejecutor?.despertar(),
  );
  const tick = () => servicio.ejecutar();
  if (deps.ejecutor !== null) {
    ejecutor = deps.ejecutor
      ? deps.ejecutor(tick)
      : n.database.kind === 'postgres'
        ? new EjecutorPgBoss(n.database.pgClient as pg.Pool, tick, n.log)
        : new EjecutorEnProceso(tick, n.log);
    const arrancar = ejecutor.iniciar().catch((err: unknown) => n.log.error({ err }, 'mantenimiento.inicioFallo'));
    const alCerrar = ejecutor;
    // A plan upgrade or a renewal may let the occurrences waiting for quota in (orders created
    // only use quota: no read after each of them).
    n.bus.subscribe((e) => {
      if (e.type === 'plan.cambiado' && !e.cupoUsado)
        void servicio.reintentarEsperando(e.entidadId).catch(() => undefined);
    });
    return {
      nombre: 'maintenance',
      puerto: servicio,
      rutas: maintenanceRoutes(servicio, deps.idempotencia),
      alCerrar: async () => {
        await arrancar;
        await alCerrar.detener();
      },
    };
  }
  return { nombre: 'maintenance', puerto: servicio, rutas: maintenanceRoutes(servicio, deps.idempotencia) };
}
