import type { Notificacion, TipoNotificacion, UsuarioLogueado } from '@delego/contract';
import {
  IonButton,
  IonContent,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSpinner,
  useIonRouter,
  type RefresherEventDetail,
} from '@ionic/react';
import {
  alarmOutline,
  closeCircleOutline,
  fileTrayFullOutline,
  hourglassOutline,
  notificationsOffOutline,
  notificationsOutline,
  personAddOutline,
  personCircleOutline,
  personRemoveOutline,
  receiptOutline,
  starOutline,
  swapHorizontalOutline,
  warningOutline,
} from 'ionicons/icons';
import { Navigate, useLocation } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { rutaLogin, useSession } from '../../auth';
import { useNotificaciones } from '../api/get-notificaciones';
import { useMarcarLeida } from '../api/marcar-leida';
import { useZonaEmpresa } from '../../../lib/fechas';
import { fechaCompleta, fechaNotificacion } from '../model/fecha';
import { contarNoLeidas, rutaDeNotificacion } from '../model/lista';
import { ActivarPush } from './activar-push';
import { CanalesDeAviso } from '../../whatsapp';
import { useAhora } from '../../../lib/use-ahora';
import './notificaciones-page.css';

const RUTA = '/notificaciones';
const ICONOS: Record<TipoNotificacion, string> = {
  ORDEN_ASIGNADA: personAddOutline,
  ORDEN_QUITADA: personRemoveOutline,
  ORDEN_ESTADO: swapHorizontalOutline,
  ORDEN_VENCIDA: alarmOutline,
  ENCUESTA_RESPONDIDA: starOutline,
  FACTURACION_RECIBIDA: receiptOutline,
  ORDEN_NO_CONFORME: closeCircleOutline,
  SLA_POR_VENCER: hourglassOutline,
  SLA_INCUMPLIDO: warningOutline,
  SOLICITUD_RECIBIDA: fileTrayFullOutline,
  EXTERNO_RESPONDIO: personCircleOutline,
};

/**
 * Screen notificaciones (SPEC §2, a public route): the user's notifications, newest first. With
 * nobody logged in it sends to login, which comes back here.
 */
export default function NotificacionesPage() {
  const { usuario } = useSession();
  const { pathname } = useLocation();
  if (!usuario) {
    // Ionic keeps left pages mounted: only the page on screen redirects.
    return pathname === RUTA ? <Navigate to={rutaLogin(RUTA)} replace /> : null;
  }
  return <Notificaciones usuario={usuario} />;
}

function Notificaciones({ usuario }: { usuario: UsuarioLogueado }) {
  const consulta = useNotificaciones(usuario);
  const { mutate: marcarLeida } = useMarcarLeida();
  const router = useIonRouter();
  const ahora = useAhora();
  const zona = useZonaEmpresa();
  const lista = consulta.data;
  const noLeidas = contarNoLeidas(lista);

  function abrir(n: Notificacion) {
    if (!n.leida) marcarLeida(n.id);
    const ruta = rutaDeNotificacion(n);
    if (ruta !== RUTA) router.push(ruta, 'forward');
  }

  function refrescar(e: CustomEvent<RefresherEventDetail>) {
    void consulta.refetch().finally(() => e.detail.complete());
  }

  let contenido;
  if (consulta.isPending) {
    contenido = (
      <div className="notificaciones__estado" role="status" aria-live="polite" data-testid="notificaciones-cargando">
        <IonSpinner name="crescent" color="primary" />
        <span>Cargando notificaciones…</span>
      </div>
    );
  } else if (!lista) {
    contenido = (
      <div className="notificaciones__estado" role="alert" data-testid="notificaciones-error">
        <p>No se pudieron cargar las notificaciones.</p>
        <IonButton fill="outline" onClick={() => void consulta.refetch()}>
          Reintentar
        </IonButton>
      </div>
    );
  } else if (lista.length === 0) {
    contenido = (
      <div className="notificaciones__estado notificaciones__vacio" data-testid="notificaciones-vacio">
        <IonIcon icon={notificationsOffOutline} aria-hidden="true" />
        <p>No tiene notificaciones</p>
      </div>
    );
  } else {
    contenido = (
      <>
        <p className="notificaciones__resumen" aria-live="polite" data-testid="notificaciones-resumen">
          {noLeidas === 0 ? 'Todas leídas' : noLeidas === 1 ? '1 sin leer' : `${noLeidas} sin leer`}
        </p>
        <IonList className="notificaciones__lista" lines="full" data-testid="notificaciones-lista">
          {lista.map((n) => (
            <IonItem
              key={n.id}
              button
              detail={rutaDeNotificacion(n) !== RUTA}
              className={n.leida ? 'notificacion' : 'notificacion notificacion--no-leida'}
              onClick={() => abrir(n)}
              data-testid="notificacion"
              data-leida={n.leida ? 'true' : 'false'}
            >
              <IonIcon
                slot="start"
                className="notificacion__icono"
                icon={ICONOS[n.tipo as TipoNotificacion] ?? notificationsOutline}
                aria-hidden="true"
              />
              <IonLabel className="ion-text-wrap">
                <h2 className="notificacion__titulo">
                  {!n.leida && <span className="notificacion__punto" aria-hidden="true" />}
                  {!n.leida && <span className="delego-visually-hidden">No leída: </span>}
                  {n.titulo}
                </h2>
                {n.mensaje && <p className="notificacion__mensaje">{n.mensaje}</p>}
                <p className="notificacion__fecha">
                  <time dateTime={new Date(n.fecha).toISOString()} title={fechaCompleta(n.fecha, zona)}>
                    {fechaNotificacion(n.fecha, ahora, zona)}
                  </time>
                </p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      </>
    );
  }

  return (
    <>
      <PageHeader titulo="Notificaciones" volverA="/home" />
      <IonContent className="delego-page-content notificaciones-page" data-testid="notificaciones">
        <IonRefresher slot="fixed" onIonRefresh={refrescar}>
          <IonRefresherContent />
        </IonRefresher>
        <div className="delego-container notificaciones">
          <ActivarPush usuario={usuario} />
          <CanalesDeAviso />
          {contenido}
        </div>
      </IonContent>
    </>
  );
}
