import {
  PLAZOS_SLA,
  plazoActivo,
  textoFechaHora,
  type PlazoOrden,
  type PlazoSla,
  type SlaOrden,
} from '@delego/contract';
import { IonIcon } from '@ionic/react';
import { alertCircle, checkmarkCircle, hourglassOutline, pauseCircleOutline, timerOutline } from 'ionicons/icons';
import { useCalendarioDePlazos } from './api';
import { useAhoraPorMinuto } from './ahora';
import { estadoDePlazo, NOMBRE_PLAZO, textoCumplido, textoObjetivo, type NivelPlazo } from './plazo';
import './sla.css';

const ICONO: Record<NivelPlazo, string> = {
  verde: timerOutline,
  ambar: hourglassOutline,
  rojo: alertCircle,
  pausa: pauseCircleOutline,
};

/** One open target's countdown, coloured by the share used (the text says it too: colour is not alone). */
function Cuenta({
  nivel,
  texto,
  plazo,
  testId,
}: {
  nivel: NivelPlazo;
  texto: string;
  plazo?: PlazoSla;
  testId: string;
}) {
  return (
    <span className={`sla-cuenta sla-cuenta--${nivel}`} data-nivel={nivel} data-testid={testId}>
      <IonIcon icon={ICONO[nivel]} aria-hidden="true" />
      {plazo && <span className="sla-cuenta__plazo">{NOMBRE_PLAZO[plazo]}</span>}
      {plazo && ' '}
      {texto}
    </span>
  );
}

/**
 * The countdown of an order's service level in the list (issue 34): the target that runs now
 * (the response, then the resolution), «Vence en 3 h hábiles» green, amber from 80 % used, red
 * once due, «En pausa» while the order waits. Nothing without a service level, once both targets
 * are met, or while the company's calendar loads. Re-renders each minute.
 */
export function CuentaRegresivaSla({ sla }: { sla: SlaOrden }) {
  const cal = useCalendarioDePlazos();
  const ahora = useAhoraPorMinuto();
  const activo = plazoActivo(sla);
  if (!cal || !activo) return null;
  const { nivel, texto } = estadoDePlazo(cal, activo.datos, ahora, sla.pausadaDesde);
  return <Cuenta nivel={nivel} texto={texto} plazo={activo.plazo} testId="sla-cuenta" />;
}

/** One target in the order's detail: met (on time or late) or running, with its goal and due instant. */
function Plazo({ plazo, datos, sla }: { plazo: PlazoSla; datos: PlazoOrden; sla: SlaOrden }) {
  const cal = useCalendarioDePlazos();
  const ahora = useAhoraPorMinuto();
  let estado;
  if (datos.cumplidaEn != null) {
    const { texto, aTiempo } = textoCumplido(plazo, datos);
    estado = (
      <span
        className={`sla-cuenta sla-cuenta--${aTiempo ? 'cumplida' : 'rojo'}`}
        data-nivel={aTiempo ? 'cumplida' : 'rojo'}
        data-testid={`sla-${plazo}-estado`}
      >
        <IonIcon icon={aTiempo ? checkmarkCircle : alertCircle} aria-hidden="true" />
        {texto}
      </span>
    );
  } else if (cal) {
    const { nivel, texto } = estadoDePlazo(cal, datos, ahora, sla.pausadaDesde);
    estado = <Cuenta nivel={nivel} texto={texto} testId={`sla-${plazo}-estado`} />;
  }
  const zona = cal?.zona;
  return (
    <div className="sla-plazo" data-testid={`sla-${plazo}`}>
      <dt>{NOMBRE_PLAZO[plazo]}</dt>
      <dd>
        {estado}
        <span className="sla-plazo__objetivo">
          {textoObjetivo(datos.objetivo)}
          {zona && datos.cumplidaEn == null && ` · vence ${textoFechaHora(datos.vence, zona)}`}
          {zona && datos.cumplidaEn != null && ` · ${textoFechaHora(datos.cumplidaEn, zona)}`}
        </span>
      </dd>
    </div>
  );
}

/**
 * The order's service level in its detail: the policy it got when it was created and both targets
 * (response and resolution), each running or met. Nothing for an order without one.
 */
export function NivelDeServicioDeOrden({ sla, className = '' }: { sla: SlaOrden; className?: string }) {
  return (
    <section
      className={`delego-card sla-orden ${className}`.trim()}
      aria-labelledby="sla-orden-titulo"
      data-testid="sla-orden"
    >
      <h2 id="sla-orden-titulo">Nivel de servicio</h2>
      <p className="sla-orden__politica" data-testid="sla-orden-politica">
        Política «{sla.politica}»{sla.pausaEnEspera ? ' · el tiempo En espera no cuenta' : ''}
      </p>
      <dl className="sla-orden__plazos">
        {PLAZOS_SLA.map((p) => {
          const datos = sla[p];
          return datos ? <Plazo key={p} plazo={p} datos={datos} sla={sla} /> : null;
        })}
      </dl>
    </section>
  );
}
