import type { PermisoGlobal } from '@delego/contract';
import {
  IonButton,
  IonContent,
  IonFab,
  IonFabButton,
  IonIcon,
  IonLabel,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSegment,
  IonSegmentButton,
  type RefresherCustomEvent,
} from '@ionic/react';
import { addOutline, cloudUploadOutline, searchOutline } from 'ionicons/icons';
import { Fragment, useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { BarraDeBusqueda } from './buscador';
import { plural } from './nombres';
import { sinPermisoPara, useTienePermiso } from './permiso-requerido';
import type { RecursoAdmin } from './recurso-admin';
import './admin.css';

/**
 * The scaffolding of the administration list screens (clients, users, catalogues): the header
 * with its permission check, a refreshable page with an "add" button, the loading and error
 * states and, for people and companies, a search with an active/inactive filter.
 */

/** The query a list comes from, as far as its loading and error states need it. */
export interface ConsultaAdmin {
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

interface PantallaAdminProps {
  titulo: string;
  /** Where the header's back button goes when there is no history (a form opened directly). */
  volverA?: string;
  /** The global permission the screen needs. */
  permiso: PermisoGlobal;
  /** What the permission allows, for the forbidden state: 'administrar clientes'. */
  para: string;
  /** The screen's content, rendered only with the permission. */
  children: ReactNode;
  /** Buttons for the header, shown only with the permission (Clientes: «Importar»). */
  acciones?: ReactNode;
}

/** Header and permission check of an administration screen; without the permission, says why. */
export function PantallaAdmin({ titulo, volverA, permiso, para, children, acciones }: PantallaAdminProps) {
  const puede = useTienePermiso(permiso);
  return (
    <>
      <PageHeader titulo={titulo} {...(volverA ? { volverA } : {})}>
        {puede ? acciones : undefined}
      </PageHeader>
      {puede ? (
        children
      ) : (
        <IonContent className="ion-padding delego-page-content">
          <EstadoSinPermiso ambito="admin">{sinPermisoPara(para)}</EstadoSinPermiso>
        </IonContent>
      )}
    </>
  );
}

/** The header's «Importar» button of a list (issue 36): clients', users' or equipos'. */
export function BotonImportar({ recurso }: { recurso: RecursoAdmin }) {
  const varios = recurso.plural;
  return (
    <IonButton
      routerLink={`/${varios}-importar`}
      aria-label={`Importar ${varios}`}
      title={`Importar ${varios} de un CSV o Excel`}
      data-testid={`${varios}-importar`}
    >
      <IonIcon slot="icon-only" icon={cloudUploadOutline} aria-hidden="true" />
    </IonButton>
  );
}

/** The floating button that opens the form of a new entry. */
export interface AccionNuevo {
  ruta: string;
  /** Its accessible name and tooltip: 'Nuevo cliente'. */
  etiqueta: string;
  testId: string;
}

interface MarcoListaAdminProps {
  /** Pull to refresh: reloads the list; the spinner stops when it settles. */
  onRefrescar: () => Promise<unknown>;
  nuevo: AccionNuevo;
  /** The narrow layout of the catalogues. */
  angosta?: boolean;
  children: ReactNode;
}

/** A list screen's page: pull to refresh, the centred content and the "add" button. */
export function MarcoListaAdmin({ onRefrescar, nuevo, angosta = false, children }: MarcoListaAdminProps) {
  async function refrescar(e: RefresherCustomEvent) {
    await onRefrescar();
    await e.detail.complete();
  }

  return (
    <IonContent className="delego-page-content">
      <IonRefresher slot="fixed" onIonRefresh={(e) => void refrescar(e)}>
        <IonRefresherContent pullingText="Deslice para actualizar" refreshingSpinner="crescent" />
      </IonRefresher>
      <div
        className={angosta ? 'delego-container admin-pagina admin-pagina--angosta' : 'delego-container admin-pagina'}
      >
        {children}
      </div>
      <IonFab slot="fixed" vertical="bottom" horizontal="end">
        <IonFabButton
          routerLink={nuevo.ruta}
          aria-label={nuevo.etiqueta}
          title={nuevo.etiqueta}
          data-testid={nuevo.testId}
        >
          <IonIcon icon={addOutline} aria-hidden="true" />
        </IonFabButton>
      </IonFab>
    </IonContent>
  );
}

/** What a list shows until its data arrives: placeholder rows, or the failure with a retry. */
export function CargaAdmin({ consulta, filas }: { consulta: ConsultaAdmin; filas?: number }) {
  return consulta.isError ? (
    <EstadoError ambito="admin" error={consulta.error} onReintentar={() => void consulta.refetch()} />
  ) : (
    <FilasCargando ambito="admin" filas={filas} />
  );
}

interface ListaVaciaProps {
  /** A search or filter is on: nothing matched it, rather than nothing exists. */
  filtrada: boolean;
  /** Icon of the list when nothing exists. */
  icono: string;
  /** 'clientes': 'No hay clientes para mostrar'. */
  varios: string;
  testId: string;
  /** What to do about it: the search that found nothing, or how to add the first one. */
  children: ReactNode;
}

/** An empty list: «Sin resultados» when a search or filter is on, else «No hay … para mostrar». */
export function ListaVacia({ filtrada, icono, varios, testId, children }: ListaVaciaProps) {
  return (
    <EstadoPantalla
      icono={filtrada ? searchOutline : icono}
      titulo={filtrada ? 'Sin resultados' : `No hay ${varios} para mostrar`}
      testId={testId}
    >
      {children}
    </EstadoPantalla>
  );
}

export type FiltroActivos = 'todos' | 'activos' | 'inactivos';

/** An entry of a searchable list: anything with an id that can be active or not. */
export interface ItemAdmin {
  id: number;
  activo: boolean;
}

/** What a searchable list is of: its texts, test ids, search box and the form that adds one. */
export interface DescripcionListaAdmin {
  /** Prefix of the test ids: `${prefijo}-buscar`, `-lista`, `-vacio` and `-nuevo`. */
  prefijo: string;
  /**
   * What the list holds: its nouns (the count, the search's label, the empty states), its «Nuevo
   * cliente» and the form that creates one.
   */
  recurso: RecursoAdmin;
  /** Icon of the empty list. */
  icono: string;
  /** What the search looks in: 'Buscar por nombre, usuario o email'. */
  placeholder: string;
  /** Milliseconds the search box waits after the last key. */
  debounce: number;
}

export interface ListaAdminProps<T extends ItemAdmin> {
  lista: DescripcionListaAdmin;
  /** The search as typed; the screen keeps it because it decides what matches. */
  busqueda: string;
  onBusqueda: (busqueda: string) => void;
  /** What matches the search, in the order to show; undefined until it loads. */
  items: readonly T[] | undefined;
  /** The query whose failure shows while there are no items. */
  consulta: ConsultaAdmin;
  onRefrescar: () => Promise<unknown>;
  /** The server is still searching: ' · buscando…' follows the count. */
  buscando?: boolean;
  /** The text of a search without matches; by default 'Ningún cliente coincide con «…».' */
  sinResultados?: (filtro: FiltroActivos) => ReactNode;
  renderItem: (item: T) => ReactNode;
}

/**
 * A searchable list of people or companies: search box, filter by active/inactive with counts,
 * loading, error and empty states, the number shown and the "add" button.
 */
export function ListaAdmin<T extends ItemAdmin>({
  lista: {
    prefijo,
    recurso: { singular: uno, plural: varios, nuevo, rutaForm: rutaNuevo },
    icono,
    placeholder,
    debounce,
  },
  busqueda,
  onBusqueda,
  items,
  consulta,
  onRefrescar,
  buscando = false,
  sinResultados,
  renderItem,
}: ListaAdminProps<T>) {
  const [filtro, setFiltro] = useState<FiltroActivos>('todos');
  const buscado = busqueda.trim();
  const activos = items?.filter((i) => i.activo).length ?? 0;
  const inactivos = (items?.length ?? 0) - activos;
  const visibles = items?.filter((i) => filtro === 'todos' || i.activo === (filtro === 'activos')) ?? [];

  return (
    <MarcoListaAdmin onRefrescar={onRefrescar} nuevo={{ ruta: rutaNuevo, etiqueta: nuevo, testId: `${prefijo}-nuevo` }}>
      <BarraDeBusqueda
        valor={busqueda}
        onCambiar={onBusqueda}
        placeholder={placeholder}
        varios={varios}
        debounce={debounce}
        testId={`${prefijo}-buscar`}
      >
        <IonSegment
          className="admin-barra__filtro"
          value={filtro}
          onIonChange={(e) => setFiltro((e.detail.value as FiltroActivos | undefined) ?? 'todos')}
          aria-label="Mostrar"
        >
          <IonSegmentButton value="todos">
            <IonLabel>Todos</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="activos">
            <IonLabel>Activos ({activos})</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="inactivos">
            <IonLabel>Inactivos ({inactivos})</IonLabel>
          </IonSegmentButton>
        </IonSegment>
      </BarraDeBusqueda>

      {!items ? (
        <CargaAdmin consulta={consulta} />
      ) : visibles.length === 0 ? (
        <ListaVacia filtrada={buscado !== ''} icono={icono} varios={varios} testId={`${prefijo}-vacio`}>
          {buscado
            ? sinResultados
              ? sinResultados(filtro)
              : `Ningún ${uno} coincide con «${buscado}».`
            : filtro === 'inactivos'
              ? `Todos los ${varios} están activos.`
              : `Cree el primero con «${nuevo}».`}
        </ListaVacia>
      ) : (
        <>
          <p className="admin-conteo" role="status">
            {plural(visibles.length, uno, varios)}
            {buscando ? ' · buscando…' : ''}
          </p>
          <IonList className="admin-lista delego-card-lista" data-testid={`${prefijo}-lista`}>
            {visibles.map((item) => (
              <Fragment key={item.id}>{renderItem(item)}</Fragment>
            ))}
          </IonList>
        </>
      )}
    </MarcoListaAdmin>
  );
}
