import { sql } from 'drizzle-orm';
import { ESTADO } from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import { lectorDe } from '../kernel/db/leer.js';
import { crearToken } from '../lib/tokens.js';
import { diaAR } from '../modules/expenses/dias.js';
import { registroGastos, registroHoras } from '../modules/expenses/expenses.tables.js';
import { ordenEventos, type ordenes } from '../modules/orders/orders.tables.js';
import { encuesta } from '../modules/surveys/surveys.tables.js';
import { EVENTO_ENCUESTA_ENVIADA } from '../modules/surveys/surveys.service.js';
import { VIGENCIA_ENCUESTA_MS } from '@delego/contract';
import { inicioDeMes } from './factories.js';
import { rng } from './historial.js';

const MIN = 60_000;
const HORA = 3_600_000;

/** An order of the demo as the activity seeds read it: its state, dates and people. */
export type OrdenDemo = Pick<
  typeof ordenes.$inferSelect,
  | 'id'
  | 'numero'
  | 'titulo'
  | 'estadoId'
  | 'clienteId'
  | 'tipoOrdenId'
  | 'prioridadId'
  | 'creada'
  | 'finalizada'
  | 'actualizada'
> & {
  /** When it first went to «En proceso» (null: it never did). */
  empezada: Date | null;
  creador: number;
  responsables: number[];
};

/** What every activity seed of a company gets: the company, the demo's «now» and its orders. */
export interface DemoDeEmpresa {
  entidadId: number;
  now: Date;
  ordenes: readonly OrdenDemo[];
}

/** The company's orders with their responsables and the instant work started, oldest first. */
export async function ordenesDeLaDemo(db: DbOrTx, entidadId: number): Promise<OrdenDemo[]> {
  const filas = await lectorDe(db)<Record<string, unknown>>(sql`
    select o.id, o.numero, o.titulo, o.estado_id as "estadoId", o.cliente_id as "clienteId",
           o.tipo_orden_id as "tipoOrdenId", o.prioridad_id as "prioridadId", o.creada, o.finalizada,
           o.actualizada, o.registro_responsable_id as creador,
           coalesce((select array_agg(r.usuario_id order by r.usuario_id) from orden_responsables r
                      where r.orden_id = o.id), '{}') as responsables,
           (select min(e.fecha) from orden_eventos e
             where e.orden_id = o.id and e.tipo = 'ESTADO' and e.estado_nuevo_id = ${ESTADO.EN_PROCESO}) as empezada
      from ordenes o
     where o.entidad_id = ${entidadId} and o.eliminada is null
     order by o.creada, o.id`);
  const fecha = (v: unknown) => (v == null ? null : new Date(v as string));
  return filas.map((f) => ({
    id: Number(f.id),
    numero: Number(f.numero),
    titulo: String(f.titulo),
    estadoId: Number(f.estadoId),
    clienteId: f.clienteId == null ? null : Number(f.clienteId),
    tipoOrdenId: f.tipoOrdenId == null ? null : Number(f.tipoOrdenId),
    prioridadId: f.prioridadId == null ? null : Number(f.prioridadId),
    creada: fecha(f.creada)!,
    empezada: fecha(f.empezada),
    finalizada: fecha(f.finalizada),
    actualizada: fecha(f.actualizada)!,
    creador: Number(f.creador),
    responsables: (f.responsables as (number | string)[]).map(Number),
  }));
}

/** «Nombre Apellido» of each user of the company (the history's events name people). */
export async function nombresDeUsuarios(db: DbOrTx, entidadId: number): Promise<Map<number, string>> {
  const filas = await lectorDe(db)<{ id: number; nombre: string }>(
    sql`select id, trim(nombre || ' ' || apellido) as nombre from usuarios where entidad_id = ${entidadId}`,
  );
  return new Map(filas.map((f) => [Number(f.id), f.nombre]));
}

const TAREAS = [
  'Relevamiento y diagnóstico en el lugar',
  'Desarme, limpieza y ajuste',
  'Cambio de repuestos',
  'Traslado y preparación de materiales',
  'Reparación y pruebas',
  'Medición y registro de valores',
] as const;
const CIERRE = 'Prueba final y entrega al cliente';
/** Hours of an entry, as a technician logs them (in minutes). */
const DURACIONES = [45, 60, 60, 90, 120, 120, 150, 180, 240, 300] as const;

/** Expenses: what, and between how many pesos. */
const GASTOS: readonly [string, number, number][] = [
  ['Repuestos: capacitor y contactor', 18_000, 46_000],
  ['Materiales eléctricos (cable, borneras, precintos)', 9_500, 32_000],
  ['Gas refrigerante R410A', 38_000, 95_000],
  ['Combustible y peajes', 6_000, 21_000],
  ['Caño PVC, codos y sellador', 7_500, 24_000],
  ['Alquiler de andamio por día', 25_000, 60_000],
  ['Tubos LED y zócalos', 14_000, 52_000],
  ['Filtros y correas', 12_000, 38_000],
  ['Estacionamiento', 2_500, 6_000],
];

