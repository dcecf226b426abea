import {
  COLUMNAS_IMPORTAR_CLIENTES,
  LIMITES_IMPORTACION,
  esAdmin,
  zClienteGuardar,
  type Cliente,
  type ClienteAsignable,
  type FilaImportada,
  type ImportarResultado,
  type zImportarPedido,
} from '@delego/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import { AppError } from '../../kernel/errors.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { exigirPermiso } from '../../kernel/guard.js';
import { datosDeFila, leerTabla } from '../../lib/tabla-importada.js';
import { ClientsRepository, type ClienteDatos } from './clients.repository.js';

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

  /**
   * POST /api/v4/clientes/importar (issue 36): each row of a CSV or XLSX checked with the same
   * schema as the form (zClienteGuardar) and the same rule of unique names (in the company and in
   * the file). Without `confirmar` nothing is written; with it, the valid rows are inserted in one
   * transaction, which rechecks the names: a client created meanwhile with one of them rolls back
   * the whole import.
   */
  async importar(actor: Actor, pedido: z.output<typeof zImportarPedido>): Promise<ImportarResultado> {
    exigirPermiso(actor, 'altaClientes');
    const tabla = await leerTabla(pedido.nombreArchivo, pedido.contenido, {
      columnas: COLUMNAS_IMPORTAR_CLIENTES,
      obligatorias: ['nombre'],
      ...LIMITES_IMPORTACION,
    });
    const existentes = new Set((await this.repo.list(actor.entidadId)).map((c) => c.nombre.toLowerCase()));
    const vistos = new Map<string, number>();
    const validos: ClienteDatos[] = [];
    const filas: FilaImportada[] = tabla.filas.map(({ fila, valores }) => {
      const datos = datosDeFila(tabla.columnas, valores);
      // An empty name reads as the form's empty field, so its message is the form's.
      const leido = zClienteGuardar.safeParse({ nombre: '', ...datos });
      if (!leido.success) {
        const errores = leido.error.issues.map((i) => ({ campo: String(i.path[0] ?? 'fila'), mensaje: i.message }));
        return { fila, estado: 'error', datos, errores };
      }
      const c = leido.data;
      const clave = c.nombre.toLowerCase();
      const antes = vistos.get(clave);
      const duplicado = existentes.has(clave)
        ? `Ya existe un cliente llamado "${c.nombre}".`
        : antes !== undefined
          ? `El nombre "${c.nombre}" ya está en la fila ${antes} del archivo.`
          : null;
      if (duplicado) return { fila, estado: 'error', datos, errores: [{ campo: 'nombre', mensaje: duplicado }] };
      vistos.set(clave, fila);
      validos.push({
        nombre: c.nombre,
        cuit: c.cuit ?? null,
        contacto: c.contacto ?? null,
        email: c.email ?? null,
        telefono: c.telefono ?? null,
        direccion: c.direccion ?? null,
        notas: c.notas ?? null,
        activo: true,
      });
      return { fila, estado: 'ok', datos, errores: [] };
    });
    const resultado = { filas, validas: validos.length, conErrores: filas.length - validos.length, importadas: 0 };
    if (!pedido.confirmar || validos.length === 0) return resultado;

    await this.db.transaction(async (tx) => {
      const repo = new ClientsRepository(tx);
      for (const datos of validos) {
        if (await repo.nameTaken(actor.entidadId, datos.nombre)) {
          throw new AppError(
            'CONFLICTO',
            `Mientras tanto se cargó un cliente llamado "${datos.nombre}": no se importó ninguna fila. Revise el archivo otra vez.`,
            { field: 'archivo' },
          );
        }
        await repo.insert(actor.entidadId, datos);
      }
    });
    this.cache.clear(actor.entidadId);
    this.bus.publish({ type: 'clientes.cambiados', entidadId: actor.entidadId });
    return { ...resultado, importadas: validos.length };
  }
}
