/**
 * The states a screen shows instead of its content: loading, failed (with a retry), empty,
 * forbidden, without a session, or opened without the id it needs.
 */
import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonSkeletonText, IonSpinner } from '@ionic/react';
import {
  cloudOfflineOutline,
  lockClosedOutline,
  logInOutline,
  personOutline,
  refreshOutline,
  searchOutline,
} from 'ionicons/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { rutaLogin } from '../lib/return-path';
import { ApiError, mensajeDeError } from '../lib/errors';
import './estados-pantalla.css';

/**
 * The area of the app a screen belongs to. It prefixes the states' test ids
 * ('ordenes-error', 'admin-sin-permiso', …) and decides how a 404 or 403 reads (see `AMBITOS`).
 */
export type AmbitoEstado = 'admin' | 'estadisticas' | 'ordenes' | 'papeleo';

interface ReglasAmbito {
  /**
   * The area's screens are about one order: a 404 or 403 means the order is missing or out of
   * reach, so the error offers 'Ir a Inicio' instead of a retry that cannot help.
   */
  deUnaOrden: boolean;
}

const AMBITOS: Record<AmbitoEstado, ReglasAmbito> = {
  admin: { deUnaOrden: false },
  estadisticas: { deUnaOrden: false },
  ordenes: { deUnaOrden: true },
  papeleo: { deUnaOrden: true },
};

interface EstadoPantallaProps {
  icono: string;
  titulo: string;
  /** The explanation below the title. */
  children?: ReactNode;
  /** Buttons or links below the text. */
  accion?: ReactNode;
  testId?: string;
  color?: string;
}

/** An empty, failed or forbidden screen: icon, title, explanation and what to do next. */
export function EstadoPantalla({ icono, titulo, children, accion, testId, color = 'medium' }: EstadoPantallaProps) {
  return (
    <section className="delego-estado-pantalla" data-testid={testId}>
      <IonIcon icon={icono} color={color} aria-hidden="true" />
      <h2>{titulo}</h2>
      {children && <p>{children}</p>}
      {accion && <div className="delego-estado-pantalla__acciones">{accion}</div>}
    </section>
  );
}

interface EstadoReintentarProps {
  /** What could not be loaded: 'No pudimos cargar la orden'. */
  titulo: string;
  error: unknown;
  onReintentar: () => void;
  /** Prefixes the test ids: `${testId}-error` for the state, `${testId}-reintentar` for its button. */
  testId: string;
}

/** A page without login whose content could not be loaded: why, and a button to try again. */
export function EstadoReintentar({ titulo, error, onReintentar, testId }: EstadoReintentarProps) {
  return (
    <EstadoPantalla
      icono={refreshOutline}
      titulo={titulo}
      testId={`${testId}-error`}
      accion={
        <IonButton onClick={onReintentar} data-testid={`${testId}-reintentar`}>
          Reintentar
        </IonButton>
      }
    >
      {mensajeDeError(error)}
    </EstadoPantalla>
  );
}

interface EstadoCargandoProps {
  /** The page's own layout of the spinner and the text. */
  className: string;
  testId: string;
  /** What is loading: 'Cargando la orden…'. */
  children: ReactNode;
}

/**
 * A page without login while its content loads: a spinner and what is coming ('Cargando la
 * orden…'), announced to screen readers.
 */
