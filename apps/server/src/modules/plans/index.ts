import type { PlanEstado } from '@delego/contract';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import { modoDePagos } from './modo-pagos.js';
import { plansPublicRoutes, plansRoutes } from './plans.routes.js';
import { PlansService } from './plans.service.js';
import type { ProveedorPagos } from './proveedor-pagos.js';
import { ProveedorMercadoPago } from './proveedor-mercadopago.js';
import { ProveedorPrueba } from './proveedor-prueba.js';
import { SuscripcionesService } from './suscripciones.service.js';

/** What other modules may ask of the plans module: the plan state and the period's renewal. */
export type PuertoPlanes = Pick<
  PlansService,
  'estado' | 'estadoDeEntidad' | 'enMemoria' | 'renovarSiVencio' | 'tomarCupoSql' | 'tomarCuposSql'
>;

export interface DepsPlanes {
  /** The plan state per company (src/caches.ts: `plan.cambiado` drops it in every instance). */
  cache: TenantCache<PlanEstado | null>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  /** The payment provider; by default MercadoPago with a token, else the test mode (docs/PLANES.md). */
  pagos?: ProveedorPagos | undefined;
}

/**
 * Plans and payments: the quota's state, the catalogue, subscribing, MercadoPago's webhook and the
 * subscription's lifecycle. The subscriptions renew a due period; the plan state only asks them to.
 */
export function moduloPlanes(
  n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log' | 'config'>,
  deps: DepsPlanes,
): Modulo<PuertoPlanes> & { suscripciones: SuscripcionesService } {
  const { config, log } = n;
  const modo = deps.pagos ? deps.pagos.nombre : modoDePagos(config);
  if (modo === 'prueba') {
    log.warn(
      { host: config.host, nodeEnv: config.nodeEnv },
      'planes.modoPrueba: los pagos corren en MODO DE PRUEBA, sin MercadoPago: cualquiera puede pasar a un plan pago con una tarjeta de prueba. Configure MERCADOPAGO_ACCESS_TOKEN antes de cobrar de verdad (docs/PLANES.md).',
    );
  } else if (modo === 'sin-configurar') {
    log.warn(
      { host: config.host, nodeEnv: config.nodeEnv },
      'planes.pagosSinConfigurar: sin MERCADOPAGO_ACCESS_TOKEN; los cambios a un plan pago se rechazan (PAGOS_MODO_PRUEBA=true habilita el modo de prueba).',
    );
  }
  const suscripciones = new SuscripcionesService(n.db, n.clock, n.bus, deps.pagos ?? proveedorDePagos(config), {
    mail: deps.mail,
    entidades: deps.entidades,
    log,
    publicUrl: config.publicUrl,
    pagosSinConfigurar: modo === 'sin-configurar',
  });
  const plans = new PlansService(n.db, n.clock, deps.cache, suscripciones);
  return {
    nombre: 'plans',
    puerto: plans,
    suscripciones,
    rutas: plansRoutes({ plans, suscripciones }),
    // MercadoPago's webhook: public, checked by its x-signature (docs/PLANES.md).
    rutasPublicas: plansPublicRoutes({ suscripciones }),
    alCerrar: () => suscripciones.idle(),
  };
}

/**
 * MercadoPago when it has an access token; otherwise the test mode's sandbox (docs/PLANES.md), which
 * the service refuses to use when `modoDePagos` says payments are not configured.
 */
function proveedorDePagos(config: Nucleo['config']): ProveedorPagos {
  if (!config.mercadoPagoAccessToken) return new ProveedorPrueba(config.mercadoPagoWebhookSecret);
  return new ProveedorMercadoPago({
    accessToken: config.mercadoPagoAccessToken,
    publicKey: config.mercadoPagoPublicKey ?? null,
    webhookSecret: config.mercadoPagoWebhookSecret ?? '',
    baseUrl: config.mercadoPagoBaseUrl,
  });
}
export type { ProveedorPagos } from './proveedor-pagos.js';
export type { SuscripcionesService } from './suscripciones.service.js';
