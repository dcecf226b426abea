import { LIMITE_CORREOS_AVISO_SLA, RUTAS } from '@delego/contract';
import { IonIcon, IonLabel, IonToggle } from '@ionic/react';
import { mailOutline } from 'ionicons/icons';
import { consultaDe, mutacionDe } from '../../lib/consultas';
import { slaKeys } from './keys';
import './sla.css';

/** GET /api/v4/sla/avisos: whether this user also gets the service-level warnings by mail. */
const avisos = consultaDe(RUTAS.avisosSla, slaKeys.avisos(), { errorSilencioso: true });

/** PUT /api/v4/sla/avisos: the answer replaces the choice in the cache. */
const guardar = mutacionDe(RUTAS.guardarAvisosSla, (correo: boolean) => ({ cuerpo: { correo } }), {
  alResponder: (queryClient, respuesta) => queryClient.setQueryData(slaKeys.avisos(), respuesta),
});

/**
 * The user's own choice (issue 34): the warnings of an order about to miss its service level, or
 * missing it, also by mail. Saved as soon as it is switched; off while it loads or saves.
 */
export function AvisosSlaPorCorreo() {
  const { data, isPending, isError } = avisos.useConsulta();
  const cambiar = guardar.useMutacion();
  // Without the choice (offline, an older server) the section is not offered.
  if (isError) return null;
  const activo = cambiar.isPending ? cambiar.variables : (data?.correo ?? false);
  return (
    <section className="avisos-sla" aria-labelledby="avisos-sla-titulo" data-testid="avisos-sla">
      <IonIcon icon={mailOutline} className="avisos-sla__icono" aria-hidden="true" />
      <IonLabel className="avisos-sla__texto">
        <h2 id="avisos-sla-titulo">Avisos de nivel de servicio por correo</h2>
        <p>
          Además de la notificación, un correo cuando una de sus órdenes usó el 80 % de su plazo o lo venció (hasta{' '}
          {LIMITE_CORREOS_AVISO_SLA} por día).
        </p>
      </IonLabel>
      <IonToggle
        checked={activo}
        disabled={isPending || cambiar.isPending}
        onIonChange={(e) => cambiar.mutate(e.detail.checked)}
        aria-labelledby="avisos-sla-titulo"
        data-testid="avisos-sla-correo"
      />
    </section>
  );
}
