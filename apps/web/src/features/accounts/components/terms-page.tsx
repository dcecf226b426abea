import { useIonRouter } from '@ionic/react';
import { arrowBackOutline } from 'ionicons/icons';
import {
  FECHA_VERSION_TERMINOS,
  POLITICA_DE_PRIVACIDAD,
  TERMINOS_DE_SERVICIO,
  type SeccionTerminos,
} from '../terminos';
import { BotonConIcono } from '../../../components/boton-icono';
import { PantallaCuenta } from './pantalla-cuenta';

/** terms: the terms of service and the privacy policy, in the version a sign-up accepts. */
export default function TermsPage() {
  const router = useIonRouter();
  // Back to where the person came from (the sign-up keeps what was typed), else to the login.
  const volver = () => (router.canGoBack() ? router.goBack() : router.push('/login', 'back', 'replace'));

  return (
    <PantallaCuenta ancho="ancha" titulo="Términos y privacidad" testId="terminos">
      <p className="cuenta-version" data-testid="terminos-version">
        Versión del {FECHA_VERSION_TERMINOS}
      </p>
      <BotonConIcono
        icono={arrowBackOutline}
        fill="clear"
        size="small"
        className="cuenta-volver"
        onClick={volver}
        testId="terminos-volver"
      >
        Volver
      </BotonConIcono>
      <article className="cuenta-documento">
        <Parte titulo="Términos de servicio" secciones={TERMINOS_DE_SERVICIO} />
        <Parte titulo="Política de privacidad" secciones={POLITICA_DE_PRIVACIDAD} />
      </article>
    </PantallaCuenta>
  );
}

function Parte({ titulo, secciones }: { titulo: string; secciones: readonly SeccionTerminos[] }) {
  return (
    <section>
      <h2>{titulo}</h2>
      {secciones.map((s) => (
        <section key={s.titulo}>
          <h3>{s.titulo}</h3>
          {s.parrafos.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </section>
  );
}
