import type { ResultadoSuscripcion } from '@delego/contract';
import { IonButton } from '@ionic/react';
import { calendarOutline, checkmarkCircleOutline, closeCircleOutline, timeOutline } from 'ionicons/icons';
import { EstadoPantalla } from '../../../components/estados-pantalla';

const PRESENTACION: Record<ResultadoSuscripcion['estado'], { icono: string; titulo: string; color: string }> = {
  aprobado: { icono: checkmarkCircleOutline, titulo: 'Pago aprobado', color: 'success' },
  pendiente: { icono: timeOutline, titulo: 'Pago pendiente', color: 'warning' },
  rechazado: { icono: closeCircleOutline, titulo: 'Pago rechazado', color: 'danger' },
  programado: { icono: calendarOutline, titulo: 'Cambio programado', color: 'primary' },
};

interface Props {
  resultado: ResultadoSuscripcion;
  /** 'Probar con otra tarjeta': back to the card form (a rejected payment). */
  alReintentar: () => void;
}

/**
 * The outcome of a payment: approved (the plan changed), pending (it changes when the provider
 * approves), rejected (with the reason and a way to try again; the plan did not change).
 */
export function ResultadoPago({ resultado, alReintentar }: Props) {
  const { icono, titulo, color } = PRESENTACION[resultado.estado];
  const rechazado = resultado.estado === 'rechazado';
  return (
    <div role="status" aria-live="polite" data-testid="pago-resultado" data-estado={resultado.estado}>
      <EstadoPantalla
        icono={icono}
        titulo={titulo}
        color={color}
        testId={`pago-${resultado.estado}`}
        accion={
          <>
            {rechazado && (
              <IonButton onClick={alReintentar} data-testid="pago-reintentar">
                Probar con otra tarjeta
              </IonButton>
            )}
            <IonButton routerLink="/planes" routerDirection="root" fill={rechazado ? 'outline' : 'solid'}>
              {rechazado ? 'Volver a planes' : 'Ver planes'}
            </IonButton>
            {!rechazado && (
              <IonButton routerLink="/home" routerDirection="root" fill="outline">
                Ir a Inicio
              </IonButton>
            )}
          </>
        }
      >
        <span data-testid="pago-mensaje">{resultado.mensaje}</span>
        {resultado.pago?.tarjeta && <span> Tarjeta: {resultado.pago.tarjeta}.</span>}
      </EstadoPantalla>
    </div>
  );
}
