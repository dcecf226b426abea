import type { ComponentProps } from 'react';
import { CampoPassword } from '../../../components/campos';
import { fuerzaPassword, PASSWORD_MIN } from '../../../lib/password';

type Props = ComponentProps<typeof CampoPassword> & { value: string };

/**
 * A new password with the strength hint under it (four bars and a word), read out politely as it
 * changes. Only a hint: the form's rule is the length (`problemaPassword`).
 */
export function CampoPasswordNueva(props: Props) {
  const fuerza = props.value ? fuerzaPassword(props.value) : undefined;
  return (
    <div className="cuenta-password">
      <CampoPassword autocomplete="new-password" helperText={`Al menos ${PASSWORD_MIN} caracteres.`} {...props} />
      <div className="cuenta-fuerza" aria-live="polite" data-testid="password-fuerza">
        {fuerza && (
          <>
            <div className={`cuenta-fuerza__barras cuenta-fuerza--${fuerza.nivel}`} aria-hidden="true">
              {[1, 2, 3, 4].map((n) => (
                <span key={n} className={n <= fuerza.nivel ? 'cuenta-fuerza__barra--llena' : undefined} />
              ))}
            </div>
            <p className="cuenta-fuerza__texto">
              <strong>{fuerza.titulo}.</strong> {fuerza.consejo}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
