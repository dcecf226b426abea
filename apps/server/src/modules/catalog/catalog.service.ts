import type { E5sArea, E5sImportado, Etiqueta, EtiquetaBorrada, EtiquetaModificar } from '@delego/contract';
import type { Db } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import { AppError } from '../../kernel/errors.js';
import { exigirPermiso } from '../../kernel/guard.js';
import { CatalogRepository, isForeignKeyViolation, type Clase } from './catalog.repository.js';
import { parseE5sCsv } from './e5s-csv.js';

const TEXTOS: Record<
  Clase,
  {
    el: string;
    noEncontrado: string;
    yaExiste: (n: string) => string;
    restaurarConOtroNombre: (n: string) => string;
    eliminado: string;
  }
> = {
  tipo: {
    el: 'El tipo de orden',
    noEncontrado: 'No se encontró el tipo de orden.',
    yaExiste: (n) => `Ya existe un tipo de orden llamado "${n}".`,
    restaurarConOtroNombre: (n) =>
      `Ya hay un tipo de orden en uso llamado "${n}": cámbiele el nombre a este para restaurarlo.`,
    eliminado: 'Se eliminó el tipo de orden.',
  },
  area: {
    el: 'El área',
    noEncontrado: 'No se encontró el área.',
    yaExiste: (n) => `Ya existe un área llamada "${n}".`,
    restaurarConOtroNombre: (n) => `Ya hay un área en uso llamada "${n}": cámbiele el nombre a esta para restaurarla.`,
    eliminado: 'Se eliminó el área.',
  },
};

/**
 * Order types, areas and the E5S area catalogue of a company. Anyone logged in reads them (the
 * order form needs them); changing them needs altaEtiquetas. An entry that orders use is archived
 * instead of deleted, so those orders keep it.
 */
export class CatalogService {
  private readonly repo: CatalogRepository;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {
    this.repo = new CatalogRepository(db);
  }

  /** GET /api/v2/tipoOrden/all, GET /api/v3/areas/all. */
  list(actor: Actor, clase: Clase, incluirArchivados = false): Promise<Etiqueta[]> {
    return this.repo.list(clase, actor.entidadId, incluirArchivados);
  }

  /** An entry of the company, or undefined (for other modules' checks). */
  find(entidadId: number, clase: Clase, id: number): Promise<Etiqueta | undefined> {
    return this.repo.find(clase, entidadId, id);
  }

  /** POST /api/v2/tipoOrden, POST /api/v3/areas. */
  async create(actor: Actor, clase: Clase, nombre: string): Promise<Etiqueta> {
    exigirPermiso(actor, 'altaEtiquetas');
    if (await this.repo.nameTaken(clase, actor.entidadId, nombre)) {
      throw new AppError('CONFLICTO', TEXTOS[clase].yaExiste(nombre), { field: 'nombre' });
    }
    const e = await this.repo.insert(clase, actor.entidadId, nombre);
    this.cambio(actor);
    return e;
  }

  /** PUT /api/v2/tipoOrden/{id}, PUT /api/v3/areas/{id}: renames, and archives or restores. */
  async update(actor: Actor, clase: Clase, id: number, input: EtiquetaModificar): Promise<Etiqueta> {
    exigirPermiso(actor, 'altaEtiquetas');
    const current = await this.repo.find(clase, actor.entidadId, id);
    if (!current) throw AppError.notFound(TEXTOS[clase].noEncontrado);
    const nombre = input.nombre.trim();
    const archivado = input.archivado ?? current.archivado;
    if (!archivado && (await this.repo.nameTaken(clase, actor.entidadId, nombre, id))) {
      // An archived entry frees its name, which a new one may have taken since: restoring the old
      // one asks for another name (its form renames and restores).
      const texto = current.archivado ? TEXTOS[clase].restaurarConOtroNombre : TEXTOS[clase].yaExiste;
      throw new AppError('CONFLICTO', texto(nombre), { field: 'nombre' });
    }
    const e = await this.repo.update(clase, actor.entidadId, id, { nombre, archivado });
    if (!e) throw AppError.notFound(TEXTOS[clase].noEncontrado);
    this.cambio(actor);
    return e;
  }

  /** DELETE /api/v2/tipoOrden/{id}, DELETE /api/v3/areas/{id}: deletes, or archives when orders use it. */
  async delete(actor: Actor, clase: Clase, id: number): Promise<EtiquetaBorrada> {
    exigirPermiso(actor, 'altaEtiquetas');
    const current = await this.repo.find(clase, actor.entidadId, id);
    if (!current) throw AppError.notFound(TEXTOS[clase].noEncontrado);
    let ordenes = await this.repo.usage(clase, id);
    if (ordenes === 0) {
      try {
        await this.repo.delete(clase, actor.entidadId, id);
        this.cambio(actor);
        return { archivado: false, ordenes: 0, message: TEXTOS[clase].eliminado };
      } catch (err) {
        // An order took it between the count and the delete: archive it instead.
        if (!isForeignKeyViolation(err)) throw err;
        ordenes = Math.max(1, await this.repo.usage(clase, id));
      }
    }
    await this.repo.archive(clase, actor.entidadId, id);
    this.cambio(actor);
    const cuantas = ordenes === 1 ? '1 orden' : `${ordenes} órdenes`;
    return {
      archivado: true,
      ordenes,
      message: `${TEXTOS[clase].el} está en uso por ${cuantas}: se archivó y deja de ofrecerse para órdenes nuevas.`,
    };
  }

  /** GET /api/v2/e5s/areas: the company's E5S area catalogue. */
  e5sList(actor: Actor): Promise<E5sArea[]> {
    return this.repo.e5sList(actor.entidadId);
  }

  /** POST /api/v2/e5s/areas/importar {csv}: replaces the E5S catalogue, or changes nothing. */
  async e5sImport(actor: Actor, csv: string): Promise<E5sImportado> {
    exigirPermiso(actor, 'altaEtiquetas');
    const r = parseE5sCsv(csv);
    if (!r.ok) throw AppError.invalid('csv', `El archivo tiene errores. ${r.errores.join(' ')}`);
    const anteriores = await this.db.transaction((tx) =>
      new CatalogRepository(tx).e5sReplace(actor.entidadId, r.filas),
    );
    this.cambio(actor);
    const n = r.filas.length;
    const importadas = n === 1 ? 'Se importó 1 área E5S' : `Se importaron ${n} áreas E5S`;
    const reemplazan = n === 1 ? 'reemplaza' : 'reemplazan';
    // A first import replaces nothing: «reemplazan a las 0 anteriores» said otherwise.
    const reemplazo =
      anteriores === 0
        ? ''
        : `; ${reemplazan} ${anteriores === 1 ? 'a la anterior' : `a las ${anteriores} anteriores`}`;
    return { importadas: n, anteriores, message: `${importadas}${reemplazo}.` };
  }

  private cambio(actor: Actor): void {
    this.bus.publish({ type: 'catalogo.cambiado', entidadId: actor.entidadId });
  }
}
