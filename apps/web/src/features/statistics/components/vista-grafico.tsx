import type { Grafico as DatosGrafico, NombreGrafico } from '@delego/contract';
import { IonProgressBar, IonSkeletonText, useIonRouter } from '@ionic/react';
import { Grafico, graficoVacio } from '../../../components/grafico';
import { EstadoError } from '../../../components/estados-pantalla';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useGrafico } from '../api/get-grafico';
import { coloresDeGrafico } from '../model/colores';
import { ejeDe, formatoDe, textoValor } from '../model/formato';
import { rutaDeDetalle } from '../model/detalle';
import type { Rango } from '../model/rango';
import { cuerpoDeRango } from '../model/rango';

interface VistaProps {
  grafico: DatosGrafico;
  /** What a tap on a category does; by default it opens the orders behind it, when the server says which. */
  onSeleccion?: (indice: number) => void;
  actualizando?: boolean;
  alto?: number;
}

/**
 * One chart of the server (`Grafico` of the contract) drawn with the shared component: its
 * figures (also as a table), its summary figures, and a tap on a bar or segment that opens the
 * orders behind it in detalle-grafico-ordenes.
 */
export function VistaGrafico({ grafico, onSeleccion, actualizando = false, alto }: VistaProps) {
  const router = useIonRouter();
  const zona = useZonaEmpresa();
  const unidad = grafico.series[0]?.unidad ?? 'ordenes';
  const conDetalle = grafico.categorias.some((c) => c.filtro !== null);
  const etiquetas = grafico.categorias.map((c) => c.nombre);
  const series = grafico.series.map((s) => ({ nombre: s.nombre, valores: s.valores }));
  const abrirDetalle = (indice: number) => {
    const categoria = grafico.categorias[indice];
    if (!categoria?.filtro) return;
    router.push(rutaDeDetalle(categoria.filtro, `${grafico.titulo}: ${categoria.nombre}`, zona));
  };
  return (
    <section
      className={`delego-card estadisticas-grafico${actualizando ? ' estadisticas-actualizando' : ''}`}
      aria-busy={actualizando}
      data-testid={`grafico-${grafico.grafico}`}
    >
      {actualizando && <IonProgressBar type="indeterminate" aria-label="Actualizando" />}
      <Grafico
        titulo={grafico.titulo}
        tipo={grafico.tipo}
        etiquetas={etiquetas}
        series={series}
        formato={formatoDe(unidad)}
        ejeValores={ejeDe(unidad)}
        colores={coloresDeGrafico(grafico)}
        onSeleccion={onSeleccion ?? (conDetalle ? abrirDetalle : undefined)}
        alto={alto}
      />
      {grafico.resumen.length > 0 && (
        <dl className="estadisticas-resumen">
          {grafico.resumen.map((r) => (
            <div key={r.clave}>
              <dt>{r.nombre}</dt>
              <dd>{textoValor(r.valor, r.unidad)}</dd>
            </div>
          ))}
        </dl>
      )}
      {grafico.aviso && <p className="estadisticas-nota">{grafico.aviso}</p>}
      {/* Without data there is nothing to tap. */}
      {(onSeleccion || conDetalle) && !graficoVacio({ etiquetas, series }) && (
        <p className="estadisticas-nota">Toque una barra o un segmento para ver sus órdenes.</p>
      )}
    </section>
  );
}

interface GraficoDeRangoProps {
  nombre: NombreGrafico;
  rango: Rango;
  zona: string;
  onSeleccion?: (datos: DatosGrafico, indice: number) => void;
  alto?: number;
}

/** A chart of the closed set over a range: asked for, then drawn; loading and failure in its own card. */
export function GraficoDeRango({ nombre, rango, zona, onSeleccion, alto }: GraficoDeRangoProps) {
  const consulta = useGrafico(nombre, cuerpoDeRango(rango, zona));
  if (consulta.isPending) {
    return (
      <section className="delego-card estadisticas-grafico" aria-busy="true" data-testid={`grafico-${nombre}-cargando`}>
        <span className="delego-visually-hidden" role="status">
          Cargando…
        </span>
        <IonSkeletonText animated style={{ width: '50%', height: 18 }} />
        <IonSkeletonText animated style={{ height: alto ?? 200 }} />
      </section>
    );
  }
  if (consulta.isError) {
    return (
      <section className="delego-card estadisticas-grafico">
        <EstadoError ambito="estadisticas" error={consulta.error} onReintentar={() => void consulta.refetch()} />
      </section>
    );
  }
  const datos = consulta.data;
  return (
    <VistaGrafico
      grafico={datos}
      actualizando={consulta.isPlaceholderData}
      alto={alto}
      onSeleccion={onSeleccion ? (i) => onSeleccion(datos, i) : undefined}
    />
  );
}