/**
 * Hours and expenses on most finished and in-progress orders, logged by their responsables while
 * they worked (between the start and the finish, or now), each with its history event as the
 * expenses module writes it. The last entry of a finished order is on its finish day: the orders
 * finished this month give the month's hours report its figures. A person's day stays well
 * within the module's 24 h rule.
 */
export async function makeHorasYGastos(
  db: DbOrTx,
  o: DemoDeEmpresa & { nombres: Map<number, string>; seed: number },
): Promise<void> {
  const r = rng(o.seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const porDia = new Map<string, number>();
  const horas: (typeof registroHoras.$inferInsert)[] = [];
  const gastos: (typeof registroGastos.$inferInsert)[] = [];
  const limite = o.now.getTime() - 30 * MIN;
  for (const ord of o.ordenes) {
    const finalizada = ord.estadoId === ESTADO.FINALIZADA;
    const abierta = ord.estadoId === ESTADO.EN_PROCESO || ord.estadoId === ESTADO.EN_ESPERA;
    if (!ord.empezada || !ord.responsables.length || (!finalizada && !abierta)) continue;
    if (r() > (finalizada ? 0.7 : 0.6)) continue;
    const desde = ord.empezada.getTime() + 15 * MIN;
    const hasta = Math.min(finalizada && ord.finalizada ? ord.finalizada.getTime() - 5 * MIN : limite, limite);
    if (hasta <= desde) continue;
    const personas =
      ord.responsables.length > 1 && r() < 0.5 ? ord.responsables.slice(0, 2) : ord.responsables.slice(0, 1);
    for (const [p, usuarioId] of personas.entries()) {
      const n = p === 0 ? 1 + Math.floor(r() * 3) : 1;
      for (let k = 0; k < n; k++) {
        // A finished order's first entry is on its finish day; an open one's, in its last three
        // days of work; the others anywhere before.
        const t =
          k === 0 && p === 0
            ? finalizada
              ? hasta
              : hasta - Math.floor(r() * Math.min(72 * HORA, hasta - desde))
            : desde + Math.floor(r() * (hasta - desde));
        const minutos = pick(DURACIONES);
        const dia = diaAR(t);
        const clave = `${usuarioId}:${dia}`;
        const ya = porDia.get(clave) ?? 0;
        if (ya + minutos > 10 * 60) continue;
        porDia.set(clave, ya + minutos);
        const fecha = new Date(t);
        horas.push({
          entidadId: o.entidadId,
          ordenId: ord.id,
          usuarioId,
          autorId: usuarioId,
          fecha,
          dia,
          minutos,
          descripcion: k === 0 && p === 0 && finalizada ? CIERRE : pick(TAREAS),
          creado: fecha,
          actualizado: fecha,
        });
      }
    }
    if (r() < 0.45) {
      const n = r() < 0.3 ? 2 : 1;
      for (let k = 0; k < n; k++) {
        const [concepto, min, max] = pick(GASTOS);
        // Whole hundreds of pesos, as on a receipt.
        const pesos = Math.round((min + r() * (max - min)) / 100) * 100;
        const fecha = new Date(desde + Math.floor(r() * (hasta - desde)));
        gastos.push({
          entidadId: o.entidadId,
          ordenId: ord.id,
          autorId: ord.responsables[0]!,
          fecha,
          concepto,
          centavos: pesos * 100,
          moneda: 'ARS',
          creado: fecha,
          actualizado: fecha,
        });
      }
    }
  }
  const conIds = await enLotes(horas, (lote) =>
    db.insert(registroHoras).values(lote).returning({ id: registroHoras.id }),
  );
  const gastosConIds = await enLotes(gastos, (lote) =>
    db.insert(registroGastos).values(lote).returning({ id: registroGastos.id }),
  );
  const eventos = [
    ...conIds.map(([h, id]) =>
      eventoDeRegistro(h, 'HORAS', {
        id,
        usuarioId: h.usuarioId,
        usuario: o.nombres.get(h.usuarioId) ?? '',
        minutos: h.minutos,
        dia: h.dia,
      }),
    ),
    ...gastosConIds.map(([g, id]) =>
      eventoDeRegistro(g, 'GASTO', { id, concepto: g.concepto, centavos: g.centavos, moneda: g.moneda }),
    ),
  ];
  for (let i = 0; i < eventos.length; i += 1000) await db.insert(ordenEventos).values(eventos.slice(i, i + 1000));
}

/** The order's history event of an hours or expense row the demo wrote: by its author, at its moment. */
function eventoDeRegistro(
  f: { entidadId: number; ordenId: number; autorId: number; fecha: Date },
  tipo: 'HORAS' | 'GASTO',
  datos: Record<string, unknown>,
): typeof ordenEventos.$inferInsert {
  return { entidadId: f.entidadId, ordenId: f.ordenId, tipo, usuarioId: f.autorId, fecha: f.fecha, datos };
}

/** Inserts rows 1,000 at a time (the statement's parameter limit) and pairs each row with its new id. */
async function enLotes<F>(
  filas: readonly F[],
  insertar: (lote: F[]) => Promise<{ id: number }[]>,
): Promise<[F, number][]> {
  const pares: [F, number][] = [];
  for (let i = 0; i < filas.length; i += 1000) {
    const lote = filas.slice(i, i + 1000);
    const ids = await insertar(lote);
    lote.forEach((fila, j) => pares.push([fila, ids[j]!.id]));
  }
  return pares;
}

/** Comments clients leave, by rating. */
const COMENTARIOS: Record<number, readonly string[]> = {
  5: [
    'Excelente atención, llegaron a horario y dejaron todo limpio.',
    'Muy profesionales. Explicaron lo que hicieron y el equipo funciona perfecto.',
    'Rápidos y prolijos, como siempre.',
  ],
  4: ['Buen trabajo. Tardaron un poco en venir, pero quedó bien resuelto.', 'Todo bien, el técnico muy amable.'],
  3: ['Se resolvió, aunque tuvieron que volver dos veces.', 'Correcto, pero nadie nos avisó el horario de la visita.'],
  2: ['Demoraron casi una semana en venir y el problema volvió a aparecer.'],
  1: ['No solucionaron la pérdida y tuvimos que llamar a otro servicio.'],
};

/** A rating as clients give them: mostly good, a few bad. */
function puntajeDe(x: number): number {
  if (x < 0.46) return 5;
  if (x < 0.76) return 4;
  if (x < 0.88) return 3;
  if (x < 0.95) return 2;
  return 1;
}

/**
 * Satisfaction surveys sent by the office for most orders finished in the last four months, to
 * the client's email, most of them answered with a spread of ratings and a few comments, the
 * recent ones still waiting (and a few older ones expired unanswered). Each send is an event of
 * the order's history as the surveys module writes it; nothing is queued in the outbox (these
 * are mails that went out long ago). The statistics' rollup of answers is kept by the table's
 * triggers. Tokens are random (a seeded one could be guessed from the source): nobody holds them.
 */
export async function makeEncuestas(
  db: DbOrTx,
  o: DemoDeEmpresa & {
    emails: Map<number, string>;
    remitentes: readonly number[];
    seed: number;
  },
): Promise<void> {
  const r = rng(o.seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const desde = inicioDeMes(o.now, -4).getTime();
  const ahora = o.now.getTime();
  const filas: (typeof encuesta.$inferInsert)[] = [];
  for (const ord of o.ordenes) {
    if (ord.estadoId !== ESTADO.FINALIZADA || !ord.finalizada || ord.finalizada.getTime() < desde) continue;
    const email = ord.clienteId == null ? undefined : o.emails.get(ord.clienteId);
    if (!email || r() > 0.6) continue;
    const fin = ord.finalizada.getTime();
    let enviada = fin + HORA + Math.floor(r() * 30 * HORA);
    if (enviada > ahora - 10 * MIN) enviada = fin + Math.floor((ahora - fin) / 2);
    const fila: typeof encuesta.$inferInsert = {
      entidadId: o.entidadId,
      ordenId: ord.id,
      email,
      tokenHash: crearToken().hash,
      enviadaPor: pick(o.remitentes),
      enviadaEn: new Date(enviada),
      venceEn: new Date(enviada + VIGENCIA_ENCUESTA_MS),
      automatica: false,
    };
    const respondida = enviada + 2 * HORA + Math.floor(r() * 70 * HORA);
    if (r() < 0.8 && respondida < ahora - 10 * MIN) {
      const puntaje = puntajeDe(r());
      const comenta = r() < (puntaje <= 3 ? 0.6 : 0.2);
      fila.puntaje = puntaje;
      fila.respondidaEn = new Date(respondida);
      fila.comentario = comenta ? pick(COMENTARIOS[puntaje]!) : null;
      // «Enviar» made it final at once (always with a comment); otherwise it closed after 24 h.
      if (comenta || r() < 0.5) fila.cerradaEn = new Date(Math.min(respondida + 3 * MIN, ahora - MIN));
    }
    filas.push(fila);
  }
  if (!filas.length) return;
  const ids = await db.insert(encuesta).values(filas).returning({ id: encuesta.id });
  await db.insert(ordenEventos).values(
    filas.map((f, i) => ({
      entidadId: o.entidadId,
      ordenId: f.ordenId,
      tipo: EVENTO_ENCUESTA_ENVIADA,
      usuarioId: f.enviadaPor,
      fecha: f.enviadaEn,
      datos: { email: f.email, encuestaId: ids[i]!.id, automatica: false },
    })),
  );
}
