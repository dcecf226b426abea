import { LIMITES_ADMIN, type AvisoCuenta } from '@delego/contract';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CampoTexto } from '../../../components/campos';
import { useFormulario } from '../../../lib/formularios';
import { useRecuperarPassword } from '../api/recuperar-password';
import { PARAM_USUARIO } from '../exitos';
import { validarUsuarioOEmail } from '../validacion';
import { PantallaCuenta, PieFormulario, RevisarCorreo, SIN_CORRECCIONES } from './pantalla-cuenta';

/**
 * recuperar-password: asks for a link to choose a new password. The answer is the same whether
 * or not the account exists, so the screen after it is always the same too.
 */
export default function RecuperarPasswordPage() {
  const [aviso, setAviso] = useState<AvisoCuenta | null>(null);
  if (aviso) {
    return (
      <RevisarCorreo
        testId="recuperar-hecho"
        acciones={
          <>
            <IonButton routerLink="/login" routerDirection="back">
              Volver al ingreso
            </IonButton>
            <IonButton fill="clear" size="small" onClick={() => setAviso(null)} data-testid="recuperar-otra-vez">
              Probar con otro usuario o email
            </IonButton>
          </>
        }
      >
        {aviso.mensaje}
      </RevisarCorreo>
    );
  }
  return (
    <PantallaCuenta
      titulo="Recuperar la contraseña"
      bajada="Escriba su usuario o su email. Le enviaremos un enlace para elegir una contraseña nueva."
      testId="recuperar"
    >
      <RecuperarForm alEnviar={setAviso} />
    </PantallaCuenta>
  );
}

function RecuperarForm({ alEnviar }: { alEnviar: (aviso: AvisoCuenta) => void }) {
  const [searchParams] = useSearchParams();
  const recuperar = useRecuperarPassword();
  const f = useFormulario({
    inicial: () => ({ username: searchParams.get(PARAM_USUARIO) ?? '' }),
    validar: validarUsuarioOEmail,
    limites: { username: LIMITES_ADMIN.email },
    habilitado: !recuperar.isPending,
  });

  return (
    <form
      {...f.props((username) => recuperar.mutate(username, { onSuccess: alEnviar }))}
      className="cuenta-form"
      aria-label="Recuperar la contraseña"
      data-testid="recuperar-form"
    >
      <CampoTexto
        {...f.campo('username')}
        label="Usuario o email"
        max={LIMITES_ADMIN.email}
        autocomplete="username"
        {...SIN_CORRECCIONES}
        enterkeyhint="send"
        data-testid="recuperar-usuario"
      />
      <PieFormulario
        ocupado={recuperar.isPending}
        texto="Enviar enlace"
        textoOcupado="Enviando…"
        testId="recuperar-enviar"
      />
    </form>
  );
}
