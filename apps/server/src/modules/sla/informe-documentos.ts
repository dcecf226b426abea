import type { Readable } from 'node:stream';
import {
  NOMBRE_RESULTADO_PLAZO,
  porcentajeCumplido,
  textoMes,
  textoPorcentaje,
  type ConteoPlazo,
  type InformeSla,
  type PlazoInforme,
  textoFechaHora,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
} from '@delego/contract';
import { parteDeNombreArchivo } from '../../lib/descarga.js';
import { libroXlsx, type ColumnaXlsx } from '../../lib/xlsx.js';
import { COLORES_PDF, EscritorPdf, fechaExcel, textoPdf } from '../reports/index.js';

const fechaHora = (ms: number | null | undefined) =>
  ms == null ? '—' : textoFechaHora(ms, ZONA_HORARIA_EMPRESA_POR_DEFECTO);

/** The file name of a client's month: «informe-sla-hotel-2026-11.pdf». */
export function nombreArchivo(i: InformeSla, extension: 'pdf' | 'xlsx'): string {
  const cliente = parteDeNombreArchivo(i.cliente.nombre);
  return `informe-sla-${cliente || 'cliente'}-${i.mes}.${extension}`;
}

const FILAS_TOTALES = (i: InformeSla) =>
  (
    [
      ['Respuesta', i.respuesta],
      ['Resolución', i.resolucion],
    ] as const
  ).map(([plazo, c]: readonly [string, ConteoPlazo]) => ({
    plazo,
    cumplidas: c.cumplidas,
    incumplidas: c.incumplidas,
    enCurso: c.enCurso,
    porcentaje: porcentajeCumplido(c),
  }));

const vence = (p: PlazoInforme | null) => (p ? fechaHora(p.vence) : '—');
const cumplida = (p: PlazoInforme | null) => (p ? fechaHora(p.cumplidaEn) : '—');
const resultado = (p: PlazoInforme | null) => (p ? NOMBRE_RESULTADO_PLAZO[p.resultado] : 'Sin objetivo');

