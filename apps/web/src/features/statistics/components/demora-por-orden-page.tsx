import { TEXTOS_SITUACION, textoFecha, type SituacionDemora } from '@delego/contract';
import { IonBadge, IonProgressBar, IonToggle } from '@ionic/react';
import { checkmarkCircleOutline, searchOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { EstadoError, EstadoNoEncontrado, EstadoPantalla, FilasCargando } from '../../../components/estados-pantalla';
import { Texto } from '../../../components/texto';
import { leerId } from '../../../lib/consulta-de-ruta';
import { formatearEntero } from '../../../lib/numeros';
import { useDemoras } from '../api/get-demoras';
import { useRango } from '../hooks/use-rango';
import { textoDias } from '../model/formato';
import { cuandoDeRango } from '../model/rango';
import { ExportarDemorasBoton } from './exportar-demoras-boton';
import { clienteYResponsables, OrdenesDeCifra } from './ordenes-de-cifra';
import { ResumenDemoras } from './demora-page';
import { PantallaEstadisticas, usePuedeVerEstadisticas } from './pantalla-estadisticas';
import { RangoEstadisticas } from './rango-estadisticas';

const COLOR_SITUACION: Record<SituacionDemora, string> = {
  finalizadaATiempo: 'success',
  finalizadaConDemora: 'warning',
  vencida: 'danger',
  enPlazo: 'medium',
};

/**
 * demora-por-orden and demora-por-orden/:tipo: the orders due in the range, the most delayed
 * first (only the late ones unless the person asks for all), of one order type with :tipo.
 */
export default function DemoraPorOrdenPage() {
  const parametro = useParams().tipo;
  const tipo = parametro === undefined ? null : leerId(parametro);
  const { pathname } = useLocation();
  // This screen's own address (Ionic keeps earlier screens mounted under it).
  const [ruta] = useState(pathname);
  const { rango, hoy, zona, cuerpo, cambiar } = useRango(ruta);
  const [soloConDemora, setSoloConDemora] = useState(true);
  const tipoInvalido = parametro !== undefined && tipo === null;
  const puedeVer = usePuedeVerEstadisticas();
  const lista = useDemoras({ ...cuerpo, tipo, soloConDemora }, { habilitada: puedeVer && !tipoInvalido });
  const pagina = lista.data?.pages[0];
  const titulo = pagina?.tipo ? `Demoras: ${pagina.tipo.nombre}` : 'Órdenes con demora';

  return (
    <PantallaEstadisticas
      titulo={titulo}
      volverA="/demora"
      testId="demora-por-orden-page"
      acciones={<ExportarDemorasBoton fechaDesde={cuerpo.fechaDesde} fechaHasta={cuerpo.fechaHasta} tipo={tipo} />}
    >
      <RangoEstadisticas rango={rango} hoy={hoy} onCambiar={cambiar} />
      {tipoInvalido ? (
        <EstadoNoEncontrado
          icono={searchOutline}
          titulo="Tipo de orden no válido"
          volverA={{ ruta: '/demora-por-orden', texto: 'Ver todas las demoras' }}
        >
          La dirección no indica un tipo de orden.
        </EstadoNoEncontrado>
      ) : lista.isPending ? (
        <FilasCargando ambito="estadisticas" filas={6} />
      ) : lista.isError ? (
        <EstadoError ambito="estadisticas" error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        <>
          <ResumenDemoras resumen={pagina!.resumen} />
          <section className="delego-card estadisticas-caja estadisticas-barra-lista">
            <IonToggle
              checked={soloConDemora}
              onIonChange={(e) => setSoloConDemora(e.detail.checked)}
              labelPlacement="end"
              data-testid="demoras-solo-con-demora"
            >
              Solo las que tienen demora
            </IonToggle>
            <span className="estadisticas-nota" aria-live="polite" data-testid="demoras-total">
              {pagina!.total === 1 ? '1 orden' : `${formatearEntero(pagina!.total)} órdenes`}
            </span>
          </section>
          {lista.isFetching && !lista.isFetchingNextPage && (
            <IonProgressBar type="indeterminate" aria-label="Actualizando" />
          )}
          <OrdenesDeCifra
            lista={lista}
            vacio={
              <EstadoPantalla
                icono={checkmarkCircleOutline}
                titulo="Sin demoras"
                color="success"
                testId="demoras-vacio"
              >
                {soloConDemora
                  ? `Ninguna orden que vence ${cuandoDeRango(rango)} se atrasó.`
                  : `Ninguna orden vence ${cuandoDeRango(rango)}.`}
              </EstadoPantalla>
            }
            testIds={{ lista: 'demoras-ordenes', fila: 'demora-orden', mas: 'demoras-mas' }}
            detalle={(o) => (
              <>
                <p>
                  <Texto>
                    {o.tipoOrden?.nombre ?? 'Sin tipo'} · {clienteYResponsables(o)}
                  </Texto>
                </p>
                <p>
                  <Texto>
                    Vencimiento {textoFecha(o.fechaFin, zona)}
                    {o.finalizada != null ? ` · finalizada ${textoFecha(o.finalizada, zona)}` : ''}
                  </Texto>
                </p>
              </>
            )}
            fin={(o) => (
              <div slot="end" className="estadisticas-orden__demora">
                <IonBadge color={COLOR_SITUACION[o.situacion]}>{TEXTOS_SITUACION[o.situacion]}</IonBadge>
                {o.demoraDias > 0 && <strong>{textoDias(o.demoraDias)}</strong>}
              </div>
            )}
          />
        </>
      )}
    </PantallaEstadisticas>
  );
}
