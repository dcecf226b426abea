import { LIMITES_ADMIN, LIMITES_CUENTAS, type RegistroHecho, type RegistroUsuario } from '@delego/contract';
import { IonButton, IonCheckbox } from '@ionic/react';
import { useState } from 'react';
import { CampoCuit, CampoEmail, CampoPassword, CampoTexto, MensajeCampo } from '../../../components/campos';
import { AYUDA_NOMBRE_USUARIO, useFormulario } from '../../../lib/formularios';
import { useRegistrarUsuario } from '../api/registrar-usuario';
import { CAMPOS_REGISTRO, REGISTRO_VACIO, validarRegistro, type ValoresRegistro } from '../validacion';
import { CampoPasswordNueva } from './campo-password-nueva';
import { PantallaCuenta, PieFormulario, RevisarCorreo, SIN_CORRECCIONES, VolverAlIngreso } from './pantalla-cuenta';
import { ReenviarCorreo } from './reenviar-correo';

/** The contract's length limits of the sign-up's text fields (the CUIT has its own pattern). */
const LIMITES_REGISTRO = {
  entidadNombre: LIMITES_CUENTAS.entidadNombre,
  telefono: LIMITES_CUENTAS.telefono,
  usuario: LIMITES_ADMIN.usuario,
  nombre: LIMITES_ADMIN.nombre,
  apellido: LIMITES_ADMIN.nombre,
  email: LIMITES_ADMIN.email,
};

/** registro-usuario: a company signs itself up (SPEC §2, §7); then the mail to confirm it. */
export default function RegistroUsuarioPage() {
  const [hecho, setHecho] = useState<RegistroHecho | null>(null);
  if (hecho) return <MailEnviado hecho={hecho} />;
  return (
    <PantallaCuenta
      ancho="media"
      titulo="Crear una cuenta"
      bajada="Registre su empresa en Delego y empiece a delegar órdenes de trabajo."
      testId="registro"
    >
      <RegistroForm alRegistrar={setHecho} />
    </PantallaCuenta>
  );
}

function RegistroForm({ alRegistrar }: { alRegistrar: (hecho: RegistroHecho) => void }) {
  const registrar = useRegistrarUsuario();
  const f = useFormulario<ValoresRegistro, RegistroUsuario, never>({
    inicial: REGISTRO_VACIO,
    validar: validarRegistro,
    limites: LIMITES_REGISTRO,
    habilitado: !registrar.isPending,
    vinculados: { password: ['repetida'] },
  });

  function enviar(datos: RegistroUsuario) {
    registrar.mutate(datos, {
      onSuccess: alRegistrar,
      onError: (error) => f.falloAlGuardar(error, CAMPOS_REGISTRO),
    });
  }

  const texto = (campo: keyof typeof LIMITES_REGISTRO, etiqueta: string) =>
    f.texto(campo, etiqueta, `registro-${campo}`);
  const aceptaTerminos = f.campo('aceptaTerminos');

  return (
    <form {...f.props(enviar)} className="cuenta-form" aria-label="Crear una cuenta" data-testid="registro-form">
      <fieldset className="cuenta-seccion">
        <legend>Su empresa</legend>
        <div className="cuenta-campos cuenta-campos--dos">
          <CampoTexto
            {...texto('entidadNombre', 'Nombre de la empresa')}
            autocomplete="organization"
            ubicacion="cuenta-campos__ancho"
          />
          <CampoCuit {...f.campo('cuit')} label="CUIT (opcional)" autocomplete="off" data-testid="registro-cuit" />
          <CampoTexto {...texto('telefono', 'Teléfono (opcional)')} type="tel" inputmode="tel" autocomplete="tel" />
        </div>
      </fieldset>

      <fieldset className="cuenta-seccion">
        <legend>Sus datos</legend>
        <div className="cuenta-campos cuenta-campos--dos">
          <CampoTexto {...texto('nombre', 'Nombre')} autocomplete="given-name" />
          <CampoTexto {...texto('apellido', 'Apellido')} autocomplete="family-name" />
          <CampoEmail
            {...texto('email', 'Email')}
            autocorrect={false}
            helperText="Le enviaremos un enlace para confirmar la cuenta."
            ubicacion="cuenta-campos__ancho"
          />
          <CampoTexto
            {...texto('usuario', 'Nombre de usuario')}
            autocomplete="username"
            {...SIN_CORRECCIONES}
            helperText={`Con este nombre ingresará. ${AYUDA_NOMBRE_USUARIO}`}
            ubicacion="cuenta-campos__ancho"
          />
        </div>
      </fieldset>

      <fieldset className="cuenta-seccion">
        <legend>Contraseña</legend>
        <div className="cuenta-campos cuenta-campos--dos">
          <CampoPasswordNueva {...f.campo('password')} label="Contraseña" data-testid="registro-password" />
          <CampoPassword
            {...f.campo('repetida')}
            label="Repita la contraseña"
            autocomplete="new-password"
            data-testid="registro-repetida"
          />
        </div>
      </fieldset>

      <div className="cuenta-terminos">
        <IonCheckbox
          justify="start"
          labelPlacement="end"
          name="aceptaTerminos"
          checked={aceptaTerminos.value}
          disabled={aceptaTerminos.disabled}
          className={aceptaTerminos.error ? 'ion-invalid' : undefined}
          onIonChange={(e) => aceptaTerminos.onChange(e.detail.checked)}
          data-testid="registro-terminos"
        >
          <span className="cuenta-terminos__texto">
            Leí y acepto los términos de servicio y la política de privacidad.
          </span>
        </IonCheckbox>
        <IonButton
          fill="clear"
          size="small"
          className="cuenta-enlace"
          routerLink="/terms"
          data-testid="registro-ver-terminos"
        >
          Leer los términos
        </IonButton>
        <MensajeCampo error={aceptaTerminos.error} className="cuenta-terminos__error" />
      </div>

      <PieFormulario
        ocupado={registrar.isPending}
        texto="Crear cuenta"
        textoOcupado="Creando la cuenta…"
        testId="registro-enviar"
      >
        ¿Ya tiene una cuenta? <VolverAlIngreso texto="Ingresar" />
      </PieFormulario>
    </form>
  );
}

/** After signing up: the mail went to this address; it can be sent again. */
function MailEnviado({ hecho }: { hecho: RegistroHecho }) {
  return (
    <RevisarCorreo
      testId="registro-hecho"
      acciones={
        <>
          <ReenviarCorreo datos={{ usuario: hecho.usuario }} />
          <VolverAlIngreso texto="Ir al ingreso" />
        </>
      }
    >
      Le enviamos un correo a <strong>{hecho.email}</strong> para confirmar la cuenta. Abra el enlace del correo para
      empezar; vence en 48 horas.
    </RevisarCorreo>
  );
}
