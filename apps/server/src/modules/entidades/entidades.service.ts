import { esAdmin } from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import { AppError } from '../../kernel/errors.js';
import { EntidadesRepository, siguienteNumeroSql, siguientesNumerosSql } from './entidades.repository.js';
import { procesarLogo } from './logo.js';

export class EntidadesService {
  /** The company's next order number, as a statement an order's creation composes (ARCHITECTURE.md). */
  readonly siguienteNumeroSql = siguienteNumeroSql;
  /** The same for a batch of orders (the maintenance scheduler's). */
  readonly siguientesNumerosSql = siguientesNumerosSql;
  private readonly repo: EntidadesRepository;
  constructor(db: Db) {
    this.repo = new EntidadesRepository(db);
  }

  /** The company's name and logo; `tx` inside a transaction (invitations read it there). */
  find(entidadId: number, tx?: DbOrTx) {
    return (tx ? new EntidadesRepository(tx) : this.repo).find(entidadId);
  }

  /**
   * GET /api/v4/entidad/primeros-pasos: any user of the company may ask (three yes/no about their
   * own company, no names); Inicio shows each step only to those who may take it.
   */
  primerosPasos(actor: Actor) {
    return this.repo.primerosPasos(actor.entidadId, actor.id);
  }

  /**
   * PUT /api/v3/entidad/logo: admins only. The image is checked and re-encoded (see logo.ts) and
   * stored as a data URL, which the login response carries; null removes it.
   */
  async setLogo(actor: Actor, logo: string | null): Promise<{ logo: string | null }> {
    if (!esAdmin(actor)) {
      throw AppError.forbidden('Solo un administrador o el propietario puede cambiar el logo de la empresa.');
    }
    const dataUrl = logo === null ? null : await procesarLogo(logo);
    await this.repo.setLogo(actor.entidadId, dataUrl);
    return { logo: dataUrl };
  }
}
