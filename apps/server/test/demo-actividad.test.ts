/**
 * The demo a new user opens as `propietario` has something on every screen: hours and expenses,
 * surveys sent and answered, service levels and their compliance, requests from the portal,
 * checklists on orders, notifications in the bell. Asked through the API, on the first day of a month (the hardest day for
 * «this month»); `otra` sees none of it, and the seed leaves no mail, message or warning to send.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTADO,
  type ChecklistOrden,
  type Cumplimiento,
  type EnlaceSolicitudes,
  type EventoOrden,
  type HorasReportadas,
  type Notificacion,
  type OrdenDetalle,
  type PlantillaChecklist,
  type Politica,
  type RegistroOrden,
  type ResultadosEncuestas,
  type Solicitud,
} from '@delego/contract';
import { seedDemo } from '../src/seed/demo.js';
import { auth, createTestEnv, type TestEnv } from './helpers.js';
import { resumenGuardadoYRecalculado } from './resumen-recalculado.js';

const AHORA = new Date('2026-12-01T13:00:00Z');
const DIA = 86_400_000;

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  env.clock.t = AHORA;
  await seedDemo(env.database.db, AHORA);
}, 120_000);
afterAll(() => env?.close());

async function get<T>(usuario: string, url: string): Promise<T> {
  const r = await env.app.inject({ method: 'GET', url, headers: auth(usuario) });
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json<T>();
}

async function contar(consulta: ReturnType<typeof sql>): Promise<number> {
  const r = await env.database.db.execute<{ n: number | string }>(consulta);
  return Number(r.rows[0]?.n ?? 0);
}

/** Rows of a table that belong to Otra Empresa S.R.L. */
async function deOtra(tabla: string): Promise<number> {
  return contar(sql`
    select count(*) as n from ${sql.raw(tabla)} x join entidades e on e.id = x.entidad_id
     where e.nombre = 'Otra Empresa S.R.L.'`);
}

