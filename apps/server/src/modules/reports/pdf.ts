import {
  TEXTO_CONFORMIDAD_REQUERIDA,
  horasTexto,
  type Archivo,
  type ConformidadOrden,
  type EventoOrden,
  type OrdenDetalle,
  type RegistroOrden,
} from '@delego/contract';
import { fecha, fechaHora, tamanioTexto, textoPdf as t } from './formato.js';

/** Everything the printed report of an order shows. */
export interface DatosReporte {
  entidad: { nombre: string; logo: Buffer | null };
  orden: OrdenDetalle;
  registro: RegistroOrden;
  historial: EventoOrden[] | null;
  archivos: { archivo: Archivo; leerMiniatura: (() => Promise<Buffer>) | null }[] | null;
  /** The order's checklist (issue 31): each item's answer, and its photos' thumbnails and signatures. */
  checklist: ChecklistParaImprimir | null;
  /** The client's conformity and the signature's image (issue 31); null when there is nothing to print. */
  conformidad: { conformidad: ConformidadOrden; imagen: { bytes: Buffer } | null } | null;
  generado: number;
  generadoPor: string;
}

/** An order's checklist as the report prints it. */
export interface ChecklistParaImprimir {
  progreso: string;
  items: {
    seccion: string | null;
    etiqueta: string;
    requerido: boolean;
    respuesta: string | null;
    estado: string;
    nota: string | null;
  }[];
  /** Photos (thumbnails) and signature images of the answers, with the item they belong to. */
  imagenes: { titulo: string; leer: () => Promise<Buffer> }[];
}

/** Images printed at most: the rest are listed. */
export const MAX_IMAGENES = 60;

