import { estadoVisible, textoFechaHora, type VistaExterno } from '@delego/contract';

const nombreEstado = (id: number | null) => (id === null ? null : estadoVisible(id).nombre);

/** «Historial»: what happened to the order, newest as the server lists it, in the company's time. */
export function SeccionHistorial({ vista }: { vista: VistaExterno }) {
  const zona = vista.empresa.zonaHoraria;
  return (
    <section className="externo-seccion" aria-labelledby="externo-historial-titulo">
      <h2 id="externo-historial-titulo">Historial</h2>
      {vista.historial.length === 0 ? (
        <p className="externo-vacio">Todavía no hay movimientos.</p>
      ) : (
        <ol className="externo-lista externo-historial" data-testid="externo-historial">
          {vista.historial.map((h, i) => {
            const antes = nombreEstado(h.estadoAnteriorId);
            const despues = nombreEstado(h.estadoNuevoId);
            return (
              <li key={`${h.fecha}-${i}`} data-testid="externo-historial-linea">
                <p className="externo-historial__cabecera">
                  <time dateTime={new Date(h.fecha).toISOString()}>{textoFechaHora(h.fecha, zona)}</time> · {h.quien}
                </p>
                {despues && <p className="externo-historial__estado">{antes ? `${antes} → ${despues}` : despues}</p>}
                {h.comentario && <p className="externo-historial__comentario">{h.comentario}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
