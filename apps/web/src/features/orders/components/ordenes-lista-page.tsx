import { ORDEN_CRITERIOS, puedeCrearOrden, type Filtros } from '@delego/contract';
import {
  IonBadge,
  IonButton,
  IonContent,
  IonFab,
  IonFabButton,
  IonIcon,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonList,
  IonProgressBar,
  IonRefresher,
  IonRefresherContent,
  IonSearchbar,
  useIonRouter,
} from '@ionic/react';
import { manejadoresDeLista } from '../../../lib/lista-infinita';
import { add, filterOutline, gridOutline, searchOutline } from 'ionicons/icons';
import { useCallback, useMemo, type ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EstadoError, EstadoPantalla, EstadoSinConexion, FilasCargando } from '../../../components/estados-pantalla';
import { MarcaPendiente } from '../../../components/marca-pendiente';
import { MarcaSinConexion } from '../../../components/marca-sin-conexion';
import { Selector } from '../../../components/selector';
import { usePendientes, usePendientesDeTipo } from '../../../lib/outbox';
import { estadosPendientes, muestraOrdenesNuevas, ordenesNuevasPendientes } from '../model/pendientes';
import { esperaConexionSinDatos, errorEnLugarDeDatos, useEnLinea } from '../../../lib/conexion';
import { useSession } from '../../auth';
import { useOrdenes } from '../api/get-ordenes';
import { usePrimerosPasos } from '../api/get-primeros-pasos';
import { useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
import { useZonaEmpresa } from '../../../lib/fechas';
import {
  NOMBRES_ORDEN,
  consultaDeFiltros,
  cuerpoDeFiltros,
  filtrosAvanzados,
  hayFiltros,
  leerFiltros,
  limpiarFiltros,
  type FiltrosLista,
} from '../model/filtros';
import { textoTotalOrdenes } from '../model/formato';
import { useBusquedaSinConexion } from '../hooks/use-busqueda-sin-conexion';
import { textoBusquedaSinConexion } from '../model/busqueda-sin-conexion';
import { FiltrosRapidos } from './filtros-rapidos';
import { OrdenItem } from './orden-item';
import { PrimerosPasos } from './primeros-pasos';
import '../orders.css';

const RUTA = '/home';

/**
 * The header's export of what the filters select (Excel, the reports feature): app/ passes it in
 * (app/composicion), so this feature does not import reports.
 */
export type ExportarLista = (filtros: Omit<Filtros, 'pagina'>) => ReactNode;

/**
 * Inicio: the order list. Its filters live in the address (/home?estados=todas&q=bomba), so going
 * back, refreshing or sharing the link keeps them. Offline it shows the copy kept on the device
 * with «Sin conexión · datos de hh:mm», and refreshes by itself when the connection returns.
 */
export default function OrdenesListaPage({ exportar }: { exportar?: ExportarLista }) {
  const { usuario } = useSession();
  const router = useIonRouter();
  const consulta = useConsultaDeRuta(RUTA);
  const filtros = useMemo(() => leerFiltros(consulta), [consulta]);
  const zona = useZonaEmpresa();
  const cuerpo = useMemo(() => cuerpoDeFiltros(filtros, zona), [filtros, zona]);
  const lista = useOrdenes(cuerpo);

  const cambiarFiltros = useCallback(
    (nuevos: FiltrosLista) => router.push(`${RUTA}${consultaDeFiltros(nuevos)}`, 'none', 'replace'),
    [router],
  );

  const ordenes = useMemo(() => lista.data?.pages.flatMap((p) => p.ordenes) ?? [], [lista.data]);
  const total = lista.data?.pages[0]?.total ?? 0;
  // Offline, a list never opened shows the previous one as placeholder: neither its count nor its end.
  const enLinea = useEnLinea();
  const sinConexionSinDatos = esperaConexionSinDatos(lista, enLinea);
  // Offline, a search never asked with a connection is answered on the phone, among the same list kept there.
  const cuerpoSinBuscar = useMemo(() => cuerpoDeFiltros({ ...filtros, buscar: '' }, zona), [filtros, zona]);
  const enElTelefono = useBusquedaSinConexion(
    cuerpoSinBuscar,
    filtros.buscar,
    sinConexionSinDatos && cuerpo.buscar != null,
  );
  const cantidadAvanzados = filtrosAvanzados(filtros).length;
  const puedeCrear = !!usuario && puedeCrearOrden(usuario);
  // Orders created on this device that wait in the outbox, first, marked «pendiente».
  const altas = usePendientes('orden', null);
  // And the files attached while creating them, waiting behind them (issue 36).
  const susArchivos = usePendientes('archivos', null);
  const nuevas = useMemo(
    () => (muestraOrdenesNuevas(filtros) ? ordenesNuevasPendientes([...altas, ...susArchivos]) : []),
    [altas, susArchivos, filtros],
  );
  // State changes queued on this device show on their rows at once, marked «pendiente».
  const cambiosDeEstado = usePendientesDeTipo('estado');
  const porEstado = useMemo(() => estadosPendientes(cambiosDeEstado), [cambiosDeEstado]);
  // Empty without filters: maybe the company has no orders at all yet, then Inicio guides its first
  // steps (issue 36). Asked only then; if it fails, the plain empty state stays.
  const vaciaSinFiltros =
    !!lista.data && !lista.isPlaceholderData && ordenes.length === 0 && nuevas.length === 0 && !hayFiltros(filtros);
  const pasos = usePrimerosPasos({ habilitada: vaciaSinFiltros });
  // Skeleton while the steps are asked for; offline (the query paused) the plain empty state shows.
  const esperaPasos = vaciaSinFiltros && pasos.isPending && pasos.fetchStatus === 'fetching';

  const { refrescar, cargarMas } = manejadoresDeLista(lista);

  return (
    <>
      <PageHeader titulo="Órdenes">
        <div className="ordenes-boton-filtros">
          <IonButton
            routerLink={`/orderslistfilter${consultaDeFiltros(filtros)}`}
            aria-label={cantidadAvanzados ? `Filtros (${cantidadAvanzados} aplicados)` : 'Filtros'}
            data-testid="ordenes-abrir-filtros"
          >
            <IonIcon slot="icon-only" icon={filterOutline} aria-hidden="true" />
          </IonButton>
          {cantidadAvanzados > 0 && (
            <IonBadge color="light" className="ordenes-filtros-cantidad" aria-hidden="true">
              {cantidadAvanzados}
            </IonBadge>
          )}
        </div>
        {exportar?.(cuerpo)}
        <IonButton routerLink="/dashboard" aria-label="Tablero" title="Tablero" data-testid="ordenes-abrir-tablero">
          <IonIcon slot="icon-only" icon={gridOutline} aria-hidden="true" />
        </IonButton>
      </PageHeader>
      <IonContent className="delego-page-content ordenes-lista-page" data-testid="ordenes-lista">
        <IonRefresher slot="fixed" onIonRefresh={refrescar}>
          <IonRefresherContent pullingText="Deslice para actualizar" refreshingText="Actualizando…" />
        </IonRefresher>
        {lista.isFetching && !lista.isPending && !lista.isFetchingNextPage && (
          <IonProgressBar type="indeterminate" className="ordenes-progreso" aria-label="Actualizando la lista" />
        )}
        <div className="delego-container ordenes-lista">
          <IonSearchbar
            className="ordenes-busqueda"
            value={filtros.buscar}
            debounce={350}
            placeholder="Buscar #número, título, cliente…"
            aria-label="Buscar órdenes"
            inputmode="search"
            enterkeyhint="search"
            maxlength={200}
            onIonInput={(e) => cambiarFiltros({ ...filtros, buscar: String(e.detail.value ?? '') })}
            data-testid="ordenes-buscar"
          />
          <FiltrosRapidos filtros={filtros} onCambiar={cambiarFiltros} />
          <div className="ordenes-resumen">
            <span className="ordenes-resumen__total" aria-live="polite" data-testid="ordenes-total">
              {lista.data && !sinConexionSinDatos ? textoTotalOrdenes(total) : ' '}
            </span>
            <Selector
              className="ordenes-orden"
              label="Ordenar:"
              justify="end"
              valores={ORDEN_CRITERIOS}
              nombres={NOMBRES_ORDEN}
              valor={filtros.orden}
              alCambiar={(orden) => cambiarFiltros({ ...filtros, orden })}
              data-testid="ordenes-ordenar"
            />
          </div>

          <MarcaSinConexion consulta={enElTelefono?.lista ?? lista} />
          {nuevas.length > 0 && (
            <ul className="ordenes-nuevas" aria-label="Órdenes nuevas por enviar" data-testid="ordenes-pendientes">
              {nuevas.map((n) => (
                <li key={n.clave} className="orden-nueva" data-testid="orden-pendiente">
                  <div className="orden-item__cabecera">
                    <h2 className="orden-item__titulo">{n.titulo}</h2>
                    <MarcaPendiente estado={n.estado} />
                  </div>
                  <p className="orden-nueva__nota">
                    {n.estado === 'rechazado'
                      ? 'El servidor no la aceptó: vea «Cambios pendientes».'
                      : 'Se enviará al volver la conexión; el número lo da el servidor.'}
                  </p>
                  {n.archivos > 0 && (
                    <IonButton
                      size="small"
                      fill="outline"
                      routerLink={`/archivos?nueva=${n.clave}`}
                      data-testid="orden-pendiente-archivos"
                    >
                      Archivos · {n.archivos} por enviar
                    </IonButton>
                  )}
                </li>
              ))}
            </ul>
          )}
          {enElTelefono ? (
            <>
              <p className="ordenes-nota" role="status" data-testid="ordenes-busqueda-local">
                {textoBusquedaSinConexion(enElTelefono.halladas.length, enElTelefono.guardadas)}
              </p>
              {enElTelefono.halladas.length > 0 && (
                <IonList className="ordenes-items" lines="full" data-testid="ordenes-items">
                  {enElTelefono.halladas.map((o) => (
                    <OrdenItem key={o.id} orden={o} estadoPendiente={porEstado.get(o.id)} />
                  ))}
                </IonList>
              )}
            </>
          ) : sinConexionSinDatos ? (
            <EstadoSinConexion ambito="ordenes" />
          ) : lista.isPending || esperaPasos ? (
            <FilasCargando ambito="ordenes" filas={8} />
          ) : errorEnLugarDeDatos(lista) || !lista.data ? (
            <EstadoError ambito="ordenes" error={lista.error} onReintentar={() => void lista.refetch()} />
          ) : vaciaSinFiltros && usuario && pasos.data?.hayOrdenes === false ? (
            <PrimerosPasos usuario={usuario} estado={pasos.data} />
          ) : ordenes.length === 0 ? (
            <EstadoPantalla
              icono={searchOutline}
              titulo="No hay órdenes que coincidan"
              testId="ordenes-vacia"
              accion={
                <>
                  {hayFiltros(filtros) && (
                    <IonButton
                      fill="outline"
                      onClick={() => cambiarFiltros(limpiarFiltros(filtros))}
                      data-testid="ordenes-limpiar"
                    >
                      Limpiar filtros
                    </IonButton>
                  )}
                  {puedeCrear && (
                    <IonButton routerLink="/nueva-orden">
                      <IonIcon slot="start" icon={add} aria-hidden="true" />
                      Nueva orden
                    </IonButton>
                  )}
                </>
              }
            >
              {hayFiltros(filtros)
                ? 'Pruebe con otra búsqueda o quite algunos filtros.'
                : 'Todavía no hay órdenes abiertas para usted.'}
            </EstadoPantalla>
          ) : (
            <IonList className="ordenes-items" lines="full" data-testid="ordenes-items">
              {ordenes.map((o) => (
                <OrdenItem key={o.id} orden={o} estadoPendiente={porEstado.get(o.id)} />
              ))}
            </IonList>
          )}
          {lista.data && !sinConexionSinDatos && !lista.hasNextPage && ordenes.length > 0 && (
            <p className="ordenes-fin">{ordenes.length === total ? 'No hay más órdenes.' : ''}</p>
          )}
        </div>
        <IonInfiniteScroll onIonInfinite={cargarMas} disabled={!lista.hasNextPage}>
          <IonInfiniteScrollContent loadingText="Cargando más órdenes…" />
        </IonInfiniteScroll>
        {puedeCrear && (
          <IonFab slot="fixed" vertical="bottom" horizontal="end">
            <IonFabButton routerLink="/nueva-orden" aria-label="Nueva orden" data-testid="ordenes-nueva">
              <IonIcon icon={add} aria-hidden="true" />
            </IonFabButton>
          </IonFab>
        )}
      </IonContent>
    </>
  );
}
