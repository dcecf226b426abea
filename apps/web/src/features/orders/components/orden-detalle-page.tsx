import { estadoInfo, type OrdenDetalle } from '@delego/contract';
import {
  IonButton,
  IonContent,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonNote,
  IonSkeletonText,
  IonSpinner,
} from '@ionic/react';
import {
  createOutline,
  documentTextOutline,
  lockClosedOutline,
  mailOutline,
  optionsOutline,
  peopleOutline,
  personOutline,
  swapHorizontalOutline,
  timeOutline,
  trashOutline,
} from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import {
  EstadoError,
  EstadoOrdenNoEncontrada,
  EstadoSinConexion,
  FalloDeSeccion,
  FilasCargando,
} from '../../../components/estados-pantalla';
import { MarcaSinConexion } from '../../../components/marca-sin-conexion';
import { esperaConexionSinDatos, errorEnLugarDeDatos } from '../../../lib/conexion';
import { usePendientesDeOrden, usePendientesDeTipo } from '../../../lib/outbox';
import { MarcaPendiente } from '../../../components/marca-pendiente';
import { estadosPendientes } from '../model/pendientes';
import { useEliminarOrden } from '../api/eliminar-orden';
import { useHistorial } from '../api/get-historial';
import { ordenesKeys, useOrdenDetalle } from '../../../domain/orden';
import { esNoEncontrado } from '../../../lib/errors';
import { NivelDeServicioDeOrden } from '../../../domain/sla';
import { leerId } from '../../../lib/consulta-de-ruta';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { useVolver } from '../../../lib/navegacion';
import { accionesVisibles, type AccionOrden } from '../model/acciones';
import { useZonaEmpresa } from '../../../lib/fechas';
import { formatoFecha, formatoFechaHora, nombrePersona } from '../model/formato';
import { HistorialLista, sinLineasHistorial, type UsarLineasHistorial } from './historial-lista';
import { EstadoBadge, PrioridadBadge, Vencimiento } from './insignias';
import { Texto } from '../../../components/texto';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo';
import '../orders.css';

/**
 * What the order's paperwork shows in its detail (files, hours and expenses, the printed report,
 * the client's side). Those are other features: app/ passes them in (app/composicion), so this
 * feature does not import them and they can build on the order without a cycle.
 */
export type PapeleoDelDetalle = (orden: OrdenDetalle) => ReactNode;

/**
 * The detail of one order (route `orden/:id`, added to SPEC §2's table: it lists no detail
 * route). Every field, its history, and only the actions the server's `acciones` allow.
 */
export default function OrdenDetallePage({
  papeleo,
  useLineasHistorial = sinLineasHistorial,
}: {
  papeleo?: PapeleoDelDetalle;
  /** What other features add to the history (its WhatsApp messages): app/composicion passes their hook in. */
  useLineasHistorial?: UsarLineasHistorial;
}) {
  const params = useParams();
  const id = leerId(params.id ?? null);
  const detalle = useOrdenDetalle(id);
  const orden = detalle.data;
  // An order the server no longer shows this person (deleted, or handed to someone else: a
  // responsable without the company's channel hears of neither) leaves the lists they go back to.
  const queryClient = useQueryClient();
  const perdida = detalle.isError && esNoEncontrado(detalle.error);
  useEffect(() => {
    if (perdida) void queryClient.invalidateQueries({ queryKey: ordenesKeys.listas() });
  }, [perdida, queryClient]);

  return (
    <>
      <PageHeader titulo={orden ? `Orden #${orden.numero}` : 'Orden'} volverA="/home" />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container orden-detalle">
          {id === null ? (
            // The route always has an id: one that is not an order number names no order.
            <EstadoOrdenNoEncontrada ambito="ordenes" />
          ) : esperaConexionSinDatos(detalle) ? (
            <EstadoSinConexion ambito="ordenes" />
          ) : detalle.isPending ? (
            <FilasCargando ambito="ordenes" filas={4} testId="orden-cargando" />
          ) : errorEnLugarDeDatos(detalle) ? (
            // A refresh that could not reach the server keeps the order on screen (offline, the
            // toast says so); one the server refused (deleted, no longer visible) replaces it.
            <EstadoError ambito="ordenes" error={detalle.error} onReintentar={() => void detalle.refetch()} />
          ) : orden ? (
            <>
              <MarcaSinConexion consulta={detalle} />
              <ContenidoOrden orden={orden} papeleo={papeleo} useLineasHistorial={useLineasHistorial} />
            </>
          ) : null}
        </div>
      </IonContent>
    </>
  );
}

