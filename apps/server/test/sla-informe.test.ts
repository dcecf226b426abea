import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTADO,
  PERMISOS_GLOBALES,
  type EnlaceInformeSla,
  type EnvioInformeSla,
  type InformeSla,
  type OrdenDetalle,
} from '@delego/contract';
import { auth, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';
import { PUBLIC_URL, SIN_LIMITES_CORREO, SmtpCapture, cuentasEnv } from './mail-helpers.js';

/**
 * The monthly service-level report of a client (issue 34, docs/SLA.md «Informe mensual»): its
 * numbers and orders, the PDF and the Excel, the public link (a wrong token is 404, no token in the
 * log), the opt-in and the send on the first working day exactly once (two scans at once, the next
 * tick), opt-out, and another company's 404 everywhere.
 */
let env: TestEnv;
let smtp: SmtpCapture;
const lineas: string[] = [];
let hotel = 0;
let banco = 0;
let ajeno = 0;
let operario = 0;
const H = 3_600_000;
/** Tuesday 3 November 2026, 09:00 in Buenos Aires (UTC-3): the start of a working day. */
const NOV_3_9 = Date.parse('2026-11-03T12:00:00Z');
/** Tuesday 1 December 2026, 09:00 in Buenos Aires: December's first working instant. */
const DIC_1_9 = Date.parse('2026-12-01T12:00:00Z');

const pedir = (method: 'GET' | 'PUT' | 'POST', url: string, usuario = 'admin', payload?: object) =>
  env.app.inject({ method, url, headers: auth(usuario), ...(payload ? { payload } : {}) });

async function ok<T>(p: ReturnType<typeof pedir>): Promise<T> {
  const r = await p;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

const en = (ms: number) => {
  env.clock.t = new Date(ms);
};

async function crearOrden(cliente: number, titulo: string): Promise<number> {
  const d = await ok<OrdenDetalle>(
    pedir('POST', '/api/v2/ordenes/save', 'admin', { titulo, cliente, responsable: [operario] }),
  );
  await env.puertos().sla.idle();
  return d.id;
}

async function estado(id: number, e: number) {
  await ok(pedir('PUT', `/api/v2/estado/${id}`, 'admin', { estado: e, comentarios: 'cambio' }));
  await env.puertos().sla.idle();
}

const informe = (cliente: number, mes: string, usuario = 'admin') =>
  pedir('GET', `/api/v4/sla/informe?cliente=${cliente}&mes=${mes}`, usuario);

const publico = (k: string, sufijo = '') =>
  env.app.inject({ method: 'GET', url: `/api/v4/sla/informe-publico${sufijo}?k=${encodeURIComponent(k)}` });

const tokenDe = (url: string) => {
  const m = /\/informesla\/([A-Za-z0-9_-]{43})$/.exec(url);
  if (!m?.[1]) throw new Error(`sin token en ${url}`);
  return m[1];
};

function textoPdf(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'informe-sla-'));
  const pdf = path.join(dir, 'i.pdf');
  fs.writeFileSync(pdf, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  smtp = await new SmtpCapture().start();
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lineas.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  env = await cuentasEnv(
    smtp,
    { ejecutorSla: null, logStream, limitesCorreo: SIN_LIMITES_CORREO },
    { logLevel: 'debug' },
  );
  en(NOV_3_9 - 24 * H);
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo Servicios', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  [hotel, banco] = (await makeClientes(db, demo, [
    { nombre: 'Hotel Los Andes', contacto: 'Rosa Díaz', email: 'rosa@hotel.example.com' },
    { nombre: 'Banco Sur', email: 'pagos@banco.example.com' },
  ])) as [number, number];
  [ajeno] = (await makeClientes(db, otra, [{ nombre: 'Ajeno' }])) as [number];
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Ana',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, { entidadId: demo, usuario: 'dueno', nombre: 'Laura', roles: ['PROPIETARIO'] });
  operario = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  await ok(
    pedir('POST', '/api/v4/sla/politicas', 'admin', {
      nombre: 'General',
      respuesta: { cantidad: 2, unidad: 'horas' },
      resolucion: { cantidad: 8, unidad: 'horas' },
    }),
  );

  // November: three orders of the hotel, one of the bank.
  en(NOV_3_9);
  const aTiempo = await crearOrden(hotel, 'Caldera a tiempo');
  await crearOrden(hotel, 'Bomba sin respuesta');
  const tarde = await crearOrden(hotel, 'Ascensor tarde');
  await crearOrden(banco, 'Cajero');
  en(NOV_3_9 + H);
  await estado(aTiempo, ESTADO.EN_PROCESO);
  en(NOV_3_9 + 3 * H);
  await estado(aTiempo, ESTADO.FINALIZADA);
  en(NOV_3_9 + 2 * 24 * H);
  await estado(tarde, ESTADO.EN_PROCESO);
  // December: not in November's report.
  en(DIC_1_9 + 2 * H);
  await crearOrden(hotel, 'Diciembre');
}, 60_000);

