import { IonButton, IonIcon } from '@ionic/react';
import { playOutline, stopOutline, timerOutline, trashOutline } from 'ionicons/icons';
import { useConfirmar } from '../../../components/avisos';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import './indicador-temporizador.css';
import { useTemporizador } from '../hooks/use-temporizador';
import {
  borrarTemporizador,
  duracionDelTemporizador,
  iniciarTemporizador,
  textoTranscurrido,
  type Temporizador,
} from '../model/temporizador';

interface Props {
  ordenId: number;
  numero: number | undefined;
  /** «Detener»: the hours form opens with the time worked and the day it started. */
  onDetener: (temporizador: Temporizador, duracion: { horas: number; minutos: number }) => void;
}

const nombreOrden = (t: Temporizador) => (t.numero ? `la orden #${t.numero}` : 'otra orden');

/**
 * The order's hours timer on Horas y gastos: «Iniciar temporizador», and while it runs the time
 * worked with «Detener» (the hours form, pre-filled) and «Descartar» (after asking). It lives on
 * the device, so it keeps running with the app closed or without a connection.
 */
export function TemporizadorOrden({ ordenId, numero, onDetener }: Props) {
  const { usuarioId, temporizador, ahora } = useTemporizador();
  const confirmar = useConfirmar();
  if (usuarioId === null) return null;
  const aqui = temporizador?.ordenId === ordenId ? temporizador : null;
  const otro = temporizador && !aqui ? temporizador : null;

  async function iniciar() {
    if (usuarioId === null) return;
    if (otro) {
      const ok = await confirmar({
        titulo: '¿Empezar otro temporizador?',
        mensaje: `Hay un temporizador en marcha en ${nombreOrden(otro)} (${textoTranscurrido(otro.inicio, Date.now())}). Si empieza uno aquí, ese se descarta sin registrar horas.`,
        aceptar: 'Empezar aquí',
      });
      if (!ok) return;
    }
    iniciarTemporizador(usuarioId, ordenId, numero, Date.now());
  }

  if (!aqui) {
    return (
      <section className="delego-card registro-temporizador" aria-label="Temporizador" data-testid="temporizador">
        {otro && (
          <p className="registro-temporizador__otro" data-testid="temporizador-otro">
            Temporizador en marcha en {nombreOrden(otro)}.
          </p>
        )}
        <IonButton size="small" fill="outline" onClick={() => void iniciar()} data-testid="temporizador-iniciar">
          <IonIcon slot="start" icon={playOutline} aria-hidden="true" />
          Iniciar temporizador
        </IonButton>
      </section>
    );
  }

  return (
    <section
      className="delego-card registro-temporizador registro-temporizador--corriendo"
      aria-label="Temporizador"
      data-testid="temporizador"
    >
      <p className="registro-temporizador__tiempo">
        <IonIcon icon={timerOutline} aria-hidden="true" />
        <span>En marcha</span>
        <span className="delego-cifra" role="timer" data-testid="temporizador-tiempo">
          {textoTranscurrido(aqui.inicio, ahora)}
        </span>
      </p>
      <div className="registro-temporizador__acciones">
        <IonButton
          size="small"
          onClick={() => onDetener(aqui, duracionDelTemporizador(aqui.inicio, Date.now()))}
          data-testid="temporizador-detener"
        >
          <IonIcon slot="start" icon={stopOutline} aria-hidden="true" />
          Detener
        </IonButton>
        <BotonPeligroso
          pregunta={{
            titulo: '¿Descartar el temporizador?',
            mensaje: 'El tiempo contado se pierde y no se registran horas.',
          }}
          alConfirmar={() => borrarTemporizador(usuarioId)}
          icono={trashOutline}
          testId="temporizador-descartar"
        >
          Descartar
        </BotonPeligroso>
      </div>
    </section>
  );
}

/**
 * The running timer in every screen's header, so it is not forgotten: the time worked, opening the
 * order's Horas y gastos. Nothing while none runs.
 */
export function IndicadorTemporizador() {
  const { temporizador, ahora } = useTemporizador();
  if (!temporizador) return null;
  const etiqueta = `Temporizador en marcha en ${nombreOrden(temporizador)}: ${textoTranscurrido(temporizador.inicio, ahora)}`;
  const minutos = Math.floor(Math.max(0, ahora - temporizador.inicio) / 60_000);
  return (
    <IonButton
      className="indicador-temporizador"
      routerLink={`/registro-historial?id=${temporizador.ordenId}`}
      aria-label={etiqueta}
      title={etiqueta}
      data-testid="indicador-temporizador"
    >
      <IonIcon slot="start" icon={timerOutline} aria-hidden="true" />
      <span className="indicador-temporizador__texto delego-cifra">
        {Math.floor(minutos / 60)}:{String(minutos % 60).padStart(2, '0')}
      </span>
    </IonButton>
  );
}
