import { sql } from 'drizzle-orm';
import { ESTADOS_ABIERTOS } from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import { lectorDe } from '../kernel/db/leer.js';
import { NotificationsRepository } from '../modules/notifications/notifications.repository.js';
import type { notificaciones } from '../modules/notifications/notifications.tables.js';
import { avisoAsignada, avisoEstado } from '../modules/notifications/textos.js';
import { avisoDeSolicitud } from '../modules/solicitudes/solicitudes.publico.js';
import { SolicitudesRepository } from '../modules/solicitudes/solicitudes.repository.js';
import type { DemoDeEmpresa } from './actividad-demo.js';

/**
 * What the demo's people find in their bell on their first visit, unread: the operario, his newest
 * open order (assigned to him when it was created) and the last change of state someone else made
 * to one of his open orders; whoever may delegate for a client (the administrators, the supervisor
 * for her clients), each request waiting in «Solicitudes». The texts are the ones the server writes
 * (`textos.ts`, `avisoDeSolicitud`), each dated when what it tells happened; nothing is pushed,
 * mailed nor sent by WhatsApp: it all happened before the demo's first start.
 */
export async function makeNotificacionesDemo(db: DbOrTx, o: DemoDeEmpresa & { operario: number }): Promise<void> {
  const leer = lectorDe(db);
  const filas: (typeof notificaciones.$inferInsert)[] = [];
  const para = (usuarioId: number, creada: Date) => ({ entidadId: o.entidadId, usuarioId, creada });

  const abiertas = o.ordenes.filter(
    (x) => x.responsables.includes(o.operario) && (ESTADOS_ABIERTOS as readonly number[]).includes(x.estadoId),
  );
  const nueva = abiertas.at(-1);
  if (nueva) filas.push({ ...avisoAsignada(nueva), ...para(o.operario, nueva.creada) });

  // The change that left one of his open orders as it is now, made by someone else.
  const ids = abiertas.filter((x) => x !== nueva).map((x) => x.id);
  if (ids.length) {
    const [cambio] = await leer<{ ordenId: number; estado: number; comentario: string | null; fecha: string }>(sql`
      select e.orden_id as "ordenId", e.estado_nuevo_id as estado, e.comentario, e.fecha
        from orden_eventos e join ordenes o on o.id = e.orden_id and o.estado_id = e.estado_nuevo_id
       where e.entidad_id = ${o.entidadId} and e.tipo = 'ESTADO' and e.usuario_id <> ${o.operario}
         and e.orden_id in (${sql.join(ids, sql`, `)})
       order by e.fecha desc, e.id desc
       limit 1`);
    const orden = cambio && abiertas.find((x) => x.id === Number(cambio.ordenId));
    if (cambio && orden) {
      filas.push({
        ...avisoEstado(orden, Number(cambio.estado), cambio.comentario),
        ...para(o.operario, new Date(cambio.fecha)),
      });
    }
  }

  const pendientes = await leer<{ clienteId: number; cliente: string; que: string; creada: string }>(sql`
    select s.cliente_id as "clienteId", c.nombre as cliente, s.que, s.creada
      from solicitudes s join clientes c on c.id = s.cliente_id and c.entidad_id = s.entidad_id
     where s.entidad_id = ${o.entidadId} and s.estado = 'pendiente'
     order by s.creada, s.id`);
  const solicitudes = new SolicitudesRepository(db);
  for (const s of pendientes) {
    for (const usuarioId of await solicitudes.quienesPuedenDelegar(o.entidadId, Number(s.clienteId))) {
      filas.push({ ...avisoDeSolicitud(s.cliente, s.que), ...para(usuarioId, new Date(s.creada)) });
    }
  }

  if (filas.length) await new NotificationsRepository(db).insertVarias(filas);
}
