import { estadoInfo, textoProgreso, type OrdenResumen } from '@delego/contract';
import { IonIcon, IonItem, IonLabel } from '@ionic/react';
import { businessOutline, checkboxOutline, personOutline } from 'ionicons/icons';
import { memo } from 'react';
import { MarcaPendiente } from '../../../components/marca-pendiente';
import { CuentaRegresivaSla } from '../../../domain/sla';
import { textoResponsables } from '../model/formato';
import { EstadoBadge, PrioridadBadge, Vencimiento } from './insignias';
// The item's styles travel with it: the equipment page shows it outside the order list.
import '../orders.css';

/** One order of the list: number, title, state, client, responsables, priority, due date and its service level's countdown. */
export const OrdenItem = memo(function OrdenItem({
  orden,
  estadoPendiente,
}: {
  orden: OrdenResumen;
  /** The state a change queued on this device will give it (shown marked «pendiente»). */
  estadoPendiente?: number;
}) {
  const pendiente = estadoPendiente === undefined ? undefined : estadoInfo(estadoPendiente);
  return (
    <IonItem
      button
      detail={false}
      routerLink={`/orden/${orden.id}`}
      className={orden.vencida ? 'orden-item orden-item--vencida' : 'orden-item'}
      data-testid="orden-item"
      data-numero={orden.numero}
    >
      <IonLabel className="orden-item__label">
        <div className="orden-item__cabecera">
          <span className="orden-item__numero">#{orden.numero}</span>
          <h2 className="orden-item__titulo">{orden.titulo}</h2>
          <EstadoBadge estado={pendiente ?? orden.estado} />
          {pendiente && <MarcaPendiente estado="pendiente" />}
        </div>
        <div className="orden-item__datos">
          <span className="orden-item__dato">
            <IonIcon icon={businessOutline} aria-label="Cliente" />
            {orden.cliente?.nombre ?? 'Sin cliente'}
          </span>
          <span className="orden-item__dato">
            <IonIcon icon={personOutline} aria-label="Responsables" />
            {textoResponsables(orden.responsables)}
          </span>
          {orden.checklist && orden.checklist.total > 0 && (
            <span
              className={
                orden.checklist.hechos === orden.checklist.total
                  ? 'orden-item__dato orden-item__checklist orden-item__checklist--completo'
                  : 'orden-item__dato orden-item__checklist'
              }
              data-testid="orden-item-checklist"
            >
              <IonIcon icon={checkboxOutline} aria-label="Checklist" />
              {textoProgreso(orden.checklist)}
            </span>
          )}
        </div>
        {(orden.prioridad || orden.fechaFin != null || orden.sla) && (
          <div className="orden-item__pie">
            <PrioridadBadge prioridad={orden.prioridad} />
            <Vencimiento orden={orden} />
            {orden.sla && <CuentaRegresivaSla sla={orden.sla} />}
          </div>
        )}
      </IonLabel>
    </IonItem>
  );
});
