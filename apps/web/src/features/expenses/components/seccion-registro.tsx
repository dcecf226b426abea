import { add, createOutline, trashOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { BotonConIcono, BotonIcono } from '../../../components/boton-icono';
import { MarcaPendiente } from '../../../components/marca-pendiente';
import type { Cambio } from '../../../lib/outbox';

/** A row made on this device that waits in the outbox: shown first, marked «pendiente», without actions. */
export interface FilaPendiente {
  clave: string;
  estado: Cambio['estado'];
  valor: string;
  datos: ReactNode;
}

interface Props<T> {
  /** The heading's id and the list's test id: 'registro-horas'. */
  id: string;
  titulo: string;
  /** The add button ('Registrar horas') and its test id, when the person may add; else null. */
  agregar: { texto: string; testId: string; onClick: () => void } | null;
  /** What the section says with nothing in it. */
  vacio: string;
  filas: readonly T[];
  /** The test id of each row: 'registro-hora'. */
  testIdFila: string;
  /** How a row's buttons name it: 'estas horas' ('Corregir estas horas'). */
  que: string;
  /** While a removal is on its way the delete buttons are off. */
  ocupado: boolean;
  onEditar: (fila: T) => void;
  onBorrar: (fila: T) => void;
  /** The row's figure ('2:30 h', '$ 1.500,00') and what it says about it. */
  valor: (fila: T) => string;
  datos: (fila: T) => ReactNode;
  /** What waits in the outbox for this list (issue 36). */
  pendientes?: readonly FilaPendiente[];
  /** Rows whose removal waits in the outbox: marked «se eliminará». */
  eliminandose?: ReadonlySet<number>;
}

/** One list of the order's log (hours or expenses): its heading and add button, its rows with their actions. */
export function SeccionRegistro<T extends { id: number; puedeEditar: boolean }>({
  id,
  titulo,
  agregar,
  vacio,
  filas,
  testIdFila,
  que,
  ocupado,
  onEditar,
  onBorrar,
  valor,
  datos,
  pendientes = [],
  eliminandose,
}: Props<T>) {
  return (
    <section className="delego-card registro-seccion" aria-labelledby={id}>
      <div className="registro-seccion__cabecera">
        <h2 id={id} className="delego-subtitulo">
          {titulo}
        </h2>
        {agregar && (
          <BotonConIcono icono={add} size="small" onClick={agregar.onClick} testId={agregar.testId}>
            {agregar.texto}
          </BotonConIcono>
        )}
      </div>
      {filas.length === 0 && pendientes.length === 0 ? (
        <p className="registro-vacio">{vacio}</p>
      ) : (
        <ul className="registro-filas" data-testid={id}>
          {pendientes.map((p) => (
            <li
              key={p.clave}
              className="registro-fila registro-fila--pendiente"
              data-testid={`${testIdFila}-pendiente`}
            >
              <span className="registro-fila__valor delego-cifra">{p.valor}</span>
              <div className="registro-fila__datos">
                {p.datos}
                <span>
                  <MarcaPendiente estado={p.estado} />
                </span>
              </div>
            </li>
          ))}
          {filas.map((fila) => (
            <li key={fila.id} className="registro-fila" data-testid={testIdFila}>
              <span className="registro-fila__valor delego-cifra">{valor(fila)}</span>
              <div className="registro-fila__datos">
                {datos(fila)}
                {eliminandose?.has(fila.id) && (
                  <span className="registro-fila__meta">Se eliminará al volver la conexión</span>
                )}
              </div>
              {fila.puedeEditar && !eliminandose?.has(fila.id) && (
                <div className="registro-fila__acciones">
                  <BotonIcono
                    size="small"
                    icono={createOutline}
                    etiqueta={`Corregir ${que}`}
                    onClick={() => onEditar(fila)}
                    testId="registro-editar"
                  />
                  <BotonIcono
                    size="small"
                    color="danger"
                    icono={trashOutline}
                    etiqueta={`Eliminar ${que}`}
                    onClick={() => onBorrar(fila)}
                    disabled={ocupado}
                    testId="registro-eliminar"
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
