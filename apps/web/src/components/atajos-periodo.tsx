import { IonChip, IonLabel } from '@ionic/react';
import { Texto } from './texto';

/** A period of days, 'YYYY-MM-DD' both ends ('' for no limit). */
export interface Periodo {
  desde: string;
  hasta: string;
}

export interface AtajoPeriodo {
  texto: string;
  periodo: Periodo;
  testId: string;
}

interface Props {
  atajos: readonly AtajoPeriodo[];
  /** The period now chosen: the shortcut that matches it is shown filled. */
  actual: Periodo;
  onElegir: (periodo: Periodo) => void;
  className?: string;
}

/** Chips that set a period in one tap ('Este mes', 'Mes anterior'), beside the two date fields. */
export function AtajosPeriodo({ atajos, actual, onElegir, className }: Props) {
  return (
    <div className={className}>
      {atajos.map((a) => (
        <IonChip
          key={a.testId}
          outline={a.periodo.desde !== actual.desde || a.periodo.hasta !== actual.hasta}
          color="primary"
          onClick={() => onElegir(a.periodo)}
          data-testid={a.testId}
        >
          <IonLabel>
            <Texto>{a.texto}</Texto>
          </IonLabel>
        </IonChip>
      ))}
    </div>
  );
}
