import type { ReactNode } from 'react';
import { FalloDeSeccion, FilasCargando } from '../../../components/estados-pantalla';

interface Props<T> {
  consulta: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  /** Placeholder rows while it loads. */
  filas: number;
  /** What did not load, said before the retry: 'No se pudieron cargar los archivos.' */
  fallo: string;
  /** The section's text when `estaVacia` says it has nothing to show. */
  vacio: string;
  estaVacia: (datos: T) => boolean;
  children: (datos: T) => ReactNode;
}

/**
 * The content of a section of the equipo's screen by its query: placeholder rows, the failure
 * with a retry, the empty text, or what it lists.
 */
export function SeccionSegunConsulta<T>({ consulta, filas, fallo, vacio, estaVacia, children }: Props<T>) {
  if (consulta.isPending) return <FilasCargando ambito="admin" filas={filas} />;
  if (consulta.isError || consulta.data === undefined) {
    return <FalloDeSeccion onReintentar={() => void consulta.refetch()}>{fallo}</FalloDeSeccion>;
  }
  if (estaVacia(consulta.data)) return <p className="equipo-vacio">{vacio}</p>;
  return children(consulta.data);
}
