import type { UsuarioLogueado } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../features/admin/keys';
import { refrescarSesion } from '../features/auth';
import { notificacionesKeys, notificacionRecibida } from '../features/notifications';
import { ordenesKeys } from '../domain/orden/keys';
import { eliminadaAqui, ordenEliminada } from '../domain/orden/cache';
import { planKeys } from '../domain/plans';
import { estadisticasKeys } from '../features/statistics';
import { catalogoKeys } from '../lib/catalogo-keys';
import { encuestasKeys } from '../features/surveys';
import { conformidadKeys } from '../features/conformity';
import { checklistKeys } from '../features/checklists';
import { calendarioKeys } from '../features/calendar';
import { whatsappKeys } from '../features/whatsapp';
import { refrescarSolicitudes } from '../features/solicitudes';
import { destinosDe, manejadorDe, type CanalDeSesion, type ConfigEnVivo, type Manejador } from '../lib/live';

/** Prefixes of the order queries that the cache topics make stale. */
const CATALOGOS_ORDENES = [...ordenesKeys.all, 'catalogo'] as const;
const RESPONSABLES_DISPONIBLES = [...ordenesKeys.all, 'responsables-disponibles'] as const;

function invalidar(queryClient: QueryClient, ...claves: (readonly unknown[])[]): void {
  for (const queryKey of claves) void queryClient.invalidateQueries({ queryKey });
}

/**
 * An order changed (the company's channel, or the order's own for whoever views it without that
 * one): open lists, and that order's detail, history, conformity and checklist refetch.
 */
export function alCambiarOrden(queryClient: QueryClient, { ordenId, tipo }: { ordenId: number; tipo: string }): void {
  // A WhatsApp message of the order was sent, delivered or read: only its messages refetch.
  if (tipo === 'orden.whatsappCambiado') {
    invalidar(queryClient, whatsappKeys.mensajesOrden(ordenId));
    return;
  }
  // The dashboard and the statistics on screen count that order too, and the calendar shows it.
  invalidar(queryClient, estadisticasKeys.all, calendarioKeys.all);
  if (tipo === 'orden.eliminada' && eliminadaAqui(queryClient, ordenId)) {
    // Deleted here: its page is going back, and nothing of that order is asked for again (a 404).
    ordenEliminada(queryClient, ordenId);
    return;
  }
  const propias = [ordenesKeys.detalle(ordenId), ordenesKeys.guardada(ordenId), ordenesKeys.historial(ordenId)];
  if (tipo === 'orden.eliminada') {
    // Nobody is looking at those that are not on screen: drop them; the one on screen finds out.
    for (const queryKey of propias) queryClient.removeQueries({ queryKey, type: 'inactive' });
  }
  invalidar(queryClient, ordenesKeys.listas(), ...propias);
  // Its client's conformity (a signature, a «No conforme» from the link that reopened it).
  invalidar(queryClient, conformidadKeys.orden(ordenId));
  // Its checklist (an answer from another phone, an item added, the template applied again).
  invalidar(queryClient, checklistKeys.orden(ordenId));
  // A new order may be a request someone accepted (issue 33): the inbox and its badge refetch.
  if (tipo === 'orden.creada') refrescarSolicitudes(queryClient);
}

/**
 * What each live message does (SPEC §7 Live socket): it updates or invalidates the query keys of
 * the features, so the screens showing them refresh; there is no other store.
 */
export function manejadoresEnVivo(
  queryClient: QueryClient,
  usuario: Pick<UsuarioLogueado, 'id'>,
): Record<CanalDeSesion, Manejador> {
  return {
    // A notification: into the list (badge and screen), a toast, and the user's orders refresh
    // (an assigned order appears in the list of someone who is not on the entity channel).
    usuario: manejadorDe('usuario', (notificacion) => {
      notificacionRecibida(queryClient, usuario.id, notificacion);
      invalidar(queryClient, ordenesKeys.all);
      // A client answered a survey: its order's surveys and the charts refetch.
      if (notificacion.tipo === 'ENCUESTA_RESPONDIDA') invalidar(queryClient, encuestasKeys.all);
      // A client answered «No conforme» from the link (the order reopened): its conformity refetches.
      if (notificacion.tipo === 'ORDEN_NO_CONFORME') invalidar(queryClient, conformidadKeys.all);
      // A request from outside arrived (issue 33): the inbox and the menu's badge refetch.
      if (notificacion.tipo === 'SOLICITUD_RECIBIDA') refrescarSolicitudes(queryClient);
    }),
    // The new plan state: the menu's panel shows it at once.
    plan: manejadorDe('plan', (plan) => {
      queryClient.setQueryData(planKeys.estado(usuario.id), plan);
    }),
    // An order of the company changed: open lists, and that order's detail and history refetch.
    entidad: manejadorDe('entidad', (mensaje) => alCambiarOrden(queryClient, mensaje)),
    // The company's clients or users changed: what lists them refetches.
    cacheClientes: manejadorDe('cacheClientes', () =>
      invalidar(queryClient, adminKeys.clientes(), CATALOGOS_ORDENES, catalogoKeys.all),
    ),
    cacheUsuarios: manejadorDe('cacheUsuarios', () =>
      invalidar(queryClient, adminKeys.usuarios(), RESPONSABLES_DISPONIBLES),
    ),
  };
}

/** The live channel as the app uses it, for one query client. */
export function configEnVivo(queryClient: QueryClient): ConfigEnVivo {
  return {
    suscripciones(usuario) {
      const manejadores = manejadoresEnVivo(queryClient, usuario);
      const suscripciones = new Map<string, Manejador>();
      for (const [canal, destino] of Object.entries(destinosDe(usuario)) as [CanalDeSesion, string][]) {
        suscripciones.set(destino, manejadores[canal]);
      }
      return suscripciones;
    },
    // While the socket was down messages were lost: what they would have refreshed refetches.
    alReconectar() {
      invalidar(queryClient, notificacionesKeys.all, ordenesKeys.all, catalogoKeys.all, planKeys.all);
      // The checklist and conformity on screen too: their order's messages may be among the lost;
      // and the requests (issue 33), whose arrival is a notification.
      invalidar(queryClient, checklistKeys.all, conformidadKeys.all);
      refrescarSolicitudes(queryClient);
    },
    // The server refused us (it closes the socket right after): the stored user may be stale.
    alRechazo() {
      void refrescarSesion();
    },
  };
}
