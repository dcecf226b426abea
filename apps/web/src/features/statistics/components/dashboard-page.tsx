import {
  diaDeMs,
  hoyEn,
  tienePermiso,
  type ClaveTarjeta,
  type Dashboard,
  type Filtros,
  type TarjetaDashboard,
} from '@delego/contract';
import {
  IonButton,
  IonIcon,
  IonProgressBar,
  IonSelect,
  IonSelectOption,
  IonSkeletonText,
  useIonRouter,
} from '@ionic/react';
import { barChartOutline, chevronForward } from 'ionicons/icons';
import { useMemo } from 'react';
import { AnuncioCargando, EstadoError } from '../../../components/estados-pantalla';
import { useAreas, useTiposOrden } from '../../../lib/catalogos';
import { useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
import { useSession } from '../../auth';
import { useResponsablesDisponibles } from '../../../domain/orden';
import { useDashboard } from '../api/get-dashboard';
import { useRango } from '../hooks/use-rango';
import { rutaDeDetalle } from '../model/detalle';
import { textoDias, textoValor } from '../model/formato';
import { consultaConRango, mismoRango, rangoPorDefecto, textoDeRango } from '../model/rango';
import { PantallaEstadisticas } from './pantalla-estadisticas';
import { RangoEstadisticas } from './rango-estadisticas';
import { VistaGrafico } from './vista-grafico';

const RUTA = '/dashboard';

/** The dashboard's own filters (those of the order list it offers), in its address. */
const FILTROS = ['tipo', 'area', 'responsable'] as const;
type FiltroTablero = (typeof FILTROS)[number];

function leerId(valor: string | null): number | null {
  return valor !== null && /^\d{1,10}$/.test(valor) && Number(valor) > 0 ? Number(valor) : null;
}

/** Cards that call for action when they are not zero. */
const ALERTA: Partial<Record<ClaveTarjeta, 'danger' | 'warning'>> = {
  vencidas: 'danger',
  vencenHoy: 'warning',
};

/** Tablero: cards and charts of the orders the person sees; each figure opens the orders behind it. */
export default function DashboardPage() {
  const { usuario } = useSession();
  const { rango, hoy, zona, cuerpo, consulta, cambiar } = useRango(RUTA);
  const router = useIonRouter();
  const propia = useConsultaDeRuta(RUTA);
  const filtros = useMemo(
    () => Object.fromEntries(FILTROS.map((f) => [f, leerId(propia.get(f))])) as Record<FiltroTablero, number | null>,
    [propia],
  );
  const sinFiltros = FILTROS.every((f) => filtros[f] === null);
  // This month without filters is GET /api/v2/dashboard; anything else POST /api/v4/dashboard {filtros}.
  const pedido: Filtros | null =
    sinFiltros && mismoRango(rango, rangoPorDefecto(hoyEn(zona))) ? null : { ...cuerpo, ...filtros };
  const tablero = useDashboard(pedido);
  const puedeVerEstadisticas = !!usuario && tienePermiso(usuario, 'verEstadisticas');

  function cambiarFiltro(filtro: FiltroTablero, valor: number | null) {
    const params = new URLSearchParams(consulta);
    if (valor === null) params.delete(filtro);
    else params.set(filtro, String(valor));
    router.push(`${RUTA}?${params.toString()}`, 'none', 'replace');
  }

  return (
    <PantallaEstadisticas
      titulo="Tablero"
      volverA="/home"
      requiereVerEstadisticas={false}
      testId="dashboard-page"
      acciones={
        puedeVerEstadisticas && (
          <IonButton
            routerLink={`/estadisticas${consultaConRango(rango)}`}
            aria-label="Estadísticas"
            data-testid="dashboard-estadisticas"
          >
            <IonIcon slot="icon-only" icon={barChartOutline} aria-hidden="true" />
          </IonButton>
        )
      }
    >
      <RangoEstadisticas rango={rango} hoy={hoy} onCambiar={cambiar} />
      <FiltrosTablero filtros={filtros} onCambiar={cambiarFiltro} />
      {tablero.isPending ? (
        <TableroCargando />
      ) : tablero.isError ? (
        <EstadoError ambito="estadisticas" error={tablero.error} onReintentar={() => void tablero.refetch()} />
      ) : (
        <Tablero tablero={tablero.data} actualizando={tablero.isPlaceholderData} zona={zona} />
      )}
    </PantallaEstadisticas>
  );
}

function FiltrosTablero({
  filtros,
  onCambiar,
}: {
  filtros: Record<FiltroTablero, number | null>;
  onCambiar: (filtro: FiltroTablero, valor: number | null) => void;
}) {
  const tipos = useTiposOrden();
  const areas = useAreas();
  const responsables = useResponsablesDisponibles('todos');
  const opciones: Record<FiltroTablero, { etiqueta: string; items: { id: number; nombre: string }[] }> = {
    tipo: { etiqueta: 'Tipo', items: tipos.data ?? [] },
    area: { etiqueta: 'Área', items: areas.data ?? [] },
    responsable: {
      etiqueta: 'Responsable',
      items: (responsables.data ?? []).map((r) => ({
        id: r.id,
        nombre: `${r.nombre} ${r.apellido}`.trim() || r.usuario,
      })),
    },
  };
  const activos = FILTROS.filter((f) => filtros[f] !== null).length;
  return (
    <details className="delego-card estadisticas-caja estadisticas-filtros" open={activos > 0 || undefined}>
      <summary data-testid="dashboard-filtros">
        {activos === 0 ? 'Filtrar por tipo, área o responsable' : `Filtros aplicados: ${activos}`}
      </summary>
      <div className="estadisticas-filtros__campos">
        {FILTROS.map((f) => (
          <IonSelect
            key={f}
            label={opciones[f].etiqueta}
            labelPlacement="stacked"
            fill="outline"
            interface="popover"
            value={filtros[f] ?? 0}
            onIonChange={(e) => onCambiar(f, Number(e.detail.value) || null)}
            data-testid={`dashboard-filtro-${f}`}
          >
            <IonSelectOption value={0}>Todos</IonSelectOption>
            {opciones[f].items.map((item) => (
              <IonSelectOption key={item.id} value={item.id}>
                {item.nombre}
              </IonSelectOption>
            ))}
          </IonSelect>
        ))}
      </div>
    </details>
  );
}

function TableroCargando() {
  return (
    <div className="estadisticas-tarjetas" aria-busy="true" data-testid="dashboard-cargando">
      <AnuncioCargando />
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="delego-card estadisticas-tarjeta">
          <IonSkeletonText animated style={{ width: '60%' }} />
          <IonSkeletonText animated style={{ width: '40%', height: 28 }} />
        </div>
      ))}
    </div>
  );
}

