import type { EnlaceCompartido, OrdenDetalle } from '@delego/contract';
import {
  IonButton,
  IonButtons,
  IonCheckbox,
  IonContent,
  IonHeader,
  IonItem,
  IonList,
  IonModal,
  IonSpinner,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import {
  closeOutline,
  copyOutline,
  linkOutline,
  logoWhatsapp,
  mailOutline,
  refreshOutline,
  trashOutline,
} from 'ionicons/icons';
import { useState } from 'react';
import { BotonConIcono, BotonIcono } from '../../../components/boton-icono';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { CampoEnlace, useCopiarEnlace } from '../../../components/campo-enlace';
import { CampoEmail } from '../../../components/campos';
import { EstadoError } from '../../../components/estados-pantalla';
import { Texto } from '../../../components/texto';
import { erroresDeGuardado, useCampoSuelto } from '../../../lib/formularios';
import { formatearTamanio } from '../../../lib/numeros';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useArchivos } from '../../files';
import { useCrearEnlace } from '../api/crear-enlace';
import { useEnviarEnlace } from '../api/enviar-enlace';
import { useEnlaceCompartido } from '../api/get-enlace-compartido';
import { useGuardarArchivosCompartidos } from '../api/guardar-archivos-compartidos';
import { useRevocarEnlace } from '../api/revocar-enlace';
import { formatoFechaHora } from '../model/fechas';

interface Props {
  orden: OrdenDetalle;
  abierto: boolean;
  alCerrar: () => void;
  /** After the closing animation (the owner can take the sheet out of the page). */
  alTerminarDeCerrar?: () => void;
  /** May create, renew, revoke, mail the link and choose the files (not read-only). */
  puede: boolean;
}

/** The message WhatsApp opens with (plain text: the link goes last so it is tappable). */
export function mensajeWhatsapp(o: { numero: number; titulo: string }, url: string): string {
  return `Puede seguir el avance de la orden #${o.numero} («${o.titulo}») en este enlace: ${url}`;
}

/**
 * "Compartir con el cliente": a sheet from the order detail. Creates the public link, shows it to
 * copy, mail or send by WhatsApp, renews or revokes it (asking first), and chooses which files the
 * public page shows.
 */
export function CompartirSheet({ orden, abierto, alCerrar, alTerminarDeCerrar, puede }: Props) {
  return (
    <IonModal
      isOpen={abierto}
      onDidDismiss={() => {
        alCerrar();
        alTerminarDeCerrar?.();
      }}
      breakpoints={[0, 0.75, 1]}
      initialBreakpoint={1}
      aria-labelledby="compartir-titulo"
      data-testid="compartir-sheet"
    >
      <IonHeader>
        <IonToolbar>
          <IonTitle id="compartir-titulo">Compartir con el cliente</IonTitle>
          <IonButtons slot="end">
            <BotonIcono icono={closeOutline} etiqueta="Cerrar" onClick={alCerrar} />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{abierto && <Contenido orden={orden} puede={puede} />}</IonContent>
    </IonModal>
  );
}

function Contenido({ orden, puede }: { orden: OrdenDetalle; puede: boolean }) {
  const enlace = useEnlaceCompartido(orden.id);
  if (enlace.isPending) {
    return (
      <div className="compartir-cargando" role="status">
        <IonSpinner name="crescent" aria-hidden="true" /> Cargando…
      </div>
    );
  }
  if (enlace.isError) {
    return <EstadoError ambito="ordenes" error={enlace.error} onReintentar={() => void enlace.refetch()} />;
  }
  return (
    <div className="compartir">
      <p className="compartir__bajada">
        El cliente ve en una página, sin usuario ni contraseña, el estado de la orden #{orden.numero}, cuándo cambió,
        las fechas previstas, el nombre de pila de los responsables y los archivos que elija abajo. Nunca ve comentarios
        internos, horas, costos ni emails.
      </p>
      <Enlace orden={orden} e={enlace.data} puede={puede} />
      {enlace.data.activo && <Archivos orden={orden} e={enlace.data} puede={puede} />}
    </div>
  );
}

