import type { ComponentPropsWithRef, ReactNode } from 'react';
import { BotonesFormulario } from '../../../components/botones-formulario';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import type { RecursoAdmin } from './recurso-admin';

interface Props {
  /** Whose form: the form's name and its button say it ('Nuevo cliente', 'Crear cliente'). */
  recurso: RecursoAdmin;
  /** The name of the record being edited ('Editar cliente Acme'); null while creating one. */
  editando: string | null;
  /** The `<form>`'s props: `f.props(enviar)`. */
  formulario: ComponentPropsWithRef<'form'>;
  /** Whether the values differ from the ones it opened with (`f.sucio`): leaving asks first. */
  sucio: boolean;
  onCancelar: () => void;
  ocupado: boolean;
  deshabilitado?: boolean;
  /** The form's test id; its submit button's is `testIdGuardar`. */
  testId: string;
  testIdGuardar: string;
  /** What goes under the buttons (a delete button). */
  despues?: ReactNode;
  /** The cards of the form. */
  children: ReactNode;
}

/**
 * The form of an administration record: a narrow page named for the record, its cards, then
 * Cancelar and «Crear …» (or «Guardar cambios» when editing).
 */
export function FormularioAdmin({
  recurso,
  editando,
  formulario,
  sucio,
  onCancelar,
  ocupado,
  deshabilitado,
  testId,
  testIdGuardar,
  despues,
  children,
}: Props) {
  useCambiosSinGuardar(sucio);
  return (
    <form
      {...formulario}
      className="delego-container admin-pagina admin-pagina--angosta"
      aria-label={editando === null ? recurso.nuevo : `Editar ${recurso.singular} ${editando}`}
      data-testid={testId}
    >
      {children}
      <BotonesFormulario
        clase="admin-acciones"
        cancelar="clear"
        onCancelar={onCancelar}
        ocupado={ocupado}
        deshabilitado={deshabilitado}
        texto={editando === null ? `Crear ${recurso.singular}` : 'Guardar cambios'}
        textoOcupado="Guardando…"
        testId={testIdGuardar}
      />
      {despues}
    </form>
  );
}
