import { PUNTAJES } from '@delego/contract';
import { MensajeCampo } from '../../../components/campos';

interface Props {
  valor: number | null;
  onElegir: (puntaje: number) => void;
  disabled?: boolean;
  error?: string | undefined;
}

/**
 * The five ratings as large buttons (a radio group for screen readers and the keyboard): 1 «Muy
 * malo» to 5 «Excelente». Wide enough to tap on a phone.
 */
export function SelectorPuntaje({ valor, onElegir, disabled = false, error }: Props) {
  return (
    <fieldset className="encuesta-puntajes" disabled={disabled}>
      <legend className="encuesta-puntajes__leyenda">Calificación</legend>
      <div className="encuesta-puntajes__opciones" role="radiogroup" aria-label="Calificación del 1 al 5">
        {PUNTAJES.map((p) => {
          const elegido = valor === p.valor;
          return (
            <button
              key={p.valor}
              type="button"
              role="radio"
              aria-checked={elegido}
              aria-label={`${p.valor}: ${p.texto}`}
              className={`encuesta-puntaje encuesta-puntaje--${p.valor}${elegido ? ' encuesta-puntaje--elegido' : ''}`}
              onClick={() => onElegir(p.valor)}
              data-testid={`encuesta-puntaje-${p.valor}`}
            >
              <span className="encuesta-puntaje__valor">{p.valor}</span>
              <span className="encuesta-puntaje__texto">{p.texto}</span>
            </button>
          );
        })}
      </div>
      <MensajeCampo error={error} className="encuesta-error-campo" />
    </fieldset>
  );
}
