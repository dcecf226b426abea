import { timeOutline } from 'ionicons/icons';
import { EstadoPantalla } from '../../../components/estados-pantalla';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { useHistorial } from '../api/get-historial';
import { useOrdenDetalle } from '../../../domain/orden';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { usePendientesDeOrden } from '../../../lib/outbox';
import { HistorialLista, sinLineasHistorial, type UsarLineasHistorial } from './historial-lista';
import { EstadoBadge } from './insignias';
import { ResumenOrden } from './resumen-orden';
import '../orders.css';

/**
 * historial?id=42: every change of an order, oldest first, with who, when and the comment, and
 * what other features add (its WhatsApp messages: app/composicion passes their hook in).
 */
export default function HistorialPage({
  useLineasHistorial = sinLineasHistorial,
}: {
  useLineasHistorial?: UsarLineasHistorial;
}) {
  const id = useIdDeConsulta('/historial');
  const historial = useHistorial(id);
  const detalle = useOrdenDetalle(id);
  const orden = detalle.data;
  const pendientes = usePendientesDeOrden(id);
  const lineas = useLineasHistorial(id);
  return (
    <PantallaDeOrden
      titulo={orden ? `Historial de #${orden.numero}` : 'Historial'}
      id={id}
      ambito="ordenes"
      consulta={historial}
      filas={5}
    >
      {(eventos) => (
        <section className="delego-card ordenes-formulario__tarjeta">
          {orden && (
            <ResumenOrden orden={orden}>
              {' '}
              <EstadoBadge estado={orden.estado} />
            </ResumenOrden>
          )}
          <p className="ordenes-formulario__ayuda">Del más antiguo al más reciente.</p>
          {eventos.length === 0 && pendientes.length === 0 && lineas.length === 0 ? (
            <EstadoPantalla icono={timeOutline} titulo="Sin cambios registrados" />
          ) : (
            <HistorialLista eventos={eventos} pendientes={pendientes} lineas={lineas} />
          )}
        </section>
      )}
    </PantallaDeOrden>
  );
}