describe('la demo tiene algo que mostrar en cada pantalla', () => {
  it('horas reportadas este mes y en los últimos dos meses, por usuario y por cliente', async () => {
    const mes = await get<HorasReportadas>('propietario', '/api/v2/horas-reportadas');
    expect(mes.totalMinutos).toBeGreaterThan(0);
    const r = await get<HorasReportadas>(
      'propietario',
      `/api/v2/horas-reportadas?desde=${AHORA.getTime() - 60 * DIA}&hasta=${AHORA.getTime()}`,
    );
    expect(r.totalMinutos).toBeGreaterThan(60 * 60);
    expect(r.porUsuario.length).toBeGreaterThanOrEqual(3);
    expect(r.porCliente.length).toBeGreaterThanOrEqual(5);
    for (const f of r.filas) expect(f.minutos).toBeGreaterThan(0);
    expect(r.totalMinutos).toBe(r.filas.reduce((a, f) => a + f.minutos, 0));
    // No one's day goes past the module's 24 h rule.
    const excedidos = await contar(
      sql`select count(*) as n from (select usuario_id, dia from registro_horas group by 1, 2 having sum(minutos) > 1440) x`,
    );
    expect(excedidos).toBe(0);
    // Otra Empresa has none.
    expect((await get<HorasReportadas>('otra', '/api/v2/horas-reportadas')).totalMinutos).toBe(0);
    expect(await deOtra('registro_horas')).toBe(0);
    expect(await deOtra('registro_gastos')).toBe(0);
  });

  it('el registro de una orden finalizada tiene horas y gastos, con sus eventos en el historial', async () => {
    const r = await env.database.db.execute<{ orden_id: number }>(sql`
      select h.orden_id from registro_horas h join registro_gastos g on g.orden_id = h.orden_id
        join ordenes o on o.id = h.orden_id where o.estado_id = ${ESTADO.FINALIZADA} limit 1`);
    const id = Number(r.rows[0]?.orden_id);
    expect(id).toBeGreaterThan(0);
    const registro = await get<RegistroOrden>('propietario', `/api/v2/registro-gastos/${id}`);
    expect(registro.totales.minutos).toBeGreaterThan(0);
    expect(registro.totales.gastos[0]?.moneda).toBe('ARS');
    expect(registro.totales.gastos[0]?.total).toBeGreaterThan(0);
    const historial = await get<EventoOrden[]>('propietario', `/api/v2/historial/detalle/${id}`);
    const tipos = new Set(historial.map((e) => e.tipo));
    expect(tipos.has('HORAS')).toBe(true);
    expect(tipos.has('GASTO')).toBe(true);
  });

  it('encuestas enviadas, la mayoría respondidas con puntajes variados y algunos comentarios', async () => {
    const r = await get<ResultadosEncuestas>('propietario', '/api/v2/encuestas');
    expect(r.enviadas).toBeGreaterThanOrEqual(40);
    expect(r.respondidas).toBeGreaterThan(r.enviadas / 2);
    expect(r.respondidas).toBeLessThan(r.enviadas);
    expect(r.promedio).toBeGreaterThanOrEqual(3.5);
    expect(r.promedio).toBeLessThanOrEqual(5);
    const distribucion = r.distribucion;
    expect(distribucion.reduce((a, n) => a + n, 0)).toBe(r.respondidas);
    expect(distribucion.filter((n) => n > 0).length).toBeGreaterThanOrEqual(4);
    for (const x of r.respuestas) {
      expect(x.puntaje).toBeGreaterThanOrEqual(1);
      expect(x.puntaje).toBeLessThanOrEqual(5);
    }
    expect(r.respuestas.filter((x) => x.comentario).length).toBeGreaterThanOrEqual(5);
    expect(r.porResponsable.length).toBeGreaterThanOrEqual(3);
    expect(r.porMes.length).toBeGreaterThanOrEqual(3);
    // A few sent lately still wait for their answer.
    const pendientes = await contar(
      sql`select count(*) as n from encuesta where puntaje is null and vence_en > ${AHORA.toISOString()}::timestamptz`,
    );
    expect(pendientes).toBeGreaterThan(0);
    expect((await get<ResultadosEncuestas>('otra', '/api/v2/encuestas')).enviadas).toBe(0);
    expect(await deOtra('encuesta')).toBe(0);
  });

  it('checklists: plantillas de Preventivo e Inspección, completos en las finalizadas y a medias en las abiertas', async () => {
    const conChecklist = await env.database.db.execute<{ orden_id: number; estado_id: number }>(sql`
      select c.orden_id, o.estado_id from checklist_ordenes c join ordenes o on o.id = c.orden_id order by o.creada desc`);
    const de = (estados: number[]) =>
      conChecklist.rows.filter((f) => estados.includes(Number(f.estado_id))).map((f) => Number(f.orden_id));
    const finalizadas = de([ESTADO.FINALIZADA]);
    const abiertas = de([ESTADO.EN_PROCESO, ESTADO.EN_ESPERA]);
    expect(finalizadas.length).toBeGreaterThanOrEqual(5);
    expect(abiertas.length).toBeGreaterThanOrEqual(1);
    const completo = await get<ChecklistOrden>('propietario', `/api/v2/checklist/orden/${finalizadas[0]}`);
    expect(completo.items.length).toBeGreaterThanOrEqual(6);
    expect(completo.progreso.hechos).toBe(completo.progreso.total);
    expect(completo.faltantes).toEqual([]);
    for (const i of completo.items) expect(i.respuesta?.por.nombre).toBeTruthy();
    const parcial = await get<ChecklistOrden>('propietario', `/api/v2/checklist/orden/${abiertas[0]}`);
    expect(parcial.progreso.hechos).toBeGreaterThan(0);
    expect(parcial.progreso.hechos).toBeLessThan(parcial.progreso.total);
    // The order list reads the progress the answers left.
    const detalle = await get<OrdenDetalle>('propietario', `/api/v3/ordenDTO/${abiertas[0]}`);
    expect(detalle.checklist).toEqual(parcial.progreso);
    const preventivo = await contar(sql`
      select t.id as n from tipos_orden t join entidades e on e.id = t.entidad_id
       where e.nombre = 'Demo Servicios S.A.' and t.nombre = 'Preventivo'`);
    const plantilla = await get<PlantillaChecklist>('propietario', `/api/v2/checklist/plantilla/${preventivo}`);
    expect(plantilla.version).toBe(1);
    expect(plantilla.items.some((i) => i.requerido)).toBe(true);
    expect(await deOtra('checklist_ordenes')).toBe(0);
    expect(await deOtra('checklist_plantillas')).toBe(0);
  });

  it('solicitudes del portal: cuatro por revisar, dos aceptadas con su orden y una rechazada con el motivo', async () => {
    expect(await get('propietario', '/api/v4/solicitudes/pendientes')).toEqual({ pendientes: 4 });
    const pendientes = await get<Solicitud[]>('propietario', '/api/v4/solicitudes?estado=pendiente');
    expect(pendientes).toHaveLength(4);
    for (const s of pendientes) expect(s.creada).toBeLessThan(AHORA.getTime());
    const aceptadas = await get<Solicitud[]>('propietario', '/api/v4/solicitudes?estado=aceptada');
    expect(aceptadas).toHaveLength(2);
    for (const s of aceptadas) {
      const orden = await get<OrdenDetalle>('propietario', `/api/v3/ordenDTO/${s.orden?.id}`);
      expect(orden.titulo).toBe(s.que.split('\n')[0]);
      expect(orden.detalle).toContain(`(solicitud N.º ${s.id})`);
    }
    const [rechazada] = await get<Solicitud[]>('propietario', '/api/v4/solicitudes?estado=rechazada');
    expect(rechazada?.motivo).toMatch(/otra empresa/);
    // The clients' request links are on and can be copied.
    const enlace = await get<EnlaceSolicitudes>(
      'propietario',
      `/api/v4/solicitudes/enlace/${pendientes[0]!.clienteId}`,
    );
    expect(enlace.activo).toBe(true);
    expect(enlace.url).toMatch(/\/solicitud\/[A-Za-z0-9_-]{43}$/);
    // The supervisor sees those of the clients it may delegate.
    const delSupervisor = await get<Solicitud[]>('supervisor', '/api/v4/solicitudes?estado=pendiente');
    expect(delSupervisor.length).toBeGreaterThan(0);
    expect(delSupervisor.length).toBeLessThan(4);
    expect(await get('otra', '/api/v4/solicitudes')).toEqual([]);
    expect(await get('otra', '/api/v4/solicitudes/pendientes')).toEqual({ pendientes: 0 });
    expect(await deOtra('solicitudes')).toBe(0);
  });

  it('políticas de SLA de dos clientes, con su cumplimiento en los últimos 90 días', async () => {
    const { politicas } = await get<{ politicas: Politica[] }>('propietario', '/api/v4/sla/politicas');
    expect(politicas.map((p) => p.nombre).sort()).toEqual([
      'Clínica San Martín — prioridad alta',
      'Clínica San Martín — urgencias',
      'Municipalidad de Rosario — contrato de mantenimiento',
      'Municipalidad de Rosario — urgencias',
    ]);
    const c = await get<Cumplimiento>(
      'propietario',
      `/api/v4/sla/cumplimiento?fechaDesde=${AHORA.getTime() - 90 * DIA}&fechaHasta=${AHORA.getTime()}&por=cliente`,
    );
    expect(c.filas.map((f) => f.nombre).sort()).toEqual(['Clínica San Martín', 'Municipalidad de Rosario']);
    const { respuesta, resolucion } = c.total;
    expect(respuesta.cumplidas).toBeGreaterThan(respuesta.incumplidas);
    expect(resolucion.cumplidas).toBeGreaterThan(0);
    expect(resolucion.incumplidas).toBeGreaterThan(0);
    expect((await get<{ politicas: Politica[] }>('otra', '/api/v4/sla/politicas')).politicas).toEqual([]);
    expect(await deOtra('orden_sla')).toBe(0);
  });

  it('una orden con SLA lo muestra en su detalle', async () => {
    const r = await env.database.db.execute<{ orden_id: number }>(
      sql`select orden_id from orden_sla where politica_nombre is not null and abierta limit 1`,
    );
    const detalle = await get<OrdenDetalle>('propietario', `/api/v3/ordenDTO/${Number(r.rows[0]?.orden_id)}`);
    expect(detalle.sla?.politica).toMatch(/^(Clínica San Martín|Municipalidad de Rosario) — /);
  });

  it('nada queda por enviar: ni correos ni mensajes de WhatsApp', async () => {
    expect(await contar(sql`select count(*) as n from correo_salida`)).toBe(0);
    expect(await contar(sql`select count(*) as n from whatsapp_salida`)).toBe(0);
  });

  it('la campana no está vacía: lo asignado y cambiado al operario, las solicitudes a quien puede delegarlas', async () => {
    const operario = await get<Notificacion[]>('operario', '/api/v2/notificaciones/all');
    expect(operario.map((n) => n.tipo).sort()).toEqual(['ORDEN_ASIGNADA', 'ORDEN_ESTADO']);
    for (const n of operario) {
      expect(n.leida).toBe(false);
      expect(n.fecha).toBeLessThan(AHORA.getTime());
      // Each names a real open order of his, in the words the server uses when it happens.
      const orden = await get<OrdenDetalle>('operario', `/api/v3/ordenDTO/${n.ordenId}`);
      expect(orden.responsables.map((r) => r.usuario)).toContain('operario');
      expect([ESTADO.PENDIENTE, ESTADO.EN_PROCESO, ESTADO.EN_ESPERA]).toContain(orden.estado.id);
      expect(n.mensaje.startsWith(orden.titulo)).toBe(true);
      expect(n.titulo).toBe(
        n.tipo === 'ORDEN_ASIGNADA'
          ? `Nueva orden asignada: #${orden.numero}`
          : `La orden #${orden.numero} pasó a ${orden.estado.nombre}`,
      );
    }
    const pendientes = await get<Solicitud[]>('propietario', '/api/v4/solicitudes?estado=pendiente');
    for (const usuario of ['propietario', 'admin']) {
      const avisos = await get<Notificacion[]>(usuario, '/api/v2/notificaciones/all');
      expect(avisos).toHaveLength(pendientes.length);
      for (const n of avisos) {
        expect(n).toMatchObject({ tipo: 'SOLICITUD_RECIBIDA', ordenId: null, leida: false });
        expect(pendientes.some((s) => n.titulo === `Nueva solicitud de ${s.clienteNombre}`)).toBe(true);
        // Each request's first line, then its description, kept apart on one line.
        expect(n.mensaje).toMatch(/^[^\n]+ — [^\n]+$/);
      }
    }
    // The supervisor, those of the clients she may delegate only.
    const delSupervisor = await get<Solicitud[]>('supervisor', '/api/v4/solicitudes?estado=pendiente');
    expect(await get<Notificacion[]>('supervisor', '/api/v2/notificaciones/all')).toHaveLength(delSupervisor.length);
    expect(await get<Notificacion[]>('otra', '/api/v2/notificaciones/all')).toEqual([]);
    expect(await deOtra('notificaciones')).toBe(0);
  });

  it('las estadísticas guardadas son las de las órdenes sembradas (lo que la semilla cambió después no las desvía)', async () => {
    const { guardado, recalculado } = await resumenGuardadoYRecalculado(env.database.db);
    expect(guardado.length).toBeGreaterThan(0);
    expect(guardado).toEqual(recalculado);
  });

  it('el primer escaneo de SLA no repara copias ni manda avisos atrasados', async () => {
    const antes = await contar(sql`select count(*) as n from notificaciones`);
    const escaneo = await env.puertos().sla.escanear();
    expect(escaneo).toEqual({ sincronizadas: 0, avisos: 0, incumplidas: 0 });
    expect(await contar(sql`select count(*) as n from notificaciones`)).toBe(antes);
  });
});
