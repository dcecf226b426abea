import { eq, sql } from 'drizzle-orm';
import {
  ESTADO,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  diaDeMs,
  finDelDia,
  inicioDelDia,
  sumarDias,
  type EstadoId,
} from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import { entidades, ordenes, ordenEventos, ordenResponsables } from '../db/schema.js';

/** A small deterministic PRNG (mulberry32) so seeds are the same on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRABAJOS = [
  [
    'Reparación de aire acondicionado',
    'El equipo no enfría y hace ruido al arrancar. Revisar carga de gas y capacitor.',
  ],
  ['Cambio de luminarias LED', 'Reemplazar tubos fluorescentes por paneles LED en el sector indicado.'],
  ['Pérdida de agua en baño', 'Se detectó una pérdida bajo la mesada. Cortar la llave de paso antes de intervenir.'],
  [
    'Mantenimiento preventivo de grupo electrógeno',
    'Control de aceite, filtros, batería y prueba con carga durante 30 minutos.',
  ],
  ['Instalación de puesto de trabajo', 'Armar escritorio, conectar PC, teléfono IP y verificar red.'],
  ['Revisión de tablero eléctrico', 'Saltan las térmicas del piso 2. Medir consumos y ajustar borneras.'],
  ['Limpieza de tanque de agua', 'Vaciado, cepillado y desinfección con hipoclorito; dejar constancia.'],
  ['Pintura de fachada', 'Preparar superficie, sellar fisuras y aplicar dos manos de látex exterior.'],
  ['Reparación de portón automático', 'El motor no responde al control remoto. Revisar placa y finales de carrera.'],
  ['Service de ascensor', 'Inspección mensual obligatoria, lubricación y prueba de frenos.'],
  ['Destape de cañería cloacal', 'Desborde en cámara de inspección del patio. Usar máquina de sonda.'],
  ['Configuración de router y Wi-Fi', 'Cortes de conexión frecuentes. Actualizar firmware y reubicar el access point.'],
  ['Control de matafuegos', 'Verificar carga y vencimientos; reemplazar los vencidos.'],
  ['Reparación de cámara frigorífica', 'Temperatura por encima de 8 °C. Revisar compresor y burletes.'],
  ['Cambio de cerradura', 'Cerradura de la puerta de emergencia trabada. Reemplazar por antipánico.'],
] as const;

const COMENTARIOS: Record<number, string[]> = {
  [ESTADO.EN_PROCESO]: ['Comienzo el trabajo.', 'Llegué al lugar, empiezo a revisar.', 'En camino con los materiales.'],
  [ESTADO.EN_ESPERA]: [
    'Falta un repuesto, lo pedimos al proveedor.',
    'El cliente pidió reprogramar.',
    'Esperando autorización del encargado.',
  ],
  [ESTADO.FINALIZADA]: [
    'Trabajo terminado y probado.',
    'Listo, el cliente firmó la conformidad.',
    'Finalizado sin novedades.',
  ],
  [ESTADO.CANCELADA]: ['El cliente canceló el pedido.', 'Duplicada de otra orden.'],
  [ESTADO.PENDIENTE]: ['Vuelve a la cola de pendientes.'],
};

export interface HistorialSpec {
  entidadId: number;
  count: number;
  now: Date;
  /** Orders are spread over this period, ending before `hasta`. */
  desde: Date;
  hasta: Date;
  clientes: number[];
  areas: number[];
  tipos: number[];
  prioridades: number[];
  creadores: number[];
  responsables: number[];
  seed: number;
  /**
   * A demo's open work lies ahead of it: ages count from `hasta`, so the mix of open and closed
   * orders is the same on whatever day of the month the demo is seeded, and the orders still open
   * from the last 20 days before `hasta` fall due in the two weeks after `now`. They fall due from
   * tomorrow on, so none becomes overdue during a freshly seeded server's first day. A third of
   * those recent orders were finished between `hasta` and `now`: the month has finished work.
   */
  trabajoPorDelante?: boolean;
}

