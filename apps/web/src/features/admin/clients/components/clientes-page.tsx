import type { Cliente } from '@delego/contract';
import {
  IonBadge,
  IonContent,
  IonFab,
  IonFabButton,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSearchbar,
  IonSegment,
  IonSegmentButton,
  type RefresherCustomEvent,
} from '@ionic/react';
import { addOutline, businessOutline, searchOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../../components/page-header';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../../components/estados-pantalla';
import { coincide, plural } from '../../shared/nombres';
import { sinPermisoPara, useTienePermiso } from '../../shared/permiso-requerido';
import { useClientes } from '../api/get-clientes';
import '../../shared/admin.css';

type Filtro = 'todos' | 'activos' | 'inactivos';

/** Clientes (needs altaClientes): the company's clients, with search. */
export default function ClientesPage() {
  const puede = useTienePermiso('altaClientes');
  return (
    <>
      <PageHeader titulo="Clientes" />
      {puede ? (
        <ListaClientes />
      ) : (
        <IonContent className="ion-padding delego-page-content">
          <EstadoSinPermiso ambito="admin">{sinPermisoPara('administrar clientes')}</EstadoSinPermiso>
        </IonContent>
      )}
    </>
  );
}

function ListaClientes() {
  const clientes = useClientes();
  const [busqueda, setBusqueda] = useState('');
  const [filtro, setFiltro] = useState<Filtro>('todos');

  const coinciden = useMemo(
    () =>
      clientes.data
        ?.filter((c) => coincide(busqueda, [c.nombre, c.cuit, c.contacto, c.email, c.direccion]))
        .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es', { sensitivity: 'base' })),
    [clientes.data, busqueda],
  );
  const activos = coinciden?.filter((c) => c.activo).length ?? 0;
  const inactivos = (coinciden?.length ?? 0) - activos;
  const visibles = coinciden?.filter((c) => filtro === 'todos' || c.activo === (filtro === 'activos')) ?? [];

  async function refrescar(e: RefresherCustomEvent) {
    await clientes.refetch();
    await e.detail.complete();
  }

  return (
    <IonContent className="delego-page-content">
      <IonRefresher slot="fixed" onIonRefresh={(e) => void refrescar(e)}>
        <IonRefresherContent pullingText="Deslice para actualizar" refreshingSpinner="crescent" />
      </IonRefresher>
      <div className="delego-container admin-pagina">
        <div className="admin-barra">
          <IonSearchbar
            className="admin-barra__buscar"
            value={busqueda}
            debounce={200}
            placeholder="Buscar por nombre, CUIT, contacto o email"
            aria-label="Buscar clientes"
            onIonInput={(e) => setBusqueda(String(e.detail.value ?? ''))}
            data-testid="clientes-buscar"
          />
          <IonSegment
            className="admin-barra__filtro"
            value={filtro}
            onIonChange={(e) => setFiltro((e.detail.value as Filtro | undefined) ?? 'todos')}
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
        </div>

        {!coinciden ? (
          clientes.isError ? (
            <EstadoError ambito="admin" error={clientes.error} onReintentar={() => void clientes.refetch()} />
          ) : (
            <FilasCargando ambito="admin" />
          )
        ) : visibles.length === 0 ? (
          busqueda.trim() ? (
            <EstadoPantalla icono={searchOutline} titulo="Sin resultados" testId="clientes-vacio">
              Ningún cliente coincide con “{busqueda.trim()}”.
            </EstadoPantalla>
          ) : (
            <EstadoPantalla icono={businessOutline} titulo="No hay clientes para mostrar" testId="clientes-vacio">
              {filtro === 'inactivos' ? 'Todos los clientes están activos.' : 'Cree el primero con “Nuevo cliente”.'}
            </EstadoPantalla>
          )
        ) : (
          <>
            <p className="admin-conteo" role="status">
              {plural(visibles.length, 'cliente', 'clientes')}
            </p>
            <IonList className="admin-lista" data-testid="clientes-lista">
              {visibles.map((c) => (
                <ClienteItem key={c.id} cliente={c} />
              ))}
            </IonList>
          </>
        )}
      </div>
      <IonFab slot="fixed" vertical="bottom" horizontal="end">
        <IonFabButton routerLink="/cliente" aria-label="Nuevo cliente" title="Nuevo cliente" data-testid="clientes-nuevo">
          <IonIcon icon={addOutline} aria-hidden="true" />
        </IonFabButton>
      </IonFab>
    </IonContent>
  );
}

function ClienteItem({ cliente }: { cliente: Cliente }) {
  const detalle = [cliente.cuit && `CUIT ${cliente.cuit}`, cliente.contacto].filter(Boolean).join(' · ');
  const medios = [cliente.email, cliente.telefono].filter(Boolean).join(' · ');
  return (
    <IonItem
      routerLink={`/cliente?id=${cliente.id}`}
      detail
      lines="full"
      className={cliente.activo ? 'admin-usuario' : 'admin-usuario admin-usuario--inactivo'}
      data-testid={`cliente-${cliente.id}`}
    >
      <span className="admin-avatar" slot="start" aria-hidden="true">
        <IonIcon icon={businessOutline} />
      </span>
      <IonLabel>
        <h2 className="admin-usuario__nombre">{cliente.nombre}</h2>
        {detalle && <p>{detalle}</p>}
        {medios && <p>{medios}</p>}
      </IonLabel>
      <IonBadge slot="end" color={cliente.activo ? 'success' : 'medium'} className="admin-badge-estado">
        {cliente.activo ? 'Activo' : 'Inactivo'}
      </IonBadge>
    </IonItem>
  );
}
