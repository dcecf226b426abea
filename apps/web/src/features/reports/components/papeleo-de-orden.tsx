import { IonButton, IonIcon } from '@ionic/react';
import { attachOutline, printOutline, walletOutline } from 'ionicons/icons';
import './reportes.css';

/**
 * The order's paperwork from its detail: its files, its hours and expenses, and the printed
 * report. A card for the detail's grid (it takes the detail's section look).
 */
export function PapeleoDeOrden({ ordenId }: { ordenId: number }) {
  return (
    <section
      className="delego-card orden-detalle__seccion papeleo-enlaces"
      aria-labelledby="orden-papeleo"
      data-testid="orden-papeleo"
    >
      <h2 id="orden-papeleo">Archivos, horas y gastos</h2>
      <div className="papeleo-enlaces__botones">
        <IonButton fill="outline" size="small" routerLink={`/archivos?id=${ordenId}`} data-testid="accion-archivos">
          <IonIcon slot="start" icon={attachOutline} aria-hidden="true" />
          Archivos
        </IonButton>
        <IonButton
          fill="outline"
          size="small"
          routerLink={`/registro-historial?id=${ordenId}`}
          data-testid="accion-registro"
        >
          <IonIcon slot="start" icon={walletOutline} aria-hidden="true" />
          Horas y gastos
        </IonButton>
        <IonButton
          fill="outline"
          size="small"
          color="medium"
          routerLink={`/historial-imprimir/${ordenId}`}
          data-testid="accion-imprimir"
        >
          <IonIcon slot="start" icon={printOutline} aria-hidden="true" />
          Imprimir
        </IonButton>
      </div>
    </section>
  );
}
