import type { UsuarioAdmin } from '@delego/contract';
import {
  IonContent,
  IonItem,
  IonList,
  IonRefresher,
  IonRefresherContent,
  IonSpinner,
  type RefresherCustomEvent,
} from '@ionic/react';
import { peopleOutline, personRemoveOutline } from 'ionicons/icons';
import { BotonIcono } from '../../../../components/boton-icono';
import { notificarError } from '../../../../lib/errors';
import { PageHeader } from '../../../../components/page-header';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../../components/estados-pantalla';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import { FichaUsuario } from '../../shared/ficha-usuario';
import { compararNombres, nombreCompleto, plural } from '../../shared/nombres';
import { useIdParam } from '../../shared/parametros';
import { sinPermisoPara, useTienePermiso } from '../../shared/permiso-requerido';
import { Tarjeta } from '../../shared/tarjeta';
import { useUsuarios } from '../api/get-usuarios';
import { useGuardarUsuario } from '../api/guardar-usuario';
import { candidatosAlEquipo, equipoDe, supervisoresPosibles } from '../equipo';
import { CampoPersona } from './campo-persona';
import { UsuarioItem } from './usuario-item';
import '../../shared/admin.css';

const porNombre = (a: UsuarioAdmin, b: UsuarioAdmin) => compararNombres(nombreCompleto(a), nombreCompleto(b));

/**
 * supervisor: who supervises whom. `/supervisor?usuario=12` picks the supervisor of a user and
 * manages the team that user supervises; `/supervisor` shows every team of the company.
 */
export default function SupervisorPage() {
  const usuarioId = useIdParam('usuario');
  const puede = useTienePermiso('altaUsuarios');
  const usuarios = useUsuarios({ habilitada: puede });

  async function refrescar(e: RefresherCustomEvent) {
    await usuarios.refetch();
    await e.detail.complete();
  }

  return (
    <>
      <PageHeader
        titulo={usuarioId === null ? 'Equipos' : 'Supervisor y equipo'}
        volverA={usuarioId === null ? '/usuarios' : `/usuario?id=${usuarioId}`}
      />
      <IonContent className="delego-page-content">
        {puede && (
          <IonRefresher slot="fixed" onIonRefresh={(e) => void refrescar(e)}>
            <IonRefresherContent pullingText="Deslice para actualizar" refreshingSpinner="crescent" />
          </IonRefresher>
        )}
        <div className="delego-container admin-pagina admin-pagina--angosta">
          {!puede ? (
            <EstadoSinPermiso ambito="admin">{sinPermisoPara('administrar usuarios')}</EstadoSinPermiso>
          ) : !usuarios.data ? (
            usuarios.isError ? (
              <EstadoError ambito="admin" error={usuarios.error} onReintentar={() => void usuarios.refetch()} />
            ) : (
              <FilasCargando ambito="admin" filas={5} />
            )
          ) : usuarioId === null ? (
            <Equipos usuarios={usuarios.data} />
          ) : (
            <SupervisorDeUsuario usuarios={usuarios.data} usuarioId={usuarioId} />
          )}
        </div>
      </IonContent>
    </>
  );
}

/** Every team of the company: each supervisor with the people they supervise. */
function Equipos({ usuarios }: { usuarios: UsuarioAdmin[] }) {
  const supervisores = usuarios.filter((u) => equipoDe(usuarios, u.id).length > 0).sort(porNombre);
  const sinSupervisor = usuarios.filter((u) => u.activo && u.supervisorId === null).length;
  if (!supervisores.length) {
    return (
      <EstadoPantalla icono={peopleOutline} titulo="Todavía no hay equipos" testId="equipos-vacio">
        Abra un usuario y elija su supervisor en «Supervisor y equipo».
      </EstadoPantalla>
    );
  }
  return (
    <>
      <p className="admin-conteo">
        {plural(supervisores.length, 'equipo', 'equipos')} ·{' '}
        {plural(sinSupervisor, 'persona activa', 'personas activas')} sin supervisor
      </p>
      {supervisores.map((s) => {
        const equipo = equipoDe(usuarios, s.id).sort(porNombre);
        return (
          <Tarjeta
            key={s.id}
            titulo={`Equipo de ${nombreCompleto(s)}`}
            subtitulo={plural(equipo.length, 'persona', 'personas')}
            contenido="admin-sin-relleno"
            testId={`equipo-${s.usuario}`}
          >
            <IonList lines="full" className="admin-lista-plana">
              <UsuarioItem
                usuario={s}
                routerLink={`/supervisor?usuario=${s.id}`}
                testId={`equipo-lider-${s.usuario}`}
                detalle="Supervisor"
              />
              {equipo.map((u) => (
                <UsuarioItem key={u.id} usuario={u} routerLink={`/supervisor?usuario=${u.id}`} />
              ))}
            </IonList>
          </Tarjeta>
        );
      })}
    </>
  );
}

