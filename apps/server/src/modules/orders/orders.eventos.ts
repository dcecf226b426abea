import { ZONA_HORARIA_EMPRESA_POR_DEFECTO, estadoInfo, textoFecha } from '@delego/contract';

/** An order's start or end date: a calendar day of the company (docs/FECHAS.md), 'dd/MM/yyyy'. */
export function fechaTexto(ms: number | null | undefined, zona = ZONA_HORARIA_EMPRESA_POR_DEFECTO): string {
  return ms == null ? 'sin fecha' : textoFecha(ms, zona);
}

const nombreEstado = (id: unknown) => (typeof id === 'number' ? (estadoInfo(id)?.nombre ?? `#${id}`) : '—');
const lista = (v: unknown) => (Array.isArray(v) && v.length ? v.map(String).join(', ') : 'nadie');
const texto = (v: unknown) => (v == null || v === '' ? 'ninguno' : `«${String(v)}»`);
const horas = (m: unknown) => {
  const n = typeof m === 'number' ? m : 0;
  return `${Math.floor(n / 60)}:${String(n % 60).padStart(2, '0')}`;
};
/** 'YYYY-MM-DD' -> 'dd/mm/yyyy'. */
const dia = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v.split('-').reverse().join('/') : '—';
const importe = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const monto = (centavos: unknown, moneda: unknown) =>
  `${typeof moneda === 'string' ? moneda : ''} ${importe.format((typeof centavos === 'number' ? centavos : 0) / 100)}`.trim();

/**
 * Whether the order's client did it from a public link, not the user recorded as its author (who
 * created the link): the billing form, and what `desde: 'resumen_publico'` marks.
 */
