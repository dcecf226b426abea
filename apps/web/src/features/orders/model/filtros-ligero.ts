/**
 * The part of filtros.ts that the first-stage Inicio (inicio-ligero/, issue 17) uses too, with no
 * import at all: the filters the list starts with empty. filtros.ts builds FILTROS_INICIALES on it
 * and pedir-inicio.ts the body of the first page, so the two ask for the same list.
 */

/** No client, site, equipo, responsable, type, area, priority nor date range; the range, if any, on creation. */
export const SIN_FILTROS = {
  cliente: null,
  ubicacion: null,
  equipo: null,
  responsable: null,
  tipo: null,
  area: null,
  prioridad: null,
  fechaDesde: null,
  fechaHasta: null,
  campoFecha: 'creada',
} as const;
