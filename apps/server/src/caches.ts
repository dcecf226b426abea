import type { Cliente, Dashboard, PlanEstado, UsuarioAdmin } from '@delego/contract';
import type { Config } from './config.js';
import type { BusLog, EventBus } from './kernel/bus.js';
import { CacheRegistry, empresa, type CacheDeclaration, type InvalidadaPor } from './kernel/cache-registry.js';
import type { Clock } from './kernel/clock.js';
import { TenantCache } from './kernel/tenant-cache.js';
import { CredentialCache } from './modules/identity/credential-cache.js';
import { DECLARACION_NOMBRES } from './modules/orders/index.js';
import { DECLARACION_POLITICAS_SLA } from './modules/sla/index.js';
import { DECLARACION_CONSENTIMIENTOS_WHATSAPP } from './modules/whatsapp/index.js';

/** The events after which a company's orders, as lists show them, may differ. */
const ordenes: InvalidadaPor<string> = {
  'orden.creada': empresa,
  'orden.modificada': empresa,
  'orden.eliminada': empresa,
  'orden.estadoCambiado': empresa,
  'orden.responsablesCambiados': empresa,
  // Search matches client names.
  'clientes.cambiados': empresa,
  // Supervisors see their people's orders, and a user's supervisor may have changed.
  'usuarios.cambiados': empresa,
};

/**
 * The events after which an answer that carries names and what the user may do (the detail, the
 * calendar) may differ: names of clients, users and catalogue, and a user's permissions.
 */
const nombresYAcceso: InvalidadaPor<string> = {
  'clientes.cambiados': empresa,
  'clientes.cacheLimpiada': empresa,
  'usuarios.cambiados': empresa,
  'usuarios.cacheLimpiada': empresa,
  'catalogo.cambiado': empresa,
  'usuario.credencialesCambiadas': empresa,
  'usuario.datosCambiados': empresa,
};

const MB = 1024 * 1024;

/**
 * Every in-memory cache of the server: its name, its TTL (a guard: changes are announced by domain
 * events, which reach every instance through the bus), its size bounds (entries, and estimated
 * bytes where values vary: together at most about 60 MB, issue 18) and the events that drop its
 * entries. The registry wires them; a bus resync (the PostgreSQL listener came back) clears them all.
 */
export function declaracionesDeCaches(config: Pick<Config, 'credentialCacheTtlMs' | 'listCacheMs'>) {
  return {
    /** Verified Authorization headers (auth); keys are user ids. ADR 0003. */
    credenciales: {
      nombre: 'credenciales',
      ttlMs: config.credentialCacheTtlMs,
      maxEntradas: 50_000,
      invalidadaPor: {
        'usuario.credencialesCambiadas': (e) => ({ entidadId: e.entidadId, keys: [e.usuarioId] }),
        // The cached actor also carries the user's names and email.
        'usuario.datosCambiados': (e) => ({ entidadId: e.entidadId, keys: [e.usuarioId] }),
        // ...and the clients it holds permissions on.
        'clientes.cambiados': empresa,
      },
    } satisfies CacheDeclaration<number>,
    /** The user list of the admin screens (GET /api/v2/usuarios). */
    usuarios: {
      nombre: 'usuarios',
      ttlMs: 5 * 60_000,
      maxEntradas: 2_000,
      maxBytes: 8 * MB,
      invalidadaPor: { 'usuarios.cambiados': empresa, 'usuarios.cacheLimpiada': empresa },
    } satisfies CacheDeclaration<string>,
    /** The client list (GET /api/v4/clientes, assignable clients). */
    clientes: {
      nombre: 'clientes',
      ttlMs: 5 * 60_000,
      maxEntradas: 2_000,
      maxBytes: 8 * MB,
      invalidadaPor: { 'clientes.cambiados': empresa, 'clientes.cacheLimpiada': empresa },
    } satisfies CacheDeclaration<string>,
    /** The plan state (GET /api/v2/plan/estado, login). */
    plan: {
      nombre: 'plan',
      ttlMs: 5_000,
      maxEntradas: 5_000,
      maxPorEntidad: 1,
      maxBytes: 2 * MB,
      invalidadaPor: { 'plan.cambiado': empresa },
    } satisfies CacheDeclaration<string>,
    /**
     * Names of clients, types, areas, priorities, users and the company, for order lists and
     * details. ADR 0005. Built and registered by the orders module (its loader is the order reads).
     */
    nombres: DECLARACION_NOMBRES,
    /** Totals of the order list. ADR 0005. */
    conteos: {
      nombre: 'conteos',
      ttlMs: 60_000,
      maxEntradas: 20_000,
      maxPorEntidad: 500,
      maxBytes: 4 * MB,
      invalidadaPor: ordenes,
    } satisfies CacheDeclaration<string>,
    /**
     * Answers of the order list as the JSON written (LIST_CACHE_MS; 0 turns it off). ADR 0005. They
     * carry the names too, hence the names cache's events.
     */
    paginas: {
      nombre: 'paginas',
      ttlMs: config.listCacheMs,
      maxEntradas: 5_000,
      maxPorEntidad: 50,
      maxBytes: 16 * MB,
      invalidadaPor: {
        ...ordenes,
        // Rows carry their checklist's progress and their service level.
        'orden.checklistCambiada': empresa,
        'orden.slaCambiado': empresa,
        'clientes.cacheLimpiada': empresa,
        'usuarios.cacheLimpiada': empresa,
        'catalogo.cambiado': empresa,
      },
    } satisfies CacheDeclaration<string>,
    /**
     * Answers of the order detail per user and order, as the JSON written (LIST_CACHE_MS, as the
     * list's pages). Dropped for the company by any change to one of its orders (a new order changes
     * no other order's detail), by the names' events, and by the events that change what a user may
     * see or do (the credential cache's): the answer carries the user's actions.
     */
    detalles: {
      nombre: 'detalles',
      ttlMs: config.listCacheMs,
      maxEntradas: 20_000,
      maxPorEntidad: 2_000,
      maxBytes: 16 * MB,
      invalidadaPor: {
        'orden.modificada': empresa,
        // The history shows each signature and answer.
        'orden.conformidad': empresa,
        'orden.eliminada': empresa,
        'orden.estadoCambiado': empresa,
        'orden.responsablesCambiados': empresa,
        'orden.checklistCambiada': empresa,
        'orden.slaCambiado': empresa,
        ...nombresYAcceso,
      },
    } satisfies CacheDeclaration<string>,
    /**
     * Answers of the calendar per user and query, as the JSON written (LIST_CACHE_MS, as the list's
     * pages; docs/CALENDARIO.md). Its orders are the list's, with the user's «editable»: dropped by
     * the detail's events and by a new order; its scheduled occurrences, by a plan's change.
     */
    calendario: {
      nombre: 'calendario',
      ttlMs: config.listCacheMs,
      maxEntradas: 2_000,
      maxPorEntidad: 200,
      maxBytes: 8 * MB,
      invalidadaPor: {
        'mantenimiento.cambiado': empresa,
        ...ordenes,
        ...nombresYAcceso,
      },
    } satisfies CacheDeclaration<string>,
    /**
     * The dashboard per company, visibility and filters (statistics): its cards also depend on the
     * clock (overdue, due today), hence the short TTL; any change to the orders drops it at once.
     */
    tablero: {
      nombre: 'tablero',
      ttlMs: 15_000,
      maxEntradas: 2_000,
      maxPorEntidad: 200,
      maxBytes: 8 * MB,
      invalidadaPor: { ...ordenes, 'plan.cambiado': empresa },
    } satisfies CacheDeclaration<string>,
    /**
     * Whether a company has ever had a service-level policy (issue 37): the reaction to each create
     * and state change asks it instead of PostgreSQL. Built and registered by the SLA module.
     */
    politicasSla: DECLARACION_POLITICAS_SLA,
    /**
     * Whether a client of a company has a WhatsApp consent in force (issue 37): the dispatcher asks it
     * before reading an order's pending messages. Built and registered by the WhatsApp module.
     */
    consentimientosWhatsapp: DECLARACION_CONSENTIMIENTOS_WHATSAPP,
  };
}

