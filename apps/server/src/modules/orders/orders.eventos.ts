import { estadoInfo } from '@delego/contract';

const fmt = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Argentina/Buenos_Aires',
});

export function fechaTexto(ms: number | null | undefined): string {
  return ms == null ? 'sin fecha' : fmt.format(new Date(ms));
}

const nombreEstado = (id: unknown) => (typeof id === 'number' ? (estadoInfo(id)?.nombre ?? `#${id}`) : '—');
const lista = (v: unknown) => (Array.isArray(v) && v.length ? v.map(String).join(', ') : 'nadie');
const texto = (v: unknown) => (v == null || v === '' ? 'ninguno' : `«${String(v)}»`);

/** The Spanish sentence the history shows for an event (its author is shown beside it). */
export function describirEvento(e: {
  tipo: string;
  estadoAnterior: number | null;
  estadoNuevo: number | null;
  datos: Record<string, unknown> | null;
}): string {
  const d = e.datos ?? {};
  switch (e.tipo) {
    case 'CREADA':
      return Array.isArray(d.nombres) && d.nombres.length
        ? `Creó la orden y la asignó a ${lista(d.nombres)}`
        : 'Creó la orden';
    case 'ESTADO':
      return `Cambió el estado de ${nombreEstado(e.estadoAnterior)} a ${nombreEstado(e.estadoNuevo)}`;
    case 'RESPONSABLE':
      return `Cambió los responsables a ${lista(d.nombres)}`;
    case 'TITULO':
      return `Cambió el título de ${texto(d.anterior)} a ${texto(d.nuevo)}`;
    case 'DETALLE':
      return 'Modificó el detalle';
    case 'FECHA':
      return `Cambió la fecha de ${d.campo === 'fechaInicio' ? 'inicio' : 'fin'} a ${fechaTexto(d.nuevo as number | null)}`;
    case 'TIPO':
      return `Cambió el tipo de orden a ${texto(d.nombre)}`;
    case 'AREA':
      return `Cambió el área a ${texto(d.nombre)}`;
    case 'PRIORIDAD':
      return `Cambió la prioridad a ${texto(d.nombre)}`;
    case 'CLIENTE':
      return `Cambió el cliente a ${texto(d.nombre)}`;
    case 'ELIMINADA':
      return 'Eliminó la orden';
    default:
      return e.tipo;
  }
}
