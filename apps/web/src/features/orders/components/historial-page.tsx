import { IonContent } from '@ionic/react';
import { timeOutline } from 'ionicons/icons';
import { PageHeader } from '../../../components/page-header';
import { EstadoError, EstadoPantalla, EstadoSinOrden, FilasCargando } from '../../../components/estados-pantalla';
import { useHistorial } from '../api/get-historial';
import { useOrdenDetalle } from '../api/get-orden-detalle';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
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
      <PageHeader
        titulo={orden ? `Historial de #${orden.numero}` : 'Historial'}
        volverA={id ? `/orden/${id}` : '/home'}
      />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container ordenes-formulario">
          {id === null ? (
            <EstadoSinOrden ambito="ordenes" />
          ) : historial.isPending ? (
            <FilasCargando ambito="ordenes" filas={5} />
          ) : historial.isError ? (
            <EstadoError ambito="ordenes" error={historial.error} onReintentar={() => void historial.refetch()} />
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
                <EstadoPantalla icono={timeOutline} titulo="Sin cambios registrados" />
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
