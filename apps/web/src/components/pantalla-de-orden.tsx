import { IonContent } from '@ionic/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { esperaConexionSinDatos, errorEnLugarDeDatos } from '../lib/conexion';
import { EstadoError, EstadoSinConexion, EstadoSinOrden, EstadoSinPermiso, FilasCargando } from './estados-pantalla';
import { MarcaSinConexion } from './marca-sin-conexion';
import { PageHeader } from './page-header';

/** The areas with screens about one order, and the class of their column. */
const COLUMNAS = { ordenes: 'ordenes-formulario', papeleo: 'papeleo' } as const;

interface Props<T, E> {
  titulo: string;
  /** The order's id from the address; null when the screen was opened without one. */
  id: number | null;
  ambito: keyof typeof COLUMNAS;
  /** What the screen loads about the order. */
  consulta: UseQueryResult<T, E>;
  /** Placeholder rows while it loads. */
  filas?: number;
  /** Another class of the screen's column ('registro'). */
  clase?: string;
  /** Shown instead of everything else when set (a screen that needs a session and has none). */
  antes?: ReactNode;
  /** Why the person may not use the screen on this order, or null: 'Sin permiso', 'Volver' to the order. */
  sinPermiso?: (datos: T) => string | null;
  /** The screen itself, once the order's data is here. */
  children: (datos: T, id: number) => ReactNode;
}

/**
 * A screen about one order (`?id=42`): the toolbar with its way back to the order, and in its
 * column the states before the content: no id, loading (offline with nothing kept: 'Sin conexión'),
 * failed (a missing or forbidden order offers 'Ir a Inicio'), not allowed; then the content, with
 * «Sin conexión · datos de hh:mm» above it while it is the copy kept on the device. A refresh that
 * could not reach the server keeps the content.
 */
export function PantallaDeOrden<T, E>({
  titulo,
  id,
  ambito,
  consulta,
  filas = 4,
  clase,
  antes,
  sinPermiso,
  children,
}: Props<T, E>) {
  let contenido: ReactNode;
  if (antes) contenido = antes;
  else if (id === null) contenido = <EstadoSinOrden ambito={ambito} />;
  else if (esperaConexionSinDatos(consulta)) contenido = <EstadoSinConexion ambito={ambito} />;
  else if (consulta.isPending) contenido = <FilasCargando ambito={ambito} filas={filas} />;
  else if (errorEnLugarDeDatos(consulta)) {
    contenido = <EstadoError ambito={ambito} error={consulta.error} onReintentar={() => void consulta.refetch()} />;
  } else {
    const datos = consulta.data as T;
    const motivo = sinPermiso?.(datos) ?? null;
    contenido =
      motivo === null ? (
        <>
          <MarcaSinConexion consulta={consulta} />
          {children(datos, id)}
        </>
      ) : (
        <EstadoSinPermiso ambito={ambito} volverA={`/orden/${id}`}>
          {motivo}
        </EstadoSinPermiso>
      );
  }
  return (
    <>
      <PageHeader titulo={titulo} volverA={id ? `/orden/${id}` : '/home'} />
      <IonContent className="ion-padding delego-page-content">
        <div className={['delego-container', COLUMNAS[ambito], clase].filter(Boolean).join(' ')}>{contenido}</div>
      </IonContent>
    </>
  );
}
