import {
  EVENTOS_USUARIO,
  MENSAJE_WHATSAPP_SIN_NUMERO,
  type Canales,
  type CanalesUsuario,
  type EventoUsuario,
  type zGuardarCanalesUsuario,
} from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { ConsentimientosRepository } from './consentimientos.repository.js';

/**
 * Each user's channels per kind of event, which the notifications module stores (its port
 * implements this); the WhatsApp module keeps the user's number and consent beside them.
 */
export interface PreferenciasDeAvisos {
  canales(db: DbOrTx, entidadId: number, usuarioId: number): Promise<Record<EventoUsuario, Canales>>;
  guardarCanales(
    tx: DbOrTx,
    entidadId: number,
    usuarioId: number,
    eventos: Record<EventoUsuario, Canales>,
  ): Promise<void>;
}

/**
 * A user's own channels (GET/PUT /api/v4/whatsapp/canales; docs/WHATSAPP.md «Canales de cada
 * usuario»): the matrix of channels per kind of event, and their WhatsApp number with their consent.
 */
export class CanalesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly preferencias: PreferenciasDeAvisos,
    private readonly modo: 'real' | 'prueba',
  ) {}

  async leer(actor: Actor, db: DbOrTx = this.db): Promise<CanalesUsuario> {
    const fila = await new ConsentimientosRepository(db).usuario(actor.entidadId, actor.id);
    const eventos = await this.preferencias.canales(db, actor.entidadId, actor.id);
    return {
      numero: fila?.numero ?? null,
      optIn: fila?.vigente && fila.optInFecha ? fila.optInFecha.getTime() : null,
      eventos,
      modo: this.modo,
    };
  }

  /**
   * Saves the channels and the number in one transaction. WhatsApp chosen for any kind needs a
   * number and the consent (400 at `numero`, nothing saved). The consent's date is kept while the
   * number and the consent stay (a repeated request changes nothing); a new number, or a consent
   * after a «BAJA», records a new one; without `acepta` there is none.
   */
  async guardar(actor: Actor, b: z.output<typeof zGuardarCanalesUsuario>): Promise<CanalesUsuario> {
    const numero = b.numero ?? null;
    const conWhatsapp = EVENTOS_USUARIO.some((e) => b.eventos[e].whatsapp);
    if (conWhatsapp && (!numero || !b.acepta)) throw AppError.invalid('numero', MENSAJE_WHATSAPP_SIN_NUMERO);
    return this.db.transaction(async (tx) => {
      const repo = new ConsentimientosRepository(tx);
      const actual = await repo.usuario(actor.entidadId, actor.id, true);
      let optInFecha: Date | null = null;
      if (numero && b.acepta) {
        optInFecha =
          actual?.vigente && actual.numero === numero && actual.optInFecha ? actual.optInFecha : this.clock.now();
      }
      await repo.guardarUsuario(actor.entidadId, actor.id, { numero, optInFecha, ahora: this.clock.now() });
      await this.preferencias.guardarCanales(tx, actor.entidadId, actor.id, b.eventos);
      return this.leer(actor, tx);
    });
  }
}
