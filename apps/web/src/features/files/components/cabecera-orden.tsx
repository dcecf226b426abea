import { IonSkeletonText } from '@ionic/react';
import { useOrden } from '../api/get-orden';
import './papeleo.css';

/** '#12 · Cambio de bomba' above a screen of the order's paperwork. */
export function CabeceraOrden({ ordenId }: { ordenId: number }) {
  const orden = useOrden(ordenId);
  return (
    <p className="papeleo-orden" data-testid="papeleo-orden">
      {orden.data ? (
        <>
          <span className="papeleo-orden__numero">#{orden.data.numero}</span>
          <span className="papeleo-orden__titulo">{orden.data.titulo}</span>
        </>
      ) : orden.isPending ? (
        <IonSkeletonText animated style={{ width: '40%', height: 18 }} />
      ) : (
        <span className="papeleo-orden__numero">Orden {ordenId}</span>
      )}
    </p>
  );
}
