import { IonContent } from '@ionic/react';
import { Fragment, type ReactNode } from 'react';
import { PantallaAdmin } from './lista-admin';
import { useIdParam } from './parametros';
import { accesoA, type RecursoAdmin } from './recurso-admin';

interface Props {
  /** Whose form: its titles, its list (the header's way back) and its permission. */
  recurso: RecursoAdmin;
  /** The form of the record `?id=` names, or of a new one (null). */
  children: (id: number | null) => ReactNode;
}

/**
 * An administration form: `/cliente` creates, `/cliente?id=3` edits. The form starts over when
 * the address names another record.
 */
export function PantallaFormularioAdmin({ recurso: r, children }: Props) {
  const id = useIdParam('id');
  return (
    <PantallaAdmin titulo={id === null ? r.nuevo : `Editar ${r.singular}`} volverA={r.rutaLista} {...accesoA(r)}>
      <IonContent className="delego-page-content">
        <Fragment key={id ?? 'nuevo'}>{children(id)}</Fragment>
      </IonContent>
    </PantallaAdmin>
  );
}