export const COLOR = { texto: '#222222', tenue: '#666666', linea: '#cccccc', titulo: '#1f5fa8' };
const montoNum = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const monto = (v: number, moneda: string) => `${moneda} ${montoNum.format(v)}`;
const persona = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`.trim();
const recortar = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The company logo as PNG or JPEG bytes for pdfkit. Logos are data URLs; pdfkit only embeds PNG
 * and JPEG, so SVG (the demo's), WebP or GIF are rasterised with sharp. null when unreadable.
 */
export async function logoParaPdf(dataUrl: string | null | undefined): Promise<Buffer | null> {
  if (!dataUrl) return null;
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl.trim());
  if (!m) return null;
  const datos = m[2] ? Buffer.from(m[3] ?? '', 'base64') : Buffer.from(decodeURIComponent(m[3] ?? ''), 'utf8');
  const png = datos.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = datos[0] === 0xff && datos[1] === 0xd8 && datos[2] === 0xff;
  if (png || jpeg) return datos;
  // sharp (libvips) is loaded on the first logo to rasterise, not with the server (issue 18).
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(datos, { limitInputPixels: 40_000_000 }).resize(256, 256, { fit: 'inside' }).png().toBuffer();
  } catch {
    return null;
  }
}

export interface Col {
  titulo: string;
  ancho: number;
  derecha?: boolean;
}

/** Writes sections, fields, paragraphs and tables with page breaks onto a pdfkit document. */
export class Escritor {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /**
   * The footer of every page (the document keeps its pages: `bufferPages`), centred in the bottom
   * margin: `texto(pagina, de)`, already a text the fonts can draw. Called once, at the end.
   */
  numerarPaginas(texto: (pagina: number, de: number) => string): void {
    const doc = this.doc;
    const rango = doc.bufferedPageRange();
    for (let i = rango.start; i < rango.start + rango.count; i++) {
      doc.switchToPage(i);
      const margen = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(COLOR.tenue)
        .text(texto(i - rango.start + 1, rango.count), this.izq, doc.page.height - margen / 2 - 4, {
          width: this.ancho,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = margen;
    }
  }

  get izq(): number {
    return this.doc.page.margins.left;
  }
  get ancho(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  get fondo(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  espacio(alto: number): void {
    if (this.doc.y + alto > this.fondo) this.doc.addPage();
  }

  linea(color = COLOR.linea): void {
    const y = this.doc.y;
    this.doc
      .save()
      .moveTo(this.izq, y)
      .lineTo(this.izq + this.ancho, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  seccion(titulo: string): void {
    this.espacio(60);
    this.doc.moveDown(0.8);
    this.doc.x = this.izq;
    this.doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(COLOR.titulo)
      .text(t(titulo), this.izq, this.doc.y, { width: this.ancho });
    this.doc.moveDown(0.2);
    this.linea(COLOR.titulo);
    this.doc.moveDown(0.4);
    this.doc.fillColor(COLOR.texto);
  }

  campo(etiqueta: string, valor: string): void {
    this.doc.x = this.izq;
    this.doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COLOR.texto)
      .text(`${t(etiqueta)}: `, { continued: true, width: this.ancho })
      .font('Helvetica')
      .text(t(valor || '—'));
  }

  parrafo(texto: string, o: { color?: string; tamanio?: number; fuente?: string } = {}): void {
    this.doc.x = this.izq;
    this.doc
      .font(o.fuente ?? 'Helvetica')
      .fontSize(o.tamanio ?? 10)
      .fillColor(o.color ?? COLOR.texto)
      .text(t(texto), { width: this.ancho });
    this.doc.fillColor(COLOR.texto);
  }

  tabla(cols: Col[], filas: string[][], pie?: string[]): void {
    const doc = this.doc;
    const total = cols.reduce((a, c) => a + c.ancho, 0);
    const escala = this.ancho / total;
    const anchos = cols.map((c) => c.ancho * escala);
    const xs = anchos.map((_, i) => this.izq + anchos.slice(0, i).reduce((a, w) => a + w, 0));
    const fila = (celdas: string[], negrita: boolean) => {
      doc.font(negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const textos = celdas.map((c) => t(recortar(c, 600)));
      const alto = Math.max(...textos.map((c, i) => doc.heightOfString(c || ' ', { width: (anchos[i] ?? 0) - 6 }))) + 6;
      return { textos, alto };
    };
    const dibujar = (f: { textos: string[]; alto: number }) => {
      const y = doc.y;
      f.textos.forEach((c, i) => {
        doc.text(c, (xs[i] ?? 0) + 3, y + 3, {
          width: (anchos[i] ?? 0) - 6,
          align: cols[i]?.derecha ? 'right' : 'left',
        });
      });
      doc.y = y + f.alto;
      doc.x = this.izq;
      this.linea();
    };
    const encabezado = () => {
      const f = fila(
        cols.map((c) => c.titulo),
        true,
      );
      doc.fillColor(COLOR.tenue);
      dibujar(f);
      doc.fillColor(COLOR.texto);
    };
    this.espacio(40);
    encabezado();
    for (const celdas of filas) {
      const f = fila(celdas, false);
      if (doc.y + f.alto > this.fondo) {
        doc.addPage();
        encabezado();
        doc.font('Helvetica').fontSize(9);
      }
      dibujar(f);
    }
    if (pie) {
      const f = fila(pie, true);
      if (doc.y + f.alto > this.fondo) doc.addPage();
      dibujar(f);
    }
    doc.font('Helvetica').fontSize(10);
  }
}

function encabezado(doc: PDFKit.PDFDocument, w: Escritor, d: DatosReporte): void {
  const top = doc.y;
  let x = w.izq;
  if (d.entidad.logo) {
    try {
      doc.image(d.entidad.logo, w.izq, top, { fit: [60, 60] });
      x = w.izq + 72;
    } catch {
      // An unreadable logo is left out; the report still prints.
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(COLOR.texto)
    .text(t(d.entidad.nombre), x, top + 4, { width: w.ancho - (x - w.izq) });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(COLOR.tenue)
    .text(t(`Reporte de la orden #${d.orden.numero}`), x, doc.y + 2, { width: w.ancho - (x - w.izq) })
    .text(t(`Generado el ${fechaHora(d.generado)} por ${d.generadoPor}`), { width: w.ancho - (x - w.izq) });
  doc.y = Math.max(doc.y, top + 64) + 8;
  doc.x = w.izq;
  doc.fillColor(COLOR.texto);
  w.linea();
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(t(`#${d.orden.numero} · ${d.orden.titulo}`), w.izq, doc.y, { width: w.ancho });
  doc.moveDown(0.3);
}

/** The checklist: a table of items and answers, then the answers' photos and signatures, small. */
async function checklist(doc: PDFKit.PDFDocument, w: Escritor, c: ChecklistParaImprimir): Promise<void> {
  w.seccion(`Checklist (${c.progreso})`);
  if (!c.items.length) {
    w.parrafo('La orden no tiene checklist.', { color: COLOR.tenue });
    return;
  }
  w.tabla(
    [
      { titulo: 'Ítem', ancho: 230 },
      { titulo: 'Respuesta', ancho: 170 },
      { titulo: 'Estado', ancho: 95 },
    ],
    c.items.map((i) => [
      `${i.seccion ? `${i.seccion} · ` : ''}${i.etiqueta}${i.requerido ? ' *' : ''}`,
      `${i.respuesta ?? '—'}${i.nota ? ` (${i.nota})` : ''}`,
      i.estado,
    ]),
  );
  if (c.items.some((i) => i.requerido)) {
    doc.moveDown(0.3);
    w.parrafo('* obligatorio', { color: COLOR.tenue, tamanio: 8 });
  }
  if (!c.imagenes.length) return;
  doc.moveDown(0.5);
  const porFila = 4;
  const gap = 10;
  const lado = (w.ancho - gap * (porFila - 1)) / porFila;
  const alto = lado * 0.75;
  let y = doc.y;
  for (const [i, img] of c.imagenes.slice(0, MAX_IMAGENES).entries()) {
    const col = i % porFila;
    if (col === 0 && y + alto + 20 > w.fondo) {
      doc.addPage();
      y = doc.y;
    }
    const x = w.izq + col * (lado + gap);
    try {
      doc.image(await img.leer(), x, y, { fit: [lado, alto], align: 'center', valign: 'center' });
    } catch {
      // An image that cannot be read or drawn is left out; its item is in the table above.
    }
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(COLOR.tenue)
      .text(t(recortar(img.titulo, 60)), x, y + alto + 2, { width: lado, align: 'center' });
    doc.fillColor(COLOR.texto);
    if (col === porFila - 1 || i === Math.min(c.imagenes.length, MAX_IMAGENES) - 1) {
      y += alto + 18;
      doc.y = y;
      doc.x = w.izq;
    }
  }
}

