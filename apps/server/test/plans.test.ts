import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_PLANES,
  type Pago,
  type PlanCatalogo,
  type PlanEstado,
  type PlanHabilitado,
  type ResultadoSuscripcion,
} from '@delego/contract';
import type { DomainEvent } from '../src/kernel/bus.js';
import type { MailTransport, Mensaje } from '../src/modules/mail/transport.js';
import { ProveedorPrueba, SECRETO_WEBHOOK_PRUEBA } from '../src/modules/plans/proveedor-prueba.js';
import { unMesDespues } from '../src/modules/plans/suscripciones.service.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Plans and payments in test mode (issue 15, docs/PLANES.md): catalogue, permission, refusals,
 * the sandbox cards, concurrent subscribe, webhooks (signature, replay, unknown payment), and the
 * lifecycle with a controlled clock (renewal with payment, grace period, downgrade, free plan).
 */

const DIA = 24 * 3_600_000;
const correos: Mensaje[] = [];
const transporte: MailTransport = {
  kind: 'archivo',
  send: (m) => {
    correos.push(m);
    return Promise.resolve({});
  },
  close: () => undefined,
};

let env: TestEnv;
let proveedor: ProveedorPrueba;
const eventos: DomainEvent[] = [];
const ent: Record<string, number> = {};
let n = 0;
function eid(clave: string): number {
  const id = ent[clave];
  if (id === undefined) throw new Error(`empresa ${clave}`);
  return id;
}

