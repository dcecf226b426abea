/** The columns of the Excel exports of this module: each one's header, width, format and value. */
import type { ColumnaXlsx } from '../../lib/xlsx.js';
import { inicioDiaAR } from '../expenses/index.js';
import type { OrdenExportada } from '../orders/index.js';
import { demoraDias, fechaExcel } from './formato.js';

const montoNum = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An exported order with its hours (minutes) and expenses (cents per currency), when it has any. */
export interface OrdenConTotales {
  o: OrdenExportada;
  t: { minutos: number; gastos: { moneda: string; centavos: number }[] } | undefined;
}

/** The orders export; the delay is counted up to `ahora` for the orders still open. */
export function columnasOrdenes(ahora: number): ColumnaXlsx<OrdenConTotales>[] {
  return [
    { titulo: 'Número', ancho: 10, valor: ({ o }) => o.numero },
    { titulo: 'Título', ancho: 40, valor: ({ o }) => o.titulo },
    { titulo: 'Cliente', ancho: 28, valor: ({ o }) => o.cliente ?? '' },
    { titulo: 'Tipo', ancho: 16, valor: ({ o }) => o.tipo ?? '' },
    { titulo: 'Área', ancho: 16, valor: ({ o }) => o.area ?? '' },
    { titulo: 'Prioridad', ancho: 12, valor: ({ o }) => o.prioridad ?? '' },
    { titulo: 'Estado', ancho: 13, valor: ({ o }) => o.estado },
    { titulo: 'Responsables', ancho: 30, valor: ({ o }) => o.responsables.join(', ') },
    {
      titulo: 'Fecha inicio',
      ancho: 13,
      formato: 'dd/mm/yyyy',
      valor: ({ o }) => (o.fechaInicio != null ? fechaExcel(o.fechaInicio) : null),
    },
    {
      titulo: 'Fecha fin',
      ancho: 13,
      formato: 'dd/mm/yyyy',
      valor: ({ o }) => (o.fechaFin != null ? fechaExcel(o.fechaFin) : null),
    },
    { titulo: 'Demora (días)', ancho: 14, formato: '0.00', valor: ({ o }) => demoraDias(o, ahora) },
    { titulo: 'Horas', ancho: 10, formato: '[h]:mm', valor: ({ t }) => (t?.minutos ? t.minutos / 1440 : 0) },
    {
      titulo: 'Gastos ARS',
      ancho: 14,
      formato: '#,##0.00',
      valor: ({ t }) => {
        const ars = t?.gastos.find((g) => g.moneda === 'ARS');
        return ars ? ars.centavos / 100 : 0;
      },
    },
    {
      titulo: 'Otros gastos',
      ancho: 22,
      valor: ({ t }) =>
        (t?.gastos ?? [])
          .filter((g) => g.moneda !== 'ARS')
          .map((g) => `${g.moneda} ${montoNum.format(g.centavos / 100)}`)
          .join(' · '),
    },
  ];
}

/** A row of the hours summary: a user and client, or a total of one of them. */
export interface FilaResumenHoras {
  usuario: string;
  cliente: string;
  minutos: number;
}

/** The hours report's summary sheet, by user and client. */
export const COLUMNAS_HORAS_RESUMEN: ColumnaXlsx<FilaResumenHoras>[] = [
  { titulo: 'Usuario', ancho: 28, valor: (f) => f.usuario },
  { titulo: 'Cliente', ancho: 30, valor: (f) => f.cliente },
  { titulo: 'Horas', ancho: 12, formato: '[h]:mm', valor: (f) => f.minutos / 1440 },
  { titulo: 'Horas (decimal)', ancho: 16, formato: '0.00', valor: (f) => f.minutos / 60 },
];

/** One entry of hours, as the detail sheet reads it. */
export interface HorasDetalle {
  dia: string;
  usuario: string;
  cliente: string | null;
  numero: number;
  titulo: string;
  minutos: number;
  descripcion: string;
}

/** The hours report's detail sheet: every entry of the range. */
export const COLUMNAS_HORAS_DETALLE: ColumnaXlsx<HorasDetalle>[] = [
  { titulo: 'Fecha', ancho: 12, formato: 'dd/mm/yyyy', valor: (h) => fechaExcel(inicioDiaAR(h.dia)) },
  { titulo: 'Usuario', ancho: 26, valor: (h) => h.usuario },
  { titulo: 'Cliente', ancho: 28, valor: (h) => h.cliente ?? 'Sin cliente' },
  { titulo: 'Orden', ancho: 9, valor: (h) => h.numero },
  { titulo: 'Título', ancho: 36, valor: (h) => h.titulo },
  // A time value (a fraction of a day) like the summary's, not text: Excel sums and filters it.
  { titulo: 'Horas', ancho: 10, formato: '[h]:mm', valor: (h) => h.minutos / 1440 },
  { titulo: 'Descripción', ancho: 50, valor: (h) => h.descripcion },
];