afterAll(async () => {
  await env?.close();
  await smtp?.stop();
});

describe('informe mensual: otra empresa', () => {
  it('answers 404 for another company’s client in every call', async () => {
    const q = `cliente=${hotel}&mes=2026-11`;
    for (const [m, url, body] of [
      ['GET', `/api/v4/sla/informe?${q}`, undefined],
      ['GET', `/api/v4/sla/informe/pdf?${q}`, undefined],
      ['GET', `/api/v4/sla/informe/xlsx?${q}`, undefined],
      ['POST', '/api/v4/sla/informe/enlace', { cliente: hotel, mes: '2026-11' }],
      ['GET', `/api/v4/sla/envio-informe/${hotel}`, undefined],
      ['PUT', `/api/v4/sla/envio-informe/${hotel}`, { activo: true, email: 'x@otra.example.com' }],
    ] as const) {
      const r = await pedir(m, url, 'ajeno', body);
      expect(r.statusCode, `${m} ${url}`).toBe(404);
    }
    // Its own client: an empty month.
    expect((await ok<InformeSla>(informe(ajeno, '2026-11', 'ajeno'))).ordenes).toBe(0);
    expect((await ok<EnvioInformeSla>(pedir('GET', `/api/v4/sla/envio-informe/${hotel}`))).activo).toBe(false);
  });
});