export function hechoPorCliente(tipo: string, datos: Record<string, unknown> | null): boolean {
  return tipo === 'FACTURACION_CLIENTE' || datos?.desde === 'resumen_publico';
}

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
    case 'ARCHIVO_AGREGADO':
      return `Adjuntó el archivo ${texto(d.nombre)}`;
    case 'ARCHIVO_ELIMINADO':
      return `Quitó el archivo ${texto(d.nombre)}`;
    case 'HORAS':
      return `Registró ${horas(d.minutos)} h de ${String(d.usuario ?? '—')} el ${dia(d.dia)}`;
    case 'GASTO':
      return `Registró el gasto ${texto(d.concepto)} por ${monto(d.centavos, d.moneda)}`;
    case 'REGISTRO_CORREGIDO': {
      const antes = (d.antes ?? {}) as Record<string, unknown>;
      const despues = (d.despues ?? {}) as Record<string, unknown>;
      if (d.clase === 'horas') {
        return `Corrigió las horas de ${String(antes.usuario ?? '—')} del ${dia(antes.dia)} (${horas(antes.minutos)} h): ahora ${horas(despues.minutos)} h de ${String(despues.usuario ?? '—')} el ${dia(despues.dia)}`;
      }
      return `Corrigió el gasto ${texto(antes.concepto)} (${monto(antes.centavos, antes.moneda)}): ahora ${texto(despues.concepto)} por ${monto(despues.centavos, despues.moneda)}`;
    }
    case 'ENCUESTA_ENVIADA':
      return d.automatica
        ? `Se envió la encuesta de satisfacción a ${String(d.email ?? '—')} al finalizar la orden`
        : `Envió la encuesta de satisfacción a ${String(d.email ?? '—')}`;
    case 'FACTURACION':
      return `Cargó los datos de facturación: ${texto(d.razonSocial)}, CUIT ${String(d.cuit ?? '—')}`;
    case 'FACTURACION_DELEGADA':
      return `Pidió los datos de facturación al cliente (${String(d.email ?? '—')})`;
    case 'FACTURACION_CLIENTE':
      return `El cliente cargó los datos de facturación desde el formulario enviado a ${String(d.email ?? '—')}: ${texto(d.razonSocial)}, CUIT ${String(d.cuit ?? '—')}`;
    case 'ENLACE_PUBLICO':
      return d.accion === 'revocado'
        ? 'Revocó el enlace público de la orden'
        : d.accion === 'enviado'
          ? `Envió el enlace público de la orden a ${String(d.email ?? '—')}`
          : d.accion === 'renovado'
            ? `Renovó el enlace público de la orden (el anterior dejó de funcionar)${paraEnlace(d.para)}`
            : `Creó un enlace público de la orden${paraEnlace(d.para) || ' para el cliente'}`;
    case 'EXTERNO':
      return textoExterno(d);
    case 'CONFORMIDAD':
      return d.accion === 'firma'
        ? `El cliente firmó la conformidad en el lugar: ${texto(d.nombre)}${d.dni ? `, DNI ${String(d.dni)}` : ''}`
        : d.accion === 'conforme'
          ? 'El cliente respondió «Conforme» desde el resumen público'
          : `El cliente respondió «No conforme» desde el resumen público: ${texto(d.motivo)}`;
    case 'REGISTRO_ELIMINADO':
      return d.clase === 'horas'
        ? `Eliminó ${horas(d.minutos)} h de ${String(d.usuario ?? '—')} del ${dia(d.dia)}`
        : `Eliminó el gasto ${texto(d.concepto)} por ${monto(d.centavos, d.moneda)}`;
    case 'CHECKLIST':
      switch (d.accion) {
        case 'respondio':
          return `Respondió ${texto(d.etiqueta)} del checklist: ${String(d.valor ?? '—')}`;
        case 'borro':
          return `Quitó la respuesta de ${texto(d.etiqueta)} del checklist`;
        case 'evidencia': {
          const fotos = Array.isArray(d.fotos) ? d.fotos.map((f) => texto(f)) : [];
          return fotos.length === 1
            ? `Agregó la foto ${fotos[0]!} como evidencia de ${texto(d.etiqueta)} del checklist`
            : `Agregó ${fotos.length} fotos como evidencia de ${texto(d.etiqueta)} del checklist: ${fotos.join(', ')}`;
        }
        case 'sinEvidencia':
          return Number(d.cantidad) === 1
            ? `Quitó una foto de evidencia de ${texto(d.etiqueta)} del checklist`
            : `Quitó ${String(d.cantidad)} fotos de evidencia de ${texto(d.etiqueta)} del checklist`;
        case 'nota':
          return `Cambió la nota de ${texto(d.etiqueta)} del checklist`;
        case 'agrego':
          return `Agregó el ítem ${texto(d.etiqueta)} al checklist`;
        case 'quito':
          return `Quitó el ítem ${texto(d.etiqueta)} del checklist`;
        case 'reaplico':
          return d.version == null
            ? 'Quitó el checklist del tipo de orden (el tipo no tiene checklist)'
            : `Aplicó el checklist del tipo de orden (versión ${String(d.version)})`;
        default:
          return 'Modificó el checklist';
      }
    case 'CHECKLIST_FIRMA':
      return d.firmante ? `Firma de ${String(d.firmante)} en ${texto(d.etiqueta)}` : `Firma en ${texto(d.etiqueta)}`;
    case 'SEGUIMIENTO':
      return d.rol === 'origen'
        ? `Creó la orden de seguimiento N° ${String(d.numero ?? '—')} por el ítem fallido ${texto(d.etiqueta)}`
        : `Orden de seguimiento de la N° ${String(d.numero ?? '—')} (ítem fallido ${texto(d.etiqueta)})`;
    default:
      return e.tipo;
  }
}

/** The history line of a contractor link's event (modules/externos). */
function textoExterno(d: Record<string, unknown>): string {
  const quien = `Externo: ${String(d.nombre ?? '—')}`;
  switch (d.accion) {
    case 'entregada':
      return `Entregó la orden a ${quien} por un enlace`;
    case 'revocado':
      return `Revocó el enlace de ${quien}`;
    case 'renovado':
      return `Renovó el enlace de ${quien} hasta el ${fechaTexto(d.hasta as number | null)}`;
    case 'aceptada':
      return 'Aceptó la orden';
    case 'rechazada':
      return 'Rechazó la orden';
    default:
      return 'Cambió el enlace de un externo';
  }
}

/** Why a link was created by another module (client-side's `ParaEnlace`), as the history says it. */
function paraEnlace(para: unknown): string {
  if (para === 'whatsapp') return ' para los avisos por WhatsApp al cliente';
  if (para === 'solicitud') return ' para el seguimiento de quien hizo el pedido';
  return '';
}
