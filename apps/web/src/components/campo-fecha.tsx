import { IonButton, IonDatetime, IonIcon, IonInput, IonModal } from '@ionic/react';
import { esDia, diaDeTexto } from '@delego/contract';
import { calendarOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { errorDeFecha, mascaraFecha, textoDeValorFecha } from '../lib/fechas';
import { claseInvalida } from '../lib/formularios';
import './campo-fecha.css';

export interface CampoFechaProps {
  label: string;
  /** A 'YYYY-MM-DD' day of the company, '' when empty, or the text typed so far (not yet a day). */
  value: string;
  onChange: (valor: string) => void;
  /** The form's message for this field; it wins over the field's own. */
  error?: string;
  helperText?: string;
  /** The earliest and latest days the calendar offers ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A date field that reads dd/mm/aaaa on every device: a text input with a mask (keyboard) and a
 * calendar in a dialog (touch), in Spanish, whatever the browser's language. A calendar day has
 * no zone: the form turns it into ms of the company's day (docs/FECHAS.md). Text that is not a
 * real day stays as typed and gets a Spanish message once the person leaves the field.
 */
export function CampoFecha({
  label,
  value,
  onChange,
  error,
  helperText,
  min,
  max,
  disabled,
  'data-testid': testId,
}: CampoFechaProps) {
  const [tocado, setTocado] = useState(false);
  const [abierto, setAbierto] = useState(false);
  const idAyuda = useId();
  const mensaje = error ?? (tocado ? errorDeFecha(value) : undefined);

  const escribir = (entrada: string) => {
    const texto = mascaraFecha(entrada);
    onChange(diaDeTexto(texto) ?? texto);
  };

  return (
    <div className="campo-fecha">
      <IonInput
        className={claseInvalida(mensaje)}
        type="text"
        inputmode="numeric"
        autocomplete="off"
        label={label}
        labelPlacement="stacked"
        fill="outline"
        placeholder="dd/mm/aaaa"
        maxlength={10}
        value={textoDeValorFecha(value)}
        helperText={helperText ?? 'dd/mm/aaaa'}
        errorText={mensaje}
        disabled={disabled}
        onIonInput={(e) => escribir(String(e.detail.value ?? ''))}
        onIonBlur={() => setTocado(true)}
        data-testid={testId}
      >
        <IonButton
          slot="end"
          fill="clear"
          type="button"
          disabled={disabled}
          aria-label={`Elegir ${label.toLocaleLowerCase('es')} en el calendario`}
          aria-describedby={idAyuda}
          onClick={() => setAbierto(true)}
          data-testid={testId ? `${testId}-calendario` : undefined}
        >
          <IonIcon slot="icon-only" icon={calendarOutline} aria-hidden="true" />
        </IonButton>
      </IonInput>
      <span id={idAyuda} hidden>
        {esDia(value) ? `Fecha elegida: ${textoDeValorFecha(value)}` : 'Sin fecha elegida'}
      </span>
      <IonModal
        isOpen={abierto}
        onDidDismiss={() => setAbierto(false)}
        className="campo-fecha__modal"
        aria-label={label}
      >
        {abierto && (
          <IonDatetime
            presentation="date"
            locale="es-AR"
            firstDayOfWeek={1}
            value={esDia(value) ? value : undefined}
            min={min}
            max={max}
            showDefaultButtons
            showClearButton
            doneText="Aceptar"
            cancelText="Cancelar"
            clearText="Borrar"
            onIonChange={(e) => {
              const elegido = e.detail.value;
              const dia = typeof elegido === 'string' ? elegido.slice(0, 10) : '';
              onChange(esDia(dia) ? dia : '');
              setTocado(true);
              setAbierto(false);
            }}
            onIonCancel={() => setAbierto(false)}
            data-testid={testId ? `${testId}-selector` : undefined}
          >
            <span slot="title">{label}</span>
          </IonDatetime>
        )}
      </IonModal>
    </div>
  );
}
