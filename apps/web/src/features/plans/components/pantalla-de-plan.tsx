import { esAdmin, type UsuarioLogueado } from '@delego/contract';
import { IonContent } from '@ionic/react';
import { phonePortraitOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { EstadoPantalla, EstadoSinPermiso } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../auth';
import { useEsIos } from '../use-es-ios';

/**
 * A screen of the plan (planes, mercadopago-tarjeta): on iPhone and iPad the plan is neither shown
 * nor changed (SPEC §2), and only an admin or the owner may use it (SPEC §6); the screens say so.
 */
export function PantallaDePlan({
  titulo,
  volverA,
  clase,
  sinPermiso,
  children,
}: {
  titulo: string;
  volverA: string;
  clase: string;
  /** What a user who is not an admin reads instead. */
  sinPermiso: string;
  children: (usuario: UsuarioLogueado) => ReactNode;
}) {
  const { usuario } = useSession();
  const esIos = useEsIos();
  return (
    <>
      <PageHeader titulo={titulo} volverA={volverA} />
      <IonContent className="ion-padding delego-page-content">
        <div className={`delego-container ${clase}`}>
          {esIos ? (
            <EstadoPantalla icono={phonePortraitOutline} titulo="No disponible en este dispositivo" testId="planes-ios">
              El plan de la empresa se administra desde la versión web o desde Android.
            </EstadoPantalla>
          ) : usuario && esAdmin(usuario) ? (
            children(usuario)
          ) : (
            <EstadoSinPermiso ambito="admin">{sinPermiso}</EstadoSinPermiso>
          )}
        </div>
      </IonContent>
    </>
  );
}
