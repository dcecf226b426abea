import { estadoInfo, type EventoOrden } from '@delego/contract';
import { MarcaPendiente } from '../../../components/marca-pendiente';
import { useZonaEmpresa } from '../../../lib/fechas';
import type { Cambio } from '../../../lib/outbox';
import { formatoFechaHora, nombrePersona, textoHechoEn } from '../model/formato';
import { PuntoEstado } from './insignias';

/** The colour of an event's dot: the state it moved to (or started in); neutral for other changes. */
export function colorEvento(e: Pick<EventoOrden, 'tipo' | 'estadoNuevo'>): string {
  if ((e.tipo === 'ESTADO' || e.tipo === 'CREADA') && e.estadoNuevo != null) {
    return estadoInfo(e.estadoNuevo)?.color ?? 'medium';
  }
  if (e.tipo === 'ELIMINADA') return 'danger';
  return 'neutro';
}

/**
 * An order's history, oldest first (as the server sends it: it reads like a story, the latest
 * change at the end). Titles and comments are text: React escapes them, nothing is parsed as HTML.
 */
/** What a pending change says in the history: its description without the order ('Orden #12 · '). */
export function descripcionPendiente(c: Pick<Cambio, 'descripcion'>): string {
  return c.descripcion.replace(/^Orden #[^·]*·\s*/, '');
}

/**
 * A line another feature adds to an order's history (app/composicion passes the hook that reads
 * them: `UsarLineasHistorial`), e.g. a WhatsApp message with its statuses (issue 35). `fecha`
 * places it among the server's events; `hora` is the time it shows.
 */
export interface LineaHistorial {
  clave: string;
  /** Where it goes among the events (epoch ms); after an event of the same instant. */
  fecha: number;
  descripcion: string;
  /** Who or what it concerns, before the time ('+5491 ••• 5678'). */
  quien: string;
  /** The time shown (epoch ms), e.g. that of its last status. */
  hora: number;
  /** Text shown under it as a quote (a message's text), always as text. */
  detalle?: string | null;
  /** The colour of its dot: an Ionic colour ('success', 'danger') or 'neutro'. */
  color: string;
  /** Its kind (`data-tipo`, e.g. 'whatsapp'). */
  tipo: string;
}

/** The lines other features add to an order's history (none without an order, while they load or when they fail). */
export type UsarLineasHistorial = (ordenId: number | null) => readonly LineaHistorial[];

export const sinLineasHistorial: UsarLineasHistorial = () => [];

/**
 * The server's events, in the server's order, with the added lines put among them by date: a line
 * goes before the first event later than it (after an event of the same instant).
 */
export function conLineas(
  eventos: readonly EventoOrden[],
  lineas: readonly LineaHistorial[],
): ({ evento: EventoOrden } | { linea: LineaHistorial })[] {
  const pendientes = [...lineas].sort((a, b) => a.fecha - b.fecha);
  const todas: ({ evento: EventoOrden } | { linea: LineaHistorial })[] = [];
  for (const evento of eventos) {
    while (pendientes.length && pendientes[0]!.fecha < evento.fecha) todas.push({ linea: pendientes.shift()! });
    todas.push({ evento });
  }
  return [...todas, ...pendientes.map((linea) => ({ linea }))];
}

/** The comment of a pending state change, if it has one. */
function comentarioPendiente(c: Cambio): string | null {
  if (c.tipo !== 'estado') return null;
  const comentario = (c.cuerpo as { comentarios?: unknown } | null)?.comentarios;
  return typeof comentario === 'string' && comentario.trim() ? comentario : null;
}

/**
 * The server's events, then what this device did to the order and has not sent yet (the outbox),
 * with when it was done here, marked «pendiente» (issue 36).
 */
export function HistorialLista({
  eventos,
  pendientes = [],
  lineas = [],
}: {
  eventos: readonly EventoOrden[];
  pendientes?: readonly Cambio[];
  /** Lines of other features (WhatsApp messages), merged with the events by date. */
  lineas?: readonly LineaHistorial[];
}) {
  const zona = useZonaEmpresa();
  return (
    <ol className="historial" data-testid="historial">
      {conLineas(eventos, lineas).map((item) => {
        if ('linea' in item) {
          const l = item.linea;
          return (
            <li key={l.clave} className="historial__evento" data-testid="historial-linea" data-tipo={l.tipo}>
              <PuntoEstado color={l.color} />
              <div className="historial__cuerpo">
                <p className="historial__descripcion">{l.descripcion}</p>
                <p className="historial__meta">
                  <span>{l.quien}</span>
                  <span aria-hidden="true"> · </span>
                  <time dateTime={new Date(l.hora).toISOString()}>{formatoFechaHora(l.hora, zona)}</time>
                </p>
                {l.detalle && <blockquote className="historial__comentario">{l.detalle}</blockquote>}
              </div>
            </li>
          );
        }
        const e = item.evento;
        const hechoEn = textoHechoEn(e.hechoEn, e.fecha, zona);
        return (
          <li key={e.id} className="historial__evento" data-testid="historial-evento" data-tipo={e.tipo}>
            <PuntoEstado color={colorEvento(e)} />
            <div className="historial__cuerpo">
              <p className="historial__descripcion">{e.descripcion}</p>
              <p className="historial__meta">
                <span>{e.porCliente ? 'El cliente, desde el enlace' : nombrePersona(e.usuario)}</span>
                <span aria-hidden="true"> · </span>
                {hechoEn ? (
                  <time dateTime={new Date(e.hechoEn ?? e.fecha).toISOString()} data-testid="historial-hecho-en">
                    {hechoEn}
                  </time>
                ) : (
                  <time dateTime={new Date(e.fecha).toISOString()}>{formatoFechaHora(e.fecha, zona)}</time>
                )}
              </p>
              {e.comentario && (
                <blockquote className="historial__comentario" data-testid="historial-comentario">
                  {e.comentario}
                </blockquote>
              )}
            </div>
          </li>
        );
      })}
      {pendientes.map((c) => {
        const comentario = comentarioPendiente(c);
        return (
          <li key={c.id} className="historial__evento historial__evento--pendiente" data-testid="historial-pendiente">
            <PuntoEstado color="neutro" />
            <div className="historial__cuerpo">
              <p className="historial__descripcion">
                {descripcionPendiente(c)} <MarcaPendiente estado={c.estado} />
              </p>
              <p className="historial__meta">
                <span>Hecho en este dispositivo</span>
                <span aria-hidden="true"> · </span>
                <time dateTime={new Date(c.creado).toISOString()}>{formatoFechaHora(c.creado, zona)}</time>
              </p>
              {comentario && <blockquote className="historial__comentario">{comentario}</blockquote>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
