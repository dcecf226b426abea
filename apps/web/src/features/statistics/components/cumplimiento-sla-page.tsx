import { AGRUPAR_CUMPLIMIENTO, type AgruparCumplimiento, type ConteoPlazo, type Cumplimiento } from '@delego/contract';
import { IonButton, IonProgressBar, useIonRouter } from '@ionic/react';
import { speedometerOutline } from 'ionicons/icons';
import { Grafico } from '../../../components/grafico';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { Selector } from '../../../components/selector';
import { ApiError } from '../../../lib/errors';
import { formatearEntero } from '../../../lib/numeros';
import { useCumplimientoSla } from '../api/get-cumplimiento-sla';
import { useRango } from '../hooks/use-rango';
import {
  NOMBRES_AGRUPAR,
  leerAgrupar,
  porcentajeATiempo,
  textoCumplido,
  textoDecididas,
  textoEnCurso,
  textoPorcentaje,
} from '../model/cumplimiento';
import { nivelATiempo } from '../model/formato';
import { cuandoDeRango, type Rango } from '../model/rango';
import { PantallaEstadisticas, TEXTO_SIN_PERMISO } from './pantalla-estadisticas';
import { RangoEstadisticas } from './rango-estadisticas';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo';

const RUTA = '/cumplimiento-sla';

/**
 * Cumplimiento de SLA (issue 34): of the orders created in the range that have a service level,
 * the share of responses and resolutions in time for the company, a chart of both shares per
 * client, order type, responsable or month, and every count per group in a table. The range and
 * the grouping live in the address (`?desde&hasta&por`), as in every statistics screen.
 */
export default function CumplimientoSlaPage() {
  return (
    <PantallaEstadisticas titulo="Cumplimiento de SLA" volverA="/estadisticas" testId="cumplimiento-sla-page">
      <ContenidoCumplimiento />
    </PantallaEstadisticas>
  );
}

/** Inside the frame: asked for only when the person may see statistics. */
function ContenidoCumplimiento() {
  const { rango, hoy, cuerpo, consulta, cambiar } = useRango(RUTA);
  const router = useIonRouter();
  const por = leerAgrupar(consulta);
  const cumplimiento = useCumplimientoSla(cuerpo, por);

  const agrupar = (nuevo: AgruparCumplimiento) => {
    const params = new URLSearchParams(consulta);
    params.set('por', nuevo);
    router.push(`${RUTA}?${params.toString()}`, 'none', 'replace');
  };

  return (
    <>
      <RangoEstadisticas rango={rango} hoy={hoy} onCambiar={cambiar} />
      <div className="estadisticas-barra-lista">
        <Selector
          label="Agrupar por"
          valores={AGRUPAR_CUMPLIMIENTO}
          nombres={NOMBRES_AGRUPAR}
          valor={por}
          alCambiar={agrupar}
          data-testid="cumplimiento-agrupar"
        />
      </div>
      {cumplimiento.isPending ? (
        <FilasCargando ambito="estadisticas" filas={4} />
      ) : cumplimiento.isError ? (
        cumplimiento.error instanceof ApiError && cumplimiento.error.status === 403 ? (
          // The permission was taken away after this session started: the server says no.
          <EstadoSinPermiso ambito="estadisticas">{TEXTO_SIN_PERMISO}</EstadoSinPermiso>
        ) : (
          <EstadoError
            ambito="estadisticas"
            error={cumplimiento.error}
            onReintentar={() => void cumplimiento.refetch()}
          />
        )
      ) : cumplimiento.data.total.ordenes === 0 ? (
        <SinNivelesDeServicio rango={rango} />
      ) : (
        <VistaCumplimiento datos={cumplimiento.data} actualizando={cumplimiento.isPlaceholderData} />
      )}
    </>
  );
}

function SinNivelesDeServicio({ rango }: { rango: Rango }) {
  return (
    <EstadoPantalla
      icono={speedometerOutline}
      titulo="Sin órdenes con nivel de servicio"
      testId="cumplimiento-vacio"
      accion={
        <IonButton routerLink="/sla" fill="outline" data-testid="cumplimiento-ir-a-sla">
          Ir a Niveles de servicio
        </IonButton>
      }
    >
      Ninguna orden creada {cuandoDeRango(rango)} tiene un nivel de servicio. Los plazos de respuesta y de resolución se
      fijan en «Niveles de servicio»: cada orden nueva toma la política que le corresponde por cliente, tipo y
      prioridad.
    </EstadoPantalla>
  );
}

