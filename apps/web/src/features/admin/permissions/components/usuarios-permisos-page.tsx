import {
  PERMISOS_CLIENTE,
  puedeOtorgarCliente,
  puedeOtorgarGlobal,
  tienePermiso,
  type Cliente,
  type Permiso,
  type PermisoCliente,
  type PermisoGlobal,
  type PermisosDeUsuario,
  type UsuarioAdmin,
  type UsuarioLogueado,
} from '@delego/contract';
import {
  IonBadge,
  IonContent,
  IonRefresher,
  IonRefresherContent,
  IonToggle,
  type RefresherCustomEvent,
} from '@ionic/react';
import { businessOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { BotonConIcono } from '../../../../components/boton-icono';
import { esNoEncontrado } from '../../../../lib/errors';
import { useSession } from '../../../auth';
import { useClientes } from '../../clients/api/get-clientes';
import { PageHeader } from '../../../../components/page-header';
import {
  EstadoElegirUsuario,
  EstadoError,
  EstadoPantalla,
  EstadoRequiereSesion,
  EstadoSinPermiso,
  FilasCargando,
} from '../../../../components/estados-pantalla';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import { Aviso } from '../../shared/aviso';
import { Buscador } from '../../shared/buscador';
import { FichaUsuario } from '../../shared/ficha-usuario';
import { coincide, compararNombres, nombreCompleto, nombrePermiso } from '../../shared/nombres';
import { useIdParam } from '../../shared/parametros';
import { motivoNoAdministrable } from '../../shared/privilegios';
import { sinPermisoPara } from '../../shared/permiso-requerido';
import { Tarjeta } from '../../shared/tarjeta';
import { UsuarioNoEncontrado } from '../../shared/usuario-no-encontrado';
import { useUsuario } from '../../users/api/get-usuario';
import { useCatalogoPermisos } from '../api/get-catalogo-permisos';
import { usePermisosDeUsuario } from '../api/get-permisos-usuario';
import { useQuitarPermisosCliente } from '../api/quitar-permisos-cliente';
import { claveToggle, useTogglePermiso, useTogglesPendientes, type Toggle } from '../api/toggle-permiso';
import '../../shared/admin.css';
import './usuarios-permisos.css';

/** Column titles of the per-client permissions (SPEC §6). */
const COLUMNAS: Record<PermisoCliente, string> = {
  delegarOrden: 'Delegar órdenes',
  modificarOrden: 'Modificar órdenes',
  borrarOrden: 'Borrar órdenes',
};
/** The same, short, under each client on phones. */
const CORTOS: Record<PermisoCliente, string> = {
  delegarOrden: 'Delegar',
  modificarOrden: 'Modificar',
  borrarOrden: 'Borrar',
};

/** From this many clients on, the matrix offers a search. */
const CLIENTES_PARA_BUSCAR = 6;

/**
 * usuarios-permisos (`/usuarios-permisos?usuario=12`): the user's global permissions and a
 * matrix of the company's clients x per-client permissions, whose toggles save at once.
 * The route needs no login (SPEC §2) but its calls do: without a session it asks to log in.
 */
export default function UsuariosPermisosPage() {
  const { usuario: actor } = useSession();
  const usuarioId = useIdParam('usuario');
  return (
    <>
      <PageHeader
        titulo="Permisos por cliente"
        volverA={usuarioId !== null && actor ? `/usuario?id=${usuarioId}` : actor ? '/usuarios' : undefined}
      />
      <IonContent className="delego-page-content">
        {!actor ? (
          <EstadoRequiereSesion ambito="admin">
            Para ver y cambiar permisos de usuarios ingrese con su usuario.
          </EstadoRequiereSesion>
        ) : !tienePermiso(actor, 'altaUsuarios') ? (
          <EstadoSinPermiso ambito="admin">{sinPermisoPara('administrar usuarios')}</EstadoSinPermiso>
        ) : usuarioId === null ? (
          <EstadoElegirUsuario />
        ) : (
          <PermisosDeUsuarioVista key={usuarioId} usuarioId={usuarioId} actor={actor} />
        )}
      </IonContent>
    </>
  );
}

function PermisosDeUsuarioVista({ usuarioId, actor }: { usuarioId: number; actor: UsuarioLogueado }) {
  const usuario = useUsuario(usuarioId);
  const permisos = usePermisosDeUsuario(usuarioId);
  const clientes = useClientes();
  const catalogo = useCatalogoPermisos();

  async function refrescar(e: RefresherCustomEvent) {
    await Promise.allSettled([usuario.refetch(), permisos.refetch(), clientes.refetch()]);
    await e.detail.complete();
  }

  // Both answer 404 for a user that does not exist or is another company's.
  const noEncontrado = [usuario, permisos].some((q) => q.isError && esNoEncontrado(q.error));
  const fallo = [usuario, permisos, clientes].find((q) => q.isError && !q.data);
  return (
    <>
      <IonRefresher slot="fixed" onIonRefresh={(e) => void refrescar(e)}>
        <IonRefresherContent pullingText="Deslice para actualizar" refreshingSpinner="crescent" />
      </IonRefresher>
      <div className="delego-container admin-pagina">
        {noEncontrado ? (
          <UsuarioNoEncontrado />
        ) : fallo ? (
          <EstadoError ambito="admin" error={fallo.error} onReintentar={() => void fallo.refetch()} />
        ) : !usuario.data || !permisos.data || !clientes.data ? (
          <FilasCargando ambito="admin" filas={6} />
        ) : (
          <Contenido
            usuario={usuario.data}
            permisos={permisos.data}
            clientes={clientes.data}
            catalogo={catalogo.data ?? []}
            actor={actor}
          />
        )}
      </div>
    </>
  );
}

interface ContenidoProps {
  usuario: UsuarioAdmin;
  permisos: PermisosDeUsuario;
  clientes: Cliente[];
  catalogo: Permiso[];
  actor: UsuarioLogueado;
}

function Contenido({ usuario, permisos, clientes, catalogo, actor }: ContenidoProps) {
  const toggle = useTogglePermiso(usuario.id);
  const pendientes = useTogglesPendientes(usuario.id);
  const quitar = useQuitarPermisosCliente(usuario.id);
  const confirmar = useConfirmar();
  const avisar = useAviso();
  const [busqueda, setBusqueda] = useState('');

  const bloqueo = motivoNoAdministrable(
    actor,
    { roles: usuario.roles, permisos: permisos.globales },
    permisos.clientes,
    (id) => clientes.find((c) => c.id === id)?.nombre ?? `el cliente ${id}`,
  );
  const descripcion = (nombre: string) => catalogo.find((p) => p.nombre === nombre)?.descripcion;
  const globales = catalogo.filter((p) => p.tipo === 'GLOBAL');
  const filaDe = (clienteId: number) => permisos.clientes.find((c) => c.clienteID === clienteId);

  // Active clients, and inactive ones the user still holds something on.
  const conPermisos = (c: Cliente) => {
    const fila = filaDe(c.id);
    return !!fila && PERMISOS_CLIENTE.some((p) => fila[p]);
  };
  const filas = clientes
    .filter((c) => c.activo || conPermisos(c))
    .filter((c) => coincide(busqueda, [c.nombre, c.cuit]))
    .sort((a, b) => compararNombres(a.nombre, b.nombre));

  function cambiar(t: Toggle) {
    toggle.mutate(t);
  }

  async function quitarTodo(cliente: Cliente) {
    const seguro = await confirmar({
      titulo: 'Quitar permisos',
      mensaje: `${nombreCompleto(usuario)} dejará de poder delegar, modificar y borrar órdenes de ${cliente.nombre}.`,
      aceptar: 'Quitar todos',
    });
    if (!seguro) return;
    quitar.mutate(cliente.id, {
      onSuccess: () => avisar(`Se quitaron los permisos sobre ${cliente.nombre}.`),
    });
  }

  return (
    <div data-testid="permisos-usuario">
      <FichaUsuario usuario={usuario} antes="Permisos de" />

      {bloqueo && <Aviso tipo="advertencia">{bloqueo}</Aviso>}

      <Tarjeta subtitulo="Para toda la empresa" titulo="Permisos globales">
        <ul className="permisos__globales" data-testid="permisos-globales">
          {globales.map((p) => {
            const nombre = p.nombre as PermisoGlobal;
            const clave = claveToggle({ cliente: null, permiso: nombre });
            const ajeno = !puedeOtorgarGlobal(actor, nombre);
            const propio = usuario.id === actor.id && nombre === 'altaUsuarios';
            return (
              <li key={p.id}>
                <IonToggle
                  className="permisos__global"
                  justify="space-between"
                  checked={permisos.globales.includes(nombre)}
                  disabled={!!bloqueo || ajeno || propio || pendientes.has(clave)}
                  onIonChange={(e) => cambiar({ cliente: null, permiso: nombre, accion: e.detail.checked })}
                  data-testid={`permiso-global-${nombre}`}
                >
                  <span className="admin-permiso">
                    <span className="admin-permiso__nombre">{nombrePermiso(nombre)}</span>
                    <span className="admin-permiso__descripcion">{p.descripcion}</span>
                  </span>
                </IonToggle>
              </li>
            );
          })}
        </ul>
      </Tarjeta>

      <Tarjeta
        subtitulo="Cliente por cliente · se guarda al instante"
        titulo="Permisos por cliente"
        contenido="admin-sin-relleno"
      >
        {permisos.esAdmin && (
          <Aviso tipo="info" interno>
            {nombreCompleto(usuario)} es administrador: tiene todos los permisos sobre todos los clientes, sin
            asignarlos uno por uno.
          </Aviso>
        )}
        {clientes.length >= CLIENTES_PARA_BUSCAR && (
          <Buscador
            className="permisos__buscar"
            valor={busqueda}
            onCambiar={setBusqueda}
            placeholder="Buscar cliente"
            aria-label="Buscar cliente"
          />
        )}
        {filas.length === 0 ? (
          <EstadoPantalla icono={businessOutline} titulo={busqueda ? 'Sin resultados' : 'No hay clientes'}>
            {busqueda ? `Ningún cliente coincide con «${busqueda}».` : 'Cree clientes para asignarles permisos.'}
          </EstadoPantalla>
        ) : (
          <div className="matriz" role="table" aria-label="Permisos por cliente" data-testid="permisos-matriz">
            <div role="rowgroup" className="matriz__cabecera">
              <div role="row" className="matriz__fila">
                <span role="columnheader" className="matriz__cliente">
                  Cliente
                </span>
                {PERMISOS_CLIENTE.map((p) => (
                  <span role="columnheader" key={p} className="matriz__celda" title={descripcion(p)}>
                    {COLUMNAS[p]}
                  </span>
                ))}
                <span role="columnheader" className="matriz__accion">
                  <span className="delego-visually-hidden">Acciones</span>
                </span>
              </div>
            </div>
            <div role="rowgroup">
              {filas.map((c) => {
                const fila = filaDe(c.id);
                const alguno = !!fila && PERMISOS_CLIENTE.some((p) => fila[p]);
                return (
                  <div role="row" key={c.id} className="matriz__fila" data-testid={`permisos-cliente-${c.id}`}>
                    <span role="rowheader" className="matriz__cliente">
                      <span className="matriz__nombre">{c.nombre}</span>
                      {!c.activo && (
                        <IonBadge color="medium" className="matriz__inactivo">
                          Inactivo
                        </IonBadge>
                      )}
                    </span>
                    {PERMISOS_CLIENTE.map((p) => {
                      const clave = claveToggle({ cliente: c.id, permiso: p });
                      const puede = puedeOtorgarCliente(actor, c.id, p);
                      return (
                        <span role="cell" key={p} className="matriz__celda">
                          <IonToggle
                            className="matriz__toggle"
                            labelPlacement="stacked"
                            alignment="center"
                            checked={permisos.esAdmin || !!fila?.[p]}
                            disabled={permisos.esAdmin || !!bloqueo || !puede || pendientes.has(clave)}
                            onIonChange={(e) => cambiar({ cliente: c.id, permiso: p, accion: e.detail.checked })}
                            aria-label={`${COLUMNAS[p]} de ${c.nombre}`}
                            data-testid={`permiso-${c.id}-${p}`}
                          >
                            <span className="matriz__etiqueta">{CORTOS[p]}</span>
                          </IonToggle>
                        </span>
                      );
                    })}
                    <span role="cell" className="matriz__accion">
                      <BotonConIcono
                        icono={trashOutline}
                        fill="clear"
                        color="danger"
                        size="small"
                        disabled={!alguno || permisos.esAdmin || !!bloqueo || quitar.isPending}
                        onClick={() => void quitarTodo(c)}
                        aria-label={`Quitar todos los permisos sobre ${c.nombre}`}
                        title="Quitar todos los permisos sobre este cliente"
                        testId={`permisos-quitar-${c.id}`}
                      >
                        <span className="matriz__quitar-texto">Quitar todos</span>
                      </BotonConIcono>
                    </span>
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </Tarjeta>
    </div>
  );
}
