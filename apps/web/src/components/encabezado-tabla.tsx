import type { ReactNode } from 'react';

/** A column heading: its text, or the text with a class (numbers right-aligned) or read only by screen readers. */
export type Columna = string | { texto: string; clase?: string; oculto?: boolean };

/**
 * The header row of a data table: every heading a `<th scope="col">`, so a screen reader names each
 * cell by its column; a hidden heading (an actions column) is still read.
 */
export function EncabezadoTabla({ columnas }: { columnas: readonly Columna[] }): ReactNode {
  return (
    <thead>
      <tr>
        {columnas.map((c) => {
          const { texto, clase, oculto } = typeof c === 'string' ? { texto: c } : c;
          return (
            <th scope="col" key={texto} className={clase}>
              {oculto ? <span className="delego-visually-hidden">{texto}</span> : texto}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