function textoTarjeta(t: TarjetaDashboard): string {
  if (t.clave === 'quotaUsada' && t.valor === null) return 'Sin límite';
  // A median span of hours reads better in days past one day ('8 días', not '192 h').
  if (t.clave === 'medianaResolucion' && t.unidad === 'horas' && t.valor !== null) return textoDias(t.valor / 24);
  return textoValor(t.valor, t.unidad);
}

function detalleTarjeta(t: TarjetaDashboard): string | null {
  if (t.total === null) return null;
  if (t.clave === 'quotaUsada') return `de ${textoValor(t.total, 'ordenes')} órdenes del plan`;
  if (t.clave === 'porcentajeATiempo') return `de ${textoValor(t.total, 'ordenes')} con vencimiento`;
  return `de ${textoValor(t.total, 'ordenes')}`;
}

export function Tablero({ tablero, actualizando, zona }: { tablero: Dashboard; actualizando: boolean; zona: string }) {
  const router = useIonRouter();
  const periodo = textoDeRango({ desde: diaDeMs(tablero.fechaDesde, zona), hasta: diaDeMs(tablero.fechaHasta, zona) });
  return (
    <div className={actualizando ? 'estadisticas-actualizando' : undefined} aria-busy={actualizando}>
      {actualizando && <IonProgressBar type="indeterminate" aria-label="Actualizando" />}
      <h2 className="delego-subtitulo" data-testid="dashboard-periodo">
        {periodo}
      </h2>
      <ul className="estadisticas-tarjetas" data-testid="dashboard-tarjetas">
        {tablero.tarjetas.map((t) => {
          const alerta = (t.valor ?? 0) > 0 ? ALERTA[t.clave] : undefined;
          const clase = `delego-card estadisticas-tarjeta${alerta ? ` estadisticas-tarjeta--${alerta}` : ''}`;
          const detalle = detalleTarjeta(t);
          const contenido = (
            <>
              <span className="estadisticas-tarjeta__titulo">{t.titulo}</span>
              <span className="estadisticas-tarjeta__valor delego-cifra">{textoTarjeta(t)}</span>
              {detalle && <span className="estadisticas-tarjeta__detalle">{detalle}</span>}
            </>
          );
          return (
            <li key={t.clave} data-testid={`tarjeta-${t.clave}`}>
              {t.filtro ? (
                <button
                  type="button"
                  className={`${clase} estadisticas-tarjeta--boton`}
                  onClick={() => t.filtro && router.push(rutaDeDetalle(t.filtro, t.titulo, zona))}
                  aria-label={`${t.titulo}: ${textoTarjeta(t)}. Ver las órdenes`}
                >
                  {contenido}
                  <IonIcon icon={chevronForward} className="estadisticas-tarjeta__flecha" aria-hidden="true" />
                </button>
              ) : (
                <div className={clase}>{contenido}</div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="estadisticas-graficos delego-columnas delego-columnas--992">
        {tablero.graficos.map((g) => (
          <VistaGrafico key={g.grafico} grafico={g} />
        ))}
      </div>
    </div>
  );
}
