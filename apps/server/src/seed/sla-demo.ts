import { sql } from 'drizzle-orm';
import { ZONA_HORARIA_EMPRESA_POR_DEFECTO, estadoInfo, hoyEn, type EstadoId, type Objetivo } from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import { feriadosDeArgentina } from '../modules/sla/feriados-nacionales.js';
import type { CopiaPolitica } from '../modules/sla/orden-sla.repository.js';
import { calcular } from '../modules/sla/orden-sla.service.js';
import { SlaRepository } from '../modules/sla/sla.repository.js';
import { SlaService } from '../modules/sla/sla.service.js';
import { ordenSla, slaPoliticas } from '../modules/sla/sla.tables.js';
import type { DemoDeEmpresa } from './actividad-demo.js';
import { inicioDeMes } from './factories.js';
import { rng } from './historial.js';

const horas = (cantidad: number): Objetivo => ({ unidad: 'horas', cantidad });
const dias = (cantidad: number): Objetivo => ({ unidad: 'dias', cantidad });

/**
 * The demo's service levels (docs/SLA.md): the contracts of two clients, per priority, in force
 * for three months, and on every order created since then the copy the module would have written
 * (computed by its own `calcular` on the company's business calendar), so the orders' countdowns,
 * the «SLA» filter and «Cumplimiento de SLA» have something to show. Clínica San Martín's
 * policies name a priority each, so its orders without one (a journey's new order) follow a
 * general policy, if the company adds one.
 *
 * The warnings a running server would already have sent (80 % and breach instants in the past)
 * are marked as sent, so the first scan after start notifies nothing: its notifications are for
 * what falls due from then on.
 */
