import { IonButton, IonSpinner, useIonRouter } from '@ionic/react';
import { alertCircleOutline, checkmarkCircleOutline, linkOutline, timeOutline } from 'ionicons/icons';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { EstadoPantalla } from '../../../components/estados-pantalla';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useConfirmarCuenta } from '../api/confirmar-cuenta';
import { rutaLoginCon, rutaLoginConExito } from '../exitos';
import { PantallaCuenta, VolverAlIngreso } from './pantalla-cuenta';
import { ReenviarCorreo } from './reenviar-correo';

/**
 * confirmacion/:k, the link of the confirmation mail: confirms the account once and goes to the
 * login with its banner; a second click says it was already confirmed; an expired link offers a
 * new one.
 */
export default function ConfirmacionPage() {
  const { k = '' } = useParams();
  const confirmacion = useConfirmarCuenta(k || null);
  const router = useIonRouter();
  const confirmada = confirmacion.data?.estado === 'confirmada' ? confirmacion.data : undefined;

  useEffect(() => {
    if (confirmada) router.navigateRoot(rutaLoginConExito('cuenta-confirmada', confirmada.usuario));
  }, [confirmada, router]);

  return (
    <PantallaCuenta testId="confirmacion">
      <Estado k={k} confirmacion={confirmacion} />
    </PantallaCuenta>
  );
}

function Estado({ k, confirmacion }: { k: string; confirmacion: ReturnType<typeof useConfirmarCuenta> }) {
  if (confirmacion.data?.estado === 'yaConfirmada') {
    return (
      <EstadoPantalla
        icono={checkmarkCircleOutline}
        color="success"
        titulo="La cuenta ya está confirmada"
        testId="confirmacion-ya-confirmada"
        accion={
          <IonButton routerLink={rutaLoginCon(confirmacion.data.usuario)} routerDirection="root">
            Iniciar sesión
          </IonButton>
        }
      >
        Este enlace ya se usó para confirmarla. Ingrese con su usuario y su contraseña.
      </EstadoPantalla>
    );
  }
  if (confirmacion.isError) return <EstadoFallo k={k} error={confirmacion.error} alReintentar={confirmacion.refetch} />;
  if (!k) return <EnlaceInvalido />;
  return (
    <div className="cuenta-estado" role="status" data-testid="confirmacion-cargando">
      <IonSpinner name="crescent" color="primary" aria-hidden="true" />
      <h1 className="cuenta__titulo">Confirmando su cuenta…</h1>
    </div>
  );
}

function EstadoFallo({ k, error, alReintentar }: { k: string; error: unknown; alReintentar: () => unknown }) {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'ENLACE_VENCIDO' || code === 'ENLACE_USADO') {
    return (
      <EstadoPantalla
        icono={timeOutline}
        color="warning"
        titulo={code === 'ENLACE_VENCIDO' ? 'El enlace venció' : 'El enlace ya se usó'}
        testId="confirmacion-vencida"
        accion={
          <div className="cuenta-estado__acciones">
            <ReenviarCorreo datos={{ k }} texto="Enviarme un enlace nuevo" fill="solid" />
            <VolverAlIngreso />
          </div>
        }
      >
        Los enlaces para confirmar la cuenta duran 48 horas. Le enviamos uno nuevo al mismo correo si lo pide.
      </EstadoPantalla>
    );
  }
  if (code === 'ENLACE_INVALIDO') return <EnlaceInvalido />;
  return (
    <EstadoPantalla
      icono={alertCircleOutline}
      color="danger"
      titulo="No se pudo confirmar la cuenta"
      testId="confirmacion-error"
      accion={
        <IonButton fill="outline" onClick={() => void alReintentar()}>
          Reintentar
        </IonButton>
      }
    >
      {mensajeDeError(error)}
    </EstadoPantalla>
  );
}

function EnlaceInvalido() {
  return (
    <EstadoPantalla
      icono={linkOutline}
      color="danger"
      titulo="El enlace no es válido"
      testId="confirmacion-invalida"
      accion={<VolverAlIngreso texto="Ir al ingreso" />}
    >
      Revise que el enlace esté completo: a veces el programa de correo lo corta en dos líneas. Si ya pasaron 48 horas,
      ingrese con su usuario y contraseña y pida un correo nuevo.
    </EstadoPantalla>
  );
}
