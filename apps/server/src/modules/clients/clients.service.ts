import { esAdmin, type Cliente, type ClienteAsignable, type zClienteGuardar } from '@delego/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { EventBus } from '../../lib/bus.js';
import { AppError } from '../../lib/errors.js';
import type { TenantCache } from '../../lib/tenant-cache.js';
import { exigirPermiso } from '../permissions/guard.js';
import { ClientsRepository } from './clients.repository.js';

const NO_ENCONTRADO = 'No se encontró el cliente.';

export class ClientsService {
  private readonly repo: ClientsRepository;

  /**
   * @param cache client lists per company; emptied here on changes and on request, and in every
   * instance by the events of src/caches.ts.
   */
  constructor(
    readonly db: Db,
    private readonly bus: EventBus,
    readonly cache: TenantCache<Cliente[]>,
  ) {
    this.repo = new ClientsRepository(db);
  }

  /** GET /api/v2/clientes/cache/clean: empties the company's cached client lists and announces it. */
  cleanCache(actor: Actor): void {
    this.cache.clear(actor.entidadId);
    this.bus.publish({ type: 'clientes.cacheLimpiada', entidadId: actor.entidadId });
  }

  /**
   * GET /api/v4/clientes: the company's clients, active and not. Any logged-in user may read
   * them (order filters and forms show client names); changing them needs altaClientes.
   */
  list(actor: Actor): Promise<Cliente[]> {
    return this.cache.getOrLoad(actor.entidadId, 'todos', () => this.repo.list(actor.entidadId));
  }

  /** A client of the company, or undefined (for other modules' checks, inside their transaction). */
  find(entidadId: number, id: number, tx: DbOrTx = this.db): Promise<Cliente | undefined> {
    return new ClientsRepository(tx).find(entidadId, id);
  }

  /** POST /api/v2/cliente: creates (no id) or updates (id) a client; a field left out keeps its value. */
  async save(actor: Actor, input: z.output<typeof zClienteGuardar>): Promise<Cliente> {
    exigirPermiso(actor, 'altaClientes');
    const current = input.id ? await this.repo.find(actor.entidadId, input.id) : undefined;
    if (input.id && !current) throw AppError.notFound(NO_ENCONTRADO);
    if (await this.repo.nameTaken(actor.entidadId, input.nombre, current?.id)) {
      throw new AppError('CONFLICTO', `Ya existe un cliente llamado "${input.nombre}".`, { field: 'nombre' });
    }
    const keep = <K extends keyof Cliente>(k: K, v: Cliente[K] | undefined, dflt: Cliente[K]): Cliente[K] =>
      v !== undefined ? v : current ? current[k] : dflt;
    const datos = {
      nombre: input.nombre,
      cuit: keep('cuit', input.cuit, null),
      contacto: keep('contacto', input.contacto, null),
      email: keep('email', input.email, null),
      telefono: keep('telefono', input.telefono, null),
      direccion: keep('direccion', input.direccion, null),
      notas: keep('notas', input.notas, null),
      activo: keep('activo', input.activo, true),
    };
    let id: number;
    if (current) {
      await this.repo.update(actor.entidadId, current.id, datos);
      id = current.id;
    } else {
      id = await this.repo.insert(actor.entidadId, datos);
    }
    this.cache.clear(actor.entidadId);
    this.bus.publish({ type: 'clientes.cambiados', entidadId: actor.entidadId });
    return { id, ...datos };
  }

  /**
   * GET /api/v2/empresasAsignables: the active clients the actor may delegate orders to: all of
   * them for admins, otherwise those where the actor holds delegarOrden.
   */
  async asignables(actor: Actor): Promise<ClienteAsignable[]> {
    const all = await this.list(actor);
    const admin = esAdmin(actor);
    const allowed = new Set(actor.permisos.clientes.filter((c) => c.delegarOrden).map((c) => c.clienteID));
    return all.filter((c) => c.activo && (admin || allowed.has(c.id))).map((c) => ({ id: c.id, nombre: c.nombre }));
  }
}
