import { IonContent } from '@ionic/react';
import { Fragment, type ReactNode } from 'react';
import { esNoEncontrado } from '../../../lib/errors';
import { PantallaAdmin } from './lista-admin';
import { useIdParam } from './parametros';
import { accesoA, type RecursoAdmin } from './recurso-admin';
import { FormularioSinDatos } from './tarjeta';

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

/** What the form needs of the query of its record: `data` null means the record is not there. */
export interface ConsultaDeRegistro<T> {
  data: T | null | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface DeRegistroProps<T> {
  recurso: RecursoAdmin;
  /**
   * The query of the record `?id=` names (a new record, null, does not need it). It is called as a
   * hook: always the same function.
   */
  usarRegistro: (id: number | null) => ConsultaDeRegistro<T>;
  /** The placeholder lines while the record loads. */
  anchos: readonly number[];
  /** What shows for a record that does not exist (404, or `data` null); without it, the error. */
  noEncontrado?: ReactNode;
  /** The form of the loaded record, or of a new one (null). */
  children: (registro: T | null) => ReactNode;
}

/**
 * An administration form of one record: `PantallaFormularioAdmin`, and for `?id=` the record's
 * loading lines, its error with a retry, or its not-found state, before the form.
 */
export function PantallaFormularioDeRegistro<T>({ recurso, ...carga }: DeRegistroProps<T>) {
  return (
    <PantallaFormularioAdmin recurso={recurso}>
      {(id) => <CargaDeRegistro id={id} {...carga} />}
    </PantallaFormularioAdmin>
  );
}

function CargaDeRegistro<T>({
  id,
  usarRegistro,
  anchos,
  noEncontrado,
  children,
}: Omit<DeRegistroProps<T>, 'recurso'> & { id: number | null }) {
  const consulta = usarRegistro(id);
  if (id === null) return children(null);
  if (noEncontrado && (consulta.data === null || (consulta.isError && esNoEncontrado(consulta.error)))) {
    return noEncontrado;
  }
  if (consulta.data == null) return <FormularioSinDatos consulta={consulta} anchos={anchos} />;
  return children(consulta.data);
}