const ESTADO_CONFORMIDAD = { pendiente: 'Pendiente', conforme: 'Conforme', no_conforme: 'No conforme' } as const;

/** The client's conformity: its state, the signature on site (image, name, DNI, time) and the remote answer. */
function conformidad(
  doc: PDFKit.PDFDocument,
  w: Escritor,
  { conformidad: c, imagen }: NonNullable<DatosReporte['conformidad']>,
): void {
  // The fields and the signature's image stay on one page.
  w.espacio(c.firma && imagen ? 260 : 120);
  w.seccion('Conformidad del cliente');
  w.campo('Estado', ESTADO_CONFORMIDAD[c.estado]);
  if (c.requerida !== 'no') w.campo('Exigida', TEXTO_CONFORMIDAD_REQUERIDA[c.requerida]);
  if (c.firma) {
    const f = c.firma;
    w.campo('Firmó', f.nombre);
    w.campo('DNI', f.dni ?? '—');
    w.campo('Fecha de la firma', fechaHora(f.fecha));
    if (f.ubicacion) w.campo('Ubicación', `${f.ubicacion.lat.toFixed(5)}, ${f.ubicacion.lng.toFixed(5)}`);
    w.campo('Registrada por', f.registradaPor);
    if (imagen) {
      const alto = 90;
      w.espacio(alto + 12);
      const y = doc.y + 4;
      try {
        doc.image(imagen.bytes, w.izq, y, { fit: [240, alto] });
        doc.rect(w.izq, y, 240, alto).lineWidth(0.5).strokeColor(COLOR.linea).stroke();
      } catch {
        // An image pdfkit cannot read is left out; the name and time are printed above.
      }
      doc.y = y + alto + 8;
      doc.x = w.izq;
    }
  }
  if (c.remota) {
    w.campo(
      'Respuesta desde el enlace',
      `${c.remota.conforme ? 'Conforme' : 'No conforme'} · ${fechaHora(c.remota.fecha)}`,
    );
    if (c.remota.motivo) w.parrafo(`“${c.remota.motivo}”`, { fuente: 'Helvetica-Oblique', tamanio: 9 });
  }
}

