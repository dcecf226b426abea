import { LIMITES_SOLICITUD, zRechazarSolicitud, type Solicitud } from '@delego/contract';
import { IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useAviso } from '../../../components/avisos';
import { BotonIcono } from '../../../components/boton-icono';
import { BotonesConfirmar } from '../../../components/botones-confirmar';
import { CampoTextoLargo } from '../../../components/campos';
import { useCambiosSinGuardar, useConfirmarSalida, usePermisoParaSalir } from '../../../lib/cambios-sin-guardar';
import { erroresDeProblemas, useFormulario, type Validacion } from '../../../lib/formularios';
import { useRechazarSolicitud } from '../api/rechazar-solicitud';

interface Props {
  solicitud: Solicitud;
  abierto: boolean;
  alCerrar: () => void;
}

function validarMotivo(v: { motivo: string }): Validacion<'motivo', string> {
  const r = zRechazarSolicitud.safeParse(v);
  return r.success ? { ok: true, datos: r.data.motivo } : { ok: false, errores: erroresDeProblemas(r.error.issues) };
}

/**
 * «Rechazar» (issue 33): the reason is required (the requester reads it on the tracking page as
 * «Rechazada: motivo»); the dialog's own button confirms.
 */
export function DialogoRechazo({ solicitud, abierto, alCerrar }: Props) {
  const permisoParaSalir = usePermisoParaSalir();
  const confirmarSalida = useConfirmarSalida();
  return (
    <IonModal
      isOpen={abierto}
      // The backdrop and Escape ask before they drop a typed reason; closing it from the app
      // (Cancelar, Cerrar, a rejection) comes without a role and has asked already.
      canDismiss={(_datos?: unknown, rol?: string) => (rol === undefined ? Promise.resolve(true) : permisoParaSalir())}
      onDidDismiss={alCerrar}
      aria-labelledby="rechazo-titulo"
      data-testid="rechazo-dialogo"
    >
      <IonHeader>
        <IonToolbar>
          <IonTitle id="rechazo-titulo">Rechazar la solicitud</IonTitle>
          <IonButtons slot="end">
            <BotonIcono icono={closeOutline} etiqueta="Cerrar" onClick={() => confirmarSalida(alCerrar)} />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {abierto && <FormularioRechazo solicitud={solicitud} alCerrar={alCerrar} />}
      </IonContent>
    </IonModal>
  );
}

function FormularioRechazo({ solicitud, alCerrar }: { solicitud: Solicitud; alCerrar: () => void }) {
  const rechazar = useRechazarSolicitud();
  const avisar = useAviso();
  const f = useFormulario({
    inicial: { motivo: '' },
    validar: validarMotivo,
    limites: { motivo: LIMITES_SOLICITUD.motivo },
    habilitado: !rechazar.isPending,
  });
  useCambiosSinGuardar(f.sucio);
  const confirmarSalida = useConfirmarSalida();

  function enviar(motivo: string) {
    rechazar.mutate(
      { id: solicitud.id, motivo },
      {
        onSuccess: () => {
          // Rejected with this reason: nothing left to lose.
          f.guardado();
          avisar('Solicitud rechazada. Quien la pidió verá el motivo en su enlace.');
          alCerrar();
        },
        onError: (e) => f.falloAlGuardar(e, ['motivo'], { soloDatosInvalidos: true }),
      },
    );
  }

  return (
    <form {...f.props(enviar)} className="solicitud-rechazo" aria-label="Motivo del rechazo">
      <p className="solicitud-rechazo__ayuda">
        {solicitud.contacto.nombre} verá este motivo en el enlace de seguimiento de su pedido.
      </p>
      <CampoTextoLargo
        {...f.texto('motivo', 'Motivo', 'rechazo-motivo')}
        placeholder="Por ejemplo: no trabajamos en esa zona."
        rows={3}
      />
      <BotonesConfirmar
        clase="solicitud-rechazo__acciones"
        onCancelar={() => confirmarSalida(alCerrar)}
        ocupado={rechazar.isPending}
        texto="Rechazar solicitud"
        textoOcupado="Rechazando…"
        color="danger"
        testId="rechazo-confirmar"
      />
    </form>
  );
}
