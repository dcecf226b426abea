import {
  PUNTAJES,
  esAdmin,
  hoyEn,
  textoFechaHora,
  textoPromedio,
  tienePermiso,
  type ResultadosEncuestas,
  type UsuarioLogueado,
} from '@delego/contract';
import { IonContent, IonProgressBar, IonToggle } from '@ionic/react';
import { chatbubblesOutline, lockClosedOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { AtajosPeriodo } from '../../../components/atajos-periodo';
import { CampoFecha } from '../../../components/campo-fecha';
import { CampoSeleccion, type Opcion } from '../../../components/campos';
import { campoDeFiltro } from '../../../lib/campo-de-filtro';
import { EstadoPantalla, SegunConsulta } from '../../../components/estados-pantalla';
import { Grafico } from '../../../components/grafico';
import { PageHeader } from '../../../components/page-header';
import { useTiposOrden } from '../../../lib/catalogos';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useSession } from '../../auth';
import { useConfigEncuestas, useGuardarConfigEncuestas } from '../api/configuracion';
import { useResultadosEncuestas } from '../api/get-resultados';
import {
  consultaDeFiltros,
  etiquetaMes,
  problemaDeFiltros,
  ultimos12Meses,
  type FiltrosEncuestas,
} from '../model/filtros';
import { textoPuntaje } from '../model/puntajes';
import './encuestas.css';

const formatoPromedio = (v: number) => textoPromedio(v);
/** Counts (the axis of the distribution has whole-number ticks only). */
const formatoCantidad = (v: number) => v.toLocaleString('es-AR');
/** Averages are drawn on the whole 0–5 scale, so a 4,2 does not look like a top rating. */
const ESCALA_PUNTAJE = { minimo: 0, maximo: 5 };
const formatoPorcentaje = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);

/**
 * grafico-encuestas (verEstadisticas): the survey results over a period, by client, responsable
 * and order type: the distribution of ratings, the monthly trend, the average by responsable and
 * by client, and the latest comments. Admins also switch the automatic send on finish here.
 */
export default function GraficoEncuestasPage() {
  const { usuario } = useSession();
  return (
    <>
      <PageHeader titulo="Encuestas" volverA="/home" />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container encuestas-pagina">
          {usuario && tienePermiso(usuario, 'verEstadisticas') ? (
            <Resultados usuario={usuario} />
          ) : (
            <EstadoPantalla
              icono={lockClosedOutline}
              titulo="Sin permiso"
              testId="encuestas-sin-permiso"
              color="medium"
            >
              Necesita el permiso «Estadísticas» para ver los resultados de las encuestas.
            </EstadoPantalla>
          )}
        </div>
      </IonContent>
    </>
  );
}

/** The options of a filter: the rows that have an id (the results' "Sin cliente" row has none). */
function opcionesDe(filas: readonly { id: number | null; nombre: string }[] = []): Opcion<number>[] {
  return filas.flatMap((f) => (f.id === null ? [] : [{ valor: f.id, texto: f.nombre }]));
}

