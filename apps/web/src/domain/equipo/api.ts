import { RUTAS } from '@delego/contract';
import { consultaPor, type OpcionesHook } from '../../lib/consultas';
import { equiposKeys } from './keys';

const ubicaciones = consultaPor(
  RUTAS.ubicaciones,
  ({ cliente }: { cliente: number | null }) => equiposKeys.ubicaciones(cliente),
  ({ cliente }: { cliente: number | null }) => ({ query: cliente === null ? {} : { cliente } }),
  // A select whose options cannot be had stays empty: no alert over the form.
  { staleTime: 60_000, errorSilencioso: true },
);

/**
 * GET /api/v4/ubicaciones?cliente=: the sites of one client, or of every client (null). A null
 * argument of `consultaPor` means "ask nothing", so the client travels inside an object: a select
 * that needs a client first turns the query off with `habilitada` instead.
 */
export function useUbicaciones(cliente: number | null, hook?: OpcionesHook) {
  return ubicaciones.useConsulta({ cliente }, hook);
}

/** What the order form offers: the equipos of a client, at one of its sites or at any. */
export interface EquiposDe {
  cliente: number;
  ubicacion: number | null;
}

/**
 * GET /api/v4/equipos?cliente=&ubicacion=: the first 100 equipos of a client (at a site), for a
 * select. A client with more is searched on the equipment list.
 */
export const { useConsulta: useEquiposDe } = consultaPor(
  RUTAS.equipos,
  ({ cliente, ubicacion }: EquiposDe) =>
    equiposKeys.lista({ cliente, ubicacion: ubicacion ?? undefined, porPagina: 100 }),
  ({ cliente, ubicacion }: EquiposDe) => ({
    query: { cliente, porPagina: 100, ...(ubicacion === null ? {} : { ubicacion }) },
  }),
  // A select whose options cannot be had stays empty: no alert over the form.
  { staleTime: 60_000, errorSilencioso: true },
);
