import type { EnlaceInfo } from '@delego/contract';
import { IonButton, IonSkeletonText, useIonRouter } from '@ionic/react';
import { alertCircleOutline, linkOutline, timeOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { CampoPassword } from '../../../components/campos';
import { EstadoPantalla } from '../../../components/estados-pantalla';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useFormulario } from '../../../lib/formularios';
import { useConfirmarRecuperarPassword } from '../api/confirmar-recuperar-password';
import { useEnlace } from '../api/get-enlace';
import { rutaLoginConExito } from '../exitos';
import {
  CAMPOS_PASSWORD_NUEVA,
  validarPasswordNueva,
  type PasswordsNuevas,
  type ValoresPasswordNueva,
} from '../validacion';
import { CampoPasswordNueva } from './campo-password-nueva';
import { PantallaCuenta, PieFormulario, VolverAlIngreso } from './pantalla-cuenta';

/** The codes of a link that cannot set a password any more. */
const CODIGOS_ENLACE = new Set(['ENLACE_VENCIDO', 'ENLACE_USADO', 'ENLACE_INVALIDO']);

/**
 * password-reset/:k, the link of a recovery or an invitation mail: asks the server what the link
 * is for, then the new password twice; done, the login with its banner. A link that expired, was
 * used or is unknown says so and offers a new one.
 */
export default function PasswordResetPage() {
  const { k = '' } = useParams();
  const enlace = useEnlace(k || null);
  // A link that stopped working while the form was open (expired, used in another tab).
  const [falloAlEnviar, setFalloAlEnviar] = useState<ApiError | null>(null);

  const error = falloAlEnviar ?? enlace.error;
  if (!k || (error instanceof ApiError && CODIGOS_ENLACE.has(error.code))) {
    return (
      <PantallaCuenta testId="password-reset">
        <EnlaceNoSirve code={error instanceof ApiError ? error.code : 'ENLACE_INVALIDO'} />
      </PantallaCuenta>
    );
  }
  if (enlace.isError) {
    return (
      <PantallaCuenta testId="password-reset">
        <EstadoPantalla
          icono={alertCircleOutline}
          color="danger"
          titulo="No se pudo abrir el enlace"
          testId="password-reset-error"
          accion={
            <IonButton fill="outline" onClick={() => void enlace.refetch()}>
              Reintentar
            </IonButton>
          }
        >
          {mensajeDeError(enlace.error)}
        </EstadoPantalla>
      </PantallaCuenta>
    );
  }
  if (!enlace.data) {
    return (
      <PantallaCuenta testId="password-reset">
        <div aria-busy="true" data-testid="password-reset-cargando">
          <span className="delego-visually-hidden" role="status">
            Cargando…
          </span>
          {[60, 90, 100, 95].map((ancho) => (
            <IonSkeletonText key={ancho} animated style={{ width: `${ancho}%`, height: 22, marginBottom: 18 }} />
          ))}
        </div>
      </PantallaCuenta>
    );
  }
  const invitacion = enlace.data.tipo === 'invitacion';
  return (
    <PantallaCuenta
      titulo={invitacion ? 'Bienvenido a Delego' : 'Elija una contraseña nueva'}
      bajada={<Saludo info={enlace.data} />}
      testId="password-reset"
    >
      <PasswordForm k={k} info={enlace.data} alFallarEnlace={setFalloAlEnviar} />
    </PantallaCuenta>
  );
}

function Saludo({ info }: { info: EnlaceInfo }) {
  const empresa = info.entidadNombre ? <strong>{info.entidadNombre}</strong> : 'Su empresa';
  if (info.tipo === 'invitacion') {
    return (
      <>
        Hola, {info.nombre}. {empresa} lo invitó a usar Delego: elija su contraseña para empezar.
      </>
    );
  }
  return (
    <>
      Hola, {info.nombre}. Elija la contraseña nueva de su cuenta en {empresa} y úsela para ingresar.
    </>
  );
}

