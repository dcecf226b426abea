import {
  NOMBRES_ESTADO_SOLICITUD,
  textoFechaHora,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type SeguimientoSolicitud,
} from '@delego/contract';
import { IonBadge, IonButton } from '@ionic/react';
import { linkOutline } from 'ionicons/icons';
import { useParams } from 'react-router-dom';
import { EstadoCargando, EstadoPantalla, EstadoReintentar } from '../../../components/estados-pantalla';
import { PantallaPublica } from '../../../components/pantalla-publica';
import { esNoEncontrado } from '../../../lib/errors';
import { useSeguimientoSolicitud } from '../api/get-seguimiento';
import { COLOR_ESTADO, enlaceSeguro } from '../model/textos';
import './solicitud-publica.css';

/** The public page shows dates in the companies' default zone (the requester has no session to tell another). */
const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;

/**
 * solicitud/seguimiento/:t (no session): where a request stands, by the tracking link (issue 33).
 * Accepted: a button to the order's public summary; rejected: «Rechazada: motivo».
 */
export default function SeguimientoPage() {
  const t = useParams().t ?? '';
  const seguimiento = useSeguimientoSolicitud(t || null);
  let contenido;
  if (!t || (seguimiento.isError && esNoEncontrado(seguimiento.error))) {
    contenido = (
      <EstadoPantalla icono={linkOutline} titulo="Pedido no encontrado" testId="seguimiento-no-encontrado">
        Este enlace de seguimiento no existe o se escribió mal. Revise el correo que le enviamos o pregunte a la
        empresa.
      </EstadoPantalla>
    );
  } else if (seguimiento.data) {
    contenido = <Seguimiento s={seguimiento.data} />;
  } else if (seguimiento.isError) {
    contenido = (
      <EstadoReintentar
        titulo="No pudimos cargar su pedido"
        error={seguimiento.error}
        onReintentar={() => void seguimiento.refetch()}
        testId="seguimiento"
      />
    );
  } else {
    contenido = (
      <EstadoCargando className="solicitud-publica__cargando" testId="seguimiento-cargando">
        Cargando su pedido…
      </EstadoCargando>
    );
  }
  return (
    <PantallaPublica ancho="media" testId="seguimiento">
      {contenido}
    </PantallaPublica>
  );
}

function Seguimiento({ s }: { s: SeguimientoSolicitud }) {
  const resumen = s.estado === 'aceptada' ? enlaceSeguro(s.resumen) : null;
  return (
    <article className="solicitud-publica__seguimiento" aria-labelledby="seguimiento-titulo">
      <header className="solicitud-publica__encabezado">
        <p className="solicitud-publica__empresa" data-testid="seguimiento-empresa">
          {s.empresa}
        </p>
        <h1 id="seguimiento-titulo" className="solicitud-publica__titulo">
          Su pedido
        </h1>
        <p className="solicitud-publica__dato">
          Enviado el <time dateTime={new Date(s.creada).toISOString()}>{textoFechaHora(s.creada, ZONA)}</time>
        </p>
      </header>
      <p className="solicitud-publica__estado">
        Estado:{' '}
        <IonBadge color={COLOR_ESTADO[s.estado]} data-testid="seguimiento-estado">
          {NOMBRES_ESTADO_SOLICITUD[s.estado]}
        </IonBadge>
      </p>
      <p className="solicitud-publica__que" data-testid="seguimiento-que">
        {s.que}
      </p>
      {s.estado === 'pendiente' && (
        <p className="solicitud-publica__nota" data-testid="seguimiento-pendiente">
          La empresa todavía no revisó su pedido. Esta página muestra su respuesta en cuanto la haya.
        </p>
      )}
      {s.estado === 'rechazada' && (
        <p className="solicitud-publica__rechazo" data-testid="seguimiento-motivo">
          {s.motivo ? `Rechazada: ${s.motivo}` : 'Rechazada.'}
        </p>
      )}
      {s.estado === 'aceptada' && (
        <>
          <p className="solicitud-publica__nota">La empresa aceptó su pedido y creó una orden de trabajo.</p>
          {resumen && (
            <IonButton href={resumen} data-testid="seguimiento-resumen">
              Ver la orden
            </IonButton>
          )}
        </>
      )}
    </article>
  );
}
