import type { UsuarioAdmin } from '@delego/contract';
import {
  IonContent,
  IonFab,
  IonFabButton,
  IonIcon,
  IonLabel,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSearchbar,
  IonSegment,
  IonSegmentButton,
  type RefresherCustomEvent,
} from '@ionic/react';
import { addOutline, peopleOutline, searchOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../../components/page-header';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../../components/estados-pantalla';
import { coincide, nombreCompleto, plural } from '../../shared/nombres';
import { sinPermisoPara, useTienePermiso } from '../../shared/permiso-requerido';
import { textoDeBusqueda, useBuscarUsuarios } from '../api/buscar-usuarios';
import { useUsuarios } from '../api/get-usuarios';
import { UsuarioItem } from './usuario-item';
import '../../shared/admin.css';

type Filtro = 'todos' | 'activos' | 'inactivos';

const ordenarPorNombre = (a: UsuarioAdmin, b: UsuarioAdmin) =>
  nombreCompleto(a).localeCompare(nombreCompleto(b), 'es', { sensitivity: 'base' });

/** Usuarios (needs altaUsuarios): every user of the company, with search. */
export default function UsuariosPage() {
  const puede = useTienePermiso('altaUsuarios');
  return (
    <>
      <PageHeader titulo="Usuarios" />
      {puede ? (
        <ListaUsuarios />
      ) : (
        <IonContent className="ion-padding delego-page-content">
          <EstadoSinPermiso ambito="admin">{sinPermisoPara('administrar usuarios')}</EstadoSinPermiso>
        </IonContent>
      )}
    </>
  );
}

function ListaUsuarios() {
  const [busqueda, setBusqueda] = useState('');
  const [filtro, setFiltro] = useState<Filtro>('todos');
  const lista = useUsuarios();
  const texto = textoDeBusqueda(busqueda);
  const buscando = texto.length > 0;
  const resultados = useBuscarUsuarios(texto);

  // While the server searches, the list already loaded answers at once.
  const usuarios = useMemo(() => {
    const base = buscando
      ? (resultados.data ??
        lista.data?.filter((u) => coincide(texto, [u.usuario, u.nombre, u.apellido, u.email])))
      : lista.data;
    return base ? [...base].sort(ordenarPorNombre) : undefined;
  }, [buscando, resultados.data, lista.data, texto]);

  const activos = usuarios?.filter((u) => u.activo).length ?? 0;
  const inactivos = (usuarios?.length ?? 0) - activos;
  const visibles = usuarios?.filter((u) => filtro === 'todos' || u.activo === (filtro === 'activos')) ?? [];
  const consulta = buscando && !usuarios ? resultados : lista;

  async function refrescar(e: RefresherCustomEvent) {
    await Promise.allSettled([lista.refetch(), buscando ? resultados.refetch() : undefined]);
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
            debounce={300}
            placeholder="Buscar por nombre, usuario o email"
            aria-label="Buscar usuarios"
            onIonInput={(e) => setBusqueda(String(e.detail.value ?? ''))}
            data-testid="usuarios-buscar"
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

        {!usuarios ? (
          consulta.isError ? (
            <EstadoError ambito="admin" error={consulta.error} onReintentar={() => void consulta.refetch()} />
          ) : (
            <FilasCargando ambito="admin" />
          )
        ) : visibles.length === 0 ? (
          buscando ? (
            <EstadoPantalla icono={searchOutline} titulo="Sin resultados" testId="usuarios-vacio">
              Ningún usuario {filtro === 'todos' ? '' : filtro === 'activos' ? 'activo ' : 'inactivo '}coincide con
              “{texto}”.
            </EstadoPantalla>
          ) : (
            <EstadoPantalla icono={peopleOutline} titulo="No hay usuarios para mostrar" testId="usuarios-vacio">
              {filtro === 'inactivos' ? 'Todos los usuarios están activos.' : 'Cree el primero con “Nuevo usuario”.'}
            </EstadoPantalla>
          )
        ) : (
          <>
            <p className="admin-conteo" role="status">
              {plural(visibles.length, 'usuario', 'usuarios')}
              {buscando && resultados.isFetching ? ' · buscando…' : ''}
            </p>
            <IonList className="admin-lista" data-testid="usuarios-lista">
              {visibles.map((u) => (
                <UsuarioItem key={u.id} usuario={u} routerLink={`/usuario?id=${u.id}`} />
              ))}
            </IonList>
          </>
        )}
      </div>
      <IonFab slot="fixed" vertical="bottom" horizontal="end">
        <IonFabButton routerLink="/usuario" aria-label="Nuevo usuario" title="Nuevo usuario" data-testid="usuarios-nuevo">
          <IonIcon icon={addOutline} aria-hidden="true" />
        </IonFabButton>
      </IonFab>
    </IonContent>
  );
}
