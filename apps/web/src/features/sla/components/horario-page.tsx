import { esAdmin, MENSAJES_SLA } from '@delego/contract';
import { IonContent, IonNote } from '@ionic/react';
import { Link } from 'react-router-dom';
import { EstadoError, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../auth';
import { useCalendarioHabil } from '../api/calendario';
import { Feriados } from './feriados';
import { SemanaHabil } from './semana-habil';
import './horario.css';

/**
 * «Horario y feriados» (issue 34): the company's working week and its holidays, which the service
 * levels count in. Everyone reads it; only an administrator changes it.
 */
export default function HorarioPage() {
  const { usuario } = useSession();
  const calendario = useCalendarioHabil();
  const puedeCambiar = !!usuario && esAdmin(usuario);
  let contenido;
  if (!calendario.data) {
    contenido = calendario.isError ? (
      <EstadoError ambito="admin" error={calendario.error} onReintentar={() => void calendario.refetch()} />
    ) : (
      <FilasCargando ambito="admin" filas={7} testId="horario-cargando" />
    );
  } else {
    const { semana, anios, feriados, zona } = calendario.data;
    contenido = (
      <>
        {!puedeCambiar && (
          <IonNote className="horario__nota" data-testid="horario-solo-lectura">
            {MENSAJES_SLA.soloAdministradores}
          </IonNote>
        )}
        <p className="horario__ayuda" data-testid="horario-enlace-sla">
          Los plazos de los <Link to="/sla">niveles de servicio</Link> cuentan solo el tiempo de este horario, sin los
          feriados.
        </p>
        <SemanaHabil key={JSON.stringify(semana)} semana={semana} puedeCambiar={puedeCambiar} />
        <Feriados anios={anios} feriados={feriados} zona={zona} puedeCambiar={puedeCambiar} />
      </>
    );
  }
  return (
    <>
      <PageHeader titulo="Horario y feriados" />
      <IonContent className="ion-padding delego-page-content" data-testid="horario-page">
        <div className="delego-container horario">{contenido}</div>
      </IonContent>
    </>
  );
}
