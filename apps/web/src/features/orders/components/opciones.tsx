import { IonCheckbox, IonItem, IonList, IonRadio, IonRadioGroup } from '@ionic/react';
import { Fragment, type ReactNode } from 'react';
import { PuntoEstado } from './insignias';

/** One option of a list: its value, what it shows (a state with its dot, a person) and its test id. */
export interface OpcionLista {
  valor: number;
  etiqueta: ReactNode;
  testId: string;
  /** Why it cannot be chosen now, shown beside it (a state another rule blocks); it is disabled. */
  bloqueo?: string;
}

interface PropsLista {
  opciones: readonly OpcionLista[];
  /** The list's classes beside 'ordenes-opciones' ('ordenes-opciones--compactas'). */
  clase?: string;
  disabled?: boolean;
  testId?: string;
}

function clasesLista(clase: string | undefined): string {
  return clase ? `ordenes-opciones ${clase}` : 'ordenes-opciones';
}

/** One choice among the options, as radio buttons (a new state, the responsable). */
export function OpcionUnica({
  opciones,
  valor,
  onElegir,
  clase,
  disabled,
  testId,
}: PropsLista & { valor: number | null; onElegir: (valor: number) => void }) {
  return (
    <IonList lines="full" className={clasesLista(clase)} data-testid={testId}>
      <IonRadioGroup value={valor} onIonChange={(e) => onElegir(e.detail.value as number)}>
        {opciones.map((o) => (
          <Fragment key={o.valor}>
            <IonItem lines={o.bloqueo !== undefined ? 'none' : undefined}>
              <IonRadio
                value={o.valor}
                labelPlacement="end"
                justify="start"
                disabled={disabled || o.bloqueo !== undefined}
                aria-describedby={o.bloqueo !== undefined ? `${o.testId}-bloqueo` : undefined}
                data-testid={o.testId}
              >
                {o.etiqueta}
              </IonRadio>
            </IonItem>
            {o.bloqueo !== undefined && (
              <p className="ordenes-opcion__bloqueo" id={`${o.testId}-bloqueo`} data-testid={`${o.testId}-bloqueo`}>
                {o.bloqueo}
              </p>
            )}
          </Fragment>
        ))}
      </IonRadioGroup>
    </IonList>
  );
}

/** Several choices among the options, as checkboxes (responsables, states of the filters). */
export function OpcionesVarias({
  opciones,
  elegidas,
  onCambiar,
  clase,
  disabled,
  testId,
  lines = 'full',
}: PropsLista & {
  elegidas: readonly number[];
  onCambiar: (elegidas: number[]) => void;
  lines?: 'full' | 'none';
}) {
  return (
    <IonList lines={lines} className={clasesLista(clase)} data-testid={testId}>
      {opciones.map((o) => (
        <IonItem key={o.valor}>
          <IonCheckbox
            labelPlacement="end"
            justify="start"
            checked={elegidas.includes(o.valor)}
            disabled={disabled}
            onIonChange={(e) =>
              onCambiar(e.detail.checked ? [...new Set([...elegidas, o.valor])] : elegidas.filter((x) => x !== o.valor))
            }
            data-testid={o.testId}
          >
            {o.etiqueta}
          </IonCheckbox>
        </IonItem>
      ))}
    </IonList>
  );
}

/** A state as an option: its dot and its name. */
export function opcionDeEstado(estado: { id: number; nombre: string; color: string }, testId: string): OpcionLista {
  return {
    valor: estado.id,
    etiqueta: (
      <span className="ordenes-opcion">
        <PuntoEstado color={estado.color} />
        {estado.nombre}
      </span>
    ),
    testId,
  };
}
