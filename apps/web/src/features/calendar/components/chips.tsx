import { diaDeMs, textoFecha } from '@delego/contract';
import { calendarNumberOutline } from 'ionicons/icons';
import { IonIcon } from '@ionic/react';
import type { DragEvent } from 'react';
import { textoResponsables } from '../../orders';
import type { OrdenEnVista, ProgramadaEnVista } from '../model/respuesta';

/** The data type a dragged order travels as (its id): nothing else may be dropped on a day. */
export const TIPO_ARRASTRE = 'application/x-delego-orden';

export interface AccionesDeOrden {
  abrir: (o: OrdenEnVista) => void;
  /** The keyboard's (and the phone's) way to move it: «Mover a…» a chosen day. */
  pedirMover: (o: OrdenEnVista) => void;
  /** Drag is offered on desktop only, and only for what the reader may edit. */
  arrastrable: boolean;
}

/** An order in a day: opens its detail; draggable to another day when the reader may edit it. */
export function ChipOrden({
  orden: o,
  acciones,
  zona,
}: {
  orden: OrdenEnVista;
  acciones: AccionesDeOrden;
  zona: string;
}) {
  const arrastrable = acciones.arrastrable && o.editable;
  const alArrastrar = (e: DragEvent) => {
    e.dataTransfer.setData(TIPO_ARRASTRE, String(o.id));
    e.dataTransfer.setData('text/plain', `#${o.numero} ${o.titulo}`);
    e.dataTransfer.effectAllowed = 'move';
  };
  const quien = textoResponsables(o.responsables);
  return (
    <div
      className={`calendario-chip calendario-chip--orden calendario-estado--${o.estado.id}`}
      data-testid={`calendario-orden-${o.id}`}
      data-dia={diaDeMs(o.fechaFin, zona)}
    >
      <button
        type="button"
        className="calendario-chip__abrir"
        draggable={arrastrable}
        onDragStart={arrastrable ? alArrastrar : undefined}
        onClick={() => acciones.abrir(o)}
        title={`#${o.numero} ${o.titulo} · ${o.estado.nombre} · vence ${textoFecha(o.fechaFin, zona)}${quien ? ` · ${quien}` : ''}`}
      >
        <span className="calendario-chip__numero">#{o.numero}</span>{' '}
        <span className="calendario-chip__titulo">{o.titulo}</span>
      </button>
      {o.editable && (
        <button
          type="button"
          className="calendario-chip__mover"
          aria-label={`Mover #${o.numero} a otro día`}
          title="Mover a…"
          onClick={() => acciones.pedirMover(o)}
          data-testid={`calendario-mover-${o.id}`}
        >
          <IonIcon icon={calendarNumberOutline} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** A scheduled occurrence of a recurring plan: not an order yet, so nothing to open or move. */
export function ChipProgramada({ programada: p }: { programada: ProgramadaEnVista }) {
  const estado = p.estado === 'esperando_cupo' ? 'Esperando cupo' : 'Programada';
  return (
    <div
      className={`calendario-chip calendario-chip--programada calendario-chip--${p.estado}`}
      title={`${p.titulo} · ${estado}${p.cliente ? ` · ${p.cliente.nombre}` : ''}`}
      data-testid={`calendario-programada-${p.planId}-${p.fecha}`}
    >
      <span className="calendario-chip__etiqueta">{estado}</span>{' '}
      <span className="calendario-chip__titulo">{p.titulo}</span>
    </div>
  );
}
