import { IonBadge, IonIcon } from '@ionic/react';
import { alertCircle } from 'ionicons/icons';
import { useZonaEmpresa } from '../../../lib/fechas';
import { colorDePunto } from '../../../lib/color-de-punto';
import { colorEstado, vencimiento } from '../model/formato';

/** The state of an order as a badge in its colour (ESTADOS of the contract). */
export function EstadoBadge({ estado }: { estado: { id: number; nombre: string; color?: string } }) {
  return (
    <IonBadge color={colorEstado(estado)} className="orden-badge" data-testid="orden-estado">
      {estado.nombre}
    </IonBadge>
  );
}

/** The priority as an outlined badge in its colour; nothing without a priority. */
export function PrioridadBadge({ prioridad }: { prioridad: { nombre: string; color: string } | null }) {
  if (!prioridad) return null;
  return (
    <span
      className={`orden-prioridad orden-prioridad--${prioridad.color}`}
      style={colorDePunto(prioridad.color)}
      data-testid="orden-prioridad"
    >
      <span className="orden-prioridad__punto" aria-hidden="true" />
      Prioridad {prioridad.nombre.toLocaleLowerCase('es')}
    </span>
  );
}

/** The due date; overdue orders get a red mark that does not rely on colour alone. */
export function Vencimiento({ orden }: { orden: { fechaFin: number | null; vencida: boolean } }) {
  const v = vencimiento(orden, useZonaEmpresa());
  if (!v) return null;
  return (
    <span
      className={v.vencida ? 'orden-vencimiento orden-vencimiento--vencida' : 'orden-vencimiento'}
      data-testid="orden-vencimiento"
    >
      {v.vencida && <IonIcon icon={alertCircle} aria-hidden="true" />}
      {v.texto}
      {v.vencida && <strong className="orden-vencimiento__marca">Vencida</strong>}
    </span>
  );
}

/** A dot in a state's colour (radio lists, the history). */
export function PuntoEstado({ color }: { color: string }) {
  return <span className={`punto-estado punto-estado--${color}`} style={colorDePunto(color)} aria-hidden="true" />;
}
