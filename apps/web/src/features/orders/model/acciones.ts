import type { OrdenDetalle } from '@delego/contract';

/** What can be done with an order from its detail screen. */
export type AccionOrden = 'estado' | 'responsable' | 'responsables' | 'titulo' | 'detalle' | 'editar' | 'eliminar';

/**
 * The actions to offer, exactly as the server's `acciones` allow: a read-only order offers no
 * change at all; deleting depends only on borrarOrden for its client.
 */
export function accionesVisibles(a: OrdenDetalle['acciones']): AccionOrden[] {
  const visibles: AccionOrden[] = [];
  const editable = !a.soloLectura && a.modificar;
  if (editable && a.estadosSiguientes.length > 0) visibles.push('estado');
  if (editable && a.cambiarResponsable) visibles.push('responsable', 'responsables');
  if (editable) visibles.push('titulo', 'detalle', 'editar');
  if (a.borrar) visibles.push('eliminar');
  return visibles;
}

/** Why the person may not change the order's own fields (title, detail, the whole form), or null. */
export function motivoSinModificar(o: OrdenDetalle): string | null {
  return o.acciones.soloLectura || !o.acciones.modificar
    ? 'Esta orden es de solo lectura para usted: necesita el permiso «Modificar órdenes» o ser su responsable.'
    : null;
}