function SupervisorDeUsuario({ usuarios, usuarioId }: { usuarios: UsuarioAdmin[]; usuarioId: number }) {
  const guardar = useGuardarUsuario();
  const confirmar = useConfirmar();
  const avisar = useAviso();
  const usuario = usuarios.find((u) => u.id === usuarioId);
  if (!usuario) {
    return (
      <EstadoPantalla icono={peopleOutline} titulo="Usuario no encontrado">
        El usuario no existe o no pertenece a su empresa.
      </EstadoPantalla>
    );
  }
  const supervisor = usuarios.find((u) => u.id === usuario.supervisorId);
  const opciones = supervisoresPosibles(usuarios, usuario.id).sort(porNombre);
  if (supervisor && !opciones.includes(supervisor)) opciones.unshift(supervisor);
  const equipo = equipoDe(usuarios, usuario.id).sort(porNombre);
  const candidatos = candidatosAlEquipo(usuarios, usuario.id).sort(porNombre);

  /** Saves the supervisor of `de` (null: nobody). */
  function asignar(de: UsuarioAdmin, supervisorId: number | null, exito: string) {
    guardar.mutate(
      { id: de.id, usuario: de.usuario, nombre: de.nombre, apellido: de.apellido, supervisorId },
      { onSuccess: () => avisar(exito), onError: (error) => notificarError(error) },
    );
  }

  function elegirSupervisor(nuevo: number | null) {
    if (nuevo === usuario?.supervisorId || !usuario) return;
    const elegido = usuarios.find((u) => u.id === nuevo);
    asignar(
      usuario,
      nuevo,
      elegido
        ? `${nombreCompleto(elegido)} ahora supervisa a ${nombreCompleto(usuario)}.`
        : `${nombreCompleto(usuario)} quedó sin supervisor.`,
    );
  }

  async function quitarDelEquipo(miembro: UsuarioAdmin) {
    if (!usuario) return;
    const seguro = await confirmar({
      titulo: 'Quitar del equipo',
      mensaje: `${nombreCompleto(miembro)} dejará de estar supervisado por ${nombreCompleto(usuario)}.`,
      aceptar: 'Quitar',
    });
    if (seguro) asignar(miembro, null, `${nombreCompleto(miembro)} ya no está en el equipo.`);
  }

  function agregarAlEquipo(valor: number | null) {
    const miembro = usuarios.find((u) => u.id === valor);
    if (!miembro || !usuario) return;
    asignar(miembro, usuario.id, `${nombreCompleto(miembro)} se sumó al equipo de ${nombreCompleto(usuario)}.`);
  }

  return (
    <div data-testid="supervisor-de-usuario">
      <FichaUsuario usuario={usuario} />
      <Tarjeta subtitulo={`Quién supervisa a ${usuario.nombre}`} titulo="Supervisor" contenido="admin-sin-relleno">
        <IonList lines="none" className="admin-lista-plana">
          <IonItem>
            <CampoPersona
              name="supervisorId"
              label="Supervisado por"
              value={usuario.supervisorId}
              onChange={elegirSupervisor}
              error={undefined}
              disabled={guardar.isPending}
              ninguno="Sin supervisor"
              personas={opciones}
              data-testid="supervisor-select"
            />
            {guardar.isPending && <IonSpinner slot="end" name="crescent" aria-label="Guardando" />}
          </IonItem>
        </IonList>
      </Tarjeta>

      <Tarjeta
        subtitulo={`A quiénes supervisa ${usuario.nombre}`}
        titulo={
          <>
            Equipo{' '}
            <span className="admin-login">
              {equipo.length ? plural(equipo.length, 'persona', 'personas') : 'sin integrantes'}
            </span>
          </>
        }
        contenido="admin-sin-relleno"
      >
        {equipo.length > 0 && (
          <IonList lines="full" className="admin-lista-plana" data-testid="supervisor-equipo">
            {equipo.map((m) => (
              <UsuarioItem
                key={m.id}
                usuario={m}
                fin={
                  <BotonIcono
                    slot="end"
                    color="danger"
                    icono={personRemoveOutline}
                    etiqueta={`Quitar a ${nombreCompleto(m)} del equipo`}
                    title="Quitar del equipo"
                    disabled={guardar.isPending}
                    onClick={() => void quitarDelEquipo(m)}
                  />
                }
              />
            ))}
          </IonList>
        )}
        <IonList lines="none" className="admin-lista-plana">
          <IonItem>
            <CampoPersona
              key={`agregar-${equipo.map((m) => m.id).join('-')}`}
              name="agregar"
              label="Agregar al equipo"
              placeholder={candidatos.length ? 'Elija una persona' : 'No hay personas para agregar'}
              value={null}
              onChange={agregarAlEquipo}
              error={undefined}
              disabled={guardar.isPending || !candidatos.length}
              personas={candidatos}
              data-testid="supervisor-agregar"
            />
          </IonItem>
        </IonList>
      </Tarjeta>
    </div>
  );
}
