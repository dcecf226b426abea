import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { ReglasDeEstado } from '../../kernel/reglas-de-estado.js';
import type { AlmacenIdempotencia } from '../idempotencia/index.js';
import { conformityRoutes } from './conformity.routes.js';
import { ConformityService, type DepsConformityService } from './conformity.service.js';

export type { ImagenFirma, OrdenDeEnlace } from './conformity.service.js';

/**
 * What other modules may ask of the conformity module: the public summary's part and the client's
 * answer (client-side, which owns the link), the rule before billing (client-side), the rule
 * before Finalizada (the state rules' registry), and the signature for the PDF report.
 */
export type PuertoConformidad = Pick<
  ConformityService,
  'publica' | 'responderRemota' | 'exigirParaFacturar' | 'bloqueosDeEstado' | 'paraImprimir'
>;

/** The service's ports and storage (DepsConformityService), and what the module itself uses. */
export interface DepsConformidad extends Omit<DepsConformityService, 'log'> {
  idempotencia: AlmacenIdempotencia;
  /** Where the module registers its rule before Finalizada (types that require conformity antes_de_finalizar). */
  reglas: Pick<ReglasDeEstado, 'registrar'>;
}

/** The client's conformity with an order (issue 31, docs/CONFORMIDAD.md). */
export function moduloConformidad(
  n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log'>,
  deps: DepsConformidad,
): Modulo<PuertoConformidad> {
  const { idempotencia, reglas, ...puertos } = deps;
  const servicio = new ConformityService(n.db, n.clock, n.bus, { ...puertos, log: n.log });
  reglas.registrar('conformidad', (t) =>
    servicio.bloqueosDeEstado(t.tx, t.actor.entidadId, t.ordenId, t.tipoOrdenId, t.hacia),
  );
  return { nombre: 'conformity', puerto: servicio, rutas: conformityRoutes(servicio, idempotencia) };
}
