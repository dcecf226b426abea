import { IonFab, IonFabButton, IonIcon, IonItem, IonLabel } from '@ionic/react';
import { addOutline, hardwareChipOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { RegistroNoEncontrado } from '../../admin';
import { Texto } from '../../../components/texto';
import { EQUIPOS } from '../recurso';

/**
 * The list of `FilaEnlace` rows, in a card. A plain list, not IonList: a row holds a checkbox or an
 * edit button beside its item, and in an IonList each IonItem is itself the list's item, which left
 * those controls as children of the list outside any item (screen readers count and walk a list by
 * its items).
 */
export function ListaDeFilas({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div role="list" className="equipos-lista delego-card-lista" data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * A row of the equipment lists (inside `ListaDeFilas`): what goes before it (a checkbox), the item
 * that opens `ruta` with its name and a line under it, and what goes after it (an edit button).
 * Names are text.
 */
export function FilaEnlace({
  ruta,
  titulo,
  linea,
  testId,
  antes,
  despues,
}: {
  ruta: string;
  titulo: string;
  linea: string;
  testId: string;
  antes?: ReactNode;
  despues?: ReactNode;
}) {
  return (
    <div className="equipos-fila" role="listitem">
      {antes}
      <IonItem routerLink={ruta} detail lines="full" className="equipos-fila__item" data-testid={testId}>
        <IonLabel>
          <h2>
            <Texto>{titulo}</Texto>
          </h2>
          <p>
            <Texto>{linea}</Texto>
          </p>
        </IonLabel>
      </IonItem>
      {despues}
    </div>
  );
}

/** An equipo that does not exist, or is another company's (404). */
export function EquipoNoEncontrado() {
  return (
    <RegistroNoEncontrado recurso={EQUIPOS} icono={hardwareChipOutline} titulo="Equipo no encontrado">
      El equipo no existe o no pertenece a su empresa.
    </RegistroNoEncontrado>
  );
}

/** The floating «Nuevo equipo» / «Nueva ubicación» of a list (only for who may create one). */
export function BotonNuevo({ ruta, etiqueta, testId }: { ruta: string; etiqueta: string; testId: string }) {
  return (
    <IonFab slot="fixed" vertical="bottom" horizontal="end">
      <IonFabButton routerLink={ruta} aria-label={etiqueta} title={etiqueta} data-testid={testId}>
        <IonIcon icon={addOutline} aria-hidden="true" />
      </IonFabButton>
    </IonFab>
  );
}