function Dato({ titulo, children, testId }: { titulo: string; children: ReactNode; testId?: string }) {
  return (
    <div className="orden-dato" data-testid={testId}>
      <dt>{titulo}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const SIN_DATO = <span className="orden-dato__vacio">—</span>;

export function ContenidoOrden({
  orden,
  papeleo,
  useLineasHistorial = sinLineasHistorial,
}: {
  orden: OrdenDetalle;
  papeleo?: PapeleoDelDetalle;
  useLineasHistorial?: UsarLineasHistorial;
}) {
  const zona = useZonaEmpresa();
  // A state change queued on this device: its state, marked «pendiente», as the list's row shows it.
  const cambiosDeEstado = usePendientesDeTipo('estado');
  const pendiente = useMemo(() => {
    const estado = estadosPendientes(cambiosDeEstado).get(orden.id);
    return estado === undefined ? undefined : estadoInfo(estado);
  }, [cambiosDeEstado, orden.id]);
  return (
    <>
      <section className="delego-card orden-detalle__cabecera" aria-labelledby="orden-titulo">
        <div className="orden-detalle__insignias">
          <span className="orden-detalle__numero">#{orden.numero}</span>
          <EstadoBadge estado={pendiente ?? orden.estado} />
          {pendiente && <MarcaPendiente estado="pendiente" />}
          <PrioridadBadge prioridad={orden.prioridad} />
          {orden.vencida && <Vencimiento orden={orden} />}
        </div>
        <h1 id="orden-titulo" className="orden-detalle__titulo" data-testid="orden-titulo">
          {orden.titulo}
        </h1>
        {orden.acciones.soloLectura && (
          <IonNote className="orden-detalle__solo-lectura" data-testid="orden-solo-lectura">
            <IonIcon icon={lockClosedOutline} aria-hidden="true" />
            Solo lectura: puede ver esta orden, pero no modificarla.
          </IonNote>
        )}
      </section>

      <div className="orden-detalle__grilla">
        <AccionesOrden orden={orden} />

        <section className="delego-card orden-detalle__seccion orden-detalle__datos" aria-labelledby="orden-datos">
          <h2 id="orden-datos">Datos</h2>
          <dl className="orden-datos">
            <Dato titulo="Cliente" testId="orden-cliente">
              {orden.cliente?.nombre ?? SIN_DATO}
            </Dato>
            {orden.ubicacion && (
              <Dato titulo="Ubicación" testId="orden-ubicacion">
                {orden.ubicacion.nombre}
              </Dato>
            )}
            {orden.equipo && (
              <Dato titulo="Equipo" testId="orden-equipo">
                <Link to={`/equipos/${orden.equipo.id}`} data-testid="orden-equipo-enlace">
                  {orden.equipo.codigo ? `${orden.equipo.nombre} (${orden.equipo.codigo})` : orden.equipo.nombre}
                </Link>
              </Dato>
            )}
            <Dato titulo={orden.responsables.length > 1 ? 'Responsables' : 'Responsable'} testId="orden-responsables">
              {orden.responsables.length ? orden.responsables.map(nombrePersona).join(', ') : 'Sin responsable'}
            </Dato>
            <Dato titulo="Tipo de orden">{orden.tipoOrden?.nombre ?? SIN_DATO}</Dato>
            <Dato titulo="Área">{orden.area?.nombre ?? SIN_DATO}</Dato>
            {(orden.e5sAreaKey || orden.e5sAreaName) && (
              <Dato titulo="Área E5S">
                {orden.e5sAreaName ?? ''}
                {orden.e5sAreaKey && <span className="orden-dato__clave"> ({orden.e5sAreaKey})</span>}
              </Dato>
            )}
            <Dato titulo="Fecha de inicio">
              {orden.fechaInicio != null ? formatoFecha(orden.fechaInicio, zona) : SIN_DATO}
            </Dato>
            <Dato titulo="Fecha de fin" testId="orden-fecha-fin">
              {orden.fechaFin != null ? (
                <>
                  {formatoFecha(orden.fechaFin, zona)}
                  {orden.vencida && (
                    <>
                      {' '}
                      <strong className="orden-vencimiento__marca">Vencida</strong>
                    </>
                  )}
                </>
              ) : (
                SIN_DATO
              )}
            </Dato>
            <Dato titulo="Creada">
              {formatoFechaHora(orden.creada, zona)} por {nombrePersona(orden.registroResponsable)}
            </Dato>
            <Dato titulo="Última actualización">{formatoFechaHora(orden.actualizada, zona)}</Dato>
            {orden.finalizada != null && <Dato titulo="Finalizada">{formatoFechaHora(orden.finalizada, zona)}</Dato>}
            <Dato titulo="Empresa">{orden.entidadSolicitanteNombre}</Dato>
          </dl>
        </section>

        {orden.sla && <NivelDeServicioDeOrden sla={orden.sla} className="orden-detalle__seccion orden-detalle__sla" />}

        <section
          className="delego-card orden-detalle__seccion orden-detalle__texto"
          aria-labelledby="orden-detalle-titulo"
        >
          <h2 id="orden-detalle-titulo">Detalle</h2>
          {orden.detalle.trim() ? (
            <p className="orden-detalle__detalle" data-testid="orden-detalle">
              {orden.detalle}
            </p>
          ) : (
            <p className="orden-dato__vacio">Sin detalle.</p>
          )}
        </section>

        {papeleo?.(orden)}
        <HistorialDeOrden ordenId={orden.id} useLineasHistorial={useLineasHistorial} />
      </div>
    </>
  );
}

function HistorialDeOrden({
  ordenId,
  useLineasHistorial,
}: {
  ordenId: number;
  useLineasHistorial: UsarLineasHistorial;
}) {
  const historial = useHistorial(ordenId);
  const pendientes = usePendientesDeOrden(ordenId);
  // Read beside the history: when they fail, the history shows without them.
  const lineas = useLineasHistorial(ordenId);
  return (
    <SeccionConTitulo
      id="orden-historial"
      titulo="Historial"
      clase="delego-card orden-detalle__seccion orden-detalle__historial"
      claseCabecera="orden-detalle__seccion-cabecera"
      junto={
        <IonButton fill="clear" size="small" routerLink={`/historial?id=${ordenId}`}>
          Ver completo
        </IonButton>
      }
    >
      {historial.isPending ? (
        <IonSkeletonText animated style={{ width: '60%', height: 16 }} />
      ) : historial.data === undefined ? (
        <FalloDeSeccion className="orden-dato__vacio" onReintentar={() => void historial.refetch()}>
          No se pudo cargar el historial.
        </FalloDeSeccion>
      ) : historial.data.length === 0 && pendientes.length === 0 && lineas.length === 0 ? (
        <p className="orden-dato__vacio">Sin cambios registrados.</p>
      ) : (
        <HistorialLista eventos={historial.data} pendientes={pendientes} lineas={lineas} />
      )}
    </SeccionConTitulo>
  );
}

interface DefinicionAccion {
  titulo: string;
  icono: string;
  ruta?: (id: number) => string;
}

const ACCIONES: Record<AccionOrden, DefinicionAccion> = {
  estado: { titulo: 'Cambiar estado', icono: swapHorizontalOutline, ruta: (id) => `/cambio-estado?id=${id}` },
  responsable: { titulo: 'Cambiar responsable', icono: personOutline, ruta: (id) => `/cambio-responsable?id=${id}` },
  responsables: {
    titulo: 'Varios responsables',
    icono: peopleOutline,
    ruta: (id) => `/responsables-multiples?id=${id}`,
  },
  titulo: { titulo: 'Editar título', icono: createOutline, ruta: (id) => `/edicion-titulo?id=${id}` },
  detalle: { titulo: 'Editar detalle', icono: documentTextOutline, ruta: (id) => `/edicion-detalle?id=${id}` },
  editar: { titulo: 'Editar orden', icono: optionsOutline, ruta: (id) => `/nueva-orden?id=${id}` },
  eliminar: { titulo: 'Eliminar', icono: trashOutline },
};

/** The actions the server allows for this reader, and the full history. */
function AccionesOrden({ orden }: { orden: OrdenDetalle }) {
  const visibles = accionesVisibles(orden.acciones);
  const eliminar = useEliminarOrden();
  const confirmar = useConfirmar();
  const aviso = useAviso();
  // Back to the list it was opened from (it refetches without the order), or to Inicio.
  const volver = useVolver('/home');

  async function alEliminar() {
    const ok = await confirmar({
      titulo: `¿Eliminar la orden #${orden.numero}?`,
      mensaje: 'La orden dejará de aparecer en las listas. Su historial se conserva.',
      aceptar: 'Eliminar',
    });
    if (!ok) return;
    eliminar.mutate(orden.id, {
      onSuccess: () => {
        aviso(`Orden #${orden.numero} eliminada`);
        volver();
      },
    });
  }

  return (
    <section className="delego-card orden-detalle__seccion orden-detalle__acciones" aria-labelledby="orden-acciones">
      <h2 id="orden-acciones">Acciones</h2>
      <IonList lines="none" className="orden-acciones" data-testid="orden-acciones">
        {visibles.map((accion) => {
          const def = ACCIONES[accion];
          if (accion === 'eliminar') {
            return (
              <IonItem
                key={accion}
                button
                detail={false}
                onClick={() => void alEliminar()}
                disabled={eliminar.isPending}
                className="orden-accion orden-accion--peligro"
                data-testid="accion-eliminar"
              >
                {eliminar.isPending ? (
                  <IonSpinner slot="start" name="crescent" aria-hidden="true" />
                ) : (
                  <IonIcon slot="start" icon={def.icono} color="danger" aria-hidden="true" />
                )}
                <IonLabel color="danger">
                  <Texto>{def.titulo}</Texto>
                </IonLabel>
              </IonItem>
            );
          }
          return (
            <IonItem
              key={accion}
              button
              detail={false}
              routerLink={def.ruta?.(orden.id)}
              className="orden-accion"
              data-testid={`accion-${accion}`}
            >
              <IonIcon slot="start" icon={def.icono} color="primary" aria-hidden="true" />
              <IonLabel>
                <Texto>{def.titulo}</Texto>
              </IonLabel>
            </IonItem>
          );
        })}
        {!orden.acciones.soloLectura && orden.acciones.modificar && (
          <IonItem
            button
            detail={false}
            routerLink={`/enviar-encuesta?id=${orden.id}`}
            className="orden-accion"
            data-testid="accion-enviar-encuesta"
          >
            <IonIcon slot="start" icon={mailOutline} color="primary" aria-hidden="true" />
            <IonLabel>Enviar encuesta</IonLabel>
          </IonItem>
        )}
        <IonItem
          button
          detail={false}
          routerLink={`/historial?id=${orden.id}`}
          className="orden-accion"
          data-testid="accion-historial"
        >
          <IonIcon slot="start" icon={timeOutline} color="medium" aria-hidden="true" />
          <IonLabel>Ver historial</IonLabel>
        </IonItem>
      </IonList>
    </section>
  );
}
