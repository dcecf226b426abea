import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { EventBus } from '../../lib/bus.js';
import { TenantCache } from '../../lib/tenant-cache.js';

export class ClientsService {
  /** Client lists cached per company; emptied on changes and on request. */
  readonly cache = new TenantCache<unknown>();

  constructor(
    readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  /** GET /api/v2/clientes/cache/clean: empties the company's cached client lists and announces it. */
  cleanCache(actor: Actor): void {
    this.cache.clear(actor.entidadId);
    this.bus.publish({ type: 'clientes.cacheLimpiada', entidadId: actor.entidadId });
  }
}
