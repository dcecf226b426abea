import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTADO,
  PERMISOS_GLOBALES,
  type CalidadClientes,
  type ConformidadOrden,
  type Desempeno,
  type ConformidadRemotaHecha,
  type EnlaceCompartido,
  type EventoOrden,
  type Notificacion,
  type OrdenDetalle,
  type ResumenPublico,
} from '@delego/contract';
import { cadaCuartoDeHora } from '../src/lib/rate-limit.js';
import type { NativePushSender } from '../src/modules/notifications/push.js';
import { listen, stompConnect } from './live-helpers.js';
import { cuentasEnv } from './mail-helpers.js';
import { base64, dataUrl, jpegCabecera, pngFirma } from './conformity-fixture.js';
import { auth, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Issue 31, the client's conformity (docs/CONFORMIDAD.md), end to end on a real database: the
 * signature on site, the answer from the public summary, the order type's setting before
 * Finalizada and before billing, another company, the history and the PDF report.
 */

let env: TestEnv & { dataDir: string };
let demo: number;
let tipoFinalizar: number;
let tipoFacturar: number;
let tipoLibre: number;
let tipoOtra: number;
let cliente: number;
let operarioId: number;
let tecnicaId: number;
let clienteCalidad: number;
const pushes: { token: string; payload: Record<string, unknown> }[] = [];
const nativo: NativePushSender = {
  tipos: ['fcm', 'apns'],
  async send(dispositivo, payload) {
    pushes.push({ token: dispositivo.token, payload });
    return true;
  },
};
const FCM = 'eXamPle_Fcm-Token:APA91bHPRgkF3Xk-ejemplo.token_de_firebase_para_conformidad';

type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Metodo, url: string, usuario: string, payload?: object, headers: Record<string, string> = {}) =>
  env.app.inject({
    method,
    url,
    headers: { ...auth(usuario), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let ipN = 0;
const ip = () => `10.9.${Math.floor(ipN / 250)}.${(ipN++ % 250) + 1}`;
const remota = (k: string, body: object, remoteAddress = ip()) =>
  env.app.inject({
    method: 'POST',
    url: '/api/v2/ordersummary/conformidad',
    payload: { k, ...body },
    remoteAddress,
  });

async function nuevaOrden(
  tipoOrden: number | null,
  titulo = 'Cambiar la bomba',
  o: { cliente?: number; responsable?: number } = {},
): Promise<OrdenDetalle> {
  const r = await call('POST', '/api/v2/ordenes/save', 'admin', {
    titulo,
    cliente: o.cliente ?? cliente,
    tipoOrden,
    responsable: o.responsable ?? operarioId,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const estado = (id: number, e: number, usuario = 'admin') =>
  call('PUT', `/api/v2/estado/${id}`, usuario, { estado: e, comentarios: 'cambio' });

async function enlace(ordenId: number): Promise<string> {
  const r = await call('POST', `/api/v2/orden/${ordenId}/compartir`, 'admin');
  expect(r.statusCode, r.body).toBe(200);
  const url = (r.json() as EnlaceCompartido).url ?? '';
  const m = /\/ordersummary\/([^/?#]+)$/.exec(url);
  if (!m?.[1]) throw new Error('sin token');
  return m[1];
}

const firmaValida = (o: Partial<Record<string, unknown>> = {}) => ({
  firma: dataUrl(pngFirma(240, 80)),
  nombre: 'Rosa Díaz',
  dni: '12.345.678',
  ubicacion: { lat: -34.6037, lng: -58.3816, precision: 12 },
  ...o,
});

beforeAll(async () => {
  env = await cuentasEnv(null, {
    pushNativo: nativo,
    limitesClientePublico: { conformidadEnlace: cadaCuartoDeHora(6), conformidadDireccion: cadaCuartoDeHora(50) },
  });
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa', plan: 'Ilimitado', now });
  [tipoFinalizar, tipoFacturar, tipoLibre] = (
    await makeCatalogo(db, demo, { areas: ['General'], tipos: ['A', 'B', 'C'] })
  ).tipos as [number, number, number];
  [tipoOtra] = (await makeCatalogo(db, otra, { areas: ['General'], tipos: ['X'] })).tipos as [number];
  [cliente, clienteCalidad] = (await makeClientes(db, demo, [
    { nombre: 'Hotel Los Andes', email: 'rosa@hotel.example.com' },
    { nombre: 'Cliente Calidad' },
  ])) as [number, number];
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  operarioId = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    permisos: ['finalizarOrden'],
  });
  tecnicaId = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'tecnica',
    nombre: 'Lucía',
    apellido: 'Paz',
    permisos: ['finalizarOrden'],
  });
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
  const r = await call('GET', `/api/v2/notificaciones/registrar/true/${encodeURIComponent(FCM)}`, 'operario');
  expect(r.statusCode, r.body).toBe(200);
  for (const [tipo, conformidad] of [
    [tipoFinalizar, 'antes_de_finalizar'],
    [tipoFacturar, 'antes_de_facturar'],
  ] as const) {
    const g = await call('PUT', `/api/v2/conformidad/tipoOrden/${tipo}`, 'admin', { conformidad });
    expect(g.statusCode, g.body).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await env?.close();
});

describe('conformidad: otra empresa', () => {
  it('answers 404 to every call on another company’s order or type, and changes nothing', async () => {
    const orden = await nuevaOrden(tipoLibre);
    for (const [m, url, body] of [
      ['GET', `/api/v2/orden/${orden.id}/conformidad`, undefined],
      ['POST', `/api/v2/orden/${orden.id}/conformidad/firma`, firmaValida()],
      ['GET', `/api/v2/orden/${orden.id}/conformidad/firma`, undefined],
      ['PUT', `/api/v2/conformidad/tipoOrden/${tipoLibre}`, { conformidad: 'antes_de_finalizar' }],
    ] as const) {
      const r = await call(m, url, 'otra', body);
      expect(r.statusCode, `${m} ${url}`).toBe(404);
    }
    const propia = (await call('GET', `/api/v2/orden/${orden.id}/conformidad`, 'admin')).json() as ConformidadOrden;
    expect(propia).toMatchObject({ estado: 'pendiente', requerida: 'no', firma: null });
    const tipos = (await call('GET', '/api/v2/conformidad/tiposOrden', 'otra')).json() as unknown[];
    expect(tipos).toEqual([]);
    // Their own type, by the same call: fine.
    const suyo = await call('PUT', `/api/v2/conformidad/tipoOrden/${tipoOtra}`, 'otra', { conformidad: 'no' });
    expect(suyo.statusCode).toBe(200);
  });
});

describe('conformidad en el lugar: la firma', () => {
  it('stores a real PNG with name, DNI, time and location; the history and the image say so', async () => {
    const orden = await nuevaOrden(tipoLibre);
    const fecha = env.clock.now().getTime() - 60_000;
    const r = await call('POST', `/api/v2/orden/${orden.id}/conformidad/firma`, 'operario', firmaValida({ fecha }));
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json() as ConformidadOrden;
    expect(c).toMatchObject({
      estado: 'conforme',
      firma: {
        nombre: 'Rosa Díaz',
        dni: '12345678',
        fecha,
        ubicacion: { lat: -34.6037, lng: -58.3816, precision: 12 },
        registradaPor: 'Diego',
        tipoImagen: 'image/png',
      },
    });
    const img = await call('GET', `/api/v2/orden/${orden.id}/conformidad/firma`, 'miron');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(pngFirma(240, 80))).toBe(true);
    const h = (await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin')).body;
    expect(h).toContain('CONFORMIDAD');
    expect(h).toContain('Rosa Díaz');
  });

  it('without location stores none; a JPEG is accepted', async () => {
    const orden = await nuevaOrden(tipoLibre);
    const r = await call('POST', `/api/v2/orden/${orden.id}/conformidad/firma`, 'admin', {
      firma: base64(jpegCabecera(300, 100)),
      nombre: 'Sin Ubicación',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as ConformidadOrden).firma).toMatchObject({
      ubicacion: null,
      dni: null,
      tipoImagen: 'image/jpeg',
    });
  });

  it('refuses what is not an image, one over 200 KB, a bad DNI, a missing name, and a read-only user; nothing changes', async () => {
    const orden = await nuevaOrden(tipoLibre);
    const casos: [object, string, string][] = [
      [firmaValida({ firma: Buffer.from('<svg/>').toString('base64') }), 'firma', 'PNG o JPEG'],
      [firmaValida({ firma: base64(pngFirma(600, 400, true)) }), 'firma', '200 KB'],
      [firmaValida({ dni: '12a' }), 'dni', 'DNI'],
      [firmaValida({ nombre: '   ' }), 'nombre', 'obligatorio'],
      [firmaValida({ fecha: env.clock.now().getTime() + 3_600_000 }), 'fecha', 'posterior'],
      [firmaValida({ ubicacion: { lat: 95, lng: 0 } }), 'ubicacion.lat', 'latitud'],
    ];
    for (const [body, campo, texto] of casos) {
      const r = await call('POST', `/api/v2/orden/${orden.id}/conformidad/firma`, 'admin', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(texto);
      expect(r.body).toContain(campo);
    }
    const ro = await call('POST', `/api/v2/orden/${orden.id}/conformidad/firma`, 'miron', firmaValida());
    expect(ro.statusCode).toBe(403);
    const c = (await call('GET', `/api/v2/orden/${orden.id}/conformidad`, 'admin')).json() as ConformidadOrden;
    expect(c.estado).toBe('pendiente');
    expect((await call('GET', `/api/v2/orden/${orden.id}/conformidad/firma`, 'admin')).statusCode).toBe(404);
  });

  it('a retried signature with the same Idempotency-Key applies once', async () => {
    const orden = await nuevaOrden(tipoLibre);
    const clave = { 'idempotency-key': '6f1c6a52-8d0e-4c0b-9a53-0d0b4f7c2a11' };
    const a = await call('POST', `/api/v2/orden/${orden.id}/conformidad/firma`, 'admin', firmaValida(), clave);
    const b = await call('POST', `/api/v2/orden/${orden.id}/conformidad/firma`, 'admin', firmaValida(), clave);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotency-replayed']).toBe('true');
    const h = (await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin')).body;
    expect((h.match(/CONFORMIDAD/g) ?? []).length).toBe(1);
  });
});

describe('el tipo de orden exige conformidad', () => {
  it('antes_de_finalizar: Finalizada is 409 with the reason until the client signs', async () => {
    const orden = await nuevaOrden(tipoFinalizar);
    const r = await estado(orden.id, ESTADO.FINALIZADA);
    expect(r.statusCode, r.body).toBe(409);
    expect(r.body).toContain('Falta la conformidad del cliente');
    const sigue = (await call('GET', `/api/v3/ordenDTO/${orden.id}`, 'admin')).json() as OrdenDetalle;
    expect(sigue.estado.id).toBe(ESTADO.PENDIENTE);
    expect((await call('POST', `/api/v2/orden/${orden.id}/conformidad/firma`, 'admin', firmaValida())).statusCode).toBe(
      200,
    );
    const ok = await estado(orden.id, ESTADO.FINALIZADA);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('antes_de_facturar: the billing data is refused (409) until the client agrees; another type is not', async () => {
    const datos = {
      datosFacturacion: {
        razonSocial: 'Hotel Los Andes SA',
        cuit: '30-54668997-9',
        condicionIva: 'Responsable Inscripto',
        domicilioFiscal: 'Av. Siempreviva 742',
        email: 'pagos@hotel.example.com',
      },
    };
    const orden = await nuevaOrden(tipoFacturar);
    expect((await estado(orden.id, ESTADO.FINALIZADA)).statusCode).toBe(200);
    const r = await call('POST', `/api/v2/datosFacturacion/${orden.id}`, 'admin', datos);
    expect(r.statusCode, r.body).toBe(409);
    expect(r.body).toContain('antes de facturar');
    const k = await enlace(orden.id);
    expect((await remota(k, { conforme: true })).statusCode).toBe(200);
    const ok = await call('POST', `/api/v2/datosFacturacion/${orden.id}`, 'admin', datos);
    expect(ok.statusCode, ok.body).toBe(200);
    const libre = await nuevaOrden(tipoLibre);
    expect((await call('POST', `/api/v2/datosFacturacion/${libre.id}`, 'admin', datos)).statusCode).toBe(200);
  });

  it('the setting is validated and needs altaEtiquetas', async () => {
    const malo = await call('PUT', `/api/v2/conformidad/tipoOrden/${tipoLibre}`, 'admin', { conformidad: 'siempre' });
    expect(malo.statusCode).toBe(400);
    expect(malo.body).toContain('antes_de_finalizar');
    const sin = await call('PUT', `/api/v2/conformidad/tipoOrden/${tipoLibre}`, 'operario', { conformidad: 'no' });
    expect(sin.statusCode).toBe(403);
    const tipos = (await call('GET', '/api/v2/conformidad/tiposOrden', 'operario')).json() as unknown[];
    expect(tipos).toEqual([
      { tipoOrdenId: tipoFinalizar, conformidad: 'antes_de_finalizar' },
      { tipoOrdenId: tipoFacturar, conformidad: 'antes_de_facturar' },
    ]);
  });
});

describe('conformidad desde el resumen público', () => {
  it('«No conforme» reopens the finished order, writes the history and notifies the responsable live and by push; a repeat does not apply twice', async () => {
    const orden = await nuevaOrden(tipoLibre, 'Pintar <b>fachada</b>');
    expect((await estado(orden.id, ESTADO.FINALIZADA)).statusCode).toBe(200);
    const k = await enlace(orden.id);
    const antes = (
      await env.app.inject({ method: 'GET', url: `/api/v2/ordersummary?k=${k}`, remoteAddress: ip() })
    ).json() as ResumenPublico;
    expect(antes.conformidad).toMatchObject({ estado: 'pendiente', puedeResponder: true });
    pushes.length = 0;
    const motivo = 'Quedó una mancha <script>alert(1)</script> en la pared';
    const r = await remota(k, { conforme: false, motivo });
    expect(r.statusCode, r.body).toBe(200);
    const hecho = r.json() as ConformidadRemotaHecha;
    expect(hecho.conformidad).toMatchObject({ estado: 'no_conforme', remota: { conforme: false, motivo } });
    const d = (await call('GET', `/api/v3/ordenDTO/${orden.id}`, 'admin')).json() as OrdenDetalle;
    expect(d.estado.id).toBe(ESTADO.EN_PROCESO);
    const h = (await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin')).body;
    expect(h).toContain('CONFORMIDAD');
    // The answer and the reopening it caused are the client's, not the link creator's.
    const eventos = JSON.parse(h) as EventoOrden[];
    const delCliente = eventos.filter((e) => e.porCliente).map((e) => [e.tipo, e.estadoNuevo]);
    expect(delCliente).toEqual([
      ['CONFORMIDAD', null],
      ['ESTADO', ESTADO.EN_PROCESO],
    ]);
    expect(eventos.find((e) => e.tipo === 'CREADA')?.porCliente).toBeUndefined();
    const notas = (await call('GET', '/api/v2/notificaciones/all', 'operario')).json() as Notificacion[];
    const nota = notas.find((n) => n.tipo === 'ORDEN_NO_CONFORME' && n.ordenId === orden.id);
    expect(nota?.mensaje).toContain(motivo);
    expect(pushes.some((p) => p.token === FCM)).toBe(true);

    // The same answer again (a retry): nothing new.
    const otra = await remota(k, { conforme: false, motivo });
    expect(otra.statusCode).toBe(200);
    expect((otra.json() as ConformidadRemotaHecha).mensaje).toContain('ya estaba registrada');
    const notas2 = (await call('GET', '/api/v2/notificaciones/all', 'operario')).json() as Notificacion[];
    expect(notas2.filter((n) => n.tipo === 'ORDEN_NO_CONFORME' && n.ordenId === orden.id)).toHaveLength(1);
    const h2 = (await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin')).body;
    expect((h2.match(/CONFORMIDAD/g) ?? []).length).toBe((h.match(/CONFORMIDAD/g) ?? []).length);
  });

  it('two answers at the same time: both are in the history, the later wins, and the order reopens once', async () => {
    const orden = await nuevaOrden(tipoLibre);
    expect((await estado(orden.id, ESTADO.FINALIZADA)).statusCode).toBe(200);
    const k = await enlace(orden.id);
    const [a, b] = await Promise.all([
      remota(k, { conforme: false, motivo: 'Primera queja' }),
      remota(k, { conforme: false, motivo: 'Segunda queja' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const h = (await call('GET', `/api/v2/historial/detalle/${orden.id}`, 'admin')).json() as {
      tipo: string;
      descripcion: string;
      estadoNuevo: number | null;
    }[];
    const respuestas = h.filter((e) => e.tipo === 'CONFORMIDAD').map((e) => e.descripcion);
    expect(respuestas).toHaveLength(2);
    expect(respuestas.some((d) => d.includes('Primera queja'))).toBe(true);
    expect(respuestas.some((d) => d.includes('Segunda queja'))).toBe(true);
    expect(h.filter((e) => e.tipo === 'ESTADO' && e.estadoNuevo === ESTADO.EN_PROCESO)).toHaveLength(1);
    const c = (await call('GET', `/api/v2/orden/${orden.id}/conformidad`, 'admin')).json() as ConformidadOrden;
    const ultima = respuestas.at(-1) ?? '';
    expect(c.estado).toBe('no_conforme');
    expect(ultima).toContain(c.remota?.motivo ?? '—');
  });

  it('«No conforme» needs a reason ≤ 2000 characters; a bad token is 404; the link is rate limited', async () => {
    const orden = await nuevaOrden(tipoLibre);
    const k = await enlace(orden.id);
    const sin = await remota(k, { conforme: false });
    expect(sin.statusCode).toBe(400);
    expect(sin.body).toContain('motivo');
    const largo = await remota(k, { conforme: false, motivo: 'x'.repeat(2001) });
    expect(largo.statusCode).toBe(400);
    expect((await remota('no-es-un-token', { conforme: true })).statusCode).toBe(404);
    const c = (await call('GET', `/api/v2/orden/${orden.id}/conformidad`, 'admin')).json() as ConformidadOrden;
    expect(c.estado).toBe('pendiente');
    let ultimo = 0;
    for (let i = 0; i < 7; i++) ultimo = (await remota(k, { conforme: true })).statusCode;
    expect(ultimo).toBe(429);
  });

  it('a cancelled order takes no answer (409) and its summary does not offer one', async () => {
    const orden = await nuevaOrden(tipoLibre);
    const k = await enlace(orden.id);
    expect((await estado(orden.id, ESTADO.CANCELADA)).statusCode).toBe(200);
    const r = await remota(k, { conforme: true });
    expect(r.statusCode).toBe(409);
    expect(r.body).toContain('cancelada');
    const resumen = (
      await env.app.inject({ method: 'GET', url: `/api/v2/ordersummary?k=${k}`, remoteAddress: ip() })
    ).json() as ResumenPublico;
    expect(resumen.conformidad).toMatchObject({ estado: 'pendiente', puedeResponder: false });
  });

  it('«Conforme» on an open order records it without reopening anything', async () => {
    const orden = await nuevaOrden(tipoLibre);
    const k = await enlace(orden.id);
    const r = await remota(k, { conforme: true, motivo: '' });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as ConformidadRemotaHecha).conformidad.estado).toBe('conforme');
    const c = (await call('GET', `/api/v2/orden/${orden.id}/conformidad`, 'admin')).json() as ConformidadOrden;
    expect(c.remota).toMatchObject({ conforme: true, motivo: null });
  });
});

describe('el reporte PDF', () => {
  it('prints the signature image with the name, DNI and time', async () => {
    const orden = await nuevaOrden(tipoLibre);
    expect((await call('POST', `/api/v2/orden/${orden.id}/conformidad/firma`, 'admin', firmaValida())).statusCode).toBe(
      200,
    );
    const r = await call('GET', `/api/v2/imprimirReporte/${orden.id}`, 'admin');
    expect(r.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformidad-pdf-'));
    const pdf = path.join(dir, 'r.pdf');
    fs.writeFileSync(pdf, r.rawPayload);
    const texto = execFileSync('pdftotext', [pdf, '-']).toString();
    expect(texto).toContain('Conformidad del cliente');
    expect(texto).toContain('Rosa Díaz');
    expect(texto).toContain('12345678');
    const imagenes = execFileSync('pdfimages', ['-list', pdf]).toString();
    expect(imagenes).toMatch(/\b240\s+80\b/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('checklist en el resumen público y en el PDF, y estadísticas de calidad', () => {
  it('shows the public items with their answers, prints the checklist with its signature, and counts first-time fix and conformity per responsable and per client', async () => {
    const o = { cliente: clienteCalidad, responsable: tecnicaId };
    const a = await nuevaOrden(tipoLibre, 'Revisar tablero', o);
    const agregar = async (item: object) => {
      const r = await call('POST', `/api/v2/checklist/orden/${a.id}/item`, 'admin', item);
      expect(r.statusCode, r.body).toBe(200);
      const items = (r.json() as { items: { id: number; etiqueta: string }[] }).items;
      return (items.at(-1) as { id: number }).id;
    };
    const falla = await agregar({ etiqueta: 'Disyuntor', tipo: 'pasa_falla', publico: true });
    const texto = await agregar({ etiqueta: 'Observación', tipo: 'texto', publico: true });
    const firma = await agregar({ etiqueta: 'Firma del encargado', tipo: 'firma' });
    const responder = async (itemId: number, body: object) => {
      const r = await call('PUT', `/api/v2/checklist/orden/${a.id}/item/${itemId}`, 'admin', body);
      expect(r.statusCode, r.body).toBe(200);
    };
    await responder(falla, { tipo: 'pasa_falla', resultado: 'falla', nota: 'Salta con carga' });
    await responder(texto, { tipo: 'texto', texto: '<b>Todo</b> en orden' });
    await responder(firma, { tipo: 'firma', imagen: dataUrl(pngFirma(200, 60)), firmante: 'Encargado' });
    const seg = await call('POST', `/api/v2/checklist/orden/${a.id}/item/${falla}/seguimiento`, 'admin', {});
    expect(seg.statusCode, seg.body).toBe(200);
    expect((await estado(a.id, ESTADO.FINALIZADA)).statusCode).toBe(200);
    expect((await call('POST', `/api/v2/orden/${a.id}/conformidad/firma`, 'admin', firmaValida())).statusCode).toBe(
      200,
    );

    // The public summary: the public items only, their answers as text.
    const k = await enlace(a.id);
    const resumen = (
      await env.app.inject({ method: 'GET', url: `/api/v2/ordersummary?k=${k}`, remoteAddress: ip() })
    ).json() as ResumenPublico;
    expect(resumen.checklist).toEqual([
      { seccion: null, etiqueta: 'Disyuntor', tipo: 'pasa_falla', estado: 'fallido', respuesta: 'Falla' },
      { seccion: null, etiqueta: 'Observación', tipo: 'texto', estado: 'hecho', respuesta: '<b>Todo</b> en orden' },
    ]);
    expect(resumen.conformidad).toMatchObject({ estado: 'conforme', firma: { nombre: 'Rosa Díaz' } });
    expect(JSON.stringify(resumen)).not.toContain('12345678');

    // The PDF: the checklist's items and answers, its signature image and the client's.
    const r = await call('GET', `/api/v2/imprimirReporte/${a.id}`, 'admin');
    expect(r.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformidad-pdf-'));
    const pdf = path.join(dir, 'r.pdf');
    fs.writeFileSync(pdf, r.rawPayload);
    const textoPdf = execFileSync('pdftotext', [pdf, '-']).toString();
    expect(textoPdf).toContain('Checklist (3 de 3)');
    expect(textoPdf).toContain('Disyuntor');
    expect(textoPdf).toContain('Salta con carga');
    expect(textoPdf).toContain('Firmado por Encargado');
    const imagenes = execFileSync('pdfimages', ['-list', pdf]).toString();
    expect(imagenes).toMatch(/\b200\s+60\b/);
    expect(imagenes).toMatch(/\b240\s+80\b/);
    fs.rmSync(dir, { recursive: true, force: true });

    // Two more finished orders of the client: one «No conforme» (reopened, finished again), one without an answer.
    const c = await nuevaOrden(tipoLibre, 'Cambiar lámparas', o);
    expect((await estado(c.id, ESTADO.FINALIZADA)).statusCode).toBe(200);
    expect((await remota(await enlace(c.id), { conforme: false, motivo: 'Falta una' })).statusCode).toBe(200);
    expect((await estado(c.id, ESTADO.FINALIZADA)).statusCode).toBe(200);
    const d = await nuevaOrden(tipoLibre, 'Limpiar filtros', o);
    expect((await estado(d.id, ESTADO.FINALIZADA)).statusCode).toBe(200);

    const rango = {
      fechaDesde: env.clock.now().getTime() - 86_400_000,
      fechaHasta: env.clock.now().getTime() + 86_400_000,
    };
    const porCliente = await call('POST', '/api/v2/estadisticas/clientes/calidad', 'admin', rango);
    expect(porCliente.statusCode, porCliente.body).toBe(200);
    const fila = (porCliente.json() as CalidadClientes).clientes.find((x) => x.cliente?.id === clienteCalidad);
    expect(fila).toEqual({
      cliente: { id: clienteCalidad, nombre: 'Cliente Calidad' },
      finalizadas: 3,
      sinSeguimiento: 2,
      porcentajePrimeraVez: 66.7,
      conformes: 1,
      noConformes: 1,
      porcentajeConformidad: 50,
    });
    const desempeno = await call('POST', '/api/v2/estadisticas/responsables/desempeno', 'admin', rango);
    expect(desempeno.statusCode, desempeno.body).toBe(200);
    const suya = (desempeno.json() as Desempeno).responsables.find((x) => x.responsable.id === tecnicaId);
    expect(suya).toMatchObject({
      finalizadas: 3,
      sinSeguimiento: 2,
      porcentajePrimeraVez: 66.7,
      conformes: 1,
      noConformes: 1,
      porcentajeConformidad: 50,
    });
    // Another company sees none of it.
    const otra = (await call('POST', '/api/v2/estadisticas/clientes/calidad', 'otra', rango)).json() as CalidadClientes;
    expect(otra.clientes).toEqual([]);
  });
});

describe('en vivo', () => {
  it('«No conforme» reaches the company channel (the order reopened) and the responsable’s own channel', async () => {
    const url = await listen(env.app);
    const orden = await nuevaOrden(tipoLibre, 'Reparar portón');
    expect((await estado(orden.id, ESTADO.FINALIZADA)).statusCode).toBe(200);
    const k = await enlace(orden.id);
    const admin = await stompConnect(url, 'admin');
    const operario = await stompConnect(url, 'operario');
    try {
      await admin.subscribe(`/entidad/${demo}`);
      await operario.subscribe(`/usuario/${operarioId}`);
      expect((await remota(k, { conforme: false, motivo: 'El portón roza' })).statusCode).toBe(200);
      const empresa = await admin.waitFor(`/entidad/${demo}`, 2);
      expect(empresa).toContainEqual({ tipo: 'orden.conformidad', ordenId: orden.id });
      expect(empresa).toContainEqual({ tipo: 'orden.modificada', ordenId: orden.id });
      const [aviso] = (await operario.waitFor(`/usuario/${operarioId}`)) as Notificacion[];
      expect(aviso).toMatchObject({ tipo: 'ORDEN_NO_CONFORME', ordenId: orden.id });
      expect(aviso?.mensaje).toContain('El portón roza');
    } finally {
      await admin.stop();
      await operario.stop();
    }
  });
});
