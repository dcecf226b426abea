import type { PermisoGlobal } from '@delego/contract';
import { IonContent } from '@ionic/react';
import { Fragment, type ReactNode } from 'react';
import { PantallaAdmin } from './lista-admin';
import { useIdParam } from './parametros';

interface Props {
  /** The title while creating ('Nuevo cliente') and while editing ('Editar cliente'). */
  titulos: readonly [nuevo: string, editar: string];
  /** The list the form belongs to: the header's way back. */
  volverA: string;
  permiso: PermisoGlobal;
  /** What the permission allows, for the forbidden state: 'administrar clientes'. */
  para: string;
  /** The form of the record `?id=` names, or of a new one (null). */
  children: (id: number | null) => ReactNode;
}

/**
 * An administration form: `/cliente` creates, `/cliente?id=3` edits. The form starts over when
 * the address names another record.
 */
export function PantallaFormularioAdmin({ titulos: [nuevo, editar], volverA, permiso, para, children }: Props) {
  const id = useIdParam('id');
  return (
    <PantallaAdmin titulo={id === null ? nuevo : editar} volverA={volverA} permiso={permiso} para={para}>
      <IonContent className="delego-page-content">
        <Fragment key={id ?? 'nuevo'}>{children(id)}</Fragment>
      </IonContent>
    </PantallaAdmin>
  );
}
