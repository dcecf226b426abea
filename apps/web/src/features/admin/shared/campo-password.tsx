import { IonButton, IonIcon, IonInput } from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useState, type ComponentProps } from 'react';

/**
 * A password input with a button that shows or hides what was typed (Spanish labels; Ionic's
 * own toggle speaks English).
 */
export function CampoPassword(props: Omit<ComponentProps<typeof IonInput>, 'type' | 'children'>) {
  const [ver, setVer] = useState(false);
  return (
    <IonInput autocapitalize="off" autocorrect={false} spellcheck={false} {...props} type={ver ? 'text' : 'password'}>
      <IonButton
        slot="end"
        fill="clear"
        shape="round"
        color="medium"
        type="button"
        aria-label={ver ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        aria-pressed={ver}
        disabled={props.disabled}
        // Keeps the cursor in the field.
        onPointerDown={(e) => e.preventDefault()}
        onClick={() => setVer((v) => !v)}
      >
        <IonIcon slot="icon-only" icon={ver ? eyeOffOutline : eyeOutline} aria-hidden="true" />
      </IonButton>
    </IonInput>
  );
}