export function EstadoCargando({ className, testId, children }: EstadoCargandoProps) {
  return (
    <div className={className} role="status" data-testid={testId}>
      <IonSpinner name="crescent" color="primary" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}

interface EstadoSinDatosProps {
  /** The page's query, before it has anything to show. */
  consulta: { isError: boolean; error: unknown; refetch: () => unknown };
  /** What could not be loaded: 'No pudimos cargar su pedido'. */
  titulo: string;
  /** `${testId}-error` and `${testId}-reintentar` once it failed, `${testId}-cargando` while it loads. */
  testId: string;
  /** The page's own layout of the spinner and the text. */
  className: string;
  /** What is loading: 'Cargando su pedido…'. */
  children: ReactNode;
}

/** A page without login whose query has no data yet: loading, or failed with a button to try again. */
export function EstadoSinDatos({ consulta, titulo, testId, className, children }: EstadoSinDatosProps) {
  if (consulta.isError) {
    return (
      <EstadoReintentar
        titulo={titulo}
        error={consulta.error}
        onReintentar={() => void consulta.refetch()}
        testId={testId}
      />
    );
  }
  return (
    <EstadoCargando className={className} testId={`${testId}-cargando`}>
      {children}
    </EstadoCargando>
  );
}

interface BotonRutaProps {
  ruta: string;
  /** 'root' starts over at `ruta`; 'back' returns to it. */
  direccion: 'root' | 'back';
  fill?: 'outline';
  children: ReactNode;
}

/** The way out of a state: a button to another screen of the app. */
function BotonRuta({ ruta, direccion, fill, children }: BotonRutaProps) {
  return (
    <IonButton fill={fill} routerLink={ruta} routerDirection={direccion}>
      {children}
    </IonButton>
  );
}

/** A way forward that stays on the screen (retry, close): an outlined button. */
export function BotonEstado({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <IonButton fill="outline" onClick={onClick}>
      {children}
    </IonButton>
  );
}

interface FalloDeSeccionProps {
  /** What failed, and why when known: 'No se pudo cargar el historial.' */
  children: ReactNode;
  onReintentar: () => void;
  /** The paragraph's classes: 'orden-dato__vacio' in a section of the order. */
  className?: string;
  /** Said at once by screen readers (a part the person is working in). */
  alerta?: boolean;
  testId?: string;
}

/**
 * A part of a screen that could not be loaded (a section of the order, a card): one line that
 * says so, with 'Reintentar' beside it; the rest of the screen stays usable.
 */
export function FalloDeSeccion({ children, onReintentar, className, alerta = false, testId }: FalloDeSeccionProps) {
  return (
    <p className={className} role={alerta ? 'alert' : undefined} data-testid={testId}>
      {children}{' '}
      <IonButton fill="clear" size="small" onClick={onReintentar}>
        Reintentar
      </IonButton>
    </p>
  );
}

function IrAInicio() {
  return (
    <BotonRuta ruta="/home" direccion="root" fill="outline">
      Ir a Inicio
    </BotonRuta>
  );
}

interface EstadoErrorProps {
  ambito: AmbitoEstado;
  error: unknown;
  onReintentar: () => void;
}

/** Something that could not be loaded: a failure with a retry, or (order screens) a missing or forbidden order. */
export function EstadoError({ ambito, error, onReintentar }: EstadoErrorProps) {
  const sinAcceso = error instanceof ApiError && (error.status === 404 || error.status === 403);
  if (sinAcceso && AMBITOS[ambito].deUnaOrden) {
    return (
      <EstadoOrdenNoEncontrada ambito={ambito} titulo={error.status === 404 ? 'Orden no encontrada' : 'Sin acceso'}>
        {mensajeDeError(error)}
      </EstadoOrdenNoEncontrada>
    );
  }
  return (
    <EstadoPantalla
      icono={cloudOfflineOutline}
      titulo="No se pudieron cargar los datos"
      color="danger"
      testId={`${ambito}-error`}
      accion={<BotonEstado onClick={onReintentar}>Reintentar</BotonEstado>}
    >
      {mensajeDeError(error)}
    </EstadoPantalla>
  );
}

/**
 * Nothing to show yet and no connection: the screen was never opened with a connection on this
 * device, so nothing was kept. It loads by itself when the connection returns.
 */
export function EstadoSinConexion({ ambito }: { ambito: AmbitoEstado }) {
  return (
    <EstadoPantalla icono={cloudOfflineOutline} titulo="Sin conexión" testId={`${ambito}-sin-conexion`}>
      Esta pantalla todavía no se abrió con conexión en este dispositivo. Se cargará sola cuando vuelva la conexión.
    </EstadoPantalla>
  );
}

/**
 * The order the address names is not there for this person: the server said 404 or 403, or the
 * address holds no order number at all (`/orden/abc`), which is the same to the person.
 */
export function EstadoOrdenNoEncontrada({
  ambito,
  titulo = 'Orden no encontrada',
  children = 'La orden no existe o no tiene acceso a ella.',
}: {
  ambito: AmbitoEstado;
  titulo?: string;
  children?: ReactNode;
}) {
  return (
    <EstadoPantalla icono={searchOutline} titulo={titulo} testId={`${ambito}-no-encontrada`} accion={<IrAInicio />}>
      {children}
    </EstadoPantalla>
  );
}

/** A screen that needs an order id in its address and did not get one. */
export function EstadoSinOrden({ ambito }: { ambito: AmbitoEstado }) {
  return (
    <EstadoPantalla
      icono={searchOutline}
      titulo="Falta indicar la orden"
      testId={`${ambito}-sin-id`}
      accion={<IrAInicio />}
    >
      Abra esta pantalla desde el detalle de una orden.
    </EstadoPantalla>
  );
}

/**
 * The record the address names does not exist (or belongs to another company). With `volverA`,
 * a button back to its list ('Ver clientes').
 */
export function EstadoNoEncontrado({
  icono,
  titulo,
  volverA,
  children,
}: {
  icono: string;
  titulo: string;
  volverA?: { ruta: string; texto: string };
  children: ReactNode;
}) {
  return (
    <EstadoPantalla
      icono={icono}
      titulo={titulo}
      accion={
        volverA && (
          <BotonRuta ruta={volverA.ruta} direccion="back">
            {volverA.texto}
          </BotonRuta>
        )
      }
    >
      {children}
    </EstadoPantalla>
  );
}

/** A screen that needs a user id in its address and did not get one. */
export function EstadoElegirUsuario() {
  return (
    <EstadoPantalla
      icono={personOutline}
      titulo="Elija un usuario"
      accion={
        <BotonRuta ruta="/usuarios" direccion="root">
          Ir a Usuarios
        </BotonRuta>
      }
    >
      Abra esta pantalla desde la ficha de un usuario.
    </EstadoPantalla>
  );
}

interface EstadoSinPermisoProps {
  ambito: AmbitoEstado;
  /** Why the person may not use the screen. */
  children: ReactNode;
  /** Where 'Volver' goes back to; without it the way out is 'Ir a Inicio'. */
  volverA?: string;
}

/** The person may not do what this screen is for. */
export function EstadoSinPermiso({ ambito, children, volverA }: EstadoSinPermisoProps) {
  return (
    <EstadoPantalla
      icono={lockClosedOutline}
      titulo="Sin permiso"
      testId={`${ambito}-sin-permiso`}
      accion={
        volverA === undefined ? (
          <IrAInicio />
        ) : (
          <BotonRuta ruta={volverA} direccion="back" fill="outline">
            Volver
          </BotonRuta>
        )
      }
    >
      {children}
    </EstadoPantalla>
  );
}

/** For screens open without login (SPEC §2) whose calls need a session; login returns here. */
export function EstadoRequiereSesion({ ambito, children }: { ambito: AmbitoEstado; children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <EstadoPantalla
      icono={logInOutline}
      titulo="Inicie sesión"
      testId={`${ambito}-requiere-sesion`}
      accion={
        <BotonRuta ruta={rutaLogin(pathname + search)} direccion="root">
          Ingresar
        </BotonRuta>
      }
    >
      {children}
    </EstadoPantalla>
  );
}

/**
 * «Cargando…» for screen readers only, announced once: it stands beside placeholders that are only
 * a picture (hidden from screen readers, or boxes that say nothing).
 */
export function AnuncioCargando() {
  return (
    <span className="delego-visually-hidden" role="status">
      Cargando…
    </span>
  );
}

interface FilasCargandoProps {
  ambito: AmbitoEstado;
  filas?: number;
  /** Replaces the default test id `${ambito}-cargando`. */
  testId?: string;
}

/**
 * Placeholder rows while a list or a record loads, announced once to screen readers. The rows are
 * only a picture (hidden from screen readers), and the announcement stands beside the list, not in
 * it: a list holds items only.
 */
export function FilasCargando({ ambito, filas = 6, testId = `${ambito}-cargando` }: FilasCargandoProps) {
  return (
    <div aria-busy="true" data-testid={testId}>
      <AnuncioCargando />
      <IonList className="delego-filas-cargando delego-card-lista" aria-hidden="true" lines="full">
        {Array.from({ length: filas }, (_, i) => (
          <IonItem key={i}>
            <IonLabel>
              <h2>
                <IonSkeletonText animated style={{ width: `${45 + ((i * 17) % 35)}%` }} />
              </h2>
              <p>
                <IonSkeletonText animated style={{ width: `${30 + ((i * 23) % 40)}%` }} />
              </p>
            </IonLabel>
          </IonItem>
        ))}
      </IonList>
    </div>
  );
}

interface SegunConsultaProps<T> {
  ambito: AmbitoEstado;
  consulta: UseQueryResult<T>;
  /** Placeholder rows while it loads. */
  filas?: number;
  /** Replaces the loading rows' test id `${ambito}-cargando`. */
  testIdCargando?: string;
  /** What the screen shows with the data. */
  children: (datos: T) => ReactNode;
}

/**
 * A screen's content by its query: placeholder rows while it loads, the error with a retry once
 * it fails, then what `children` makes of the data.
 */
export function SegunConsulta<T>({ ambito, consulta, filas, testIdCargando, children }: SegunConsultaProps<T>) {
  if (consulta.isPending) return <FilasCargando ambito={ambito} filas={filas} testId={testIdCargando} />;
  if (consulta.isError) {
    return <EstadoError ambito={ambito} error={consulta.error} onReintentar={() => void consulta.refetch()} />;
  }
  return children(consulta.data);
}
