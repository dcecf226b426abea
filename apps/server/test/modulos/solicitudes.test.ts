import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EnlaceSolicitudes, SeguimientoSolicitud, Solicitud, SolicitudEnviada } from '@delego/contract';
import type { Actor } from '../../src/kernel/actor.js';
import type { DbOrTx } from '../../src/kernel/db/client.js';
import { cifradorCon } from '../../src/modules/client-side/index.js';
import { ubicaciones } from '../../src/modules/equipment/equipment.tables.js';
import type { Storage } from '../../src/modules/files/index.js';
import { moduloSolicitudes, type DepsSolicitudes } from '../../src/modules/solicitudes/index.js';
import { makeClientes, makeUsuario } from '../helpers.js';
import { multipart } from '../multipart.js';
import { bancoDeModulo, type Banco } from './banco.js';
import { insertOrden } from './orden-falsa.js';

/**
 * The requests module alone: the kernel's database, bus, clock and limits, and fakes of exactly its
 * ports (orders' create, the files' attach and download, the storage, the notifications, the
 * outbox, the companies, the clients, the QR look-up, the order's public link, the cipher).
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con el núcleo y falsos de sus puertos: enlace, formulario, envío con foto, avisos, bandeja, aceptar; otra empresa no ve nada', async () => {
  const db = b.database.db;
  const admin = await makeUsuario(db, {
    entidadId: b.entidadId,
    usuario: 'sol-admin',
    nombre: 'Ana',
    apellido: 'Paz',
    roles: ['ADMIN'],
  });
  const [cliente] = (await makeClientes(db, b.entidadId, [{ nombre: 'Clínica' }])) as [number];
  const delega = await makeUsuario(db, {
    entidadId: b.entidadId,
    usuario: 'sol-delega',
    nombre: 'Beto',
    clientes: [{ clienteId: cliente, delegarOrden: true }],
  });
  await makeUsuario(db, { entidadId: b.entidadId, usuario: 'sol-nada', nombre: 'Ciro' });
  const ajeno = await makeUsuario(db, {
    entidadId: b.otraEntidadId,
    usuario: 'sol-ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
  });
  const [sala] = await db
    .insert(ubicaciones)
    .values({ entidadId: b.entidadId, clienteId: cliente, nombre: 'Sala 1', codigoQr: 'Q'.repeat(22) })
    .returning({ id: ubicaciones.id });
  const ordenId = await insertOrden(db, b.entidadId, admin);

  const guardados = new Map<string, Buffer>();
  const storage: Storage = {
    put: async (k, data) => {
      const partes: Buffer[] = [];
      for await (const c of data) partes.push(c as Buffer);
      guardados.set(k, Buffer.concat(partes));
      return { bytes: guardados.get(k)?.length ?? 0 };
    },
    get: async (k) => Readable.from([guardados.get(k) ?? Buffer.alloc(0)]),
    stat: async (k) => (guardados.has(k) ? { size: guardados.get(k)?.length ?? 0 } : null),
    delete: async (k) => {
      guardados.delete(k);
    },
  };
  const creadas: { actor: number; titulo: string; cliente: number; ubicacion: unknown }[] = [];
  const adjuntadas: { ordenId: number; fuentes: { clave: string; nombre: string }[] }[] = [];
  const avisos: { usuarioId: number; titulo: string; mensaje: string }[] = [];
  const correos: { para: string; asunto: string }[] = [];
  const deps: DepsSolicitudes = {
    orders: {
      renovarCupoSiVencio: async () => undefined,
      crearEnTransaccion: async (_tx: DbOrTx, actor: Actor, o) => {
        creadas.push({ actor: actor.id, titulo: o.titulo, cliente: o.cliente, ubicacion: o.ubicacion });
        return {
          id: ordenId,
          numero: 1,
          titulo: o.titulo,
          eventos: [{ type: 'orden.creada', entidadId: actor.entidadId, ordenId, usuarioId: actor.id }],
        };
      },
    },
    files: {
      adjuntarEnTransaccion: async (_tx, _actor, id, fuentes) => {
        adjuntadas.push({ ordenId: id, fuentes: [...fuentes] });
        return { copias: fuentes.map((f, i) => ({ id: i + 1, nombre: f.nombre })), deshacer: async () => undefined };
      },
      descargaDeClave: async (f) => ({
        nombre: f.nombre,
        mime: f.mime,
        tamanio: guardados.get(f.clave)?.length ?? 0,
        abrir: () => storage.get(f.clave),
      }),
    },
    storage,
    notifications: {
      crearVariasEnTransaccion: async (_tx, nuevas) => {
        avisos.push(...nuevas.map((n) => ({ usuarioId: n.usuarioId, titulo: n.titulo, mensaje: n.mensaje })));
        return { anunciar: async () => undefined };
      },
    },
    mail: {
      enqueueHasta: async (_tx, c) => {
        correos.push({ para: c.para, asunto: c.contenido.asunto });
        return true;
      },
      kick: () => undefined,
    },
    entidades: { find: async (id) => ({ nombre: id === b.entidadId ? 'Módulo SA' : 'Otra SA', logo: null }) as never },
    clients: {
      find: async (entidadId, id) =>
        entidadId === b.entidadId && id === cliente ? ({ id, nombre: 'Clínica', activo: true } as never) : undefined,
    },
    equipos: {
      lugarDeQr: async (codigo) =>
        codigo === 'Q'.repeat(22)
          ? { entidadId: b.entidadId, clienteId: cliente, tipo: 'ubicacion', id: sala!.id, nombre: 'Sala 1' }
          : undefined,
    },
    enlaces: { enlacePublico: async () => 'https://delego.example.com/ordersummary/RESUMEN' },
    cifrador: cifradorCon(randomBytes(32)),
  };
  const m = moduloSolicitudes(b.nucleo, deps);
  expect(m.puerto).toEqual({});
  const app = await b.servir(m, b.actor({ id: admin }));
  const otra = await b.servir(m, b.actor({ id: ajeno, entidadId: b.otraEntidadId }));
  const h = { authorization: 'prueba' };

  expect(
    (await otra.inject({ method: 'POST', url: `/api/v4/solicitudes/enlace/${cliente}`, headers: h })).statusCode,
  ).toBe(404);
  const enlace = (
    await app.inject({ method: 'POST', url: `/api/v4/solicitudes/enlace/${cliente}`, headers: h })
  ).json() as EnlaceSolicitudes;
  const k = /\/solicitud\/([\w-]{43})$/.exec(enlace.url ?? '')?.[1] ?? '';
  expect(k).toHaveLength(43);
  const form = await app.inject({ method: 'GET', url: `/api/v4/publico/solicitud?k=${k}` });
  expect(form.json()).toEqual({ empresa: 'Módulo SA', cliente: 'Clínica', lugar: null });
  const qr = await app.inject({ method: 'GET', url: `/api/v4/publico/q/${'Q'.repeat(22)}` });
  expect(qr.json()).toMatchObject({ lugar: { tipo: 'ubicacion', nombre: 'Sala 1' } });

  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  const mp = multipart([
    { name: 'que', value: 'Cambiar el tubo\nParpadea' },
    { name: 'nombre', value: 'Rosa' },
    { name: 'email', value: 'rosa@example.com' },
    { name: 'clave', value: randomUUID() },
    { name: 'fotos', filename: 'a.jpg', content: jpeg, type: 'image/jpeg' },
  ]);
  const enviada = await app.inject({
    method: 'POST',
    url: `/api/v4/publico/q/${'Q'.repeat(22)}/pedido`,
    headers: mp.headers,
    payload: mp.payload,
  });
  expect(enviada.statusCode, enviada.body).toBe(200);
  const { seguimiento } = enviada.json() as SolicitudEnviada;
  expect(guardados.size).toBe(1);
  expect(avisos.map((a) => a.usuarioId).sort((x, y) => x - y)).toEqual([admin, delega].sort((x, y) => x - y));
  expect(avisos[0]).toMatchObject({ titulo: 'Nueva solicitud de Clínica', mensaje: 'Cambiar el tubo — Parpadea' });
  expect(correos).toEqual([{ para: 'rosa@example.com', asunto: 'Recibimos su pedido a Módulo SA' }]);

  const lista = (await app.inject({ method: 'GET', url: '/api/v4/solicitudes', headers: h })).json() as Solicitud[];
  expect(lista).toHaveLength(1);
  const [s] = lista as [Solicitud];
  expect(s).toMatchObject({ estado: 'pendiente', lugar: { tipo: 'ubicacion', nombre: 'Sala 1' } });
  const bytes = await app.inject({
    method: 'GET',
    url: `/api/v4/solicitudes/${s.id}/fotos/${s.fotos[0]?.id}`,
    headers: h,
  });
  expect(bytes.headers['content-type']).toBe('image/jpeg');
  expect((await otra.inject({ method: 'GET', url: '/api/v4/solicitudes', headers: h })).json()).toEqual([]);
  for (const [method, url] of [
    ['GET', `/api/v4/solicitudes/${s.id}`],
    ['GET', `/api/v4/solicitudes/${s.id}/fotos/${s.fotos[0]?.id}`],
    ['POST', `/api/v4/solicitudes/${s.id}/aceptar`],
  ] as const) {
    const r = await otra.inject({ method, url, headers: h, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(r.statusCode, url).toBe(404);
  }

  const aceptada = await app.inject({
    method: 'POST',
    url: `/api/v4/solicitudes/${s.id}/aceptar`,
    headers: h,
    payload: {},
  });
  expect(aceptada.statusCode, aceptada.body).toBe(200);
  expect(aceptada.json()).toMatchObject({ estado: 'aceptada', orden: { id: ordenId, numero: 1 } });
  expect(creadas).toEqual([{ actor: admin, titulo: 'Cambiar el tubo', cliente, ubicacion: sala!.id }]);
  expect(adjuntadas).toEqual([{ ordenId, fuentes: [{ clave: [...guardados.keys()][0], nombre: 'foto-1.jpg' }] }]);
  expect(b.eventos).toContainEqual({ type: 'orden.creada', entidadId: b.entidadId, ordenId, usuarioId: admin });
  expect(correos.map((c) => c.asunto)).toEqual([
    'Recibimos su pedido a Módulo SA',
    'Módulo SA aceptó su pedido (orden #1)',
  ]);
  const t = /\/seguimiento\/([\w-]{43})$/.exec(seguimiento)?.[1] ?? '';
  const estado = (await app.inject({ method: 'GET', url: `/api/v4/publico/solicitud/seguimiento?t=${t}` })).json();
  expect(estado as SeguimientoSolicitud).toMatchObject({
    estado: 'aceptada',
    resumen: 'https://delego.example.com/ordersummary/RESUMEN',
  });
  expect((await app.inject({ method: 'GET', url: '/api/v4/solicitudes' })).statusCode).toBe(401);
});
