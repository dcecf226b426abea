import {
  NOMBRE_RESULTADO_PLAZO,
  porcentajeCumplido,
  textoFechaHora,
  textoMes,
  textoPorcentaje,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type ConteoPlazo,
  type InformeSla,
  type PlazoInforme,
} from '@delego/contract';
import './informe-sla.css';

/** The report's dates: the companies' zone (the public page has no session to tell another). */
const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
const fecha = (ms: number | null | undefined) => (ms == null ? '—' : textoFechaHora(ms, ZONA));
const resultado = (p: PlazoInforme | null) => (p ? NOMBRE_RESULTADO_PLAZO[p.resultado] : 'Sin objetivo');

/**
 * A client's monthly service-level report as text (issue 34): the counts of response and
 * resolution with the % met, and each order with its due and met instants. Every value a person
 * wrote (company, client, titles) is shown as text, never as HTML. The company screen and the
 * client's public page both show it.
 */
export function InformeSlaVista({ informe }: { informe: InformeSla }) {
  const filas: [string, ConteoPlazo][] = [
    ['Respuesta', informe.respuesta],
    ['Resolución', informe.resolucion],
  ];
  return (
    <div className="informe-sla" data-testid="informe-sla">
      <p className="informe-sla__resumen" data-testid="informe-sla-resumen">
        {`${informe.cliente.nombre} · ${textoMes(informe.mes)}: ${informe.ordenes} ${informe.ordenes === 1 ? 'orden' : 'órdenes'} con nivel de servicio.`}
      </p>
      <table className="informe-sla__tabla" data-testid="informe-sla-totales">
        <caption>Cumplimiento</caption>
        <thead>
          <tr>
            <th scope="col">Plazo</th>
            <th scope="col">Cumplidos a tiempo</th>
            <th scope="col">Incumplidos</th>
            <th scope="col">En curso</th>
            <th scope="col">% cumplido</th>
          </tr>
        </thead>
        <tbody>
          {filas.map(([plazo, c]) => (
            <tr key={plazo} data-testid={`informe-sla-${plazo === 'Respuesta' ? 'respuesta' : 'resolucion'}`}>
              <th scope="row">{plazo}</th>
              <td>{c.cumplidas}</td>
              <td>{c.incumplidas}</td>
              <td>{c.enCurso}</td>
              <td>{textoPorcentaje(porcentajeCumplido(c))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {informe.lista.length === 0 ? (
        <p data-testid="informe-sla-sin-ordenes">No hay órdenes con nivel de servicio creadas en el mes.</p>
      ) : (
        <div className="informe-sla__desplazable">
          <table className="informe-sla__tabla" data-testid="informe-sla-ordenes">
            <caption>Órdenes</caption>
            <thead>
              <tr>
                <th scope="col">N.º</th>
                <th scope="col">Título</th>
                <th scope="col">Creada</th>
                <th scope="col">Respuesta: vence</th>
                <th scope="col">Respondida</th>
                <th scope="col">Resolución: vence</th>
                <th scope="col">Resuelta</th>
                <th scope="col">Resultado</th>
              </tr>
            </thead>
            <tbody>
              {informe.lista.map((o) => (
                <tr key={o.numero} data-testid={`informe-sla-orden-${o.numero}`}>
                  <td>{o.numero}</td>
                  <td>{o.titulo}</td>
                  <td>{fecha(o.creada)}</td>
                  <td>{fecha(o.respuesta?.vence)}</td>
                  <td>{fecha(o.respuesta?.cumplidaEn)}</td>
                  <td>{fecha(o.resolucion?.vence)}</td>
                  <td>{fecha(o.resolucion?.cumplidaEn)}</td>
                  <td>{`Respuesta: ${resultado(o.respuesta)} · Resolución: ${resultado(o.resolucion)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {informe.omitidas > 0 && (
        <p className="informe-sla__nota">{`Y ${informe.omitidas} órdenes más, contadas en los totales.`}</p>
      )}
    </div>
  );
}