describe('informe mensual de un cliente', () => {
  it('counts the client’s orders created in the month and lists them', async () => {
    en(DIC_1_9 + 3 * H);
    const i = await ok<InformeSla>(informe(hotel, '2026-11'));
    expect(i).toMatchObject({
      entidad: { nombre: 'Demo Servicios' },
      cliente: { id: hotel, nombre: 'Hotel Los Andes' },
      mes: '2026-11',
      desde: Date.parse('2026-11-01T03:00:00Z'),
      hasta: Date.parse('2026-12-01T03:00:00Z') - 1,
      ordenes: 3,
      respuesta: { cumplidas: 1, incumplidas: 2, enCurso: 0 },
      resolucion: { cumplidas: 1, incumplidas: 2, enCurso: 0 },
      omitidas: 0,
    });
    expect(i.lista.map((o) => [o.titulo, o.respuesta?.resultado, o.resolucion?.resultado])).toEqual([
      ['Caldera a tiempo', 'cumplida', 'cumplida'],
      ['Bomba sin respuesta', 'incumplida', 'incumplida'],
      ['Ascensor tarde', 'incumplida', 'incumplida'],
    ]);
    expect(i.lista[0]).toMatchObject({
      creada: NOV_3_9,
      respuesta: { vence: NOV_3_9 + 2 * H, cumplidaEn: NOV_3_9 + H },
      resolucion: { vence: NOV_3_9 + 8 * H, cumplidaEn: NOV_3_9 + 3 * H },
    });
    expect(i.lista[1]?.respuesta?.cumplidaEn).toBeNull();
    // December's order is in December's report, still running.
    const dic = await ok<InformeSla>(informe(hotel, '2026-12'));
    expect(dic).toMatchObject({ ordenes: 1, respuesta: { enCurso: 1 }, resolucion: { enCurso: 1 } });
  });

  it('needs verEstadisticas, a real month and a client', async () => {
    expect((await informe(hotel, '2026-11', 'dueno')).statusCode).toBe(403);
    const r = await informe(hotel, '2026-13');
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('AAAA-MM');
    expect((await informe(999_999, '2026-11')).statusCode).toBe(404);
  });

  it('the PDF is a real PDF with the client, the month and the % met', async () => {
    const r = await pedir('GET', `/api/v4/sla/informe/pdf?cliente=${hotel}&mes=2026-11`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain('informe-sla-hotel-los-andes-2026-11.pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = textoPdf(r.rawPayload);
    expect(texto).toContain('Hotel Los Andes');
    expect(texto).toContain('noviembre de 2026');
    expect(texto).toContain('33,3 %');
    expect(texto).toContain('Ascensor tarde');
  });

  it('the Excel opens, with the totals and the orders', async () => {
    const r = await pedir('GET', `/api/v4/sla/informe/xlsx?cliente=${hotel}&mes=2026-11`);
    expect(r.statusCode, r.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Cumplimiento', 'Órdenes']);
    const totales = wb.getWorksheet('Cumplimiento')!;
    expect(totales.getRow(2).values).toEqual([undefined, 'Respuesta', 1, 2, 0, 1 / 3]);
    const titulos: string[] = [];
    wb.getWorksheet('Órdenes')!.eachRow((row, n) => n > 1 && titulos.push(String(row.getCell(2).value)));
    expect(titulos).toEqual(['Caldera a tiempo', 'Bomba sin respuesta', 'Ascensor tarde']);
  });
});

describe('enlace público', () => {
  let k = '';

  it('gives the same link each time; it opens without a session, as JSON and as PDF', async () => {
    const a = await ok<EnlaceInformeSla>(
      pedir('POST', '/api/v4/sla/informe/enlace', 'admin', { cliente: hotel, mes: '2026-11' }),
    );
    const b = await ok<EnlaceInformeSla>(
      pedir('POST', '/api/v4/sla/informe/enlace', 'admin', { cliente: hotel, mes: '2026-11' }),
    );
    expect(a.url).toBe(b.url);
    expect(a.url.startsWith(`${PUBLIC_URL}/informesla/`)).toBe(true);
    k = tokenDe(a.url);
    const r = await publico(k);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.json()).toMatchObject({ cliente: { nombre: 'Hotel Los Andes' }, ordenes: 3, mes: '2026-11' });
    const pdf = await publico(k, '/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(textoPdf(pdf.rawPayload)).toContain('Hotel Los Andes');
    expect(
      (await pedir('POST', '/api/v4/sla/informe/enlace', 'dueno', { cliente: hotel, mes: '2026-11' })).statusCode,
    ).toBe(403);
  });

  it('a wrong or missing token is 404 (or 400), alike', async () => {
    for (const malo of ['A'.repeat(43), `${k.slice(0, -1)}x`]) {
      const r = await publico(malo);
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe('Este informe no está disponible.');
      expect((await publico(malo, '/pdf')).statusCode).toBe(404);
    }
    expect((await env.app.inject({ method: 'GET', url: '/api/v4/sla/informe-publico' })).statusCode).toBe(400);
  });

  it('never writes the token into the log, not even the page’s path', async () => {
    await env.app.inject({ method: 'GET', url: `/informesla/${k}` });
    await publico(k);
    expect(lineas.length).toBeGreaterThan(0);
    for (const l of lineas) expect(l).not.toContain(k);
  });
});

describe('envío mensual', () => {
  it('only an administrator turns it on, with an email', async () => {
    en(Date.parse('2026-11-20T15:00:00Z'));
    const url = `/api/v4/sla/envio-informe/${hotel}`;
    expect((await pedir('PUT', url, 'operario', { activo: true, email: 'rosa@hotel.example.com' })).statusCode).toBe(
      403,
    );
    const sinEmail = await pedir('PUT', url, 'admin', { activo: true });
    expect(sinEmail.statusCode).toBe(400);
    expect(sinEmail.body).toContain('Indique el email');
    expect((await pedir('PUT', url, 'admin', { activo: true, email: 'no es email' })).statusCode).toBe(400);
    const e = await ok<EnvioInformeSla>(
      pedir('PUT', url, 'dueno', { activo: true, email: 'informes@hotel.example.com' }),
    );
    expect(e).toMatchObject({
      clienteId: hotel,
      activo: true,
      email: 'informes@hotel.example.com',
      emailCliente: 'rosa@hotel.example.com',
      ultimoMes: null,
    });
    // The bank: turned on, then off.
    await ok(
      pedir('PUT', `/api/v4/sla/envio-informe/${banco}`, 'admin', { activo: true, email: 'pagos@banco.example.com' }),
    );
    await ok(
      pedir('PUT', `/api/v4/sla/envio-informe/${banco}`, 'admin', { activo: false, email: 'pagos@banco.example.com' }),
    );
  });

  it('nothing before December’s first working instant; then once, with two scans at once and the next tick', async () => {
    const sla = env.puertos().sla;
    en(DIC_1_9 - 30 * 60_000);
    expect((await sla.enviarMensuales()).enviados).toBe(0);
    en(DIC_1_9 + 5 * 60_000);
    const [a, b] = await Promise.all([sla.enviarMensuales(), sla.enviarMensuales()]);
    expect(a.enviados + b.enviados).toBe(1);
    en(DIC_1_9 + 6 * 60_000);
    expect((await sla.enviarMensuales()).enviados).toBe(0);
    await env.puertos().mail.deliverPending();
    const correos = smtp.mails.filter((m) => m.subject?.includes('niveles de servicio'));
    expect(correos.map((m) => m.destinatarios)).toEqual([['informes@hotel.example.com']]);
    const correo = correos[0]!;
    expect(correo.subject).toBe('Informe de niveles de servicio de noviembre de 2026 (Demo Servicios)');
    const url = /https:\/\/delego\.example\.com\/informesla\/[A-Za-z0-9_-]{43}/.exec(correo.text ?? '')?.[0];
    expect(url).toBeDefined();
    const r = await publico(tokenDe(url!));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ mes: '2026-11', ordenes: 3 });
    const e = await ok<EnvioInformeSla>(pedir('GET', `/api/v4/sla/envio-informe/${hotel}`));
    expect(e).toMatchObject({ ultimoMes: '2026-11', ultimoEnvio: DIC_1_9 + 5 * 60_000 });
    // A restart later in the month sends nothing again; the bank (opted out) never got one.
    en(DIC_1_9 + 10 * 24 * H);
    expect((await sla.enviarMensuales()).enviados).toBe(0);
    expect(smtp.mails.some((m) => m.destinatarios.includes('pagos@banco.example.com'))).toBe(false);
  });

  it('a month missed on its day is caught up later in the month; a client opted in after the day waits for the next month', async () => {
    const sla = env.puertos().sla;
    // The bank, turned on again on 10 December: November is not sent to it.
    await ok(
      pedir('PUT', `/api/v4/sla/envio-informe/${banco}`, 'admin', { activo: true, email: 'pagos@banco.example.com' }),
    );
    expect((await sla.enviarMensuales()).enviados).toBe(0);
    // January 2027: the 1st is a holiday; nothing until Monday the 4th at 09:00... and on the 6th, caught up.
    en(Date.parse('2027-01-01T15:00:00Z'));
    expect((await sla.enviarMensuales()).enviados).toBe(0);
    en(Date.parse('2027-01-06T15:00:00Z'));
    expect((await sla.enviarMensuales()).enviados).toBe(2);
    await env.puertos().mail.deliverPending();
    expect(
      smtp.mails
        .filter((m) => m.subject?.includes('diciembre de 2026'))
        .flatMap((m) => m.destinatarios)
        .sort(),
    ).toEqual(['informes@hotel.example.com', 'pagos@banco.example.com']);
  });
});
