import { LIMITES_EXTERNO, RUTAS, zRechazoExterno, type VistaExterno } from '@delego/contract';
import { IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AceptarORechazar } from '../../../components/aceptar-o-rechazar';
import { BotonesConfirmar } from '../../../components/botones-confirmar';
import { CampoTextoLargo } from '../../../components/campos';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { erroresDeProblemas, useFormulario, type Validacion } from '../../../lib/formularios';
import { nuevaClave } from '../../../lib/outbox';
import { llamarExterno } from '../api/cliente';
import { externoKeys, guardarVista } from '../api/consultas';
import { useExterno } from './contexto';

/** Accepting or rejecting needs the server's answer (the page changes with it): it is not queued. */
const SIN_CONEXION = 'Necesita conexión para responder la orden. Vuelva a intentarlo cuando tenga señal.';

function useResponder() {
  const { k, enlace } = useExterno();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (motivo: string | null) =>
      motivo === null
        ? llamarExterno(k, RUTAS.aceptarExterno, { idempotencia: nuevaClave(), hechoEn: Date.now() })
        : llamarExterno(k, RUTAS.rechazarExterno, {
            cuerpo: { motivo },
            idempotencia: nuevaClave(),
            hechoEn: Date.now(),
          }),
    onSuccess: async (vista: VistaExterno) => {
      queryClient.setQueryData(externoKeys.vista(enlace), await guardarVista(enlace, vista));
    },
    onError: (error) => {
      // Already answered (another device, a second tap): the page shows where it stands.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: externoKeys.vista(enlace) });
    },
    meta: { errorSilencioso: true },
  });
}

function mensajeDeRespuesta(error: unknown): string {
  return error instanceof ApiError && error.esSinConexion ? SIN_CONEXION : mensajeDeError(error);
}

/** An order not answered yet: «Aceptar la orden» or «Rechazar» (with a reason). */
export function RespuestaPendiente() {
  const responder = useResponder();
  const [rechazando, setRechazando] = useState(false);
  return (
    <section className="externo-seccion externo-respuesta" aria-labelledby="externo-respuesta-titulo">
      <h2 id="externo-respuesta-titulo">¿Toma esta orden?</h2>
      <p>Acéptela para empezar a trabajar en ella, o recházela indicando el motivo.</p>
      <AceptarORechazar
        clase="externo-respuesta__botones"
        aceptar={{ texto: 'Aceptar la orden', ocupado: 'Aceptando…' }}
        ocupado={responder.isPending}
        aceptando={responder.isPending && !rechazando}
        alAceptar={() => responder.mutate(null)}
        alRechazar={() => setRechazando(true)}
        grande
        testId="externo"
      />
      {responder.isError && !rechazando && (
        <p className="externo-error" role="alert" data-testid="externo-respuesta-error">
          {mensajeDeRespuesta(responder.error)}
        </p>
      )}
      <IonModal
        isOpen={rechazando}
        onDidDismiss={() => setRechazando(false)}
        aria-labelledby="externo-rechazo-titulo"
        data-testid="externo-rechazo-dialogo"
      >
        <IonHeader>
          <IonToolbar>
            <IonTitle id="externo-rechazo-titulo">Rechazar la orden</IonTitle>
          </IonToolbar>
        </IonHeader>
        <IonContent className="ion-padding">
          {rechazando && <FormularioRechazo responder={responder} alCerrar={() => setRechazando(false)} />}
        </IonContent>
      </IonModal>
    </section>
  );
}

function validarMotivo(v: { motivo: string }): Validacion<'motivo', string> {
  const r = zRechazoExterno.safeParse(v);
  return r.success ? { ok: true, datos: r.data.motivo } : { ok: false, errores: erroresDeProblemas(r.error.issues) };
}

function FormularioRechazo({
  responder,
  alCerrar,
}: {
  responder: ReturnType<typeof useResponder>;
  alCerrar: () => void;
}) {
  const f = useFormulario({
    inicial: { motivo: '' },
    validar: validarMotivo,
    limites: { motivo: LIMITES_EXTERNO.motivo },
    habilitado: !responder.isPending,
  });
  return (
    <form
      {...f.props((motivo) => responder.mutate(motivo, { onSuccess: alCerrar }))}
      className="externo-rechazo"
      aria-label="Motivo del rechazo"
    >
      <p>La empresa verá este motivo. Después de rechazarla, este enlace ya no permite trabajar en la orden.</p>
      <CampoTextoLargo {...f.texto('motivo', 'Motivo', 'externo-motivo')} rows={3} />
      {responder.isError && (
        <p className="externo-error" role="alert" data-testid="externo-rechazo-error">
          {mensajeDeRespuesta(responder.error)}
        </p>
      )}
      <BotonesConfirmar
        clase="externo-rechazo__acciones"
        onCancelar={alCerrar}
        ocupado={responder.isPending}
        texto="Rechazar la orden"
        textoOcupado="Rechazando…"
        color="danger"
        testId="externo-rechazo-confirmar"
      />
    </form>
  );
}

/** The contractor rejected the order: nothing else to do here. */
export function RespuestaRechazada({ vista }: { vista: VistaExterno }) {
  return (
    <section className="externo-seccion externo-rechazada" data-testid="externo-rechazada">
      <h2>Rechazó esta orden</h2>
      {vista.externo.motivo && <p data-testid="externo-motivo-rechazo">Motivo: {vista.externo.motivo}</p>}
      <p>La empresa ya lo sabe. No hace falta que haga nada más.</p>
    </section>
  );
}
