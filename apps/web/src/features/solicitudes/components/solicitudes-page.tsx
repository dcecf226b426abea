import { esAdmin, puedeCrearOrden, textoFechaHora, type EstadoSolicitud, type Solicitud } from '@delego/contract';
import {
  IonContent,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonNote,
  IonRefresher,
  IonRefresherContent,
  IonSegment,
  IonSegmentButton,
  type RefresherEventDetail,
} from '@ionic/react';
import { cameraOutline, fileTrayOutline } from 'ionicons/icons';
import { useState } from 'react';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { Texto } from '../../../components/texto';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useSession } from '../../auth';
import { useSolicitudes } from '../api/get-solicitudes';
import { useAhora } from '../../../lib/use-ahora';
import { antiguedad, primeraLinea, textoContacto, textoDonde } from '../model/textos';
import './solicitudes.css';

const FILTROS: readonly { estado: EstadoSolicitud; texto: string; vacio: string }[] = [
  { estado: 'pendiente', texto: 'Pendientes', vacio: 'No hay solicitudes pendientes' },
  { estado: 'aceptada', texto: 'Aceptadas', vacio: 'No hay solicitudes aceptadas' },
  { estado: 'rechazada', texto: 'Rechazadas', vacio: 'No hay solicitudes rechazadas' },
];

/**
 * «Solicitudes» (issue 33): the requests of the clients the user may delegate orders for, by
 * state, newest first. A new request arrives live (app/live-config.ts refreshes this list).
 */
export default function SolicitudesPage() {
  const { usuario } = useSession();
  const [estado, setEstado] = useState<EstadoSolicitud>('pendiente');
  const puede = !!usuario && (esAdmin(usuario) || puedeCrearOrden(usuario));
  return (
    <>
      <PageHeader titulo="Solicitudes" />
      <IonContent className="ion-padding delego-page-content" data-testid="solicitudes-page">
        {puede ? (
          <Bandeja estado={estado} alFiltrar={setEstado} />
        ) : (
          <div className="delego-container solicitudes">
            <EstadoSinPermiso ambito="admin">
              Las solicitudes de los clientes las atiende quien puede crear órdenes. Pida ese permiso a un
              administrador.
            </EstadoSinPermiso>
          </div>
        )}
      </IonContent>
    </>
  );
}

function Bandeja({ estado, alFiltrar }: { estado: EstadoSolicitud; alFiltrar: (e: EstadoSolicitud) => void }) {
  const lista = useSolicitudes(estado);
  const filtro = FILTROS.find((f) => f.estado === estado) ?? FILTROS[0]!;

  function refrescar(e: CustomEvent<RefresherEventDetail>) {
    void lista.refetch().finally(() => e.detail.complete());
  }

  let contenido;
  if (!lista.data) {
    contenido = lista.isError ? (
      <EstadoError ambito="admin" error={lista.error} onReintentar={() => void lista.refetch()} />
    ) : (
      <FilasCargando ambito="admin" filas={4} testId="solicitudes-cargando" />
    );
  } else if (lista.data.length === 0) {
    contenido = (
      <EstadoPantalla icono={fileTrayOutline} titulo={filtro.vacio} testId="solicitudes-vacio">
        {estado === 'pendiente'
          ? 'Cuando un cliente pida un trabajo por su enlace o por la etiqueta QR de un equipo, aparecerá aquí.'
          : undefined}
      </EstadoPantalla>
    );
  } else {
    contenido = (
      <IonList className="delego-card-lista solicitudes__lista" lines="full" data-testid="solicitudes-lista">
        {lista.data.map((s) => (
          <Fila key={s.id} s={s} />
        ))}
      </IonList>
    );
  }

  return (
    <>
      <IonRefresher slot="fixed" onIonRefresh={refrescar}>
        <IonRefresherContent />
      </IonRefresher>
      <div className="delego-container solicitudes">
        <IonSegment
          className="solicitudes__filtro"
          value={estado}
          onIonChange={(e) => alFiltrar((e.detail.value as EstadoSolicitud | undefined) ?? 'pendiente')}
          aria-label="Mostrar"
          data-testid="solicitudes-filtro"
        >
          {FILTROS.map((f) => (
            <IonSegmentButton key={f.estado} value={f.estado}>
              <IonLabel>
                <Texto>{f.texto}</Texto>
              </IonLabel>
            </IonSegmentButton>
          ))}
        </IonSegment>
        {contenido}
      </div>
    </>
  );
}

/** One request: client, the first line of what was asked, place, contact and age. */
function Fila({ s }: { s: Solicitud }) {
  const ahora = useAhora();
  const zona = useZonaEmpresa();
  const donde = textoDonde(s);
  return (
    <IonItem button routerLink={`/solicitudes/${s.id}`} detail data-testid={`solicitud-${s.id}`}>
      <IonLabel className="ion-text-wrap">
        <h2 className="solicitudes__cliente" data-testid="solicitud-cliente">
          {s.clienteNombre}
        </h2>
        <p className="solicitudes__que" data-testid="solicitud-que">
          {primeraLinea(s.que)}
        </p>
        {donde && <p data-testid="solicitud-donde">{donde}</p>}
        <p data-testid="solicitud-contacto">{textoContacto(s.contacto)}</p>
        {s.estado === 'aceptada' && s.orden && <p data-testid="solicitud-orden">Orden #{s.orden.numero}</p>}
        {s.estado === 'rechazada' && (
          <p data-testid="solicitud-motivo">{s.motivo ? `Rechazada: ${s.motivo}` : 'Rechazada'}</p>
        )}
      </IonLabel>
      <IonNote slot="end" className="solicitudes__meta">
        <time
          dateTime={new Date(s.creada).toISOString()}
          title={textoFechaHora(s.creada, zona)}
          data-testid="solicitud-edad"
        >
          {antiguedad(s.creada, ahora)}
        </time>
        {s.fotos.length > 0 && (
          <span className="solicitudes__fotos" data-testid="solicitud-cantidad-fotos">
            <IonIcon icon={cameraOutline} aria-hidden="true" /> {s.fotos.length}
            <span className="delego-visually-hidden">{s.fotos.length === 1 ? ' foto' : ' fotos'}</span>
          </span>
        )}
      </IonNote>
    </IonItem>
  );
}
