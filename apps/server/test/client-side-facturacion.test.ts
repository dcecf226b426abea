import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES, type EnlaceCompartido, type OrdenDetalle } from '@delego/contract';
import { PUBLIC_URL, SmtpCapture, cuentasEnv } from './mail-helpers.js';
import { auth, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

let env: TestEnv;
let smtp: SmtpCapture;
let orden: OrdenDetalle;
let ordenSinEmail: OrdenDetalle;
let ordenOtra: OrdenDetalle;
let kOtra = '';

const datos = {
  razonSocial: 'Hotel <i>Los Andes</i> S.A.',
  cuit: '30-54668997-9',
  condicionIva: 'Responsable Inscripto',
  domicilioFiscal: 'Av. San Martín 1200, Mendoza',
  email: 'facturas@hotel.example.com',
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, usuario: string, payload?: object) =>
  env.app.inject({
    method,
    url,
    headers: auth(usuario),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let n = 0;
const formularioPublico = (payload: unknown) =>
  env.app.inject({
    method: 'POST',
    url: '/api/v2/ordersummary/facturacion',
    payload: payload as Record<string, unknown>,
    remoteAddress: `10.1.0.${++n}`,
  });

const detalle = async (id: number, usuario = 'admin') =>
  (await call('GET', `/api/v3/ordenDTO/${id}`, usuario)).json() as OrdenDetalle;

beforeAll(async () => {
  smtp = await new SmtpCapture().start();
  env = await cuentasEnv(smtp);
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo Servicios', plan: 'Pyme', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa', plan: 'Pyme', now });
  const [cliente, sinEmail] = (await makeClientes(db, demo, [
    { nombre: 'Hotel Los Andes', contacto: 'Rosa', email: 'rosa@hotel.example.com' },
    { nombre: 'Sin email' },
  ])) as [number, number];
  const [clienteOtra] = (await makeClientes(db, otra, [{ nombre: 'Panadería', email: 'pan@otra.example.com' }])) as [
    number,
  ];
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    apellido: 'Gómez',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, { entidadId: demo, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa' });
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'miron',
    nombre: 'Mirón',
    clientes: [{ clienteId: cliente, delegarOrden: true }],
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  const personas = (await call('GET', '/api/v2/usuarios/todos', 'admin')).json() as { id: number; usuario: string }[];
  const operarioId = personas.find((p) => p.usuario === 'operario')?.id;
  orden = (
    await call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Reparación', cliente, responsable: operarioId })
  ).json();
  ordenSinEmail = (await call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Otra', cliente: sinEmail })).json();
  ordenOtra = (await call('POST', '/api/v2/ordenes/save', 'otra', { titulo: 'Ajena', cliente: clienteOtra })).json();
  const e = (await call('POST', `/api/v2/orden/${ordenOtra.id}/compartir`, 'otra')).json() as EnlaceCompartido;
  kOtra = (e.url ?? '').split('/').pop() ?? '';
}, 60_000);

afterAll(async () => {
  await env?.close();
  await smtp?.stop();
});

describe('datos de facturación: otra empresa', () => {
  it('answers 404 to both calls on another company’s order, and changes nothing', async () => {
    const g = await call('POST', `/api/v2/datosFacturacion/${orden.id}`, 'otra', { datosFacturacion: datos });
    expect(g.statusCode).toBe(404);
    const d = await call('POST', `/api/v2/delegar/facturacion/${orden.id}`, 'otra', {});
    expect(d.statusCode).toBe(404);
    const o = await detalle(orden.id);
    expect(o.datosFacturacion).toBeNull();
    expect(o.facturacionDelegada).toBeNull();
    expect(smtp.mails).toHaveLength(0);
  });
});

describe('POST /api/v2/datosFacturacion/{id}', () => {
  it('saves the five fields, reads them back in ordenDTO and writes one history event per change', async () => {
    const r = await call('POST', `/api/v2/datosFacturacion/${orden.id}`, 'operario', {
      datosFacturacion: { ...datos, cuit: '30546689979' },
    });
    expect(r.statusCode).toBe(200);
    const o = r.json() as OrdenDetalle;
    expect(o.datosFacturacion).toEqual({ ...datos, actualizado: expect.any(Number), cargadosPorCliente: false });
    expect((await detalle(orden.id)).datosFacturacion?.razonSocial).toBe('Hotel <i>Los Andes</i> S.A.');
    // The same data again: no new event.
    await call('POST', `/api/v2/datosFacturacion/${orden.id}`, 'admin', { datosFacturacion: datos });
    await call('POST', `/api/v2/datosFacturacion/${orden.id}`, 'admin', {
      datosFacturacion: { ...datos, condicionIva: 'Exento' },
    });
    const h = (await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin')).json() as {
      tipo: string;
      descripcion: string;
      usuario: { usuario: string };
    }[];
    const eventos = h.filter((e) => e.tipo === 'FACTURACION');
    expect(eventos.map((e) => e.usuario.usuario)).toEqual(['operario', 'admin']);
    expect(eventos[0]?.descripcion).toBe(
      'Cargó los datos de facturación: «Hotel <i>Los Andes</i> S.A.», CUIT 30-54668997-9',
    );
  });

  it('follows the read-only rule: 403 for a user who sees the order but may not change it', async () => {
    const r = await call('POST', `/api/v2/datosFacturacion/${orden.id}`, 'miron', { datosFacturacion: datos });
    expect(r.statusCode).toBe(403);
    expect((await detalle(orden.id, 'miron')).datosFacturacion?.condicionIva).toBe('Exento');
  });

  it.each([
    ['cuit', { cuit: '30-54668997-0' }, 'El CUIT no es válido: el dígito verificador no coincide.'],
    ['cuit', { cuit: '123' }, 'El CUIT debe tener el formato NN-NNNNNNNN-N (11 dígitos).'],
    [
      'condicionIva',
      { condicionIva: 'Amigo del dueño' },
      'La condición frente al IVA debe ser Responsable Inscripto, Monotributista, Exento o Consumidor Final.',
    ],
    ['razonSocial', { razonSocial: 'x'.repeat(10_240) }, 'La razón social admite hasta 200 caracteres.'],
    ['domicilioFiscal', { domicilioFiscal: '' }, 'El domicilio fiscal es obligatorio.'],
    ['email', { email: 'facturas' }, 'El email no es una dirección válida.'],
  ])('refuses a bad %s with a Spanish 400 naming it, and changes nothing', async (campo, cambio, mensaje) => {
    const antes = (await detalle(orden.id)).datosFacturacion;
    const r = await call('POST', `/api/v2/datosFacturacion/${orden.id}`, 'admin', {
      datosFacturacion: { ...datos, ...cambio },
    });
    expect(r.statusCode).toBe(400);
    const b = r.json() as { message: string; issues?: { field: string; message: string }[] };
    expect(b.issues?.[0]?.field).toBe(`datosFacturacion.${campo}`);
    expect(b.issues?.[0]?.message).toBe(mensaje);
    expect((await detalle(orden.id)).datosFacturacion).toEqual(antes);
  });
});

describe('facturación delegada', () => {
  let k = '';
  let f = '';

  it('needs an email: the client’s, or one given', async () => {
    const r = await call('POST', `/api/v2/delegar/facturacion/${ordenSinEmail.id}`, 'admin');
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe('email');
    expect(r.json().message).toMatch(/no tiene email/);
    expect((await call('POST', `/api/v2/delegar/facturacion/${orden.id}`, 'miron', {})).statusCode).toBe(403);
  });

  it('mails the client the public summary with a single-use form, and the order shows it waiting', async () => {
    const r = await call('POST', `/api/v2/delegar/facturacion/${orden.id}`, 'admin');
    expect(r.statusCode).toBe(200);
    const o = r.json() as OrdenDetalle;
    expect(o.facturacionDelegada).toEqual({ email: 'rosa@hotel.example.com', fecha: expect.any(Number) });
    await env.puertos().mail.deliverPending();
    const m = smtp.para('rosa@hotel.example.com').at(-1);
    expect(m?.subject).toBe('Demo Servicios le pide sus datos de facturación (orden #1)');
    const enlace = new RegExp(`${PUBLIC_URL}/ordersummary/([A-Za-z0-9_-]+)#facturacion=([A-Za-z0-9_-]+)`).exec(
      m?.text ?? '',
    );
    expect(enlace).not.toBeNull();
    [, k, f] = enlace as unknown as [string, string, string];
    // The mail's summary link is the order's share link.
    const compartido = (await call('GET', `/api/v2/orden/${orden.id}/compartir`, 'admin')).json() as EnlaceCompartido;
    expect(compartido.url).toBe(`${PUBLIC_URL}/ordersummary/${k}`);
    const resumen = await env.app.inject({ method: 'GET', url: `/api/v2/ordersummary?k=${k}` });
    expect(resumen.json().facturacionPendiente).toBe(true);
    const h = (await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin')).json() as { descripcion: string }[];
    expect(h.map((e) => e.descripcion)).toContain('Pidió los datos de facturación al cliente (rosa@hotel.example.com)');
  });

  it('refuses a bad form (invalid CUIT, HTML stays text) with a 400, without spending it', async () => {
    const r = await formularioPublico({ k, f, datosFacturacion: { ...datos, cuit: '20-12345678-5' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().issues?.[0]?.field).toBe('datosFacturacion.cuit');
    expect((await detalle(orden.id)).facturacionDelegada).not.toBeNull();
  });

  it('a wrong form token, or the right one with another company’s link, is a 404', async () => {
    expect((await formularioPublico({ k, f: 'A'.repeat(43), datosFacturacion: datos })).statusCode).toBe(404);
    expect((await formularioPublico({ k: kOtra, f, datosFacturacion: datos })).statusCode).toBe(404);
    expect((await formularioPublico({ k: 'A'.repeat(43), f, datosFacturacion: datos })).statusCode).toBe(404);
  });

  it('takes the client’s data once, shows it on the order, and notifies its creator and responsables', async () => {
    const cliente = {
      ...datos,
      razonSocial: 'Rosa <b>Díaz</b>',
      cuit: '27-28033514-8',
      condicionIva: 'Monotributista',
    };
    const r = await formularioPublico({ k, f, datosFacturacion: cliente });
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe('Gracias: recibimos los datos de facturación.');
    const o = await detalle(orden.id);
    expect(o.facturacionDelegada).toBeNull();
    expect(o.datosFacturacion).toEqual({ ...cliente, actualizado: expect.any(Number), cargadosPorCliente: true });
    for (const usuario of ['admin', 'operario']) {
      const notifs = (await call('GET', '/api/v2/notificaciones/all', usuario)).json() as {
        tipo: string;
        titulo: string;
        ordenId: number;
      }[];
      expect(notifs.find((x) => x.tipo === 'FACTURACION_RECIBIDA')).toMatchObject({
        titulo: 'El cliente cargó los datos de facturación de la orden #1',
        ordenId: orden.id,
      });
    }
    const h = (await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin')).json() as {
      tipo: string;
      descripcion: string;
      porCliente?: true;
    }[];
    expect(h.find((e) => e.tipo === 'FACTURACION_CLIENTE')?.descripcion).toContain(
      'El cliente cargó los datos de facturación',
    );
    // The client filled it in, not whoever sent the form.
    expect(h.filter((e) => e.porCliente).map((e) => e.tipo)).toEqual(['FACTURACION_CLIENTE']);
    const resumen = await env.app.inject({ method: 'GET', url: `/api/v2/ordersummary?k=${k}` });
    expect(resumen.json().facturacionPendiente).toBe(false);
    expect(resumen.body).not.toContain('27-28033514-8');
  });

  it('a second send of the same form is a 410 in Spanish and changes nothing', async () => {
    const r = await formularioPublico({ k, f, datosFacturacion: { ...datos, razonSocial: 'Otro' } });
    expect(r.statusCode).toBe(410);
    expect(r.json().code).toBe('ENLACE_USADO');
    expect(r.json().message).toMatch(/ya se enviaron/);
    expect((await detalle(orden.id)).datosFacturacion?.razonSocial).toBe('Rosa <b>Díaz</b>');
  });

  it('a new delegation replaces the previous form', async () => {
    const r = await call('POST', `/api/v2/delegar/facturacion/${orden.id}`, 'admin', {
      email: 'compras@hotel.example.com',
    });
    expect(r.statusCode).toBe(200);
    expect((r.json() as OrdenDetalle).facturacionDelegada?.email).toBe('compras@hotel.example.com');
    await env.puertos().mail.deliverPending();
    const m = smtp.para('compras@hotel.example.com').at(-1);
    const f2 = /#facturacion=([A-Za-z0-9_-]+)/.exec(m?.text ?? '')?.[1] as string;
    expect(f2).not.toBe(f);
    const again = await call('POST', `/api/v2/delegar/facturacion/${orden.id}`, 'admin', {
      email: 'compras@hotel.example.com',
    });
    expect(again.statusCode).toBe(200);
    // f2 was replaced by the third delegation's form.
    expect((await formularioPublico({ k, f: f2, datosFacturacion: datos })).statusCode).toBe(404);
  });

  it('a burst of billing forms from one address gets 429', async () => {
    const estados: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await env.app.inject({
        method: 'POST',
        url: '/api/v2/ordersummary/facturacion',
        payload: { k, f: `x${i}`.padEnd(43, 'x'), datosFacturacion: datos },
        remoteAddress: '198.51.100.7',
      });
      estados.push(r.statusCode);
    }
    expect(estados.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(estados.slice(10)).toEqual([429, 429]);
  });
});
