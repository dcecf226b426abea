/**
 * The drawing of a chart: Chart.js on a canvas, loaded only when a chart is first shown (its own
 * chunk: the login screen never loads it). Only the pieces the four kinds use are registered, so
 * the chunk stays small. Labels and figures reach the canvas as text: nothing here is HTML.
 */
import * as piezas from 'chart.js';
import { Chart, type ChartConfiguration } from 'chart.js';
import { useEffect, useRef } from 'react';
import { colorDe, colorDelTema, coloresDeEtiquetas } from './paleta';
import type { GraficoProps } from './tipos';

Chart.register(
  piezas.ArcElement,
  piezas.BarController,
  piezas.BarElement,
  piezas.CategoryScale,
  piezas.DoughnutController,
  piezas.Legend,
  piezas.LinearScale,
  piezas.LineController,
  piezas.LineElement,
  piezas.PointElement,
  piezas.Tooltip,
);

type PropsLienzo = Required<Pick<GraficoProps, 'titulo' | 'tipo' | 'etiquetas' | 'series' | 'formato' | 'alto'>> &
  Pick<GraficoProps, 'onSeleccion' | 'ejeValores' | 'colores'> & {
    /** Whether a tap on the chart does something (a pointer cursor over bars and segments). */
    seleccionable: boolean;
  };

/** The theme's text colour, so that axes and legend read on a light or dark background. */
function colorDeTexto(elemento: HTMLElement): string {
  const valor = getComputedStyle(elemento).getPropertyValue('--ion-text-color').trim();
  return valor || '#1f2933';
}

function configuracion(props: PropsLienzo, texto: string, tema: (nombre: string) => string | null): ChartConfiguration {
  const { tipo, etiquetas, series, formato, onSeleccion, colores, ejeValores: eje = {} } = props;
  const esDona = tipo === 'dona';
  const porEtiqueta = coloresDeEtiquetas(etiquetas.length, colores, tema);
  // Bars of one series take their label's own colour; several series are told apart by series.
  const barrasPorEtiqueta = colores !== undefined && series.length === 1 && tipo !== 'lineas';
  const datasets = esDona
    ? [
        {
          label: series[0]?.nombre ?? '',
          data: series[0]?.valores ?? [],
          backgroundColor: porEtiqueta,
          borderWidth: 1,
        },
      ]
    : series.map((serie, i) => ({
        label: serie.nombre,
        data: serie.valores,
        backgroundColor: barrasPorEtiqueta ? porEtiqueta : colorDe(i),
        borderColor: barrasPorEtiqueta ? porEtiqueta : colorDe(i),
        borderWidth: tipo === 'lineas' ? 2 : 0,
        tension: 0.2,
        pointRadius: 3,
      }));
  const ejeValores = {
    beginAtZero: eje.minimo === undefined,
    min: eje.minimo,
    max: eje.maximo,
    ticks: {
      color: texto,
      precision: eje.soloEnteros ? 0 : undefined,
      callback: (valor: string | number) => formato(Number(valor)),
    },
    grid: { color: 'rgba(127,127,127,0.2)' },
  };
  const ejeEtiquetas = { ticks: { color: texto, autoSkip: true, maxRotation: 45 }, grid: { display: false } };
  return {
    type: esDona ? 'doughnut' : tipo === 'lineas' ? 'line' : 'bar',
    data: { labels: etiquetas, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      indexAxis: tipo === 'barrasHorizontales' ? 'y' : 'x',
      scales: esDona
        ? {}
        : tipo === 'barrasHorizontales'
          ? { x: ejeValores, y: ejeEtiquetas }
          : { x: ejeEtiquetas, y: ejeValores },
      plugins: {
        legend: { display: esDona || series.length > 1, labels: { color: texto } },
        tooltip: {
          callbacks: {
            label: (item) => {
              const nombre = esDona ? String(item.label) : String(item.dataset.label ?? '');
              return `${nombre}: ${formato(Number(item.raw))}`;
            },
          },
        },
      },
      onClick: (_evento, elementos) => {
        const primero = elementos[0];
        if (props.seleccionable && primero) onSeleccion?.(primero.index);
      },
      onHover: (evento, elementos) => {
        const lienzo = evento.native?.target;
        if (props.seleccionable && lienzo instanceof HTMLCanvasElement) {
          lienzo.style.cursor = elementos.length > 0 ? 'pointer' : 'default';
        }
      },
    },
  } as ChartConfiguration;
}

export default function Lienzo(props: PropsLienzo) {
  const lienzo = useRef<HTMLCanvasElement>(null);
  const { titulo, alto, tipo, etiquetas, series, seleccionable, ejeValores, colores } = props;
  // The latest callbacks, read when used: a parent's new arrow function does not redraw the chart.
  const actuales = useRef(props);
  actuales.current = props;
  // The chart is rebuilt only when what it shows changes (cheap at these sizes, never stale).
  const contenido = JSON.stringify([tipo, etiquetas, series, ejeValores, colores]);

  useEffect(() => {
    const canvas = lienzo.current;
    if (!canvas) return;
    const grafico = new Chart(
      canvas,
      configuracion(
        {
          ...actuales.current,
          formato: (valor) => actuales.current.formato(valor),
          onSeleccion: (indice) => actuales.current.onSeleccion?.(indice),
        },
        colorDeTexto(canvas),
        (nombre) => colorDelTema(canvas, nombre),
      ),
    );
    return () => grafico.destroy();
  }, [contenido, seleccionable]);

  return (
    <div className="delego-grafico__lienzo" style={{ height: alto }}>
      <canvas ref={lienzo} role="img" aria-label={titulo} />
    </div>
  );
}