function Enlace({ orden, e, puede }: { orden: OrdenDetalle; e: EnlaceCompartido; puede: boolean }) {
  const crear = useCrearEnlace();
  const revocar = useRevocarEnlace();
  const confirmar = useConfirmar();
  const aviso = useAviso();
  const zona = useZonaEmpresa();
  const { campo, copiar } = useCopiarEnlace();
  const ocupado = crear.isPending || revocar.isPending;

  if (!e.activo) {
    return (
      <section className="compartir__seccion" data-testid="compartir-sin-enlace">
        <p>Esta orden no tiene un enlace público activo.</p>
        {puede ? (
          <BotonConIcono
            icono={linkOutline}
            onClick={() => crear.mutate(orden.id)}
            disabled={ocupado}
            testId="compartir-crear"
          >
            Crear enlace
          </BotonConIcono>
        ) : (
          <p className="orden-dato__vacio">Pida a quien puede modificar la orden que cree uno.</p>
        )}
      </section>
    );
  }

  async function renovar() {
    const ok = await confirmar({
      titulo: '¿Renovar el enlace?',
      mensaje: 'Se crea un enlace nuevo y el anterior deja de funcionar: quien lo tenga ya no podrá ver la orden.',
      aceptar: 'Renovar',
    });
    if (ok) crear.mutate(orden.id, { onSuccess: () => aviso('Enlace renovado. El anterior ya no funciona.') });
  }

  return (
    <section className="compartir__seccion" data-testid="compartir-enlace">
      {e.url ? (
        <>
          <label className="compartir__etiqueta" htmlFor="compartir-url">
            Enlace público
          </label>
          <CampoEnlace id="compartir-url" campo={campo} className="compartir__url" url={e.url} testId="compartir-url" />
          <div className="compartir__botones">
            <BotonConIcono
              icono={copyOutline}
              size="small"
              onClick={() => void copiar(e.url as string)}
              testId="compartir-copiar"
            >
              Copiar
            </BotonConIcono>
            <BotonConIcono
              icono={logoWhatsapp}
              size="small"
              fill="outline"
              href={`https://wa.me/?text=${encodeURIComponent(mensajeWhatsapp(orden, e.url))}`}
              target="_blank"
              rel="noopener noreferrer"
              testId="compartir-whatsapp"
            >
              WhatsApp
            </BotonConIcono>
          </div>
        </>
      ) : (
        <p className="compartir__aviso" data-testid="compartir-no-recuperable">
          El enlace activo no se puede mostrar otra vez. Renuévelo para obtener uno nuevo (el anterior dejará de
          funcionar).
        </p>
      )}
      <p className="compartir__meta">
        Creado el {e.creado != null ? formatoFechaHora(e.creado, zona) : '—'}
        {e.creadoPor ? <> por {e.creadoPor}</> : null}.
      </p>
      {puede && (
        <>
          <EnviarPorCorreo orden={orden} e={e} />
          <div className="compartir__botones">
            <BotonConIcono
              icono={refreshOutline}
              size="small"
              fill="outline"
              onClick={() => void renovar()}
              disabled={ocupado}
              testId="compartir-renovar"
            >
              Renovar
            </BotonConIcono>
            <BotonPeligroso
              pregunta={{
                titulo: '¿Revocar el enlace?',
                mensaje: 'Quien abra el enlace verá que ya no está disponible. Puede crear uno nuevo cuando quiera.',
              }}
              alConfirmar={() => revocar.mutate(orden.id, { onSuccess: () => aviso('Enlace revocado.') })}
              icono={trashOutline}
              fill="outline"
              disabled={ocupado}
              testId="compartir-revocar"
            >
              Revocar
            </BotonPeligroso>
          </div>
        </>
      )}
    </section>
  );
}

function EnviarPorCorreo({ orden, e }: { orden: OrdenDetalle; e: EnlaceCompartido }) {
  const email = useCampoSuelto('email', e.emailCliente ?? '');
  const enviar = useEnviarEnlace();
  const aviso = useAviso();
  return (
    <form
      className="compartir__correo"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        enviar.mutate(
          { id: orden.id, ...(email.value.trim() ? { email: email.value.trim() } : {}) },
          {
            onSuccess: (r) => aviso(r.mensaje),
            onError: (err) => email.setError(erroresDeGuardado(err, ['email'], { soloDatosInvalidos: true }).email),
          },
        );
      }}
    >
      <CampoEmail
        {...email.props(enviar.isPending)}
        label={e.clienteNombre ? `Email de ${e.clienteNombre}` : 'Email del cliente'}
        data-testid="compartir-email"
      />
      <BotonConIcono
        icono={mailOutline}
        type="submit"
        size="small"
        fill="outline"
        disabled={enviar.isPending}
        testId="compartir-enviar-correo"
      >
        Enviar por correo
      </BotonConIcono>
    </form>
  );
}

function Archivos({ orden, e, puede }: { orden: OrdenDetalle; e: EnlaceCompartido; puede: boolean }) {
  const archivos = useArchivos(orden.id);
  const guardar = useGuardarArchivosCompartidos();
  const aviso = useAviso();
  const [elegidos, setElegidos] = useState<number[] | null>(null);
  const actuales = elegidos ?? e.archivosCompartidos;
  const cambiado = elegidos !== null && [...elegidos].sort().join() !== [...e.archivosCompartidos].sort().join();

  return (
    <section className="compartir__seccion" aria-labelledby="compartir-archivos" data-testid="compartir-archivos">
      <h3 id="compartir-archivos">Archivos que ve el cliente</h3>
      {archivos.isPending ? (
        <IonSpinner name="crescent" aria-label="Cargando archivos" />
      ) : archivos.isError ? (
        <EstadoError ambito="ordenes" error={archivos.error} onReintentar={() => void archivos.refetch()} />
      ) : archivos.data.length === 0 ? (
        <p className="orden-dato__vacio">La orden no tiene archivos.</p>
      ) : (
        <>
          <IonList lines="none">
            {archivos.data.map((a) => (
              <IonItem key={a.id}>
                <IonCheckbox
                  labelPlacement="end"
                  justify="start"
                  checked={actuales.includes(a.id)}
                  disabled={!puede || guardar.isPending}
                  onIonChange={(ev) =>
                    setElegidos(ev.detail.checked ? [...actuales, a.id] : actuales.filter((x) => x !== a.id))
                  }
                  data-testid={`compartir-archivo-${a.id}`}
                >
                  <Texto>{a.nombre}</Texto> <small>({formatearTamanio(a.tamanio)})</small>
                </IonCheckbox>
              </IonItem>
            ))}
          </IonList>
          {puede && (
            <IonButton
              size="small"
              disabled={!cambiado || guardar.isPending}
              onClick={() =>
                guardar.mutate(
                  { id: orden.id, archivos: actuales },
                  {
                    onSuccess: () => {
                      setElegidos(null);
                      aviso('Archivos compartidos guardados.');
                    },
                  },
                )
              }
              data-testid="compartir-guardar-archivos"
            >
              Guardar archivos compartidos
            </IonButton>
          )}
        </>
      )}
    </section>
  );
}
