import {
  esAdmin,
  numeroOculto,
  plantillasWhatsapp,
  type MensajeWhatsapp,
  type PlantillasWhatsapp,
  type WhatsappCliente,
  type zGuardarWhatsappCliente,
} from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { ConsentimientosRepository, type ConsentimientoCliente } from './consentimientos.repository.js';
import { SalidaRepository } from './whatsapp.repository.js';

export const MENSAJES_WHATSAPP_CLIENTE = {
  soloAdministradores: 'Solo un administrador (ADMIN o PROPIETARIO) ve y cambia el WhatsApp de un cliente.',
  clienteInexistente: 'El cliente no existe.',
} as const;

/**
 * What people see and change of WhatsApp (docs/WHATSAPP.md): a client's number and consent
 * (administrators), the templates (everyone), and the messages of an order (whoever sees it).
 */
export class ConsentimientosService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly deps: {
      clients: Pick<PuertoClientes, 'find'>;
      orders: Pick<PuertoOrdenes, 'acceso'>;
      modo: 'real' | 'prueba';
    },
  ) {}

  plantillas(): PlantillasWhatsapp {
    return plantillasWhatsapp(this.deps.modo);
  }

  /** The messages of an order the actor may see (404 as for the order itself), numbers masked. */
  async deOrden(actor: Actor, ordenId: number): Promise<MensajeWhatsapp[]> {
    await this.deps.orders.acceso(actor, ordenId);
    const mensajes = await new SalidaRepository(this.db).deOrden(actor.entidadId, ordenId);
    return mensajes.map((m) => ({
      ...m,
      numero: numeroOculto(m.numero),
      creado: m.creado.getTime(),
      estados: m.estados.map((e) => ({ estado: e.estado, fecha: e.fecha.getTime() })),
    }));
  }

  async cliente(actor: Actor, clienteId: number): Promise<WhatsappCliente> {
    exigirAdministrador(actor);
    await this.exigirCliente(actor, clienteId);
    return vista(clienteId, await new ConsentimientosRepository(this.db).cliente(actor.entidadId, clienteId));
  }

  /**
   * Saves a client's number and consent. `optIn: true` records a consent now, with how it was given
   * and who recorded it, unless the same consent (number and origin) is already in force (a repeated
   * request changes nothing); a new number always needs a new consent. `optIn: false` over a
   * consent in force records an opt-out by the company. A consent after a «BAJA» wins.
   */
  async guardarCliente(
    actor: Actor,
    clienteId: number,
    b: z.output<typeof zGuardarWhatsappCliente>,
  ): Promise<WhatsappCliente> {
    exigirAdministrador(actor);
    await this.exigirCliente(actor, clienteId);
    await this.db.transaction(async (tx) => {
      const repo = new ConsentimientosRepository(tx);
      const actual = await repo.cliente(actor.entidadId, clienteId, true);
      const ahora = this.clock.now();
      const numero = b.numero ?? null;
      const base = {
        numero,
        optInFecha: actual?.optInFecha ?? null,
        optInOrigen: actual?.optInOrigen ?? null,
        optInPor: actual?.optInPor ?? null,
        optOutFecha: actual?.optOutFecha ?? null,
        optOutOrigen: actual?.optOutOrigen ?? null,
        ahora,
      };
      if (b.optIn && b.origen) {
        const igual = actual?.vigente && actual.numero === numero && actual.optInOrigen === b.origen;
        if (!igual) Object.assign(base, { optInFecha: ahora, optInOrigen: b.origen, optInPor: actor.id });
      } else if (actual?.vigente) {
        Object.assign(base, { optOutFecha: ahora, optOutOrigen: 'empresa' });
      }
      await repo.guardarCliente(actor.entidadId, clienteId, base);
    });
    // After the commit: every instance's dispatcher stops trusting its cached «no consent» (despacho.ts).
    this.bus.publish({ type: 'whatsapp.consentimientosCambiados', entidadId: actor.entidadId });
    return this.cliente(actor, clienteId);
  }

  private async exigirCliente(actor: Actor, clienteId: number): Promise<void> {
    if (!(await this.deps.clients.find(actor.entidadId, clienteId))) {
      throw AppError.notFound(MENSAJES_WHATSAPP_CLIENTE.clienteInexistente);
    }
  }
}

function exigirAdministrador(actor: Actor): void {
  if (!esAdmin(actor)) throw AppError.forbidden(MENSAJES_WHATSAPP_CLIENTE.soloAdministradores);
}

function vista(clienteId: number, c: ConsentimientoCliente | undefined): WhatsappCliente {
  return {
    clienteId,
    numero: c?.numero ?? null,
    optIn:
      c?.vigente && c.optInFecha && c.optInOrigen
        ? { fecha: c.optInFecha.getTime(), origen: c.optInOrigen, registradoPor: c.registradoPor }
        : null,
    optOut: c?.optOutFecha && c.optOutOrigen ? { fecha: c.optOutFecha.getTime(), origen: c.optOutOrigen } : null,
  };
}
