import { CardPayment, initMercadoPago } from '@mercadopago/sdk-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { idMetodoPago, type DatosTarjetaToken } from '../model/tarjeta';
import { CargandoBrick } from './cargando-brick';

/** How long MercadoPago's form may take to show before the screen says it could not load. */
export const ESPERA_BRICK_MS = 20_000;

export const MENSAJE_BRICK_NO_CARGA =
  'No se pudo cargar el formulario de pago de MercadoPago. Revise su conexión a internet y vuelva a intentar.';

interface Props {
  publicKey: string;
  /** The amount charged now, in ARS. */
  monto: number;
  alPagar: (datos: DatosTarjetaToken) => void;
  /** The Brick could not load or failed for good; the message is Spanish. */
  alFallar: (mensaje: string) => void;
}

/**
 * MercadoPago's Card Payment Brick (MercadoPago mode). Loaded on its own (React.lazy), so the
 * SDK weighs only on this screen. The card is typed in MercadoPago's own fields and turned into a
 * token there; this component hands on only `{token, marca, ultimosCuatro, titular}`. The Brick
 * loads MercadoPago's script from their servers: when it cannot (no network), the screen says so.
 */
export default function BrickMercadoPago({ publicKey, monto, alPagar, alFallar }: Props) {
  // initMercadoPago only records the key (it is idempotent); the Brick reads it as it renders.
  useState(() => initMercadoPago(publicKey, { locale: 'es-AR' }));
  const [listo, setListo] = useState(false);
  const listoRef = useRef(false);
  const alFallarRef = useRef(alFallar);
  alFallarRef.current = alFallar;

  useEffect(() => {
    const fallar = () => {
      if (!listoRef.current) alFallarRef.current(MENSAJE_BRICK_NO_CARGA);
    };
    // MercadoPago's script failed to download (a resource error does not bubble: it is caught on the way down).
    const alErrorDeRecurso = (e: Event) => {
      const origen = e.target;
      if (origen instanceof HTMLScriptElement && /mercadopago/i.test(origen.src)) fallar();
    };
    window.addEventListener('error', alErrorDeRecurso, true);
    const espera = window.setTimeout(fallar, ESPERA_BRICK_MS);
    return () => {
      window.removeEventListener('error', alErrorDeRecurso, true);
      window.clearTimeout(espera);
    };
  }, []);

  // The Brick re-renders when these change identity: keep them stable.
  const initialization = useMemo(() => ({ amount: monto }), [monto]);
  const customization = useMemo(
    () => ({ paymentMethods: { maxInstallments: 1 }, visual: { hideFormTitle: true } }),
    [],
  );
  const onReady = useCallback(() => {
    listoRef.current = true;
    setListo(true);
  }, []);
  const onError = useCallback((error: { type: string }) => {
    if (error.type === 'critical') alFallarRef.current(MENSAJE_BRICK_NO_CARGA);
  }, []);
  const onSubmit = useCallback(
    async (
      datos: { token: string; payment_method_id: string },
      adicional?: { lastFourDigits: string; cardholderName?: string },
    ) => {
      const ultimosCuatro = adicional?.lastFourDigits ?? '';
      const titular = adicional?.cardholderName?.trim() ?? '';
      if (!/^\d{4}$/.test(ultimosCuatro) || !titular) {
        alFallarRef.current('MercadoPago no devolvió los datos de la tarjeta. Vuelva a cargarla.');
        return;
      }
      const marca = idMetodoPago(datos.payment_method_id);
      if (!marca) {
        alFallarRef.current('Delego no acepta ese medio de pago. Use una tarjeta de crédito o débito de la lista.');
        return;
      }
      alPagar({ token: datos.token, marca, ultimosCuatro, titular });
    },
    [alPagar],
  );

  return (
    <div className="tarjeta-brick" data-testid="tarjeta-brick">
      {!listo && <CargandoBrick />}
      <CardPayment
        initialization={initialization}
        customization={customization}
        locale="es-AR"
        onReady={onReady}
        onError={onError}
        onSubmit={onSubmit}
      />
    </div>
  );
}
