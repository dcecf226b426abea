import { IonContent } from '@ionic/react';
import { timeOutline } from 'ionicons/icons';
import { PageHeader } from '../../../components/page-header';
import { useHistorial } from '../api/get-historial';
import { useOrdenDetalle } from '../api/get-orden-detalle';
import { useIdDeConsulta } from '../hooks/use-consulta-de-ruta';
import { Aviso, AvisoError, AvisoSinOrden, FilasCargando } from './avisos-pantalla';
import { HistorialLista } from './historial-lista';
import { EstadoBadge } from './insignias';
import '../orders.css';

/** historial?id=42: every change of an order, oldest first, with who, when and the comment. */
export default function HistorialPage() {
  const id = useIdDeConsulta('/historial');
  const historial = useHistorial(id);
  const detalle = useOrdenDetalle(id);
  const orden = detalle.data;
  return (
    <>
      <PageHeader titulo={orden ? `Historial de #${orden.numero}` : 'Historial'} volverA={id ? `/orden/${id}` : '/home'} />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container ordenes-formulario">
          {id === null ? (
            <AvisoSinOrden />
          ) : historial.isPending ? (
            <FilasCargando filas={5} />
          ) : historial.isError ? (
            <AvisoError error={historial.error} onReintentar={() => void historial.refetch()} />
          ) : (
            <section className="delego-card ordenes-formulario__tarjeta">
              {orden && (
                <p className="ordenes-formulario__orden">
                  <span className="orden-detalle__numero">#{orden.numero}</span> {orden.titulo}{' '}
                  <EstadoBadge estado={orden.estado} />
                </p>
              )}
              <p className="ordenes-formulario__ayuda">Del más antiguo al más reciente.</p>
              {historial.data.length === 0 ? (
                <Aviso icono={timeOutline} titulo="Sin cambios registrados" />
              ) : (
                <HistorialLista eventos={historial.data} />
              )}
            </section>
          )}
        </div>
      </IonContent>
    </>
  );
}