function Resultados({ usuario }: { usuario: UsuarioLogueado }) {
  const zona = useZonaEmpresa();
  const hoy = hoyEn(zona);
  const [filtros, setFiltros] = useState<FiltrosEncuestas>(() => ({
    ...ultimos12Meses(hoy),
    cliente: null,
    responsable: null,
    tipoOrden: null,
  }));
  const problema = problemaDeFiltros(filtros);
  const consulta = problema ? null : consultaDeFiltros(filtros, zona);
  // The options of the client and responsable filters: those with answers in the period.
  const base = useResultadosEncuestas(
    problema ? null : consultaDeFiltros({ ...filtros, cliente: null, responsable: null, tipoOrden: null }, zona),
  );
  const resultados = useResultadosEncuestas(consulta);
  const tipos = useTiposOrden();
  const cambiar = <K extends keyof FiltrosEncuestas>(clave: K, valor: FiltrosEncuestas[K]) =>
    setFiltros((f) => ({ ...f, [clave]: valor }));
  const atajos = [
    { texto: 'Últimos 12 meses', periodo: ultimos12Meses(hoy), testId: 'encuestas-12-meses' },
    { texto: 'Todo', periodo: { desde: '', hasta: '' }, testId: 'encuestas-todo' },
  ];

  const selecciones = [
    { campo: 'cliente', label: 'Cliente', opciones: opcionesDe(base.data?.porCliente), testId: 'encuestas-cliente' },
    {
      campo: 'responsable',
      label: 'Responsable',
      opciones: opcionesDe(base.data?.porResponsable),
      testId: 'encuestas-responsable',
    },
    { campo: 'tipoOrden', label: 'Tipo de orden', opciones: opcionesDe(tipos.data), testId: 'encuestas-tipo' },
  ] as const;

  return (
    <>
      {esAdmin(usuario) && <ConfigEnvioAutomatico />}
      <section className="delego-card" aria-label="Filtros">
        <div className="encuestas-filtros">
          <AtajosPeriodo
            className="encuestas-filtros__chips"
            atajos={atajos}
            actual={filtros}
            onElegir={(p) => setFiltros((f) => ({ ...f, ...p }))}
          />
          <CampoFecha
            label="Enviadas desde"
            value={filtros.desde}
            onChange={(v) => cambiar('desde', v)}
            data-testid="encuestas-desde"
          />
          <CampoFecha
            label="Hasta"
            value={filtros.hasta}
            onChange={(v) => cambiar('hasta', v)}
            data-testid="encuestas-hasta"
          />
          {selecciones.map((c) => (
            <CampoSeleccion<number, number | null>
              key={c.campo}
              {...campoDeFiltro(filtros[c.campo], (v) => cambiar(c.campo, v), c.campo)}
              label={c.label}
              opciones={c.opciones}
              ninguno="Todos"
              data-testid={c.testId}
            />
          ))}
        </div>
        {problema && (
          <p className="encuesta-error" role="alert" data-testid="encuestas-filtro-error">
            {problema}
          </p>
        )}
      </section>
      {problema ? null : (
        <SegunConsulta ambito="papeleo" consulta={resultados} filas={4} testIdCargando="encuestas-cargando">
          {(datos) => <Tablero datos={datos} actualizando={resultados.isPlaceholderData} />}
        </SegunConsulta>
      )}
    </>
  );
}

