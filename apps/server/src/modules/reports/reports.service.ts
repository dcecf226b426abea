import type { Readable } from 'node:stream';
import { textoProgreso, textoRespuestaItem, type zFiltros, type zHorasReportadasQuery } from '@delego/contract';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import { libroXlsx } from '../../lib/xlsx.js';
import type { PuertoChecklists } from '../checklists/index.js';
import type { PuertoConformidad } from '../conformity/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import { diaAR, type PuertoGastos } from '../expenses/index.js';
import type { PuertoArchivos } from '../files/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { COLUMNAS_HORAS_DETALLE, COLUMNAS_HORAS_RESUMEN, columnasOrdenes } from './columnas.js';
import { crearPdf, logoParaPdf, type ChecklistParaImprimir } from './pdf.js';

type Filtros = z.output<typeof zFiltros>;
type RangoQuery = z.output<typeof zHorasReportadasQuery>;

/** Rows read from the database per page of an export. */
const PAGINA = 1000;

const persona = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`.trim();

export class ReportsService {
  constructor(
    private readonly orders: Pick<PuertoOrdenes, 'detalle' | 'historial' | 'paginasParaExportar'>,
    private readonly files: Pick<PuertoArchivos, 'paraImprimir'>,
    private readonly expenses: PuertoGastos,
    private readonly entidades: Pick<PuertoEntidades, 'find'>,
    private readonly clock: Clock,
    private readonly conformidad: Pick<PuertoConformidad, 'paraImprimir'>,
    private readonly checklists: Pick<PuertoChecklists, 'checklist' | 'firma'>,
  ) {}

  /** The order's checklist for the report, with its photos' thumbnails and its signatures' images. */
  private async checklistParaImprimir(
    actor: Actor,
    ordenId: number,
    archivos: Awaited<ReturnType<PuertoArchivos['paraImprimir']>> | null,
  ): Promise<ChecklistParaImprimir | null> {
    const c = await this.checklists.checklist(actor, ordenId);
    if (!c.items.length) return null;
    const conFotos = c.items.some((i) => i.respuesta?.fotos.length);
    const deOrden = conFotos ? (archivos ?? (await this.files.paraImprimir(actor, ordenId))) : [];
    const miniaturas = new Map(deOrden.map((a) => [a.archivo.id, a.leerMiniatura]));
    const imagenes: ChecklistParaImprimir['imagenes'] = [];
    for (const i of c.items) {
      for (const f of i.respuesta?.fotos ?? []) {
        const leer = miniaturas.get(f.id);
        if (leer) imagenes.push({ titulo: `${i.etiqueta}: ${f.nombre}`, leer });
      }
      if (i.tipo === 'firma' && i.respuesta) {
        imagenes.push({
          titulo: `${i.etiqueta}${i.respuesta.firmante ? `: ${i.respuesta.firmante}` : ''}`,
          leer: async () => {
            const partes: Buffer[] = [];
            for await (const p of await (await this.checklists.firma(actor, ordenId, i.id)).abrir())
              partes.push(p as Buffer);
            return Buffer.concat(partes);
          },
        });
      }
    }
    return {
      progreso: textoProgreso(c.progreso),
      items: c.items.map((i) => ({
        seccion: i.seccion,
        etiqueta: i.etiqueta,
        requerido: i.requerido,
        respuesta: textoRespuestaItem(i.tipo, i.respuesta, i.unidad),
        estado: i.fallido ? 'Fallido' : i.hecho ? 'Hecho' : 'Pendiente',
        nota: i.respuesta?.nota ?? null,
      })),
      imagenes,
    };
  }

  /**
   * GET /api/v2/imprimirReporte/{id}?eventos&archivos: the order's report as a PDF. Whoever sees the
   * order may print it. Every check runs before the first byte is sent.
   */
  async reporte(
    actor: Actor,
    ordenId: number,
    o: { eventos: boolean; archivos: boolean },
  ): Promise<{ nombre: string; stream: Readable }> {
    const orden = await this.orders.detalle(actor, ordenId);
    const registro = await this.expenses.registro(actor, ordenId);
    const historial = o.eventos ? await this.orders.historial(actor, ordenId) : null;
    const archivos = o.archivos ? await this.files.paraImprimir(actor, ordenId) : null;
    const entidad = await this.entidades.find(actor.entidadId);
    const checklist = await this.checklistParaImprimir(actor, ordenId, archivos);
    const c = await this.conformidad.paraImprimir(actor, ordenId);
    const conformidad = c.conformidad.estado !== 'pendiente' || c.conformidad.requerida !== 'no' ? c : null;
    const doc = await crearPdf({
      entidad: { nombre: entidad?.nombre ?? '', logo: await logoParaPdf(entidad?.logo) },
      orden,
      registro,
      historial,
      archivos,
      checklist,
      conformidad,
      generado: this.clock.now().getTime(),
      generadoPor: persona(actor),
    });
    return { nombre: `orden-${orden.numero}.pdf`, stream: doc };
  }

  /**
   * POST /api/v2/ordenes/exportar {filtros}: every order the filters select (that the actor sees),
   * as an .xlsx written row by row while it is sent: pages of 1,000 rows from the database, each
   * written and let go; the export waits when the client is slower than the database.
   */
  async exportarOrdenes(actor: Actor, f: Filtros): Promise<{ nombre: string; stream: Readable }> {
    const ahora = this.clock.now().getTime();
    const paginas = this.orders.paginasParaExportar(actor, f, PAGINA);
    const stream = await libroXlsx(async (hoja) => {
      const ws = hoja('Órdenes', columnasOrdenes(ahora));
      for await (const pagina of paginas) {
        const totales = await this.expenses.totalesDeOrdenes(
          actor,
          pagina.map((o) => o.id),
        );
        for (const o of pagina) ws.agregar({ o, t: totales.get(o.id) });
        await ws.esperar();
      }
    });
    return { nombre: `ordenes-${diaAR(ahora)}.xlsx`, stream };
  }

  /** GET /api/v2/horas-reportadas/exportar?desde&hasta: the same report as an .xlsx (summary and every entry). */
  async exportarHoras(actor: Actor, q: RangoQuery): Promise<{ nombre: string; stream: Readable }> {
    const rango = this.expenses.rangoReporte(actor, q);
    const rep = await this.expenses.horasReportadas(actor, q);
    const detalle = this.expenses.detalleHoras(actor, rango, PAGINA);
    const stream = await libroXlsx(async (hoja) => {
      const resumen = hoja('Por usuario y cliente', COLUMNAS_HORAS_RESUMEN);
      const fila = (usuario: string, cliente: string, minutos: number, negrita = false) =>
        resumen.agregar({ usuario, cliente, minutos }, { negrita });
      for (const f of rep.filas) fila(persona(f.usuario), f.cliente?.nombre ?? 'Sin cliente', f.minutos);
      for (const u of rep.porUsuario) fila(`Total ${persona(u.usuario)}`, '', u.minutos, true);
      for (const c of rep.porCliente) fila('', `Total ${c.cliente?.nombre ?? 'Sin cliente'}`, c.minutos, true);
      fila('TOTAL', '', rep.totalMinutos, true);

      const ws = hoja('Detalle', COLUMNAS_HORAS_DETALLE);
      for await (const pagina of detalle) {
        for (const h of pagina) ws.agregar(h);
        await ws.esperar();
      }
    });
    return { nombre: `horas-reportadas-${rango.desde}-a-${rango.hasta}.xlsx`, stream };
  }
}
