import { CONFORMIDAD_REQUERIDA, TEXTO_CONFORMIDAD_REQUERIDA, type ConformidadRequerida } from '@delego/contract';
import { IonCard, IonCardContent, IonCardHeader, IonCardTitle, IonSkeletonText } from '@ionic/react';
import { useAviso } from '../../../components/avisos';
import { Selector } from '../../../components/selector';
import { notificarError } from '../../../lib/errors';
import { useConformidadTipos, useGuardarConformidadTipo } from '../api/conformidad-tipos';

/**
 * In «Tipos de Orden» (altaEtiquetas): when this type requires the client's conformity: never,
 * before Finalizada, or only before billing (issue 31). Saved when chosen.
 */
export function ConformidadDeTipo({ tipoOrdenId }: { tipoOrdenId: number }) {
  const tipos = useConformidadTipos();
  const guardar = useGuardarConformidadTipo();
  const aviso = useAviso();
  const actual: ConformidadRequerida = tipos.data?.find((t) => t.tipoOrdenId === tipoOrdenId)?.conformidad ?? 'no';

  return (
    <IonCard className="delego-card" data-testid="tipo-conformidad">
      <IonCardHeader className="admin-card-encabezado">
        <IonCardTitle className="admin-card-titulo">Conformidad del cliente</IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        {tipos.isPending ? (
          <IonSkeletonText animated style={{ width: '60%', height: 40 }} />
        ) : (
          <Selector
            label="Se pide"
            labelPlacement="stacked"
            fill="outline"
            valores={CONFORMIDAD_REQUERIDA}
            nombres={TEXTO_CONFORMIDAD_REQUERIDA}
            valor={actual}
            disabled={guardar.isPending || tipos.isError}
            alCambiar={(conformidad) => {
              if (conformidad === actual) return;
              guardar.mutate(
                { id: tipoOrdenId, conformidad },
                {
                  onSuccess: () => aviso(`Conformidad del cliente: ${TEXTO_CONFORMIDAD_REQUERIDA[conformidad]}.`),
                  onError: (err) => notificarError(err),
                },
              );
            }}
            data-testid="tipo-conformidad-select"
          />
        )}
        <p className="conformidad__requerida">
          «Antes de finalizar» impide pasar a Finalizada sin la firma o el «Conforme» del cliente; «Antes de facturar»
          solo la pide para facturar.
        </p>
      </IonCardContent>
    </IonCard>
  );
}
