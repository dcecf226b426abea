import type { CacheRegistry } from '../../kernel/cache-registry.js';
import { ejecutarCadaMinuto, type FabricaDeEjecutor } from '../../kernel/ejecutor.js';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { TenantCache } from '../../kernel/tenant-cache.js';
import type { CifradorEnlaces } from '../client-side/index.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import { CumplimientoService } from './cumplimiento.service.js';
import { feriadosDeArgentina, type FuenteFeriados } from './feriados-nacionales.js';
import { InformeService } from './informe.service.js';
import { DECLARACION_POLITICAS_SLA, OrdenSlaService } from './orden-sla.service.js';
import { PoliticasService } from './politicas.service.js';
import { SlaRepository } from './sla.repository.js';
import { slaPublicRoutes, slaRoutes } from './sla.routes.js';
import { SlaService } from './sla.service.js';

export type { FeriadoNacional, FuenteFeriados } from './feriados-nacionales.js';
export { DECLARACION_POLITICAS_SLA, type ResultadoEscaneo } from './orden-sla.service.js';
export type { ResultadoEnvios } from './informe.service.js';

/**
 * What other modules and the tests may ask of service levels: a company's business calendar, an
 * order's copy written now (`sincronizar`), one run of the scan (`escanear`: the tests and the
 * bench move the clock and call it), waiting for the copies the bus started (`idle`) and one run
 * of the monthly reports' send (`enviarMensuales`, also a step of every tick).
 */
export type PuertoSla = Pick<SlaService, 'calendario'> &
  Pick<OrdenSlaService, 'sincronizar' | 'escanear' | 'idle'> &
  Pick<InformeService, 'enviarMensuales'>;

export interface DepsSla {
  /** The country's holidays; by default Argentina's from `date-holidays`. */
  feriados?: FuenteFeriados;
  /**
   * The warnings are stored with the claim that sends them (one transaction), and mailed to whoever
   * chose mail for them; the «also by mail» of GET/PUT /api/v4/sla/avisos is the user's
   * SLA_POR_VENCER mail channel, kept by the notifications module.
   */
  notifications: Pick<PuertoNotificaciones, 'crearVariasEnTransaccion' | 'canales' | 'guardarCanal'>;
  /** The monthly report: the client (name, email), the company (the mail's sender), the outbox. */
  clients: Pick<PuertoClientes, 'find'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  /** The share links' cipher (modules/secretos' key), for the report's public links. */
  cifrador: CifradorEnlaces;
  /**
   * Who runs the scan every minute: by default in process on every instance (two instances may
   * scan at once: each claim is `update … where … is null` with `skip locked`); `null` runs it
   * only when asked (`escanear`), as tests do.
   */
  ejecutor?: FabricaDeEjecutor;
  /** Where the module registers its cache of «the company has ever had a policy» (invalidated by the bus). */
  registro: Pick<CacheRegistry, 'register'>;
}

/**
 * Service levels (issue 34, docs/SLA.md): the company's business calendar, its policies, the copy
 * of the policy on each order with its due instants, the warnings at 80 % and at the breach, and
 * the monthly report per client (its public link and its send on the first working day).
 */
export function moduloSla(
  n: Pick<Nucleo, 'db' | 'database' | 'clock' | 'bus' | 'log' | 'config' | 'limites'>,
  deps: DepsSla,
): Modulo<PuertoSla> {
  const calendario = new SlaService(new SlaRepository(n.db), n.clock, deps.feriados ?? feriadosDeArgentina());
  const politicas = new PoliticasService(n.db, n.clock, n.bus);
  const cumplimiento = new CumplimientoService(n.db, n.clock);
  const conPoliticas = deps.registro.register(
    DECLARACION_POLITICAS_SLA,
    new TenantCache<boolean>({ ...DECLARACION_POLITICAS_SLA, now: () => n.clock.now().getTime() }),
  );
  const ordenes = new OrdenSlaService(
    n.db,
    n.clock,
    n.bus,
    (tx, entidadId, anios) => calendario.calendarioHabil(tx, entidadId, anios),
    deps.notifications,
    n.log,
    conPoliticas,
    n.database.consultar,
  );
  const informes = new InformeService(n.db, n.clock, {
    clients: deps.clients,
    entidades: deps.entidades,
    mail: deps.mail,
    cifrador: deps.cifrador,
    calendarioDe: (tx, entidadId, anios) => calendario.calendarioHabil(tx, entidadId, anios),
    publicUrl: n.config.publicUrl,
    contador: n.limites,
    log: n.log,
  });
  ordenes.escuchar();
  // One tick: the orders' warnings, then the monthly reports (each step's failure is logged alone).
  const tick = async () => {
    await ordenes.escanear();
    await informes.enviarMensuales().catch((err: unknown) => n.log.error({ err }, 'sla.informesFallo'));
  };
  const detenerTick = ejecutarCadaMinuto(deps.ejecutor, tick, n.log, 'sla');
  const puerto: PuertoSla = {
    calendario: (actor) => calendario.calendario(actor),
    sincronizar: (entidadId, ordenId) => ordenes.sincronizar(entidadId, ordenId),
    escanear: () => ordenes.escanear(),
    idle: () => ordenes.idle(),
    enviarMensuales: () => informes.enviarMensuales(),
  };
  return {
    nombre: 'sla',
    puerto,
    rutas: slaRoutes(calendario, politicas, cumplimiento, informes, ordenes),
    rutasPublicas: slaPublicRoutes(informes),
    techoPublico: true,
    alCerrar: async () => {
      await detenerTick();
      await ordenes.detener();
    },
  };
}
