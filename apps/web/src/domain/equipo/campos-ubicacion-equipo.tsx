import { CampoSeleccion } from '../../components/campos';
import type { PropsCampo } from '../../lib/formularios';
import { useEquiposDe, useUbicaciones } from './api';

interface Nombrado {
  id: number;
  nombre: string;
}

/** The options offered, plus the one already chosen when it is no longer among them (an edit). */
function conElActual<E extends Nombrado>(lista: readonly E[] | undefined, actual: E | null | undefined): E[] {
  const todas = [...(lista ?? [])];
  if (actual && !todas.some((e) => e.id === actual.id)) todas.push(actual);
  return todas;
}

interface Props {
  /** The client chosen (null: both selects off). */
  cliente: number | null;
  ubicacion: PropsCampo<number | null>;
  equipo: PropsCampo<number | null>;
  /** What the record already names, kept as an option when editing. */
  actuales?: { ubicacion?: Nombrado | null; equipo?: (Nombrado & { codigo?: string | null }) | null };
  /** Prefix of the test ids: `${testId}-ubicacion`, `${testId}-equipo`. */
  testId: string;
  /** As a filter of a list: «Todas» / «Todos» instead of «Sin ubicación» / «Sin equipo». */
  comoFiltro?: boolean;
}

/**
 * «Ubicación» and «Equipo» (optional) of a client, as an order or a maintenance plan takes them: the
 * equipos offered are the client's at the site chosen; a new site empties the equipo. The form
 * empties both when the client changes.
 */
export function CamposUbicacionEquipo({ cliente, ubicacion, equipo, actuales, testId, comoFiltro = false }: Props) {
  const conCliente = { habilitada: cliente !== null };
  const ubicaciones = useUbicaciones(cliente, conCliente);
  const equipos = useEquiposDe(cliente === null ? null : { cliente, ubicacion: ubicacion.value }, conCliente);
  return (
    <>
      <CampoSeleccion<number, number | null>
        {...ubicacion}
        label={comoFiltro ? 'Ubicación' : 'Ubicación (opcional)'}
        ninguno={comoFiltro ? 'Todas' : 'Sin ubicación'}
        disabled={ubicacion.disabled || cliente === null}
        opciones={conElActual(ubicaciones.data, actuales?.ubicacion).map((u) => ({ valor: u.id, texto: u.nombre }))}
        onChange={(nueva) => {
          ubicacion.onChange(nueva);
          if (nueva !== ubicacion.value) equipo.onChange(null);
        }}
        data-testid={`${testId}-ubicacion`}
      />
      <CampoSeleccion<number, number | null>
        {...equipo}
        label={comoFiltro ? 'Equipo' : 'Equipo (opcional)'}
        ninguno={comoFiltro ? 'Todos' : 'Sin equipo'}
        disabled={equipo.disabled || cliente === null}
        opciones={conElActual(equipos.data?.equipos, actuales?.equipo).map((e) => ({
          valor: e.id,
          texto: e.codigo ? `${e.nombre} (${e.codigo})` : e.nombre,
        }))}
        data-testid={`${testId}-equipo`}
      />
    </>
  );
}
