import type { ComponentProps } from 'react';
import { EstadoNoEncontrado } from '../../../components/estados-pantalla';
import type { RecursoAdmin } from './recurso-admin';

type Props = Omit<ComponentProps<typeof EstadoNoEncontrado>, 'volverA'> & {
  /** Whose record: its list is the way back ('Ver clientes'). */
  recurso: RecursoAdmin;
};

/**
 * The record the address names does not exist or is another company's (a 404 of its query): the
 * same state on the screens of every administered resource, with the resource's list as the way back.
 */
export function RegistroNoEncontrado({ recurso, ...estado }: Props) {
  return <EstadoNoEncontrado {...estado} volverA={{ ruta: recurso.rutaLista, texto: `Ver ${recurso.plural}` }} />;
}
