import type { PlanEstado, UsuarioLogueado } from '@delego/contract';
import { IonButton } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';
import { EstadoPantalla } from '../../../components/estados-pantalla';
import { useZonaEmpresa } from '../../../lib/fechas';
import { modeloCupoAgotado } from '../plan-rules';
import { useEsIos } from '../use-es-ios';

/**
 * The new-order screen when the plan has no orders left this period (issue 36): said before the
 * form is filled, with «Actualizar plan» for those who may change it (admins, not on iOS) and the
 * renewal date for everyone. Renders nothing while there are orders left.
 */
export function CupoAgotado({ usuario, plan }: { usuario: UsuarioLogueado; plan: PlanEstado | null | undefined }) {
  const modelo = modeloCupoAgotado(usuario, plan, useEsIos(), useZonaEmpresa());
  if (!modelo) return null;
  return (
    <EstadoPantalla
      icono={alertCircleOutline}
      color="warning"
      titulo={modelo.titulo}
      testId="orden-cupo-agotado"
      accion={
        <>
          {modelo.mostrarActualizar && (
            <IonButton routerLink="/planes" routerDirection="forward" data-testid="cupo-actualizar-plan">
              Actualizar plan
            </IonButton>
          )}
          <IonButton fill="outline" routerLink="/home" routerDirection="root">
            Ir a Inicio
          </IonButton>
        </>
      }
    >
      {modelo.texto}
    </EstadoPantalla>
  );
}
