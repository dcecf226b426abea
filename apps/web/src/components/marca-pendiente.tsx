import type { Cambio } from '../lib/outbox';
import './marca-pendiente.css';

/**
 * «pendiente» on work made on this device that the server does not have yet; «rechazado» once
 * the server refused it (the list of pending changes says why and lets the person fix it).
 */
export function MarcaPendiente({ estado }: { estado: Cambio['estado'] }) {
  return (
    <span
      className={`delego-marca-pendiente${estado === 'rechazado' ? ' delego-marca-pendiente--rechazado' : ''}`}
      data-testid="marca-pendiente"
    >
      {estado === 'rechazado' ? 'rechazado' : 'pendiente'}
    </span>
  );
}
