import {
  esAdmin,
  LIMITES_POLITICA,
  MENSAJES_POLITICA,
  type Politica,
  type PoliticaGuardar,
  type zPoliticaGuardar,
} from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { esViolacionDeUnicidad } from '../../kernel/db-errors.js';
import { AppError } from '../../kernel/errors.js';
import { PoliticasRepository, type FilaPolitica } from './politicas.repository.js';

type Guardar = z.output<typeof zPoliticaGuardar>;
export type { PoliticaGuardar };

/**
 * Service-level policies (issue 34, docs/SLA.md «Políticas»): every user of the company reads them;
 * administrators create, edit and remove them. An edit or a removal closes the version in force
 * and (for an edit) opens the next one, in one transaction: orders already created keep the copy
 * of the version they got. Every write, once committed, publishes `sla.politicasCambiadas`.
 */
export class PoliticasService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
  ) {}

  private repo(tx?: DbOrTx) {
    return new PoliticasRepository(tx ?? this.db);
  }

  async listar(actor: Actor): Promise<{ politicas: Politica[] }> {
    return { politicas: (await this.repo().enVigor(actor.entidadId)).map(vista) };
  }

  async crear(actor: Actor, b: Guardar): Promise<Politica> {
    exigirAdministrador(actor);
    return this.escribir(actor, b, async (repo, ahora) => {
      if ((await repo.cuantasEnVigor(actor.entidadId)) >= LIMITES_POLITICA.politicas) {
        throw new AppError('CONFLICTO', MENSAJES_POLITICA.demasiadas);
      }
      return repo.insertar(actor.entidadId, b, ahora);
    });
  }

  async guardar(actor: Actor, id: number, b: Guardar): Promise<Politica> {
    exigirAdministrador(actor);
    return this.escribir(actor, b, async (repo, ahora) => {
      if (!(await repo.cerrar(actor.entidadId, id, ahora))) throw AppError.notFound(MENSAJES_POLITICA.inexistente);
      await repo.insertar(actor.entidadId, b, ahora, id);
      return id;
    });
  }

  async borrar(actor: Actor, id: number): Promise<{ ok: boolean }> {
    exigirAdministrador(actor);
    if (!(await this.repo().cerrar(actor.entidadId, id, this.clock.now()))) {
      throw AppError.notFound(MENSAJES_POLITICA.inexistente);
    }
    this.cambiadas(actor.entidadId);
    return { ok: true };
  }

  /**
   * Checks the references and writes in one transaction; a second policy for the same client ×
   * type × priority is refused by the unique index (two saves at once included): 409.
   */
  private async escribir(
    actor: Actor,
    b: Guardar,
    escribir: (repo: PoliticasRepository, ahora: Date) => Promise<number>,
  ): Promise<Politica> {
    const ahora = this.clock.now();
    let politicaId: number;
    try {
      politicaId = await this.db.transaction(async (tx) => {
        const repo = this.repo(tx);
        const [ajena] = await repo.referenciasAjenas(actor.entidadId, b);
        if (ajena) throw AppError.invalid(ajena, MENSAJES_POLITICA.referencia);
        return escribir(repo, ahora);
      });
    } catch (err) {
      if (esViolacionDeUnicidad(err))
        throw new AppError('CONFLICTO', MENSAJES_POLITICA.duplicada, { field: 'clienteId' });
      throw err;
    }
    this.cambiadas(actor.entidadId);
    const [fila] = await this.repo().enVigor(actor.entidadId, politicaId);
    return vista(fila!);
  }

  /**
   * After the commit: the orders' reaction of every instance stops trusting its cached «this
   * company never had a policy» (orden-sla.service.ts).
   */
  private cambiadas(entidadId: number): void {
    this.bus.publish({ type: 'sla.politicasCambiadas', entidadId });
  }
}

function vista(f: FilaPolitica): Politica {
  const ref = (id: number | null, nombre: string | null) => (id == null ? null : { id, nombre: nombre ?? '—' });
  return {
    id: f.politicaId,
    nombre: f.nombre,
    cliente: ref(f.clienteId, f.clienteNombre),
    tipoOrden: ref(f.tipoOrdenId, f.tipoNombre),
    prioridad: ref(f.prioridadId, f.prioridadNombre),
    respuesta: f.respuesta,
    resolucion: f.resolucion,
    pausaEnEspera: f.pausaEnEspera,
    vigenteDesde: f.vigenteDesde.getTime(),
  };
}

function exigirAdministrador(actor: Actor): void {
  if (!esAdmin(actor)) throw AppError.forbidden(MENSAJES_POLITICA.soloAdministradores);
}
