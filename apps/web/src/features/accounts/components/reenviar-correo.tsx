import type { ReenviarConfirmacion } from '@delego/contract';
import { IonButton, IonSpinner } from '@ionic/react';
import { useReenviarConfirmacion } from '../api/reenviar-confirmacion';
import './cuentas.css';

interface Props {
  /** Whose confirmation mail: `{usuario}` (login name or email) or `{k}` (an expired link). */
  datos: ReenviarConfirmacion;
  texto?: string;
  fill?: 'solid' | 'outline' | 'clear';
}

/**
 * 'Reenviar correo': sends the confirmation mail again and says so with the server's neutral
 * answer (the same whether the account exists). Too many tries or no connection reach the alert.
 */
export function ReenviarCorreo({ datos, texto = 'Reenviar correo', fill = 'outline' }: Props) {
  const reenviar = useReenviarConfirmacion();
  return (
    <div className="cuenta-reenviar">
      <IonButton
        type="button"
        fill={fill}
        disabled={reenviar.isPending}
        onClick={() => reenviar.mutate(datos)}
        data-testid="cuenta-reenviar"
      >
        {reenviar.isPending ? (
          <>
            <IonSpinner name="crescent" slot="start" aria-hidden="true" />
            Enviando…
          </>
        ) : (
          texto
        )}
      </IonButton>
      {reenviar.data && (
        <p className="cuenta-aviso cuenta-aviso--ok" role="status" data-testid="cuenta-reenviado">
          {reenviar.data.mensaje}
        </p>
      )}
    </div>
  );
}
