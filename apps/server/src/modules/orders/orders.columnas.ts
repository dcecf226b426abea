/** What an order says of its work, as sent: the form's fields of an order and a maintenance plan's template. */
export interface ContenidoDeOrden {
  titulo: string;
  detalle: string;
  tipoOrden?: number | null;
  area?: number | null;
  prioridad?: number | null;
}

/**
 * The columns that keep what an order says of its work (an order's row, and a maintenance plan's
 * template of the orders it creates): the type, area and priority by id, none when not sent.
 */
export function columnasDeContenido(b: ContenidoDeOrden) {
  return {
    titulo: b.titulo,
    detalle: b.detalle,
    tipoOrdenId: b.tipoOrden ?? null,
    areaId: b.area ?? null,
    prioridadId: b.prioridad ?? null,
  };
}