interface PasswordFormProps {
  k: string;
  info: EnlaceInfo;
  alFallarEnlace: (error: ApiError) => void;
}

function PasswordForm({ k, info, alFallarEnlace }: PasswordFormProps) {
  const confirmar = useConfirmarRecuperarPassword();
  const router = useIonRouter();
  const f = useFormulario<ValoresPasswordNueva, PasswordsNuevas, never>({
    inicial: { password: '', repetida: '' },
    validar: validarPasswordNueva,
    habilitado: !confirmar.isPending,
    vinculados: { password: ['repetida'] },
  });

  function enviar(datos: PasswordsNuevas) {
    confirmar.mutate(
      { k, ...datos },
      {
        onSuccess: (hecho) => {
          const exito = hecho.tipo === 'invitacion' ? 'invitacion-aceptada' : 'password-cambiada';
          router.navigateRoot(rutaLoginConExito(exito, hecho.usuario));
        },
        onError: (error) => {
          if (error instanceof ApiError && CODIGOS_ENLACE.has(error.code)) alFallarEnlace(error);
          else f.falloAlGuardar(error, CAMPOS_PASSWORD_NUEVA, { alias: { confirmPassword: 'repetida' } });
        },
      },
    );
  }

  return (
    <form
      {...f.props(enviar)}
      className="cuenta-form"
      aria-label={info.tipo === 'invitacion' ? 'Elegir la contraseña' : 'Elegir una contraseña nueva'}
      data-testid="password-reset-form"
    >
      <CampoPasswordNueva
        {...f.campo('password')}
        label={info.tipo === 'invitacion' ? 'Contraseña' : 'Contraseña nueva'}
        data-testid="password-reset-password"
      />
      <CampoPassword
        {...f.campo('repetida')}
        label="Repita la contraseña"
        autocomplete="new-password"
        data-testid="password-reset-repetida"
      />
      <PieFormulario
        ocupado={confirmar.isPending}
        texto={info.tipo === 'invitacion' ? 'Guardar y empezar' : 'Guardar la contraseña'}
        textoOcupado="Guardando…"
        testId="password-reset-enviar"
      />
    </form>
  );
}

/** What each link that cannot set a password says. */
const ENLACE_NO_SIRVE = {
  ENLACE_VENCIDO: {
    titulo: 'El enlace venció',
    texto:
      'Un enlace para elegir la contraseña dura 1 hora (el de una invitación, 7 días). Pida uno nuevo: le llegará al mismo correo.',
  },
  ENLACE_USADO: {
    titulo: 'El enlace ya se usó',
    texto: 'Cada enlace sirve una sola vez. Si necesita cambiar la contraseña otra vez, pida un enlace nuevo.',
  },
  ENLACE_INVALIDO: {
    titulo: 'El enlace no es válido',
    texto:
      'Revise que el enlace esté completo: a veces el programa de correo lo corta en dos líneas. Si no, pida uno nuevo.',
  },
} satisfies Record<string, { titulo: string; texto: string }>;

/** An expired, used or unknown link: what happened, and how to get a new one. */
function EnlaceNoSirve({ code }: { code: string }) {
  const { titulo, texto } = Object.hasOwn(ENLACE_NO_SIRVE, code)
    ? ENLACE_NO_SIRVE[code as keyof typeof ENLACE_NO_SIRVE]
    : ENLACE_NO_SIRVE.ENLACE_INVALIDO;
  return (
    <EstadoPantalla
      icono={code === 'ENLACE_INVALIDO' ? linkOutline : timeOutline}
      color={code === 'ENLACE_INVALIDO' ? 'danger' : 'warning'}
      titulo={titulo}
      testId="password-reset-no-sirve"
      accion={
        <div className="cuenta-estado__acciones">
          <IonButton routerLink="/recuperar-password" routerDirection="forward" data-testid="password-reset-pedir-otro">
            Pedir un enlace nuevo
          </IonButton>
          <VolverAlIngreso />
        </div>
      }
    >
      {texto}
    </EstadoPantalla>
  );
}
