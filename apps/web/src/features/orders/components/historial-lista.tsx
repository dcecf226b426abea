import { estadoInfo, type EventoOrden } from '@delego/contract';
import { useZonaEmpresa } from '../../../lib/fechas';
import { formatoFechaHora, nombrePersona } from '../model/formato';
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
export function HistorialLista({ eventos }: { eventos: readonly EventoOrden[] }) {
  const zona = useZonaEmpresa();
  return (
    <ol className="historial" data-testid="historial">
      {eventos.map((e) => (
        <li key={e.id} className="historial__evento" data-testid="historial-evento" data-tipo={e.tipo}>
          <PuntoEstado color={colorEvento(e)} />
          <div className="historial__cuerpo">
            <p className="historial__descripcion">{e.descripcion}</p>
            <p className="historial__meta">
              <span>{nombrePersona(e.usuario)}</span>
              <span aria-hidden="true"> · </span>
              <time dateTime={new Date(e.fecha).toISOString()}>{formatoFechaHora(e.fecha, zona)}</time>
            </p>
            {e.comentario && (
              <blockquote className="historial__comentario" data-testid="historial-comentario">
                {e.comentario}
              </blockquote>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