const call = (method: 'GET' | 'POST', url: string, who: string | null, payload?: unknown, headers = {}) =>
  env.app.inject({
    method,
    url,
    headers: { ...(who ? auth(who) : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const tokenPrueba = () => `prueba_${randomBytes(12).toString('hex')}`;
const tarjeta = (titular: string, extra: Record<string, unknown> = {}) => ({
  token: tokenPrueba(),
  marca: 'visa',
  ultimosCuatro: '3704',
  titular,
  ...extra,
});

async function planId(nombre: string): Promise<number> {
  const r = await call('GET', '/api/v2/plan/all', 'dueno-demo');
  const p = (r.json() as PlanCatalogo[]).find((x) => x.nombre === nombre);
  if (!p) throw new Error(`plan ${nombre}`);
  return p.id;
}

async function estado(who: string): Promise<PlanEstado> {
  const r = await call('GET', '/api/v2/plan/estado', who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

async function suscribir(who: string, entidad: string, plan: string, titular?: string): Promise<ResultadoSuscripcion> {
  const r = await call('POST', '/api/v2/plan/suscribir', who, {
    entidadId: ent[entidad],
    planId: await planId(plan),
    ...(titular ? { datosTarjeta: tarjeta(titular) } : {}),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** A company with its owner (with email), an admin and an operario. */
async function empresa(nombre: string, plan: string): Promise<string> {
  const db = env.database.db;
  const clave = `e${++n}`;
  ent[clave] = await makeEntidad(db, { nombre, plan, now: env.clock.now() });
  await makeUsuario(db, {
    entidadId: ent[clave],
    usuario: `dueno-${clave}`,
    nombre: 'Dueña',
    email: `duena-${clave}@example.com`,
    roles: ['PROPIETARIO'],
    permisos: ['crearOrden'],
  });
  await makeUsuario(db, {
    entidadId: ent[clave],
    usuario: `operario-${clave}`,
    nombre: 'Op',
    roles: ['OPERARIO'],
    permisos: ['crearOrden'],
  });
  return clave;
}

/** A webhook signed like MercadoPago's (x-signature over the manifest), or with another secret. */
function webhook(dataId: string, o: { eventoId?: string; secreto?: string; tipo?: string; desfaseMs?: number } = {}) {
  // MercadoPago's ts is in seconds, from its clock: here the server's (controlled) clock, moved by desfaseMs.
  const ts = String(Math.floor((env.clock.now().getTime() + (o.desfaseMs ?? 0)) / 1000));
  const requestId = `req-${randomBytes(4).toString('hex')}`;
  const v1 = createHmac('sha256', o.secreto ?? SECRETO_WEBHOOK_PRUEBA)
    .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return env.app.inject({
    method: 'POST',
    url: `/api/v2/plan/webhook/mercadopago?data.id=${encodeURIComponent(dataId)}&type=payment`,
    headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
    payload: {
      id: o.eventoId ?? `ev-${randomBytes(6).toString('hex')}`,
      type: o.tipo ?? 'payment',
      action: 'payment.updated',
      live_mode: false,
      data: { id: dataId },
    },
  });
}

async function filas(tabla: 'pagos' | 'pagos_eventos', entidadId?: number): Promise<Record<string, unknown>[]> {
  const where = entidadId ? sql` where entidad_id = ${entidadId}` : sql``;
  const r = await env.database.db.execute(sql`select * from ${sql.raw(tabla)}${where} order by 1`);
  return r.rows as Record<string, unknown>[];
}

async function suscripcion(entidadId: number): Promise<Record<string, unknown>> {
  const r = await env.database.db.execute(sql`select * from suscripciones where entidad_id = ${entidadId}`);
  return r.rows[0] as Record<string, unknown>;
}

beforeAll(async () => {
  proveedor = new ProveedorPrueba();
  env = await createTestEnv({ pagos: proveedor, mailTransport: transporte });
  env.app.bus.subscribe((e) => {
    eventos.push(e);
  });
  // 'demo' is a stable name for the catalogue reads.
  const db = env.database.db;
  ent.demo = await makeEntidad(db, { nombre: 'Demo S.A.', plan: 'Pyme', now: env.clock.now() });
  await makeUsuario(db, {
    entidadId: ent.demo,
    usuario: 'dueno-demo',
    nombre: 'D',
    email: 'd@example.com',
    roles: ['PROPIETARIO'],
  });
  await makeUsuario(db, {
    entidadId: ent.demo,
    usuario: 'admin-demo',
    nombre: 'A',
    roles: ['ADMIN'],
    permisos: ['crearOrden'],
  });
  await makeUsuario(db, {
    entidadId: ent.demo,
    usuario: 'operario-demo',
    nombre: 'O',
    roles: ['OPERARIO'],
    permisos: ['crearOrden'],
  });
  ent.otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now: env.clock.now() });
  await makeUsuario(db, { entidadId: ent.otra, usuario: 'otra', nombre: 'Otra', roles: ['PROPIETARIO'] });
});

afterAll(async () => {
  await env?.close();
});

describe('catálogo, habilitado, historial', () => {
  it('GET /api/v2/plan/all: los planes activos del más barato al más caro, el actual marcado', async () => {
    // A database migrated before issue 36 keeps the old lines («Varias sedes», which exists nowhere): never shown.
    await env.database.db.execute(
      sql`update planes set incluye = ${JSON.stringify(['Varias sedes con una sola cuenta', 'Soporte prioritario'])}::jsonb where nombre = 'Ilimitado'`,
    );
    const r = await call('GET', '/api/v2/plan/all', 'operario-demo');
    expect(r.statusCode).toBe(200);
    const planes = r.json() as PlanCatalogo[];
    expect(planes.map((p) => [p.nombre, p.precioMensual, p.quota, p.actual])).toEqual([
      ['Inicial', 0, 20, false],
      ['Pyme', 24900, 100, true],
      ['Empresa', 89900, 1000, false],
      ['Ilimitado', 179900, null, false],
    ]);
    for (const p of planes) {
      expect(p.moneda).toBe('ARS');
      // Issue 36: every line is true of the plan. No plan gates a feature, so every card lists the
      // same lines; the quota (and the price) is the one difference.
      expect(p.incluye).toEqual([
        'Usuarios ilimitados',
        'Encuestas, estadísticas y tablero',
        'Informes de demoras, archivos y gastos',
      ]);
    }
    // Another company sees its own plan marked.
    const otra = (await call('GET', '/api/v2/plan/all', 'otra')).json() as PlanCatalogo[];
    expect(otra.find((p) => p.actual)?.nombre).toBe('Ilimitado');
  });

  it('GET /api/v2/plan/habilitado: administradores y propietarios sí, el operario no; modo de prueba', async () => {
    for (const who of ['dueno-demo', 'admin-demo']) {
      const h = (await call('GET', '/api/v2/plan/habilitado', who)).json() as PlanHabilitado;
      expect(h).toEqual({ habilitado: true, motivo: null, modoPrueba: true, proveedor: 'prueba', publicKey: null });
    }
    const op = (await call('GET', '/api/v2/plan/habilitado', 'operario-demo')).json() as PlanHabilitado;
    expect(op.habilitado).toBe(false);
    expect(op.motivo).toBe(MENSAJES_PLANES.sinPermiso);
    expect((await call('GET', '/api/v2/plan/habilitado', null)).statusCode).toBe(401);
  });

  it('GET /api/v2/plan/pagos: 403 al operario', async () => {
    const r = await call('GET', '/api/v2/plan/pagos', 'operario-demo');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MENSAJES_PLANES.sinPermiso);
  });
});

describe('POST /api/v2/plan/suscribir: lo que se rechaza, sin cambiar nada', () => {
  it('operario 403, otra empresa 403, plan inexistente, sin tarjeta, token mal formado, 1 MB', async () => {
    const antes = await estado('dueno-demo');
    const empresaId = await planId('Empresa');
    const casos: [string, Record<string, unknown>, number, string?][] = [
      ['operario-demo', { entidadId: ent.demo, planId: empresaId, datosTarjeta: tarjeta('APRO') }, 403],
      ['dueno-demo', { entidadId: ent.otra, planId: empresaId, datosTarjeta: tarjeta('APRO') }, 403],
      ['otra', { entidadId: ent.demo, planId: empresaId, datosTarjeta: tarjeta('APRO') }, 403],
      ['dueno-demo', { entidadId: ent.demo, planId: 999_999, datosTarjeta: tarjeta('APRO') }, 400, 'planId'],
      ['dueno-demo', { entidadId: ent.demo, planId: empresaId }, 400, 'datosTarjeta'],
      ['dueno-demo', { entidadId: ent.demo, planId: empresaId, datosTarjeta: tarjeta('APRO', { token: '' }) }, 400],
      [
        'dueno-demo',
        { entidadId: ent.demo, planId: empresaId, datosTarjeta: tarjeta('APRO', { token: 'a b<c>' }) },
        400,
      ],
      [
        'dueno-demo',
        { entidadId: ent.demo, planId: empresaId, datosTarjeta: tarjeta('APRO', { token: 'tok_1234567890abcdef' }) },
        400,
        'datosTarjeta.token',
      ],
      [
        'dueno-demo',
        { entidadId: ent.demo, planId: empresaId, datosTarjeta: tarjeta('APRO', { ultimosCuatro: '12' }) },
        400,
      ],
      ['dueno-demo', { entidadId: ent.demo, planId: 'x', datosTarjeta: tarjeta('APRO') }, 400],
      // The brand only from MercadoPago's list: a card number (or any other text) is refused, never stored.
      ...['4509953566233704', 'Visa 4509 9535 6623 3704', 'VISA', 'tarjeta'].map(
        (marca): [string, Record<string, unknown>, number, string] => [
          'dueno-demo',
          { entidadId: ent.demo, planId: empresaId, datosTarjeta: tarjeta('APRO', { marca }) },
          400,
          'datosTarjeta.marca',
        ],
      ),
    ];
    for (const [who, body, status, field] of casos) {
      const r = await call('POST', '/api/v2/plan/suscribir', who, body);
      expect(r.statusCode, `${who} ${JSON.stringify(body)} ${r.body}`).toBe(status);
      expect(r.json().message).toMatch(/\S/);
      if (field) expect(r.json().field ?? r.json().issues?.[0]?.field).toBe(field);
    }
    const grande = await call('POST', '/api/v2/plan/suscribir', 'dueno-demo', {
      entidadId: ent.demo,
      planId: empresaId,
      datosTarjeta: tarjeta('APRO', { titular: 'x'.repeat(1024 * 1024) }),
    });
    expect(grande.statusCode).toBe(413);
    expect(await estado('dueno-demo')).toEqual(antes);
    expect(await estado('otra')).toMatchObject({ nombre: 'Ilimitado' });
    expect(await filas('pagos')).toHaveLength(0);
    const guardado = await env.database.db.execute(
      sql`select count(*)::int as n from suscripciones where tarjeta like ${'%4509%'}`,
    );
    expect(guardado.rows[0]).toEqual({ n: 0 });
  });

  it('una tarjeta rechazada (FUND) queda registrada, en español, y el plan no cambia', async () => {
    const antes = await estado('dueno-demo');
    const r = await suscribir('dueno-demo', 'demo', 'Empresa', 'FUND');
    expect(r.estado).toBe('rechazado');
    expect(r.mensaje).toBe(MENSAJES_PLANES.rechazado('la tarjeta no tiene saldo suficiente.'));
    expect(r.plan).toEqual(antes);
    expect(r.pago).toMatchObject({
      estado: 'rechazado',
      planNombre: 'Empresa',
      monto: 89900,
      moneda: 'ARS',
      tarjeta: 'Visa •••• 3704',
    });
    expect(r.pago?.referencia).toMatch(/^prueba-/);
    const pagos = (await call('GET', '/api/v2/plan/pagos', 'dueno-demo')).json() as Pago[];
    expect(pagos.map((p) => [p.estado, p.motivo])).toEqual([['rechazado', 'la tarjeta no tiene saldo suficiente.']]);
    // The other sandbox names give their own reasons.
    for (const [titular, motivo] of [
      ['SECU', 'el código de seguridad es incorrecto.'],
      ['OTHE', 'la tarjeta rechazó el pago (error general).'],
      ['Juan Pérez', 'la tarjeta rechazó el pago (error general).'],
    ] as const) {
      const x = await suscribir('dueno-demo', 'demo', 'Empresa', titular);
      expect([x.estado, x.pago?.motivo]).toEqual(['rechazado', motivo]);
    }
    expect(await estado('dueno-demo')).toEqual(antes);
  });
});

describe('mejora con la tarjeta aprobada (APRO)', () => {
  it('aplica ya: un período nuevo desde hoy con la quota entera del plan nuevo, el evento del plan', async () => {
    const e = await empresa('Mejora S.A.', 'Pyme');
    // Use 30 of the 100 orders of the period.
    await env.database.db.execute(sql`update suscripciones set quota_disponible = 70 where entidad_id = ${eid(e)}`);
    eventos.length = 0;
    const r = await suscribir(`dueno-${e}`, e, 'Empresa', 'APRO');
    expect(r.estado).toBe('aprobado');
    expect(r.mensaje).toBe(MENSAJES_PLANES.aprobado('Empresa'));
    expect(r.plan).toMatchObject({
      nombre: 'Empresa',
      quota: 1000,
      quotaDisponible: 1000,
      fechaProximoVencimiento: unMesDespues(env.clock.now()).getTime(),
      gracia: null,
      pendiente: null,
    });
    expect(eventos).toContainEqual({ type: 'plan.cambiado', entidadId: ent[e] });
    // Every other user's read (and the live topic's payload) gives the new plan.
    expect(await estado(`operario-${e}`)).toMatchObject({ nombre: 'Empresa', quotaDisponible: 1000 });
    const pagos = (await call('GET', '/api/v2/plan/pagos', `dueno-${e}`)).json() as Pago[];
    expect(pagos).toHaveLength(1);
    expect(pagos[0]).toMatchObject({ estado: 'aprobado', planNombre: 'Empresa', monto: 89900, motivo: null });
    // The same plan again: 409, nothing charged.
    const otra = await call('POST', '/api/v2/plan/suscribir', `dueno-${e}`, {
      entidadId: ent[e],
      planId: await planId('Empresa'),
      datosTarjeta: tarjeta('APRO'),
    });
    expect(otra.statusCode).toBe(409);
    expect(await filas('pagos', eid(e))).toHaveLength(1);
  });

  it('desde el plan gratuito el período pago empieza hoy', async () => {
    const e = await empresa('Desde Cero', 'Inicial');
    env.clock.advance(3 * DIA);
    const r = await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    expect(r.plan.nombre).toBe('Pyme');
    const ahora = env.clock.now();
    const proxima = new Date(ahora);
    proxima.setUTCMonth(proxima.getUTCMonth() + 1);
    expect(r.plan.fechaProximoVencimiento).toBe(proxima.getTime());
  });

  it('una mejora 4 días antes de renovar empieza un período nuevo: no hay un segundo cobro a los 4 días', async () => {
    const e = await empresa('Cuatro Días S.A.', 'Inicial');
    const alta = await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    const vence = alta.plan.fechaProximoVencimiento as number;
    // Four days before the renewal, the upgrade.
    env.clock.t = new Date(vence - 4 * DIA);
    const r = await suscribir(`dueno-${e}`, e, 'Empresa', 'APRO');
    expect(r.estado).toBe('aprobado');
    const nuevoVence = unMesDespues(env.clock.now()).getTime();
    expect(r.plan).toMatchObject({ nombre: 'Empresa', quotaDisponible: 1000, fechaProximoVencimiento: nuevoVence });
    const sus = await suscripcion(eid(e));
    expect(new Date(sus.periodo_inicio as string).getTime()).toBe(env.clock.now().getTime());
    // The old renewal date passes: no renewal, no grace, no charge asked (the new subscription charges in a month).
    env.clock.t = new Date(vence + DIA);
    expect(await estado(`dueno-${e}`)).toMatchObject({
      nombre: 'Empresa',
      fechaProximoVencimiento: nuevoVence,
      gracia: null,
    });
    // A month after the upgrade, the subscription's charge renews it.
    const cobro = proveedor.cobrar(sus.proveedor_suscripcion_id as string, 'APRO');
    expect((await webhook(cobro)).statusCode).toBe(200);
    env.clock.t = new Date(nuevoVence + 60_000);
    expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Empresa', gracia: null, quotaDisponible: 1000 });
    expect((await filas('pagos', eid(e))).map((p) => [p.proposito, p.estado, Number(p.monto)])).toEqual([
      ['cambio', 'aprobado', 24900],
      ['cambio', 'aprobado', 89900],
      ['renovacion', 'aprobado', 89900],
    ]);
  });

  it('llamadas simultáneas crean una sola suscripción', async () => {
    const e = await empresa('Concurrente', 'Inicial');
    const pyme = await planId('Pyme');
    const rs = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/v2/plan/suscribir', `dueno-${e}`, {
          entidadId: ent[e],
          planId: pyme,
          datosTarjeta: tarjeta('APRO'),
        }),
      ),
    );
    const codigos = rs.map((r) => r.statusCode).sort();
    expect(codigos.filter((c) => c === 200)).toHaveLength(1);
    expect(codigos.filter((c) => c === 409)).toHaveLength(5);
    const pagos = await filas('pagos', eid(e));
    expect(pagos).toHaveLength(1);
    expect(pagos[0]).toMatchObject({ estado: 'aprobado' });
    expect((await suscripcion(eid(e))).proveedor_suscripcion_id).toBe(pagos[0]?.suscripcion_ref);
  });
});

describe('webhooks', () => {
  it('un pago pendiente (CONT) se aplica cuando el webhook lo informa aprobado; el repetido no cambia nada', async () => {
    const e = await empresa('Pendiente S.R.L.', 'Inicial');
    const r = await suscribir(`dueno-${e}`, e, 'Pyme', 'CONT');
    expect(r.estado).toBe('pendiente');
    expect(r.mensaje).toBe(MENSAJES_PLANES.pendiente('Pyme'));
    expect(r.plan.nombre).toBe('Inicial');
    const ref = r.pago?.referencia as string;
    // While it is pending, another change waits.
    const otra = await call('POST', '/api/v2/plan/suscribir', `dueno-${e}`, {
      entidadId: ent[e],
      planId: await planId('Empresa'),
      datosTarjeta: tarjeta('APRO'),
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(MENSAJES_PLANES.cambioEnCurso);

    proveedor.cambiarEstado(ref, 'aprobado', 'accredited');
    eventos.length = 0;
    const w = await webhook(ref, { eventoId: 'evento-cont-1' });
    expect(w.statusCode, w.body).toBe(200);
    expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Pyme', quota: 100 });
    expect(eventos).toContainEqual({ type: 'plan.cambiado', entidadId: ent[e] });

    // The same event again (even if the provider now says refunded): nothing changes.
    proveedor.cambiarEstado(ref, 'reembolsado');
    const antes = { pagos: await filas('pagos', eid(e)), sus: await suscripcion(eid(e)) };
    const otraVez = await webhook(ref, { eventoId: 'evento-cont-1' });
    expect(otraVez.statusCode).toBe(200);
    expect(await filas('pagos', eid(e))).toEqual(antes.pagos);
    expect(await suscripcion(eid(e))).toEqual(antes.sus);
  });

  it('firma inválida o ausente: 401 y nada cambia; pago desconocido: 404; cuerpo de 1 MB: 413', async () => {
    const e = await empresa('Firma S.A.', 'Inicial');
    const r = await suscribir(`dueno-${e}`, e, 'Pyme', 'CONT');
    const ref = r.pago?.referencia as string;
    proveedor.cambiarEstado(ref, 'aprobado');
    const antes = { pagos: await filas('pagos', eid(e)), eventos: await filas('pagos_eventos') };
    const mala = await webhook(ref, { secreto: 'otro-secreto' });
    expect(mala.statusCode).toBe(401);
    expect(mala.json().message).toBe(MENSAJES_PLANES.firmaInvalida);
    const sinFirma = await env.app.inject({
      method: 'POST',
      url: `/api/v2/plan/webhook/mercadopago?data.id=${ref}`,
      payload: { id: 'ev-x', type: 'payment', data: { id: ref } },
    });
    expect(sinFirma.statusCode).toBe(401);
    expect(await filas('pagos', eid(e))).toEqual(antes.pagos);
    expect(await filas('pagos_eventos')).toEqual(antes.eventos);
    expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Inicial' });

    const desconocido = await webhook('prueba-no-existe');
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json().message).toBe(MENSAJES_PLANES.pagoDesconocido);

    const grande = await env.app.inject({
      method: 'POST',
      url: '/api/v2/plan/webhook/mercadopago',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'x', type: 'payment', data: { id: 'y' }, relleno: 'x'.repeat(1024 * 1024) }),
    });
    expect(grande.statusCode).toBe(413);
    const malFormado = await webhook('', {});
    expect(malFormado.statusCode).toBeGreaterThanOrEqual(400);
    expect(malFormado.statusCode).toBeLessThan(500);
  });
});

describe('webhooks: ts de la firma y monto del pago (issue 28)', () => {
  it('un ts a más de 5 minutos del reloj del servidor: 401 y nada cambia; dentro de los 5 minutos se aplica', async () => {
    const e = await empresa('Reloj S.A.', 'Inicial');
    const r = await suscribir(`dueno-${e}`, e, 'Pyme', 'CONT');
    const ref = r.pago?.referencia as string;
    proveedor.cambiarEstado(ref, 'aprobado', 'accredited');
    const antes = { pagos: await filas('pagos', eid(e)), eventos: await filas('pagos_eventos') };
    for (const desfaseMs of [-6 * 60_000, 6 * 60_000, -DIA]) {
      const w = await webhook(ref, { desfaseMs });
      expect(w.statusCode, `${desfaseMs} ${w.body}`).toBe(401);
      expect(w.json().message).toBe(MENSAJES_PLANES.firmaInvalida);
    }
    expect(await filas('pagos', eid(e))).toEqual(antes.pagos);
    expect(await filas('pagos_eventos')).toEqual(antes.eventos);
    expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Inicial' });
    const aTiempo = await webhook(ref, { desfaseMs: -4 * 60_000 });
    expect(aTiempo.statusCode, aTiempo.body).toBe(200);
    expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Pyme' });
  });

  it('un pago aprobado con otro monto u otra moneda no activa nada: queda rechazado con el motivo', async () => {
    for (const [monto, moneda] of [
      [1, 'ARS'],
      [4990, 'USD'],
    ] as const) {
      const e = await empresa(`Monto ${moneda} S.A.`, 'Inicial');
      const r = await suscribir(`dueno-${e}`, e, 'Pyme', 'CONT');
      const ref = r.pago?.referencia as string;
      const precio = r.pago?.monto as number;
      expect(precio).toBeGreaterThan(1);
      proveedor.cambiarEstado(ref, 'aprobado', 'accredited');
      proveedor.alterarPago(ref, moneda === 'USD' ? precio : monto, moneda);
      eventos.length = 0;
      const w = await webhook(ref);
      expect(w.statusCode, w.body).toBe(200);
      expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Inicial' });
      const [pago] = (await call('GET', '/api/v2/plan/pagos', `dueno-${e}`)).json() as Pago[];
      expect(pago).toMatchObject({ estado: 'rechazado', motivo: MENSAJES_PLANES.montoNoCoincide, monto: precio });
      expect(await suscripcion(eid(e))).toMatchObject({ proveedor_suscripcion_id: null });
    }
  });

  it('un cobro mensual de otro monto no renueva el período ni abre la gracia por sí solo', async () => {
    const e = await empresa('Mensual S.A.', 'Inicial');
    const alta = await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    expect(alta.estado).toBe('aprobado');
    const sus = await suscripcion(eid(e));
    const cobro = proveedor.cobrar(sus.proveedor_suscripcion_id as string, 'APRO');
    proveedor.alterarPago(cobro, 1);
    const w = await webhook(cobro);
    expect(w.statusCode, w.body).toBe(200);
    const pagos = await filas('pagos', eid(e));
    expect(pagos.map((p) => [p.proposito, p.estado, p.detalle, p.aplicado])).toContainEqual([
      'renovacion',
      'rechazado',
      'monto_no_coincide',
      false,
    ]);
    expect(await suscripcion(eid(e))).toMatchObject({ gracia_hasta: null });
  });
});

describe('ciclo de vida con el reloj controlado', () => {
  it('renueva con un cobro aprobado; sin cobro, 7 días de gracia con aviso y correo; luego el plan gratuito', async () => {
    const e = await empresa('Ciclo S.A.', 'Inicial');
    const alta = await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    const sid = (await suscripcion(eid(e))).proveedor_suscripcion_id as string;
    expect(sid).toMatch(/^prueba-sus-/);
    const vence = alta.plan.fechaProximoVencimiento as number;

    // The monthly charge, approved, arrives a little before the renewal date.
    env.clock.t = new Date(vence - 3_600_000);
    const cobro = proveedor.cobrar(sid, 'APRO');
    expect((await webhook(cobro)).statusCode).toBe(200);
    await env.database.db.execute(sql`update suscripciones set quota_disponible = 5 where entidad_id = ${eid(e)}`);
    env.app.bus.publish({ type: 'plan.cambiado', entidadId: eid(e) });
    env.clock.t = new Date(vence + 60_000);
    const renovado = await estado(`dueno-${e}`);
    expect(renovado).toMatchObject({ nombre: 'Pyme', quotaDisponible: 100, gracia: null });
    expect(renovado.fechaProximoVencimiento).toBeGreaterThan(vence);
    const pagos = (await call('GET', '/api/v2/plan/pagos', `dueno-${e}`)).json() as Pago[];
    expect(pagos.map((p) => p.estado)).toEqual(['aprobado', 'aprobado']);

    // The next charge is refused: grace for 7 days, a warning in the state and a mail to the owner.
    const vence2 = renovado.fechaProximoVencimiento as number;
    env.clock.t = new Date(vence2 - 60_000);
    correos.length = 0;
    const fallido = proveedor.cobrar(sid, 'FUND');
    expect((await webhook(fallido)).statusCode).toBe(200);
    const enGracia = await estado(`dueno-${e}`);
    expect(enGracia.gracia?.hasta).toBe(env.clock.now().getTime() + 7 * DIA);
    expect(enGracia.nombre).toBe('Pyme');
    await env.puertos().mail.deliverPending();
    expect(correos.map((c) => c.para)).toEqual([`duena-${e}@example.com`]);
    expect(correos[0]?.asunto).toBe('No pudimos cobrar el plan de Delego');
    expect(correos[0]?.texto).toContain('/planes');

    // The renewal date passes in grace: the period starts, the warning stays.
    env.clock.t = new Date(vence2 + 60_000);
    expect(await estado(`operario-${e}`)).toMatchObject({
      nombre: 'Pyme',
      quotaDisponible: 100,
      gracia: enGracia.gracia,
    });

    // Grace ends unpaid: the free plan, the provider subscription cancelled, another mail.
    eventos.length = 0;
    env.clock.t = new Date((enGracia.gracia?.hasta as number) + 60_000);
    const caido = await estado(`dueno-${e}`);
    expect(caido).toMatchObject({ nombre: 'Inicial', quota: 20, quotaDisponible: 20, gracia: null });
    expect(eventos).toContainEqual({ type: 'plan.cambiado', entidadId: ent[e] });
    await env.puertos().suscripciones.idle();
    expect(proveedor.activa(sid)?.activa).toBe(false);
    await env.puertos().mail.deliverPending();
    expect(correos.at(-1)?.asunto).toBe('Su empresa pasó al plan Inicial');
  });

  it('un pago aprobado durante la gracia la termina; sin pago al vencer también empieza la gracia', async () => {
    const e = await empresa('Tarde S.A.', 'Inicial');
    const alta = await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    const sid = (await suscripcion(eid(e))).proveedor_suscripcion_id as string;
    const vence = alta.plan.fechaProximoVencimiento as number;
    env.clock.t = new Date(vence + 60_000);
    const s = await estado(`dueno-${e}`);
    expect(s.gracia?.hasta).toBe(vence + 7 * DIA);
    env.clock.t = new Date(vence + 2 * DIA);
    expect((await webhook(proveedor.cobrar(sid, 'APRO'))).statusCode).toBe(200);
    expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Pyme', gracia: null });
    env.clock.t = new Date(vence + 10 * DIA);
    expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Pyme', gracia: null });
  });

  it('una baja se programa para la renovación, y se aplica con el cobro del plan nuevo', async () => {
    const e = await empresa('Baja S.A.', 'Inicial');
    await suscribir(`dueno-${e}`, e, 'Empresa', 'APRO');
    const sid = (await suscripcion(eid(e))).proveedor_suscripcion_id as string;
    const r = await suscribir(`dueno-${e}`, e, 'Pyme');
    expect(r.estado).toBe('programado');
    expect(r.pago).toBeNull();
    expect(r.plan).toMatchObject({ nombre: 'Empresa', quota: 1000 });
    expect(r.plan.pendiente).toEqual({ planNombre: 'Pyme', desde: r.plan.fechaProximoVencimiento });
    expect(r.mensaje).toMatch(/^El cambio al plan Pyme se aplicará en la próxima renovación, el \d\d\/\d\d\/\d{4}\.$/);
    expect(proveedor.activa(sid)).toEqual({ activa: true, monto: 24900 });
    const catalogo = (await call('GET', '/api/v2/plan/all', `dueno-${e}`)).json() as PlanCatalogo[];
    expect(catalogo.find((p) => p.programado)?.nombre).toBe('Pyme');
    // Scheduling it twice is refused.
    const dos = await call('POST', '/api/v2/plan/suscribir', `dueno-${e}`, {
      entidadId: ent[e],
      planId: await planId('Pyme'),
    });
    expect(dos.statusCode).toBe(409);

    const vence = r.plan.fechaProximoVencimiento as number;
    env.clock.t = new Date(vence - 60_000);
    expect((await webhook(proveedor.cobrar(sid, 'APRO'))).statusCode).toBe(200);
    env.clock.t = new Date(vence + 60_000);
    expect(await estado(`dueno-${e}`)).toMatchObject({
      nombre: 'Pyme',
      quota: 100,
      quotaDisponible: 100,
      gracia: null,
      pendiente: null,
    });
  });

  it('una baja al plan gratuito cancela la suscripción del proveedor y cambia al vencer, sin cobro', async () => {
    const e = await empresa('Gratis S.A.', 'Inicial');
    await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    const sid = (await suscripcion(eid(e))).proveedor_suscripcion_id as string;
    const r = await suscribir(`dueno-${e}`, e, 'Inicial');
    expect(r.estado).toBe('programado');
    expect(proveedor.activa(sid)?.activa).toBe(false);
    env.clock.t = new Date((r.plan.fechaProximoVencimiento as number) + 60_000);
    expect(await estado(`dueno-${e}`)).toMatchObject({
      nombre: 'Inicial',
      quota: 20,
      quotaDisponible: 20,
      gracia: null,
    });
  });

  it('un reembolso o contracargo del pago que dio el plan abre la gracia', async () => {
    const e = await empresa('Reembolso S.A.', 'Inicial');
    const alta = await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    const ref = alta.pago?.referencia as string;
    proveedor.cambiarEstado(ref, 'contracargo', 'charged_back');
    expect((await webhook(ref)).statusCode).toBe(200);
    const s = await estado(`dueno-${e}`);
    expect(s.gracia?.hasta).toBe(env.clock.now().getTime() + 7 * DIA);
    const pagos = (await call('GET', '/api/v2/plan/pagos', `dueno-${e}`)).json() as Pago[];
    expect(pagos[0]?.estado).toBe('contracargo');
    // Paying the same plan again with another card ends the grace period.
    const otra = await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    expect(otra.estado).toBe('aprobado');
    expect(otra.plan.gracia).toBeNull();
  });

  it('el reembolso de un cobro mensual todavía sin usar no abre la gracia, pero ya no renueva', async () => {
    const e = await empresa('Adelanto S.A.', 'Inicial');
    const alta = await suscribir(`dueno-${e}`, e, 'Pyme', 'APRO');
    const sid = (await suscripcion(eid(e))).proveedor_suscripcion_id as string;
    const vence = alta.plan.fechaProximoVencimiento as number;
    env.clock.t = new Date(vence - DIA);
    const cobro = proveedor.cobrar(sid, 'APRO');
    expect((await webhook(cobro)).statusCode).toBe(200);
    proveedor.cambiarEstado(cobro, 'reembolsado', 'refunded');
    expect((await webhook(cobro)).statusCode).toBe(200);
    expect(await estado(`dueno-${e}`)).toMatchObject({ nombre: 'Pyme', gracia: null });
    env.clock.t = new Date(vence + 60_000);
    expect((await estado(`dueno-${e}`)).gracia).toEqual({ hasta: vence + 7 * DIA });
  });

  it('un plan asignado por el operador (sin proveedor) se renueva como antes', async () => {
    const s0 = await estado('otra');
    env.clock.t = new Date((s0.fechaProximoVencimiento as number) + 60_000);
    expect(await estado('otra')).toMatchObject({ nombre: 'Ilimitado', gracia: null });
  });
});