/** Inserts `count` orders with a plausible history (created, state changes with comments). */
export async function makeOrdenesHistoricas(db: DbOrTx, s: HistorialSpec): Promise<void> {
  const r = rng(s.seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const span = s.hasta.getTime() - s.desde.getTime();
  const [ent] = await db
    .select({ n: entidades.ultimoNumeroOrden })
    .from(entidades)
    .where(eq(entidades.id, s.entidadId));
  let numero = ent?.n ?? 0;
  const times = Array.from({ length: s.count }, () => s.desde.getTime() + Math.floor(r() * span)).sort((a, b) => a - b);
  const referencia = s.trabajoPorDelante ? s.hasta.getTime() : s.now.getTime();
  const hoy = diaDeMs(s.now.getTime(), ZONA_HORARIA_EMPRESA_POR_DEFECTO);

  const CHUNK = 400;
  for (let start = 0; start < times.length; start += CHUNK) {
    const slice = times.slice(start, start + CHUNK);
    const plans = slice.map((t) => {
      const creada = new Date(t);
      const ageDays = (referencia - t) / 86400_000;
      const [titulo, detalle] = pick(TRABAJOS);
      const plazoDias = 1 + Math.floor(r() * 14);
      // Calendar days of the company (docs/FECHAS.md): the start's first ms, the end's last one.
      const diaInicio = sumarDias(diaDeMs(t, ZONA_HORARIA_EMPRESA_POR_DEFECTO), Math.floor(r() * 2));
      const fechaInicio = new Date(inicioDelDia(diaInicio, ZONA_HORARIA_EMPRESA_POR_DEFECTO));
      let fechaFin = new Date(finDelDia(sumarDias(diaInicio, plazoDias), ZONA_HORARIA_EMPRESA_POR_DEFECTO));
      // Older orders are mostly closed; recent ones are still being worked.
      const roll = r();
      const P = ESTADO.EN_PROCESO;
      const W = ESTADO.EN_ESPERA;
      const F = ESTADO.FINALIZADA;
      const C = ESTADO.CANCELADA;
      let camino: EstadoId[];
      if (ageDays > 20) {
        // Older orders are mostly closed; the few still open are overdue.
        if (roll < 0.78) camino = [P, F];
        else if (roll < 0.86) camino = [P, W, P, F];
        else if (roll < 0.92) camino = [C];
        else if (roll < 0.96) camino = [P];
        else camino = [];
      } else if (s.trabajoPorDelante) {
        // A demo's last weeks: a third finished this month (its dashboards have a month), the rest ahead.
        if (roll < 0.25) camino = [];
        else if (roll < 0.5) camino = [P];
        else if (roll < 0.62) camino = [P, W];
        else if (roll < 0.95) camino = [P, F];
        else camino = [C];
      } else if (roll < 0.35) camino = [];
      else if (roll < 0.7) camino = [P];
      else if (roll < 0.85) camino = [P, W];
      else if (roll < 0.95) camino = [P, F];
      else camino = [C];
      const nResp = r() < 0.15 ? 2 : 1;
      const resp = new Set<number>();
      while (resp.size < Math.min(nResp, s.responsables.length)) resp.add(pick(s.responsables));
      numero += 1;
      const estadoId = camino.length ? (camino[camino.length - 1] as EstadoId) : ESTADO.PENDIENTE;
      // Without a draw of the generator, so every other pick stays what it was.
      if (s.trabajoPorDelante && ageDays <= 20 && estadoId !== F && estadoId !== C) {
        fechaFin = new Date(finDelDia(sumarDias(hoy, 1 + ((numero * 5) % 14)), ZONA_HORARIA_EMPRESA_POR_DEFECTO));
      }
      // State changes happen between creation and now, spaced over the order's life.
      const vida = Math.max(3600_000, Math.min(s.now.getTime() - t, (plazoDias + 3) * 86400_000));
      const pasos = camino.map((e, i) => ({
        estado: e,
        fecha: new Date(t + Math.floor(((i + 1) / (camino.length + 1)) * vida)),
      }));
      // A demo's recent work finishes during the current month (after `hasta`, before now).
      const cierre = pasos[pasos.length - 1];
      if (s.trabajoPorDelante && ageDays <= 20 && cierre?.estado === F) {
        const antes = pasos[pasos.length - 2]?.fecha.getTime() ?? t;
        const desde = Math.max(s.hasta.getTime() + 3600_000, antes + 3600_000);
        const hasta = s.now.getTime() - 3600_000;
        if (desde < hasta) cierre.fecha = new Date(desde + Math.floor((((numero * 37) % 100) / 100) * (hasta - desde)));
        // Two in three on time: due the day it was finished or a few days later (the calendar's month).
        if (numero % 3 !== 0) {
          const dia = sumarDias(diaDeMs(cierre.fecha.getTime(), ZONA_HORARIA_EMPRESA_POR_DEFECTO), numero % 4);
          fechaFin = new Date(finDelDia(dia, ZONA_HORARIA_EMPRESA_POR_DEFECTO));
        }
      }
      const ultimo = pasos[pasos.length - 1];
      return {
        row: {
          entidadId: s.entidadId,
          numero,
          titulo: `${titulo}`,
          detalle,
          tipoOrdenId: pick(s.tipos),
          areaId: pick(s.areas),
          prioridadId: pick(s.prioridades),
          estadoId,
          clienteId: pick(s.clientes),
          fechaInicio,
          fechaFin,
          registroResponsableId: pick(s.creadores),
          creada,
          actualizada: ultimo?.fecha ?? creada,
          finalizada: estadoId === ESTADO.FINALIZADA ? (ultimo?.fecha ?? null) : null,
        },
        resp: [...resp],
        pasos,
      };
    });
    const inserted = await db
      .insert(ordenes)
      .values(plans.map((p) => p.row))
      .returning({ id: ordenes.id });
    const respRows: { ordenId: number; usuarioId: number }[] = [];
    const evRows: (typeof ordenEventos.$inferInsert)[] = [];
    inserted.forEach((o, i) => {
      const p = plans[i];
      if (!p) return;
      for (const u of p.resp) respRows.push({ ordenId: o.id, usuarioId: u });
      evRows.push({
        entidadId: s.entidadId,
        ordenId: o.id,
        tipo: 'CREADA',
        usuarioId: p.row.registroResponsableId,
        fecha: p.row.creada,
        estadoNuevoId: ESTADO.PENDIENTE,
        comentario: null,
        datos: { responsables: p.resp },
      });
      let anterior: EstadoId = ESTADO.PENDIENTE;
      for (const paso of p.pasos) {
        evRows.push({
          entidadId: s.entidadId,
          ordenId: o.id,
          tipo: 'ESTADO',
          usuarioId:
            paso.estado === ESTADO.CANCELADA ? p.row.registroResponsableId : (p.resp[0] ?? p.row.registroResponsableId),
          fecha: paso.fecha,
          estadoAnteriorId: anterior,
          estadoNuevoId: paso.estado,
          comentario: pick(COMENTARIOS[paso.estado] ?? ['Cambio de estado.']),
        });
        anterior = paso.estado;
      }
    });
    if (respRows.length) await db.insert(ordenResponsables).values(respRows);
    for (let j = 0; j < evRows.length; j += 1000) {
      await db.insert(ordenEventos).values(evRows.slice(j, j + 1000));
    }
  }
  await db
    .update(entidades)
    .set({ ultimoNumeroOrden: sql`${numero}` })
    .where(eq(entidades.id, s.entidadId));
}