/** The report as a PDF (pdfkit, the order report's writer), written while it is read. */
export async function informePdf(i: InformeSla): Promise<Readable> {
  const { default: PDFDocument } = await import('pdfkit');
  const titulo = `Informe de niveles de servicio: ${i.cliente.nombre}, ${textoMes(i.mes)}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 40,
    bufferPages: true,
    info: { Title: textoPdf(titulo), Author: textoPdf(i.entidad.nombre), Creator: 'Delego' },
  });
  const w = new EscritorPdf(doc);
  w.parrafo(i.entidad.nombre, { color: COLORES_PDF.tenue });
  w.parrafo(titulo, { fuente: 'Helvetica-Bold', tamanio: 16, color: COLORES_PDF.titulo });
  w.parrafo(`Órdenes del cliente creadas en ${textoMes(i.mes)}: ${i.ordenes}. Generado el ${fechaHora(i.generado)}.`, {
    color: COLORES_PDF.tenue,
    tamanio: 9,
  });
  w.seccion('Cumplimiento');
  w.tabla(
    [
      { titulo: 'Plazo', ancho: 3 },
      { titulo: 'Cumplidos a tiempo', ancho: 3, derecha: true },
      { titulo: 'Incumplidos', ancho: 3, derecha: true },
      { titulo: 'En curso', ancho: 3, derecha: true },
      { titulo: '% cumplido', ancho: 3, derecha: true },
    ],
    FILAS_TOTALES(i).map((f) => [
      f.plazo,
      String(f.cumplidas),
      String(f.incumplidas),
      String(f.enCurso),
      textoPorcentaje(f.porcentaje),
    ]),
  );
  w.seccion('Órdenes');
  if (!i.lista.length) w.parrafo('No hay órdenes con nivel de servicio creadas en el mes.');
  else
    w.tabla(
      [
        { titulo: 'N.º', ancho: 2, derecha: true },
        { titulo: 'Título', ancho: 8 },
        { titulo: 'Creada', ancho: 4 },
        { titulo: 'Respuesta: vence', ancho: 4 },
        { titulo: 'Respondida', ancho: 4 },
        { titulo: 'Resolución: vence', ancho: 4 },
        { titulo: 'Resuelta', ancho: 4 },
        { titulo: 'Resultado', ancho: 5 },
      ],
      i.lista.map((o) => [
        String(o.numero),
        o.titulo,
        fechaHora(o.creada),
        vence(o.respuesta),
        cumplida(o.respuesta),
        vence(o.resolucion),
        cumplida(o.resolucion),
        `Respuesta: ${resultado(o.respuesta)}\nResolución: ${resultado(o.resolucion)}`,
      ]),
    );
  if (i.omitidas > 0) {
    w.parrafo(`Y ${i.omitidas} órdenes más, contadas en los totales.`, { color: COLORES_PDF.tenue, tamanio: 9 });
  }
  w.numerarPaginas((pagina, de) => textoPdf(`${i.cliente.nombre} · ${textoMes(i.mes)} · Página ${pagina} de ${de}`));
  doc.end();
  return doc;
}

type FilaTotal = ReturnType<typeof FILAS_TOTALES>[number];
type FilaOrden = InformeSla['lista'][number];

const COLUMNAS_TOTALES: ColumnaXlsx<FilaTotal>[] = [
  { titulo: 'Plazo', ancho: 14, valor: (f) => f.plazo },
  { titulo: 'Cumplidos a tiempo', ancho: 20, valor: (f) => f.cumplidas },
  { titulo: 'Incumplidos', ancho: 14, valor: (f) => f.incumplidas },
  { titulo: 'En curso', ancho: 12, valor: (f) => f.enCurso },
  { titulo: '% cumplido', ancho: 12, formato: '0.0%', valor: (f) => f.porcentaje },
];

const fechaCelda = (ms: number | null | undefined) => (ms == null ? null : fechaExcel(ms));
const COLUMNAS_ORDENES: ColumnaXlsx<FilaOrden>[] = [
  { titulo: 'N.º', ancho: 8, valor: (o) => o.numero },
  { titulo: 'Título', ancho: 40, valor: (o) => o.titulo },
  { titulo: 'Creada', ancho: 18, formato: 'dd/mm/yyyy hh:mm', valor: (o) => fechaCelda(o.creada) },
  { titulo: 'Respuesta: vence', ancho: 18, formato: 'dd/mm/yyyy hh:mm', valor: (o) => fechaCelda(o.respuesta?.vence) },
  { titulo: 'Respondida', ancho: 18, formato: 'dd/mm/yyyy hh:mm', valor: (o) => fechaCelda(o.respuesta?.cumplidaEn) },
  { titulo: 'Respuesta', ancho: 14, valor: (o) => resultado(o.respuesta) },
  {
    titulo: 'Resolución: vence',
    ancho: 18,
    formato: 'dd/mm/yyyy hh:mm',
    valor: (o) => fechaCelda(o.resolucion?.vence),
  },
  { titulo: 'Resuelta', ancho: 18, formato: 'dd/mm/yyyy hh:mm', valor: (o) => fechaCelda(o.resolucion?.cumplidaEn) },
  { titulo: 'Resolución', ancho: 14, valor: (o) => resultado(o.resolucion) },
];

/** The report as an .xlsx (lib/xlsx.ts): a sheet of totals and one of orders. */
export function informeXlsx(i: InformeSla): Promise<Readable> {
  return libroXlsx(async (hoja) => {
    const totales = hoja('Cumplimiento', COLUMNAS_TOTALES);
    for (const f of FILAS_TOTALES(i)) totales.agregar(f);
    const ordenes = hoja('Órdenes', COLUMNAS_ORDENES);
    for (const o of i.lista) ordenes.agregar(o);
    await ordenes.esperar();
  });
}
