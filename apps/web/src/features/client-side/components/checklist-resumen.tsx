import type { ResumenPublico } from '@delego/contract';
import { SeccionResumen } from './seccion-resumen';

type ItemPublico = NonNullable<ResumenPublico['checklist']>[number];

const ESTADOS: Record<ItemPublico['estado'], string> = {
  pendiente: 'Pendiente',
  hecho: 'Hecho',
  fallido: 'Con observaciones',
};

/**
 * The checklist items the company marked public, on the public summary (issue 31): label, state and
 * the answer as text, by section (a tick's answer is its state: «Hecho» alone). No notes, photos or
 * names: the server sends none.
 */
export function ChecklistResumen({ items }: { items: readonly ItemPublico[] }) {
  let seccion: string | null = null;
  return (
    <SeccionResumen id="resumen-checklist" titulo="Controles realizados" testId="resumen-checklist">
      <ul className="resumen__checklist">
        {items.flatMap((item, i) => {
          const filas = [];
          if (item.seccion && item.seccion !== seccion) {
            filas.push(
              <li key={`s-${i}`} className="resumen__checklist-seccion">
                {item.seccion}
              </li>,
            );
          }
          seccion = item.seccion;
          filas.push(
            <li key={i} className={`resumen__checklist-item resumen__checklist-item--${item.estado}`}>
              <span className="resumen__checklist-etiqueta">{item.etiqueta}</span>
              <span className="resumen__checklist-estado">
                {ESTADOS[item.estado]}
                {item.respuesta && item.tipo !== 'tick' ? `: ${item.respuesta}` : ''}
              </span>
            </li>,
          );
          return filas;
        })}
      </ul>
    </SeccionResumen>
  );
}