async function dibujar(doc: PDFKit.PDFDocument, d: DatosReporte): Promise<void> {
  const w = new Escritor(doc);
  const o = d.orden;
  encabezado(doc, w, d);

  w.seccion('Datos de la orden');
  w.campo('Número', `#${o.numero}`);
  w.campo('Estado', o.estado.nombre + (o.vencida ? ' (vencida)' : ''));
  w.campo('Prioridad', o.prioridad?.nombre ?? '—');
  w.campo('Cliente', o.cliente?.nombre ?? '—');
  w.campo('Tipo de orden', o.tipoOrden?.nombre ?? '—');
  w.campo('Área', o.area?.nombre ?? '—');
  w.campo('Fecha de inicio', fecha(o.fechaInicio));
  w.campo('Fecha de fin', fecha(o.fechaFin));
  w.campo('Creada', `${fechaHora(o.creada)} por ${persona(o.registroResponsable)}`);
  if (o.finalizada) w.campo('Finalizada', fechaHora(o.finalizada));
  w.campo('Responsables', o.responsables.map(persona).join(', ') || 'Sin responsables');
  if (o.detalle.trim()) {
    doc.moveDown(0.4);
    w.parrafo('Detalle', { fuente: 'Helvetica-Bold' });
    w.parrafo(o.detalle);
  }

  const r = d.registro;
  w.seccion('Horas');
  if (r.horas.length) {
    w.tabla(
      [
        { titulo: 'Fecha', ancho: 70 },
        { titulo: 'Persona', ancho: 120 },
        { titulo: 'Horas', ancho: 45, derecha: true },
        { titulo: 'Descripción', ancho: 260 },
      ],
      r.horas.map((h) => [fecha(h.fecha), persona(h.usuario), horasTexto(h.horas * 60 + h.minutos), h.descripcion]),
      ['Total', '', r.totales.horas, ''],
    );
  } else w.parrafo('No se registraron horas.', { color: COLOR.tenue });

  w.seccion('Gastos');
  if (r.gastos.length) {
    w.tabla(
      [
        { titulo: 'Fecha', ancho: 70 },
        { titulo: 'Concepto', ancho: 230 },
        { titulo: 'Cargado por', ancho: 105 },
        { titulo: 'Monto', ancho: 90, derecha: true },
      ],
      r.gastos.map((g) => [
        fecha(g.fecha),
        g.concepto + (g.comprobante ? ` (comprobante: ${g.comprobante.nombre})` : ''),
        persona(g.autor),
        monto(g.monto, g.moneda),
      ]),
    );
    doc.moveDown(0.4);
    // One line per currency; the amount names it (as Horas y gastos shows it), the label does not again.
    for (const tm of r.totales.gastos) w.campo('Total', monto(tm.total, tm.moneda));
  } else w.parrafo('No se registraron gastos.', { color: COLOR.tenue });

  if (d.checklist) await checklist(doc, w, d.checklist);
  if (d.conformidad) conformidad(doc, w, d.conformidad);

  if (d.historial) {
    w.seccion('Historial');
    if (!d.historial.length) w.parrafo('Sin eventos.', { color: COLOR.tenue });
    for (const e of d.historial) {
      w.espacio(36);
      w.parrafo(`${fechaHora(e.fecha)} · ${persona(e.usuario)}`, {
        fuente: 'Helvetica-Bold',
        tamanio: 9,
        color: COLOR.tenue,
      });
      w.parrafo(e.descripcion);
      if (e.comentario) w.parrafo(`“${e.comentario}”`, { fuente: 'Helvetica-Oblique', tamanio: 9 });
      doc.moveDown(0.3);
    }
  }

  if (d.archivos) {
    w.seccion('Archivos');
    if (!d.archivos.length) w.parrafo('La orden no tiene archivos.', { color: COLOR.tenue });
    else {
      w.tabla(
        [
          { titulo: 'Nombre', ancho: 220 },
          { titulo: 'Tamaño', ancho: 60, derecha: true },
          { titulo: 'Subido por', ancho: 120 },
          { titulo: 'Fecha', ancho: 95 },
        ],
        d.archivos.map(({ archivo: a }) => [a.nombre, tamanioTexto(a.tamanio), persona(a.usuario), fechaHora(a.fecha)]),
      );
    }
    const imagenes = d.archivos.filter((a) => a.leerMiniatura);
    if (imagenes.length) {
      doc.moveDown(0.8);
      const gap = 16;
      const celda = (w.ancho - gap) / 2;
      const altoImg = 190;
      let col = 0;
      let y = doc.y;
      for (const [i, img] of imagenes.slice(0, MAX_IMAGENES).entries()) {
        let buf: Buffer;
        try {
          buf = await (img.leerMiniatura as () => Promise<Buffer>)();
        } catch {
          continue;
        }
        if (col === 0) {
          if (y + altoImg + 24 > w.fondo) {
            doc.addPage();
            y = doc.y;
          }
        }
        const x = w.izq + col * (celda + gap);
        try {
          doc.image(buf, x, y, { fit: [celda, altoImg], align: 'center', valign: 'center' });
        } catch {
          // A thumbnail pdfkit cannot read is skipped; its name is in the list above.
        }
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor(COLOR.tenue)
          .text(t(recortar(img.archivo.nombre, 80)), x, y + altoImg + 4, { width: celda, align: 'center' });
        doc.fillColor(COLOR.texto);
        col = (col + 1) % 2;
        if (col === 0 || i === Math.min(imagenes.length, MAX_IMAGENES) - 1) {
          y += altoImg + 24;
          doc.y = y;
          doc.x = w.izq;
        }
      }
      if (imagenes.length > MAX_IMAGENES) {
        w.parrafo(`Se imprimieron las primeras ${MAX_IMAGENES} de ${imagenes.length} imágenes.`, {
          color: COLOR.tenue,
          tamanio: 9,
        });
      }
    }
  }

  w.numerarPaginas((pagina, de) => t(`Orden #${o.numero} · Página ${pagina} de ${de}`));
}

/** The report as a PDF stream; it is written while it is read. pdfkit is loaded on first use. */
export async function crearPdf(d: DatosReporte): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: t(`Orden #${d.orden.numero} - ${d.orden.titulo}`), Author: t(d.entidad.nombre), Creator: 'Delego' },
  });
  dibujar(doc, d).then(
    () => doc.end(),
    (e: unknown) => doc.destroy(e as Error),
  );
  return doc;
}
