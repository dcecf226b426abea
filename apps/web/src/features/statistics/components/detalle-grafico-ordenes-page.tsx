import { estadoInfo, textoFecha } from '@delego/contract';
import { IonBadge, IonButton, IonIcon, IonProgressBar } from '@ionic/react';
import { gridOutline, listOutline } from 'ionicons/icons';
import { useMemo } from 'react';
import { EstadoError, EstadoPantalla, FilasCargando } from '../../../components/estados-pantalla';
import { Texto } from '../../../components/texto';
import { useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
import { useZonaEmpresa } from '../../../lib/fechas';
import { formatearEntero } from '../../../lib/numeros';
import { useOrdenesDetalle } from '../api/get-ordenes-detalle';
import { leerDetalle } from '../model/detalle';
import { clienteYResponsables, OrdenesDeCifra } from './ordenes-de-cifra';
import { PantallaEstadisticas } from './pantalla-estadisticas';

const RUTA = '/detalle-grafico-ordenes';

/**
 * detalle-grafico-ordenes: the orders behind a card or a chart segment, through the order list's
 * filters (written in the address, as the list writes them), the most urgent first.
 */
export default function DetalleGraficoOrdenesPage() {
  const zona = useZonaEmpresa();
  const consulta = useConsultaDeRuta(RUTA);
  const detalle = useMemo(() => leerDetalle(consulta, zona), [consulta, zona]);
  return (
    <PantallaEstadisticas
      titulo="Órdenes del gráfico"
      volverA="/dashboard"
      requiereVerEstadisticas={false}
      testId="detalle-grafico-page"
    >
      {detalle === null ? (
        <EstadoPantalla
          icono={gridOutline}
          titulo="Elija una cifra del tablero"
          testId="detalle-sin-filtros"
          accion={
            <IonButton routerLink="/dashboard" routerDirection="root">
              Ir al tablero
            </IonButton>
          }
        >
          Esta pantalla muestra las órdenes detrás de una tarjeta o de una parte de un gráfico.
        </EstadoPantalla>
      ) : (
        <DetalleOrdenes
          titulo={detalle.titulo}
          filtros={detalle.filtros}
          consultaLista={detalle.consultaLista}
          zona={zona}
        />
      )}
    </PantallaEstadisticas>
  );
}

function DetalleOrdenes({
  titulo,
  filtros,
  consultaLista,
  zona,
}: NonNullable<ReturnType<typeof leerDetalle>> & { zona: string }) {
  const lista = useOrdenesDetalle(filtros);
  const total = lista.data?.pages[0]?.total ?? 0;
  return (
    <>
      <section className="delego-card estadisticas-detalle-cabecera">
        <h2 className="estadisticas-detalle-titulo" data-testid="detalle-titulo">
          {titulo}
        </h2>
        <p className="estadisticas-nota" aria-live="polite" data-testid="detalle-total">
          {lista.isSuccess ? (total === 1 ? '1 orden' : `${formatearEntero(total)} órdenes`) : ' '}
        </p>
        <IonButton fill="outline" size="small" routerLink={`/home${consultaLista}`} data-testid="detalle-abrir-lista">
          <IonIcon slot="start" icon={listOutline} aria-hidden="true" />
          Abrir en la lista de órdenes
        </IonButton>
      </section>
      {lista.isFetching && !lista.isPending && <IonProgressBar type="indeterminate" aria-label="Actualizando" />}
      {lista.isPending ? (
        <FilasCargando ambito="estadisticas" filas={6} />
      ) : lista.isError ? (
        <EstadoError ambito="estadisticas" error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        <OrdenesDeCifra
          lista={lista}
          vacio={
            <EstadoPantalla icono={listOutline} titulo="No hay órdenes" testId="detalle-vacio">
              Ninguna orden coincide hoy con esta cifra: pudo cambiar desde que se calculó.
            </EstadoPantalla>
          }
          testIds={{ lista: 'detalle-ordenes', fila: 'detalle-orden', mas: 'detalle-mas' }}
          detalle={(o) => (
            <>
              <p>
                <Texto>{clienteYResponsables(o)}</Texto>
              </p>
              {o.fechaFin != null && (
                <p className={o.vencida ? 'estadisticas-orden__vencida' : undefined}>
                  <Texto>
                    {estadoInfo(o.estado.id)?.cerrado ? 'Plazo:' : o.vencida ? 'Venció el' : 'Vence el'}{' '}
                    {textoFecha(o.fechaFin, zona)}
                  </Texto>
                </p>
              )}
            </>
          )}
          fin={(o) => (
            <IonBadge slot="end" color={o.estado.color}>
              {o.estado.nombre}
            </IonBadge>
          )}
        />
      )}
    </>
  );
}
