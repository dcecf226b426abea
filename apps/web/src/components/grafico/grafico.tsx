/**
 * A chart with its figures as a table. The drawing (Chart.js, `lienzo.tsx`) loads on first use in
 * its own chunk; the table is always one tap away ("Ver como tabla"), so every figure can be reached
 * with a keyboard or a screen reader, and it is shown at once where a canvas cannot draw (or the
 * drawing's code could not load). A tap on a bar, segment or point, or on a label in the table,
 * calls `onSeleccion` with the label's index.
 */
import { IonButton, IonSkeletonText } from '@ionic/react';
import { Component, Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { formatearEntero } from '../../lib/numeros';
import type { GraficoProps } from './tipos';
import './grafico.css';

const Lienzo = lazy(() => import('./lienzo'));

/** jsdom (the unit tests) has no canvas: there the table is the chart. */
const PUEDE_DIBUJAR = typeof navigator !== 'undefined' && !/jsdom/i.test(navigator.userAgent);

class SiFallaElDibujo extends Component<{ children: ReactNode; alFallar: () => void }, { fallo: boolean }> {
  override state = { fallo: false };
  static getDerivedStateFromError() {
    return { fallo: true };
  }
  override componentDidCatch() {
    this.props.alFallar();
  }
  override render() {
    return this.state.fallo ? (
      <p className="delego-grafico__aviso">No se pudo dibujar el gráfico: sus datos están en la tabla.</p>
    ) : (
      this.props.children
    );
  }
}

function TablaDelGrafico({
  titulo,
  etiquetas,
  series,
  formato,
  onSeleccion,
}: GraficoProps & { formato: (v: number) => string }) {
  return (
    <div className="delego-grafico__tabla">
      <table>
        <caption>{titulo}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="delego-grafico__oculto">Categoría</span>
            </th>
            {series.map((serie) => (
              <th scope="col" key={serie.nombre}>
                {serie.nombre}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {etiquetas.map((etiqueta, i) => (
            <tr key={`${i}-${etiqueta}`}>
              <th scope="row">
                {onSeleccion ? (
                  <button type="button" className="delego-grafico__etiqueta" onClick={() => onSeleccion(i)}>
                    {etiqueta}
                  </button>
                ) : (
                  etiqueta
                )}
              </th>
              {series.map((serie) => (
                <td key={serie.nombre}>{formato(serie.valores[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Nothing to draw: no labels, or every figure zero. Then the chart says «Sin datos para este período». */
export function graficoVacio({ etiquetas, series }: Pick<GraficoProps, 'etiquetas' | 'series'>): boolean {
  return etiquetas.length === 0 || series.every((s) => s.valores.every((v) => !v));
}

export function Grafico(props: GraficoProps) {
  const { titulo, onSeleccion, alto = 240 } = props;
  const formato = props.formato ?? formatearEntero;
  const [dibujoFallido, setDibujoFallido] = useState(false);
  const [verTabla, setVerTabla] = useState(!PUEDE_DIBUJAR);
  const idTabla = useId();
  const tituloId = useId();
  const vacio = graficoVacio(props);
  const tablaVisible = verTabla || dibujoFallido;

  return (
    <figure className="delego-grafico" aria-labelledby={tituloId}>
      <figcaption id={tituloId} className="delego-grafico__titulo">
        {titulo}
      </figcaption>
      {vacio ? (
        <p className="delego-grafico__vacio">Sin datos para este período.</p>
      ) : (
        <>
          {PUEDE_DIBUJAR && !dibujoFallido && (
            <SiFallaElDibujo alFallar={() => setDibujoFallido(true)}>
              <Suspense fallback={<IonSkeletonText animated style={{ height: alto }} />}>
                <Lienzo {...props} formato={formato} alto={alto} seleccionable={Boolean(onSeleccion)} />
              </Suspense>
            </SiFallaElDibujo>
          )}
          {PUEDE_DIBUJAR && !dibujoFallido && (
            <IonButton
              fill="clear"
              size="small"
              aria-expanded={verTabla}
              aria-controls={idTabla}
              onClick={() => setVerTabla((v) => !v)}
            >
              {verTabla ? 'Ocultar tabla' : 'Ver como tabla'}
            </IonButton>
          )}
          <div id={idTabla} hidden={!tablaVisible}>
            {tablaVisible && <TablaDelGrafico {...props} formato={formato} />}
          </div>
        </>
      )}
    </figure>
  );
}