export interface Caches {
  registro: CacheRegistry;
  credenciales: CredentialCache;
  usuarios: TenantCache<UsuarioAdmin[]>;
  clientes: TenantCache<Cliente[]>;
  plan: TenantCache<PlanEstado | null>;
  conteos: TenantCache<number>;
  paginas: TenantCache<Buffer>;
  detalles: TenantCache<Buffer>;
  calendario: TenantCache<Buffer>;
  tablero: TenantCache<Dashboard>;
}

/**
 * Builds and registers every cache but the modules' own (the orders' names, the SLA's policies,
 * WhatsApp's consents); the services receive theirs.
 */
export function crearCaches(deps: {
  bus: EventBus;
  log: BusLog;
  clock: Clock;
  config: Pick<Config, 'credentialCacheTtlMs' | 'listCacheMs'>;
}): Caches {
  const d = declaracionesDeCaches(deps.config);
  const registro = new CacheRegistry(deps.bus, deps.log);
  const ahora = () => deps.clock.now().getTime();
  return {
    registro,
    credenciales: registro.register(
      d.credenciales,
      new CredentialCache(d.credenciales.ttlMs, Date.now, d.credenciales.maxEntradas),
    ),
    usuarios: registro.register(d.usuarios, new TenantCache<UsuarioAdmin[]>(d.usuarios)),
    clientes: registro.register(d.clientes, new TenantCache<Cliente[]>(d.clientes)),
    plan: registro.register(d.plan, new TenantCache<PlanEstado | null>({ ...d.plan, now: ahora })),
    conteos: registro.register(d.conteos, new TenantCache<number>(d.conteos)),
    paginas: registro.register(
      d.paginas,
      new TenantCache<Buffer>({ ...d.paginas, now: ahora, bytesDe: (b) => b.length }),
    ),
    detalles: registro.register(
      d.detalles,
      new TenantCache<Buffer>({ ...d.detalles, now: ahora, bytesDe: (b) => b.length }),
    ),
    calendario: registro.register(
      d.calendario,
      new TenantCache<Buffer>({ ...d.calendario, now: ahora, bytesDe: (b) => b.length }),
    ),
    tablero: registro.register(d.tablero, new TenantCache<Dashboard>({ ...d.tablero, now: ahora })),
  };
}
