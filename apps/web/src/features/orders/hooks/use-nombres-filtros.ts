import { useEquiposDe, useUbicaciones } from '../../../domain/equipo';
import { useAreas, usePrioridades, useTiposOrden } from '../../../lib/catalogos';
import { useClientesUsados } from '../api/get-clientes-usados';
import { useResponsablesDisponibles } from '../../../domain/orden';
import {
  NOMBRES_CAMPO_FECHA,
  NOMBRES_FILTRO_SLA,
  filtrosAvanzados,
  type FiltroAvanzado,
  type FiltrosLista,
} from '../model/filtros';
import { formatoDia, nombrePersona } from '../model/formato';

export interface ChipFiltro {
  filtro: FiltroAvanzado;
  texto: string;
}

function nombreDe<T extends { id: number }>(
  lista: readonly T[] | undefined,
  id: number | null,
  nombre: (x: T) => string,
) {
  const item = lista?.find((x) => x.id === id);
  return item ? nombre(item) : `#${id}`;
}

/** The text of a date range filter: 'Creación: 01/10/2026 – 31/10/2026', 'Fin: desde 01/10/2026'. */
export function textoRangoFechas(f: Pick<FiltrosLista, 'fechaDesde' | 'fechaHasta' | 'campoFecha'>): string {
  const campo = NOMBRES_CAMPO_FECHA[f.campoFecha];
  if (f.fechaDesde && f.fechaHasta) return `${campo}: ${formatoDia(f.fechaDesde)} – ${formatoDia(f.fechaHasta)}`;
  if (f.fechaDesde) return `${campo}: desde ${formatoDia(f.fechaDesde)}`;
  return `${campo}: hasta ${formatoDia(f.fechaHasta ?? '')}`;
}

/**
 * The filters chosen on the filters screen, as removable chips with readable names. The
 * catalogues are asked for only when a filter needs their names.
 */
export function useChipsFiltros(f: FiltrosLista): ChipFiltro[] {
  const activos = filtrosAvanzados(f);
  const clientes = useClientesUsados({ habilitada: activos.includes('cliente') });
  const usuarios = useResponsablesDisponibles('todos', { habilitada: activos.includes('responsable') });
  const tipos = useTiposOrden({ habilitada: activos.includes('tipo') });
  const areas = useAreas({ habilitada: activos.includes('area') });
  const prioridades = usePrioridades({ habilitada: activos.includes('prioridad') });
  // A site's and an equipo's names come from the client's lists (their filters go with a client).
  const ubicaciones = useUbicaciones(f.cliente, { habilitada: activos.includes('ubicacion') && f.cliente !== null });
  const equipos = useEquiposDe(f.cliente === null ? null : { cliente: f.cliente, ubicacion: f.ubicacion }, {
    habilitada: activos.includes('equipo') && f.cliente !== null,
  });

  return activos.map((filtro): ChipFiltro => {
    switch (filtro) {
      case 'cliente':
        return { filtro, texto: `Cliente: ${nombreDe(clientes.data, f.cliente, (c) => c.nombre)}` };
      case 'ubicacion':
        return { filtro, texto: `Ubicación: ${nombreDe(ubicaciones.data, f.ubicacion, (u) => u.nombre)}` };
      case 'equipo':
        return { filtro, texto: `Equipo: ${nombreDe(equipos.data?.equipos, f.equipo, (e) => e.nombre)}` };
      case 'responsable':
        return { filtro, texto: `Responsable: ${nombreDe(usuarios.data, f.responsable, nombrePersona)}` };
      case 'tipo':
        return { filtro, texto: `Tipo: ${nombreDe(tipos.data, f.tipo, (t) => t.nombre)}` };
      case 'area':
        return { filtro, texto: `Área: ${nombreDe(areas.data, f.area, (a) => a.nombre)}` };
      case 'prioridad':
        return { filtro, texto: `Prioridad: ${nombreDe(prioridades.data, f.prioridad, (p) => p.nombre)}` };
      case 'fechas':
        return { filtro, texto: textoRangoFechas(f) };
      case 'sla':
        return { filtro, texto: f.sla ? NOMBRES_FILTRO_SLA[f.sla] : '' };
    }
  });
}