export async function makeSlaDemo(
  db: DbOrTx,
  o: DemoDeEmpresa & {
    clinica: number;
    municipalidad: number;
    /** The company's priorities by level: Baja, Media, Alta, Urgente. */
    prioridades: readonly number[];
    seed: number;
  },
): Promise<void> {
  const [, , alta, urgente] = o.prioridades;
  const desde = inicioDeMes(o.now, -3);
  const politicas = [
    {
      nombre: 'Clínica San Martín — urgencias',
      clienteId: o.clinica,
      prioridadId: urgente,
      resp: horas(2),
      res: dias(5),
    },
    {
      nombre: 'Clínica San Martín — prioridad alta',
      clienteId: o.clinica,
      prioridadId: alta,
      resp: horas(4),
      res: dias(10),
    },
    {
      nombre: 'Municipalidad de Rosario — urgencias',
      clienteId: o.municipalidad,
      prioridadId: urgente,
      resp: horas(4),
      res: dias(5),
    },
    {
      nombre: 'Municipalidad de Rosario — contrato de mantenimiento',
      clienteId: o.municipalidad,
      prioridadId: null,
      resp: dias(1),
      res: dias(15),
    },
  ];
  const filas = await db
    .insert(slaPoliticas)
    .values(
      politicas.map((p) => ({
        entidadId: o.entidadId,
        // Set to the row's own id below: the policy's id is its first version's.
        politicaId: 0,
        nombre: p.nombre,
        clienteId: p.clienteId,
        prioridadId: p.prioridadId ?? null,
        respuesta: p.resp,
        resolucion: p.res,
        pausaEnEspera: true,
        vigenteDesde: desde,
      })),
    )
    .returning({ id: slaPoliticas.id });
  await db.execute(
    sql`update sla_politicas set politica_id = id where entidad_id = ${o.entidadId} and politica_id = 0`,
  );
  // The most specific policy that reaches the order: its client and priority, else its client.
  const version = (clienteId: number | null, prioridadId: number | null) => {
    const exacta = politicas.findIndex((p) => p.clienteId === clienteId && p.prioridadId === prioridadId);
    const i = exacta >= 0 ? exacta : politicas.findIndex((p) => p.clienteId === clienteId && p.prioridadId === null);
    return i >= 0 ? { ...politicas[i]!, id: filas[i]!.id } : null;
  };

  const anio = (d: Date) => Number(hoyEn(ZONA_HORARIA_EMPRESA_POR_DEFECTO, d.getTime()).slice(0, 4));
  const anios = [];
  for (let a = anio(desde); a <= anio(o.now) + 1; a++) anios.push(a);
  const cal = await new SlaService(new SlaRepository(db), { now: () => o.now }, feriadosDeArgentina()).calendarioHabil(
    db,
    o.entidadId,
    anios,
  );
  const cambios = await db.execute<{
    id: number;
    orden_id: number;
    fecha: string;
    desde: number | null;
    hacia: number | null;
  }>(sql`
    select e.id, e.orden_id, e.fecha, e.estado_anterior_id as desde, e.estado_nuevo_id as hacia
      from orden_eventos e join ordenes o on o.id = e.orden_id
     where o.entidad_id = ${o.entidadId} and o.creada >= ${desde.toISOString()}::timestamptz and e.tipo = 'ESTADO'
     order by e.fecha, e.id`);
  const porOrden = new Map<number, { id: number; fecha: Date; desde: number | null; hacia: number | null }[]>();
  for (const c of cambios.rows) {
    const id = Number(c.orden_id);
    const cambio = { id: Number(c.id), fecha: new Date(c.fecha), desde: c.desde, hacia: c.hacia };
    porOrden.set(id, [...(porOrden.get(id) ?? []), cambio]);
  }
  // Under contract the office answers most calls within hours: the first change of most of these
  // orders moves to a few hours after their creation (never past the next change, so the history
  // keeps its order; when it is the order's last change, the order's `actualizada` moves with it).
  const r = rng(o.seed);
  const movidos: { id: number; fecha: Date }[] = [];
  const actualizadas: { id: number; fecha: Date }[] = [];
  for (const ord of o.ordenes) {
    const cs = porOrden.get(ord.id);
    if (ord.creada < desde || !cs?.length || !version(ord.clienteId, ord.prioridadId)) continue;
    const primero = cs[0]!;
    const antes = new Date(ord.creada.getTime() + (10 + Math.floor(r() * 90)) * 60_000);
    if (r() < 0.9 && antes < primero.fecha) {
      if (cs.length === 1 && ord.actualizada.getTime() === primero.fecha.getTime()) {
        ord.actualizada = antes;
        actualizadas.push({ id: ord.id, fecha: antes });
      }
      primero.fecha = antes;
      movidos.push({ id: primero.id, fecha: antes });
    }
  }
  const valores = (filas: { id: number; fecha: Date }[]) =>
    sql.join(
      filas.map((m) => sql`(${m.id}::bigint, ${m.fecha.toISOString()}::timestamptz)`),
      sql`, `,
    );
  if (movidos.length) {
    await db.execute(
      sql`update orden_eventos e set fecha = v.fecha from (values ${valores(movidos)}) as v(id, fecha) where e.id = v.id`,
    );
  }
  if (actualizadas.length) {
    await db.execute(
      sql`update ordenes o set actualizada = v.fecha from (values ${valores(actualizadas)}) as v(id, fecha) where o.id = v.id`,
    );
  }
  // Every order created under the policies gets its row, with targets or without (as the module
  // leaves them): the repair scan finds none missing. What the scan would have claimed by now is
  // marked where it fell (the 80 % and the breach of a target not met by then).
  const ahora = o.now.getTime();
  const marca = (instante: Date | undefined, cumplida: Date | null | undefined) =>
    instante && instante.getTime() <= ahora && (!cumplida || cumplida > instante) ? instante : null;
  const filasSla: (typeof ordenSla.$inferInsert)[] = [];
  for (const ord of o.ordenes) {
    if (ord.creada < desde) continue;
    const p = version(ord.clienteId, ord.prioridadId);
    const copia: CopiaPolitica = p
      ? {
          politicaVersionId: p.id,
          politicaNombre: p.nombre,
          pausaEnEspera: true,
          respObjetivo: p.resp,
          resObjetivo: p.res,
        }
      : { politicaVersionId: null, politicaNombre: null, pausaEnEspera: false, respObjetivo: null, resObjetivo: null };
    const c = calcular(p ? cal : null, { ...ord, entidadId: o.entidadId }, porOrden.get(ord.id) ?? [], copia);
    filasSla.push({
      ordenId: ord.id,
      entidadId: o.entidadId,
      ...copia,
      inicio: c.inicio,
      pausadaDesde: c.pausadaDesde,
      respTotalMs: c.resp?.totalMs ?? null,
      respVence: c.resp?.vence ?? null,
      respAviso: c.resp?.aviso ?? null,
      respCumplida: c.resp?.cumplida ?? null,
      respAvisada: marca(c.resp?.aviso, c.resp?.cumplida),
      respIncumplida: marca(c.resp?.vence, c.resp?.cumplida),
      resTotalMs: c.res?.totalMs ?? null,
      resVence: c.res?.vence ?? null,
      resAviso: c.res?.aviso ?? null,
      resCumplida: c.res?.cumplida ?? null,
      resAvisada: marca(c.res?.aviso, c.res?.cumplida),
      resIncumplida: marca(c.res?.vence, c.res?.cumplida),
      sincronizada: ord.actualizada,
      abierta: !estadoInfo(ord.estadoId as EstadoId)?.cerrado,
    });
  }
  for (let i = 0; i < filasSla.length; i += 500) await db.insert(ordenSla).values(filasSla.slice(i, i + 500));
}
