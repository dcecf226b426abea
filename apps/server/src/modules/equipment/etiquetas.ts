import { ETIQUETAS_POR_HOJA } from '@delego/contract';
import type QRCode from 'qrcode';
import { alUsar } from '../../lib/al-usar.js';
import { textoPdf } from '../reports/index.js';

/** Loaded by the first sheet of labels, not with the server. */
const qr = alUsar<typeof QRCode>('qrcode');

/** What a label shows: the name, the code, and the URL its QR encodes. */
export interface Etiqueta {
  nombre: string;
  codigo: string | null;
  url: string;
}

const A4 = { ancho: 595.28, alto: 841.89 } as const;
const MARGEN = { x: 14, y: 22 } as const;
const RELLENO = 8;

/**
 * Where the label number `i` (from 0) is: its sheet (from 0) and its box, in PDF points from the
 * sheet's top left corner.
 */
export function celdaDeEtiqueta(i: number): { hoja: number; x: number; y: number; ancho: number; alto: number } {
  const { columnas, filas } = ETIQUETAS_POR_HOJA;
  const ancho = (A4.ancho - 2 * MARGEN.x) / columnas;
  const alto = (A4.alto - 2 * MARGEN.y) / filas;
  const enHoja = i % (columnas * filas);
  return {
    hoja: Math.floor(i / (columnas * filas)),
    x: MARGEN.x + (enHoja % columnas) * ancho,
    y: MARGEN.y + Math.floor(enHoja / columnas) * alto,
    ancho,
    alto,
  };
}

/**
 * The A4 sheets of labels (issue 32): 3 × 8 per sheet, each with its QR code (drawn as vector
 * rectangles from the `qrcode` library's matrix, error correction M), the name (up to three lines)
 * and the code. pdfkit is loaded on first use; the PDF is written while it is read.
 */
export async function pdfDeEtiquetas(etiquetas: readonly Etiqueta[]): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Etiquetas de equipos', Creator: 'Delego' },
  });
  let hoja = -1;
  etiquetas.forEach((e, i) => {
    const { hoja: suya, x, y, ancho, alto } = celdaDeEtiqueta(i);
    if (suya !== hoja) {
      doc.addPage();
      hoja = suya;
    }
    const ladoQr = alto - 2 * RELLENO;
    // A thin cutting guide around each label.
    doc.save().lineWidth(0.25).strokeColor('#bbbbbb').rect(x, y, ancho, alto).stroke().restore();
    dibujarQr(doc, e.url, x + RELLENO, y + RELLENO, ladoQr);
    const textoX = x + RELLENO * 2 + ladoQr;
    const textoAncho = ancho - ladoQr - RELLENO * 3;
    doc
      .fillColor('#000000')
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(textoPdf(e.nombre), textoX, y + RELLENO, { width: textoAncho, height: 36, ellipsis: true });
    if (e.codigo) {
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(textoPdf(e.codigo), textoX, y + RELLENO + 42, { width: textoAncho, height: 22, ellipsis: true });
    }
  });
  doc.end();
  return doc;
}

/**
 * The QR of `texto` as black rectangles in a `lado` × `lado` box, with the quiet zone of four
 * modules the standard asks for. Each row's run of dark modules is one rectangle: squares drawn
 * one by one leave hairline seams when a viewer or printer rasterises them, which a reader may
 * take for light modules.
 */
function dibujarQr(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, lado: number): void {
  const { modules } = qr().create(texto, { errorCorrectionLevel: 'M' });
  const zona = 4;
  const modulo = lado / (modules.size + 2 * zona);
  doc.save().fillColor('#000000');
  for (let fila = 0; fila < modules.size; fila++) {
    for (let col = 0; col < modules.size;) {
      if (!modules.get(fila, col)) {
        col++;
        continue;
      }
      const desde = col;
      while (col < modules.size && modules.get(fila, col)) col++;
      doc.rect(x + (desde + zona) * modulo, y + (fila + zona) * modulo, (col - desde) * modulo, modulo * 1.02);
    }
  }
  doc.fill().restore();
}
