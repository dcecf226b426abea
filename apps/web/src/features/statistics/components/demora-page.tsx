import type { ResumenDemora } from '@delego/contract';
import { IonIcon, IonItem, IonLabel, IonList, IonSkeletonText, useIonRouter } from '@ionic/react';
import { listOutline, peopleOutline } from 'ionicons/icons';
import { EstadoError } from '../../../components/estados-pantalla';
import { Texto } from '../../../components/texto';
import { useDemoras } from '../api/get-demoras';
import { useRango } from '../hooks/use-rango';
import { textoDias, textoValor } from '../model/formato';
import { consultaConRango } from '../model/rango';
import { ExportarDemorasBoton } from './exportar-demoras-boton';
import { PantallaEstadisticas, usePuedeVerEstadisticas } from './pantalla-estadisticas';
import { RangoEstadisticas } from './rango-estadisticas';
import { GraficoDeRango } from './vista-grafico';

const RUTA = '/demora';

/**
 * demora: how late the orders due in the range are. An order is late when it was finished after
 * its due date (finished minus due) or is still open past it (now minus due); docs/ESTADISTICAS.md.
 */
export default function DemoraPage() {
  const { rango, hoy, zona, cuerpo, cambiar } = useRango(RUTA);
  const router = useIonRouter();
  const conRango = consultaConRango(rango);
  const resumen = useDemoras(
    { ...cuerpo, soloConDemora: true, porPagina: 1 },
    { habilitada: usePuedeVerEstadisticas() },
  );

  return (
    <PantallaEstadisticas
      titulo="Demoras"
      volverA="/estadisticas"
      testId="demora-page"
      acciones={<ExportarDemorasBoton fechaDesde={cuerpo.fechaDesde} fechaHasta={cuerpo.fechaHasta} />}
    >
      <RangoEstadisticas rango={rango} hoy={hoy} onCambiar={cambiar} />
      <p className="estadisticas-nota">
        Se cuentan las órdenes que vencen en el período. Una orden finalizada después de su vencimiento se demoró desde
        el vencimiento hasta que se finalizó; una abierta que ya venció, desde el vencimiento hasta ahora. Las
        canceladas no cuentan.
      </p>
      {resumen.isPending ? (
        <div className="delego-card estadisticas-caja">
          <IonSkeletonText animated style={{ height: 96 }} />
        </div>
      ) : resumen.isError ? (
        <EstadoError ambito="estadisticas" error={resumen.error} onReintentar={() => void resumen.refetch()} />
      ) : (
        <ResumenDemoras resumen={resumen.data.pages[0]!.resumen} actualizando={resumen.isPlaceholderData} />
      )}
      <IonList className="delego-card estadisticas-enlaces" lines="full">
        <IonItem button detail routerLink={`/demora-por-orden${conRango}`} data-testid="enlace-demora-por-orden">
          <IonIcon slot="start" icon={listOutline} color="primary" aria-hidden="true" />
          <IonLabel>
            <Texto>Ver cada orden con demora</Texto>
          </IonLabel>
        </IonItem>
        <IonItem button detail routerLink={`/demoras-usuario${conRango}`} data-testid="enlace-demoras-usuario">
          <IonIcon slot="start" icon={peopleOutline} color="primary" aria-hidden="true" />
          <IonLabel>
            <Texto>Ver el desempeño de cada responsable</Texto>
          </IonLabel>
        </IonItem>
      </IonList>
      <div className="estadisticas-graficos delego-columnas delego-columnas--992">
        <GraficoDeRango
          nombre="demora-por-tipo"
          rango={rango}
          zona={zona}
          onSeleccion={(g, i) => {
            const clave = g.categorias[i]?.clave ?? '';
            // A type's delayed orders; orders without a type have no page of their own.
            router.push(/^\d+$/.test(clave) ? `/demora-por-orden/${clave}${conRango}` : `/demora-por-orden${conRango}`);
          }}
        />
        <GraficoDeRango
          nombre="demora-por-usuario"
          rango={rango}
          zona={zona}
          onSeleccion={() => router.push(`/demoras-usuario${conRango}`)}
        />
      </div>
    </PantallaEstadisticas>
  );
}

export function ResumenDemoras({
  resumen,
  actualizando = false,
}: {
  resumen: ResumenDemora;
  /** The figures are still the previous range's, while the new ones load. */
  actualizando?: boolean;
}) {
  const cifras = [
    { clave: 'conVencimiento', titulo: 'Vencen en el período', valor: textoValor(resumen.conVencimiento, 'ordenes') },
    { clave: 'aTiempo', titulo: 'Finalizadas a tiempo', valor: textoValor(resumen.finalizadasATiempo, 'ordenes') },
    {
      clave: 'conDemora',
      titulo: 'Finalizadas con demora',
      valor: textoValor(resumen.finalizadasConDemora, 'ordenes'),
      alerta: resumen.finalizadasConDemora > 0 ? 'warning' : undefined,
    },
    {
      clave: 'vencidas',
      titulo: 'Vencidas sin finalizar',
      valor: textoValor(resumen.vencidas, 'ordenes'),
      alerta: resumen.vencidas > 0 ? 'danger' : undefined,
    },
    { clave: 'enPlazo', titulo: 'Abiertas en plazo', valor: textoValor(resumen.enPlazo, 'ordenes') },
    {
      clave: 'promedio',
      titulo: 'Demora promedio',
      valor: resumen.demoraPromedioDias === null ? '—' : textoDias(resumen.demoraPromedioDias),
    },
    {
      clave: 'mediana',
      titulo: 'Demora mediana',
      valor: resumen.demoraMedianaDias === null ? '—' : textoDias(resumen.demoraMedianaDias),
    },
  ];
  return (
    <ul
      className={`estadisticas-tarjetas${actualizando ? ' estadisticas-actualizando' : ''}`}
      aria-busy={actualizando}
      data-testid="demora-resumen"
    >
      {cifras.map((c) => (
        <li key={c.clave} data-testid={`demora-${c.clave}`}>
          <div className={`delego-card estadisticas-tarjeta${c.alerta ? ` estadisticas-tarjeta--${c.alerta}` : ''}`}>
            <span className="estadisticas-tarjeta__titulo">{c.titulo}</span>
            <span className="estadisticas-tarjeta__valor delego-cifra">{c.valor}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
