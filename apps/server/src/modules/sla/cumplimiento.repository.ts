import { sql, type SQL } from 'drizzle-orm';
import { ESTADO, type AgruparCumplimiento, type FilaCumplimiento } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { lectorDe } from '../../kernel/db/leer.js';

/** The filters of a compliance count: the company, orders created in [desde, hasta], maybe one client. */
export interface FiltroCumplimiento {
  entidadId: number;
  desde: Date;
  hasta: Date;
  clienteId?: number | undefined;
  /** The instant «still running» and «broken» are told apart at. */
  ahora: Date;
  /** The company's zone, for the month of creation. */
  zona: string;
}

interface FilaLeida {
  clave: string;
  nombre: string | null;
  ordenes: number;
  rc: number;
  ri: number;
  re: number;
  sc: number;
  si: number;
  se: number;
}

/**
 * Compliance counts from `orden_sla` (the sla module's own rows) with the order's client, type,
 * responsables and creation (the read exception of docs/ARCHITECTURE.md). One statement per call.
 */
export class CumplimientoRepository {
  constructor(private readonly db: DbOrTx) {}

  async agrupado(f: FiltroCumplimiento, por: AgruparCumplimiento | null): Promise<FilaCumplimiento[]> {
    const ahora = sql`${f.ahora.toISOString()}::timestamptz`;
    const conteos = (p: 'resp' | 'res', alias: 'r' | 's') => {
      const c = (nombre: string) => sql.raw(`s.${p}_${nombre}`);
      const a = (sufijo: string) => sql.raw(`${alias}${sufijo}`);
      const corre = sql`coalesce(s.pausada_desde, ${ahora})`;
      return sql`count(distinct o.id) filter (where ${c('objetivo')} is not null and ${c('cumplida')} <= ${c('vence')})::int as ${a('c')},
        count(distinct o.id) filter (where ${c('objetivo')} is not null and (${c('cumplida')} > ${c('vence')} or (${c('cumplida')} is null and ${c('vence')} <= ${corre})))::int as ${a('i')},
        count(distinct o.id) filter (where ${c('objetivo')} is not null and ${c('cumplida')} is null and ${c('vence')} > ${corre})::int as ${a('e')}`;
    };
    const grupo: { clave: SQL; nombre: SQL; join: SQL } = {
      cliente: {
        clave: sql`coalesce(o.cliente_id, 0)::text`,
        nombre: sql`k.nombre`,
        join: sql`left join clientes k on k.id = o.cliente_id`,
      },
      tipo: {
        clave: sql`coalesce(o.tipo_orden_id, 0)::text`,
        nombre: sql`t.nombre`,
        join: sql`left join tipos_orden t on t.id = o.tipo_orden_id`,
      },
      responsable: {
        clave: sql`coalesce(r.usuario_id, 0)::text`,
        nombre: sql`trim(u.nombre || ' ' || coalesce(u.apellido, ''))`,
        join: sql`left join orden_responsables r on r.orden_id = o.id left join usuarios u on u.id = r.usuario_id`,
      },
      mes: {
        clave: sql`to_char(o.creada at time zone ${f.zona}, 'YYYY-MM')`,
        nombre: sql`to_char(o.creada at time zone ${f.zona}, 'YYYY-MM')`,
        join: sql``,
      },
    }[por ?? 'mes'];
    const filas = await lectorDe(this.db)<FilaLeida>(sql`
      select ${por ? grupo.clave : sql`'total'`} as clave, ${por ? sql`min(${grupo.nombre})` : sql`null`} as nombre,
             count(distinct o.id)::int as ordenes,
             ${conteos('resp', 'r')}, ${conteos('res', 's')}
        from orden_sla s
        join ordenes o on o.id = s.orden_id
        ${por ? grupo.join : sql``}
       where s.entidad_id = ${f.entidadId} and o.entidad_id = ${f.entidadId} and o.eliminada is null
         and o.estado_id <> ${ESTADO.CANCELADA}
         and (s.resp_objetivo is not null or s.res_objetivo is not null)
         and o.creada >= ${f.desde.toISOString()}::timestamptz and o.creada <= ${f.hasta.toISOString()}::timestamptz
         ${f.clienteId === undefined ? sql`` : sql`and o.cliente_id = ${f.clienteId}`}
       ${por ? sql`group by 1 order by 2 nulls first, 1` : sql``}`);
    return filas
      .filter((r) => r.ordenes > 0 || !por)
      .map((r) => ({
        clave: r.clave,
        nombre:
          r.nombre ??
          (por === 'cliente'
            ? 'Sin cliente'
            : por === 'tipo'
              ? 'Sin tipo'
              : por === 'responsable'
                ? 'Sin responsable'
                : ''),
        ordenes: r.ordenes,
        respuesta: { cumplidas: r.rc, incumplidas: r.ri, enCurso: r.re },
        resolucion: { cumplidas: r.sc, incumplidas: r.si, enCurso: r.se },
      }));
  }
}