function VistaCumplimiento({ datos, actualizando }: { datos: Cumplimiento; actualizando: boolean }) {
  const { total, filas, por } = datos;
  const grupo = NOMBRES_AGRUPAR[por];
  // Months read left to right; names of clients, types and people are long and fit better as rows.
  const horizontal = por !== 'mes';
  return (
    <div className={actualizando ? 'estadisticas-actualizando' : undefined} aria-busy={actualizando}>
      {actualizando && <IonProgressBar type="indeterminate" aria-label="Actualizando" />}
      <ul className="estadisticas-tarjetas" data-testid="cumplimiento-totales">
        <TarjetaPlazo titulo="Respuestas a tiempo" conteo={total.respuesta} testId="cumplimiento-respuesta" />
        <TarjetaPlazo titulo="Resoluciones a tiempo" conteo={total.resolucion} testId="cumplimiento-resolucion" />
        <li data-testid="cumplimiento-ordenes">
          <div className="delego-card estadisticas-tarjeta">
            <span className="estadisticas-tarjeta__titulo">Órdenes con nivel de servicio</span>
            <span className="estadisticas-tarjeta__valor delego-cifra">{formatearEntero(total.ordenes)}</span>
            <span className="estadisticas-tarjeta__detalle">creadas en el período</span>
          </div>
        </li>
      </ul>
      <p className="estadisticas-nota">
        El porcentaje es de los plazos ya decididos: cumplidos a tiempo sobre cumplidos más incumplidos. Los que siguen
        en curso todavía no cuentan.
      </p>
      {filas.length > 0 && (
        <section className="delego-card estadisticas-grafico" data-testid="cumplimiento-grafico">
          <Grafico
            titulo={`Porcentaje a tiempo por ${grupo.toLowerCase()}`}
            tipo={horizontal ? 'barrasHorizontales' : 'barras'}
            etiquetas={filas.map((f) => f.nombre)}
            series={[
              { nombre: 'Respuesta', valores: filas.map((f) => porcentajeATiempo(f.respuesta) ?? Number.NaN) },
              { nombre: 'Resolución', valores: filas.map((f) => porcentajeATiempo(f.resolucion) ?? Number.NaN) },
            ]}
            formato={textoPorcentaje}
            ejeValores={{ minimo: 0, maximo: 100 }}
            alto={horizontal ? Math.max(200, filas.length * 48) : undefined}
          />
        </section>
      )}
      <TablaCumplimiento datos={datos} />
    </div>
  );
}

function TarjetaPlazo({ titulo, conteo, testId }: { titulo: string; conteo: ConteoPlazo; testId: string }) {
  const porcentaje = porcentajeATiempo(conteo);
  const nivel = nivelATiempo(porcentaje);
  const alerta = nivel === 'danger' || nivel === 'warning' ? ` estadisticas-tarjeta--${nivel}` : '';
  const enCurso = textoEnCurso(conteo);
  return (
    <li data-testid={testId}>
      <div className={`delego-card estadisticas-tarjeta${alerta}`}>
        <span className="estadisticas-tarjeta__titulo">{titulo}</span>
        <span className="estadisticas-tarjeta__valor delego-cifra">{textoCumplido(conteo)}</span>
        <span className="estadisticas-tarjeta__detalle">{textoDecididas(conteo)}</span>
        {enCurso && <span className="estadisticas-tarjeta__detalle">{enCurso}</span>}
      </div>
    </li>
  );
}

const COLUMNAS_PLAZO = ['A tiempo', 'Incumplidas', 'En curso', '% a tiempo'] as const;

/** Every count per group, the company's total last; both targets side by side under their heading. */
function TablaCumplimiento({ datos }: { datos: Cumplimiento }) {
  const grupo = NOMBRES_AGRUPAR[datos.por];
  return (
    <SeccionConTitulo
      id="cumplimiento-tabla-titulo"
      titulo={`Detalle por ${grupo.toLowerCase()}`}
      clase="delego-card estadisticas-cumplimiento"
      claseTitulo="estadisticas-cumplimiento__titulo"
      testId="cumplimiento-tabla"
    >
      <table>
        <thead>
          <tr>
            <td />
            <td />
            <th scope="colgroup" colSpan={COLUMNAS_PLAZO.length} className="estadisticas-cumplimiento__grupo">
              Respuesta
            </th>
            <th scope="colgroup" colSpan={COLUMNAS_PLAZO.length} className="estadisticas-cumplimiento__grupo">
              Resolución
            </th>
          </tr>
          <tr>
            <th scope="col">{grupo}</th>
            <th scope="col" className="estadisticas-num">
              Órdenes
            </th>
            {['respuesta', 'resolucion'].map((plazo) =>
              COLUMNAS_PLAZO.map((c) => (
                <th scope="col" key={`${plazo}-${c}`} className="estadisticas-num">
                  {c}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {datos.filas.map((f) => (
            <tr key={f.clave} data-testid="cumplimiento-fila">
              <th scope="row">{f.nombre}</th>
              <CeldasFila ordenes={f.ordenes} respuesta={f.respuesta} resolucion={f.resolucion} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="cumplimiento-fila-total">
            <th scope="row">Total</th>
            <CeldasFila
              ordenes={datos.total.ordenes}
              respuesta={datos.total.respuesta}
              resolucion={datos.total.resolucion}
            />
          </tr>
        </tfoot>
      </table>
      {datos.por === 'responsable' && (
        <p className="estadisticas-nota">
          Una orden con dos responsables cuenta para cada uno; en el total, una sola vez.
        </p>
      )}
    </SeccionConTitulo>
  );
}

function CeldasFila({
  ordenes,
  respuesta,
  resolucion,
}: {
  ordenes: number;
  respuesta: ConteoPlazo;
  resolucion: ConteoPlazo;
}) {
  return (
    <>
      <td className="estadisticas-num">{formatearEntero(ordenes)}</td>
      {[respuesta, resolucion].map((c, i) => (
        <CeldasPlazo key={i} conteo={c} />
      ))}
    </>
  );
}

function CeldasPlazo({ conteo }: { conteo: ConteoPlazo }) {
  return (
    <>
      <td className="estadisticas-num">{formatearEntero(conteo.cumplidas)}</td>
      <td className="estadisticas-num">{formatearEntero(conteo.incumplidas)}</td>
      <td className="estadisticas-num">{formatearEntero(conteo.enCurso)}</td>
      <td className="estadisticas-num">{textoCumplido(conteo)}</td>
    </>
  );
}
