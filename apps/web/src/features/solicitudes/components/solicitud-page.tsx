import { NOMBRES_ESTADO_SOLICITUD, textoFechaHora, type Solicitud } from '@delego/contract';
import { IonBadge, IonButton, IonContent, IonSkeletonText, useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { fileTrayOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { AceptarORechazar } from '../../../components/aceptar-o-rechazar';
import { useAviso } from '../../../components/avisos';
import { CampoSeleccionMultiple } from '../../../components/campos';
import { EstadoError, EstadoNoEncontrado, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { useResponsablesDisponibles } from '../../../domain/orden';
import { leerId } from '../../../lib/consulta-de-ruta';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { ApiError, esNoEncontrado } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useObjectUrl } from '../../files';
import { useAceptarSolicitud } from '../api/aceptar-solicitud';
import { useFotoSolicitud } from '../api/get-foto-solicitud';
import { useSolicitud } from '../api/get-solicitud';
import { solicitudesKeys } from '../keys';
import { antiguedad, COLOR_ESTADO, textoLugar, textoResolucion } from '../model/textos';
import { DialogoRechazo } from './dialogo-rechazo';
import { useAhora } from '../../../lib/use-ahora';
import './solicitudes.css';

/**
 * solicitudes/:id (issue 33): one request with what was asked, where, the contact and the photos;
 * pending, «Aceptar» (optionally with its responsables) makes it an order and opens it, «Rechazar»
 * asks for the reason.
 */
export default function SolicitudPage() {
  const id = leerId(useParams().id);
  const solicitud = useSolicitud(id);
  let contenido;
  if (id === null || esNoEncontrado(solicitud.error)) {
    contenido = (
      <EstadoNoEncontrado
        icono={fileTrayOutline}
        titulo="Solicitud no encontrada"
        volverA={{ ruta: '/solicitudes', texto: 'Ver solicitudes' }}
      >
        La solicitud no existe o es de un cliente para el que usted no puede delegar órdenes.
      </EstadoNoEncontrado>
    );
  } else if (solicitud.data) {
    contenido = <Detalle s={solicitud.data} />;
  } else if (solicitud.isError) {
    contenido = <EstadoError ambito="admin" error={solicitud.error} onReintentar={() => void solicitud.refetch()} />;
  } else {
    contenido = <FilasCargando ambito="admin" filas={4} testId="solicitud-cargando" />;
  }
  return (
    <>
      <PageHeader titulo="Solicitud" volverA="/solicitudes" />
      <IonContent className="ion-padding delego-page-content" data-testid="solicitud-page">
        <div className="delego-container solicitud">{contenido}</div>
      </IonContent>
    </>
  );
}

/** Where the place of a QR opens in the app: the equipo, or the equipos of that site. */
function rutaDeLugar(s: Solicitud): string | null {
  if (!s.lugar) return null;
  return s.lugar.tipo === 'equipo'
    ? `/equipos/${s.lugar.id}`
    : `/equipos?cliente=${s.clienteId}&ubicacion=${s.lugar.id}`;
}

function Detalle({ s }: { s: Solicitud }) {
  const zona = useZonaEmpresa();
  const ahora = useAhora();
  const lugar = rutaDeLugar(s);
  return (
    <article className="solicitud__detalle" aria-labelledby="solicitud-titulo">
      <header className="delego-card solicitud__tarjeta">
        <h1 id="solicitud-titulo" className="solicitud__cliente" data-testid="solicitud-detalle-cliente">
          {s.clienteNombre}
        </h1>
        <p className="solicitud__meta">
          <IonBadge color={COLOR_ESTADO[s.estado]} data-testid="solicitud-detalle-estado">
            {NOMBRES_ESTADO_SOLICITUD[s.estado]}
          </IonBadge>{' '}
          Recibida el <time dateTime={new Date(s.creada).toISOString()}>{textoFechaHora(s.creada, zona)}</time> (
          {antiguedad(s.creada, ahora)})
        </p>
        <p className="solicitud__que" data-testid="solicitud-detalle-que">
          {s.que}
        </p>
      </header>

      <section className="delego-card solicitud__tarjeta" aria-labelledby="solicitud-donde">
        <h2 id="solicitud-donde">Dónde</h2>
        {s.lugar && (
          <p data-testid="solicitud-detalle-lugar">
            {lugar ? (
              <IonButton fill="clear" size="small" routerLink={lugar} className="solicitud__enlace-lugar">
                {textoLugar(s.lugar)}
              </IonButton>
            ) : (
              textoLugar(s.lugar)
            )}
          </p>
        )}
        {s.donde && <p data-testid="solicitud-detalle-donde">{s.donde}</p>}
        {!s.lugar && !s.donde && <p className="solicitud__vacio">No lo indicó.</p>}
      </section>

      <section className="delego-card solicitud__tarjeta" aria-labelledby="solicitud-contacto">
        <h2 id="solicitud-contacto">Contacto</h2>
        <p data-testid="solicitud-detalle-nombre">{s.contacto.nombre}</p>
        {s.contacto.email && (
          <p>
            <a href={`mailto:${s.contacto.email}`} data-testid="solicitud-detalle-email">
              {s.contacto.email}
            </a>
          </p>
        )}
        {s.contacto.telefono && (
          <p>
            <a href={`tel:${s.contacto.telefono.replace(/[^\d+]/g, '')}`} data-testid="solicitud-detalle-telefono">
              {s.contacto.telefono}
            </a>
          </p>
        )}
      </section>

      {s.fotos.length > 0 && (
        <section className="delego-card solicitud__tarjeta" aria-labelledby="solicitud-fotos">
          <h2 id="solicitud-fotos">Fotos</h2>
          <ul className="solicitud__fotos" data-testid="solicitud-detalle-fotos">
            {s.fotos.map((f) => (
              <li key={f.id}>
                <Foto solicitudId={s.id} foto={f} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {s.estado === 'pendiente' ? <Decision s={s} /> : <Resolucion s={s} />}
    </article>
  );
}

/** A photo, fetched with the session as a Blob; a tap opens it whole in a new tab. */
function Foto({ solicitudId, foto }: { solicitudId: number; foto: Solicitud['fotos'][number] }) {
  const bytes = useFotoSolicitud(solicitudId, foto.id);
  const url = useObjectUrl(bytes.data);
  if (bytes.isError) {
    return (
      <span className="solicitud__foto solicitud__foto--falla" data-testid="solicitud-foto-falla">
        <IonButton
          fill="clear"
          size="small"
          onClick={() => void bytes.refetch()}
          aria-label={`Reintentar ${foto.nombre}`}
        >
          No se pudo cargar. Reintentar
        </IonButton>
      </span>
    );
  }
  if (!url) return <IonSkeletonText animated className="solicitud__foto" />;
  return (
    <a href={url} target="_blank" rel="noopener" className="solicitud__foto-enlace" title={foto.nombre}>
      <img className="solicitud__foto" src={url} alt={`Foto ${foto.nombre}`} data-testid="solicitud-foto" />
    </a>
  );
}

/** «Aceptar» with its optional responsables, and «Rechazar». */
function Decision({ s }: { s: Solicitud }) {
  const aceptar = useAceptarSolicitud();
  const disponibles = useResponsablesDisponibles(s.clienteId);
  const [responsable, setResponsable] = useState<number[]>([]);
  const [rechazando, setRechazando] = useState(false);
  // The responsables chosen are lost by leaving. While the rejection dialog is open only its reason
  // counts: closing it keeps them on screen. A decision taken replaces this form with its result.
  useCambiosSinGuardar(responsable.length > 0 && !rechazando);
  const router = useIonRouter();
  const avisar = useAviso();
  const queryClient = useQueryClient();

  function aceptarla() {
    aceptar.mutate(
      { id: s.id, responsable },
      {
        onSuccess: (aceptada) => {
          if (!aceptada.orden) return;
          avisar(`Se creó la orden #${aceptada.orden.numero}.`);
          router.push(`/orden/${aceptada.orden.id}`, 'forward');
        },
        // Someone else decided first (409): the screen shows what they decided.
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409)
            void queryClient.invalidateQueries({ queryKey: solicitudesKeys.detalle(s.id) });
        },
      },
    );
  }

  return (
    <section className="delego-card solicitud__tarjeta solicitud__decision" aria-labelledby="solicitud-decision">
      <h2 id="solicitud-decision">¿Qué hacemos?</h2>
      <p className="solicitud__ayuda">
        Al aceptarla se crea una orden con el pedido, sus fotos y el lugar (usa una orden del plan).
      </p>
      <CampoSeleccionMultiple
        name="responsable"
        value={responsable}
        onChange={setResponsable}
        error={undefined}
        disabled={aceptar.isPending}
        label="Responsables (opcional)"
        interfaceOptions={{ header: 'Responsables' }}
        placeholder="Sin responsable"
        opciones={(disponibles.data ?? []).map((u) => ({
          valor: u.id,
          texto: `${u.nombre} ${u.apellido}`.trim() || u.usuario,
        }))}
        data-testid="solicitud-responsables"
      />
      <AceptarORechazar
        clase="solicitud__acciones"
        aceptar={{ texto: 'Aceptar y crear la orden', ocupado: 'Creando la orden…' }}
        ocupado={aceptar.isPending}
        alAceptar={aceptarla}
        alRechazar={() => setRechazando(true)}
        testId="solicitud"
      />
      <DialogoRechazo solicitud={s} abierto={rechazando} alCerrar={() => setRechazando(false)} />
    </section>
  );
}

/** Who decided and when; the order it became, or the reason it was rejected. */
function Resolucion({ s }: { s: Solicitud }) {
  const zona = useZonaEmpresa();
  return (
    <section className="delego-card solicitud__tarjeta" data-testid="solicitud-resolucion">
      <p>{textoResolucion(s, zona)}.</p>
      {s.estado === 'rechazada' && s.motivo && (
        <p className="solicitud__motivo" data-testid="solicitud-detalle-motivo">
          Motivo: {s.motivo}
        </p>
      )}
      {s.orden && (
        <IonButton routerLink={`/orden/${s.orden.id}`} data-testid="solicitud-ver-orden">
          Ver la orden #{s.orden.numero}
        </IonButton>
      )}
    </section>
  );
}