export function Tablero({ datos, actualizando = false }: { datos: ResultadosEncuestas; actualizando?: boolean }) {
  const zona = useZonaEmpresa();
  const comentarios = useMemo(() => datos.respuestas.filter((r) => r.comentario).slice(0, 20), [datos.respuestas]);
  return (
    <div className="encuestas-tablero" aria-busy={actualizando} data-testid="encuestas-tablero">
      {actualizando && <IonProgressBar type="indeterminate" aria-label="Actualizando" />}
      <section className="delego-card encuestas-resumen" aria-label="Resumen">
        <Cifra
          titulo="Promedio"
          valor={datos.promedio === null ? '—' : `${textoPromedio(datos.promedio)} / 5`}
          id="promedio"
        />
        <Cifra titulo="Respondidas" valor={`${datos.respondidas} de ${datos.enviadas}`} id="respondidas" />
        <Cifra titulo="Tasa de respuesta" valor={formatoPorcentaje(datos.tasaRespuesta)} id="tasa" />
      </section>
      {datos.respondidas === 0 ? (
        <EstadoPantalla icono={chatbubblesOutline} titulo="Todavía no hay respuestas" testId="encuestas-vacio">
          {datos.enviadas === 0
            ? 'No se enviaron encuestas en este período. Envíelas desde el detalle de una orden finalizada.'
            : 'Se enviaron encuestas en este período, pero ningún cliente respondió todavía.'}
        </EstadoPantalla>
      ) : (
        <>
          <div className="encuestas-graficos">
            <Grafico
              titulo="Distribución de calificaciones"
              tipo="barras"
              etiquetas={PUNTAJES.map((p) => `${p.valor} · ${p.texto}`)}
              series={[{ nombre: 'Respuestas', valores: datos.distribucion }]}
              formato={formatoCantidad}
              ejeValores={{ soloEnteros: true }}
            />
            <Grafico
              titulo="Promedio mensual"
              tipo="lineas"
              etiquetas={datos.porMes.map((m) => etiquetaMes(m.mes))}
              series={[{ nombre: 'Promedio', valores: datos.porMes.map((m) => m.promedio) }]}
              formato={formatoPromedio}
              ejeValores={ESCALA_PUNTAJE}
            />
            <GraficoPromedioPor titulo="Promedio por responsable" grupos={datos.porResponsable} />
            <GraficoPromedioPor titulo="Promedio por cliente" grupos={datos.porCliente} />
          </div>
          <section className="delego-card" aria-labelledby="encuestas-comentarios">
            <h2 id="encuestas-comentarios" className="encuestas-seccion-titulo">
              Últimos comentarios
            </h2>
            {comentarios.length === 0 ? (
              <p className="encuestas-comentarios__meta">Ninguna respuesta del período trae comentario.</p>
            ) : (
              <ul className="encuestas-comentarios" data-testid="encuestas-comentarios">
                {comentarios.map((r) => (
                  <li key={r.id}>
                    <p className="encuestas-comentarios__meta">
                      {textoPuntaje(r.puntaje)} · Orden #{r.numero}: {r.titulo}
                      {r.cliente ? ` · ${r.cliente}` : ''} · {textoFechaHora(r.respondidaEn, zona)}
                    </p>
                    <p className="encuestas-comentarios__texto">«{r.comentario}»</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** The average score per responsable or per client, one bar each, with the number of answers. */
function GraficoPromedioPor({ titulo, grupos }: { titulo: string; grupos: ResultadosEncuestas['porCliente'] }) {
  return (
    <Grafico
      titulo={titulo}
      tipo="barrasHorizontales"
      etiquetas={grupos.map((g) => `${g.nombre} (${g.cantidad})`)}
      series={[{ nombre: 'Promedio', valores: grupos.map((g) => g.promedio) }]}
      formato={formatoPromedio}
      ejeValores={ESCALA_PUNTAJE}
      alto={Math.max(160, grupos.length * 36)}
    />
  );
}

function Cifra({ titulo, valor, id }: { titulo: string; valor: string; id: string }) {
  return (
    <div className="encuestas-cifra" data-testid={`encuestas-${id}`}>
      <span className="encuestas-cifra__titulo">{titulo}</span>
      <span className="encuestas-cifra__valor">{valor}</span>
    </div>
  );
}

/** The company's setting (admins): the survey goes by itself when an order is finished. */
function ConfigEnvioAutomatico() {
  const config = useConfigEncuestas();
  const guardar = useGuardarConfigEncuestas();
  const activo = guardar.isPending
    ? Boolean(guardar.variables?.envioAutomatico)
    : Boolean(config.data?.envioAutomatico);
  return (
    <section className="delego-card" aria-label="Envío automático">
      <div className="encuestas-config">
        <IonToggle
          checked={activo}
          disabled={config.isPending || config.isError || guardar.isPending}
          onIonChange={(e) => guardar.mutate({ envioAutomatico: e.detail.checked })}
          justify="space-between"
          data-testid="encuestas-envio-automatico"
        >
          Enviar la encuesta automáticamente al finalizar una orden
        </IonToggle>
      </div>
      <p className="encuestas-comentarios__meta">
        Va al email de contacto del cliente, una sola vez por orden. Apagado, cada encuesta se envía a mano desde la
        orden.
      </p>
    </section>
  );
}
