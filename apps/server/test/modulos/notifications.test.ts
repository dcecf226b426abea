import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANALES_POR_OMISION, type Notificacion } from '@delego/contract';
import type { CorreoNuevo } from '../../src/modules/mail/index.js';
import { moduloNotificaciones } from '../../src/modules/notifications/index.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The notifications module alone: the kernel's database, bus and clock, push turned off, a fake outbox. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

/** The notification `create` stored (null only for an outsider's hidden user). */
function creada(n: Notificacion | null): Notificacion {
  if (!n) throw new Error('la notificación no se guardó');
  return n;
}

it('crea una por evento del bus, la lista solo a su usuario y no deja tocar las de otra empresa', async () => {
  const m = moduloNotificaciones(b.nucleo, { push: null, pushNativo: null, correo: null });
  const ana = await b.usuario(b.entidadId, 'Ana');
  const beto = await b.usuario(b.entidadId, 'Beto');
  const ajeno = await b.usuario(b.otraEntidadId, 'Ajeno');
  const orden = await b.orden(b.entidadId, ana, { titulo: 'Cambiar luminarias', responsables: [beto] });

  // Beto assigned by Ana: Beto is told, Ana (who did it) is not.
  b.nucleo.bus.publish({
    type: 'orden.responsablesCambiados',
    entidadId: b.entidadId,
    ordenId: orden.id,
    usuarioId: ana,
    agregados: [ana, beto],
  });
  // The bus hands events over in a microtask; then the reaction is pending until `idle`.
  await Promise.resolve();
  await m.puerto.idle();
  const deLaOtra = creada(
    await m.puerto.create(b.otraEntidadId, ajeno, {
      tipo: 'PRUEBA',
      titulo: 'De la otra empresa',
      mensaje: '',
      ordenId: null,
    }),
  );
  expect(b.eventos.filter((e) => e.type === 'notificacion.creada').map((e) => e.usuarioId)).toEqual([beto, ajeno]);

  const app = await b.servir(m, b.actor({ id: beto }));
  const h = { authorization: 'prueba' };
  const lista = await app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: h });
  expect(lista.statusCode, lista.body).toBe(200);
  const propias = lista.json() as Notificacion[];
  expect(propias).toEqual([
    expect.objectContaining({ tipo: 'ORDEN_ASIGNADA', titulo: `Nueva orden asignada: #${orden.numero}`, leida: false }),
  ]);

  const ajena = await app.inject({ method: 'PUT', url: `/api/v2/notificaciones/leida/${deLaOtra.id}`, headers: h });
  expect(ajena.statusCode).toBe(404);
  const leida = await app.inject({ method: 'PUT', url: `/api/v2/notificaciones/leida/${propias[0]!.id}`, headers: h });
  expect(leida.statusCode).toBe(200);
  const despues = await app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: h });
  expect((despues.json() as Notificacion[])[0]?.leida).toBe(true);

  // Push is off: the page is told there is no key.
  expect((await app.inject({ method: 'GET', url: '/api/v2/notificaciones/vapid', headers: h })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/api/v2/notificaciones/all' })).statusCode).toBe(401);
  await m.alCerrar?.();
});

it('cada usuario elige sus canales por tipo de aviso: oculta en la app, correo en la transacción, WhatsApp por el bus', async () => {
  const encolados: { correo: CorreoNuevo; topes: object; enTx: boolean }[] = [];
  let despertado = 0;
  const m = moduloNotificaciones(b.nucleo, {
    push: null,
    pushNativo: null,
    correo: {
      mail: {
        enqueueHasta: (tx, correo, topes) => {
          encolados.push({ correo, topes, enTx: tx !== b.nucleo.db });
          return Promise.resolve(true);
        },
        kick: () => void despertado++,
      },
      entidades: { find: (id) => Promise.resolve({ id, nombre: 'Módulo SA', logo: null }) },
    },
  });
  const eva = await b.usuario(b.entidadId, 'Eva');
  const ajeno = await b.usuario(b.otraEntidadId, 'Ajeno');
  const orden = await b.orden(b.entidadId, eva, { titulo: 'Bomba de agua' });
  const db = b.nucleo.db;

  expect(await m.puerto.canales(db, b.entidadId, eva)).toEqual(CANALES_POR_OMISION);
  const eleccion = {
    ...CANALES_POR_OMISION,
    ORDEN_ASIGNADA: { app: false, push: false, correo: true, whatsapp: true },
  };
  await db.transaction((tx) => m.puerto.guardarCanales(tx, b.entidadId, eva, eleccion));
  expect(await m.puerto.canales(db, b.entidadId, eva)).toEqual(eleccion);
  // Another company cannot write, nor read, Eva's choice.
  await expect(
    db.transaction((tx) => m.puerto.guardarCanales(tx, b.otraEntidadId, eva, CANALES_POR_OMISION)),
  ).rejects.toMatchObject({ code: 'NO_ENCONTRADO' });
  expect(await m.puerto.canales(db, b.otraEntidadId, eva)).toEqual(CANALES_POR_OMISION);
  expect(await m.puerto.canales(db, b.entidadId, eva)).toEqual(eleccion);

  const antes = b.eventos.length;
  const n = creada(
    await m.puerto.create(b.entidadId, eva, {
      tipo: 'ORDEN_ASIGNADA',
      titulo: `Nueva orden asignada: #${orden.numero}`,
      mensaje: orden.titulo,
      ordenId: orden.id,
    }),
  );
  const nuevos = b.eventos.slice(antes);
  // Hidden from the app: no socket; WhatsApp: one aviso.creado with what the template needs.
  expect(nuevos.map((e) => e.type)).toEqual(['aviso.creado']);
  expect(nuevos[0]).toEqual({
    type: 'aviso.creado',
    entidadId: b.entidadId,
    usuarioId: eva,
    notificacionId: n.id,
    tipo: 'ORDEN_ASIGNADA',
    ordenId: orden.id,
    titulo: `Nueva orden asignada: #${orden.numero}`,
    mensaje: 'Bomba de agua',
  });
  // One mail, queued inside the notification's transaction, with the caps, then the worker woken.
  expect(encolados).toHaveLength(1);
  expect(encolados[0]).toMatchObject({
    enTx: true,
    topes: { porDestinatario: 30, porEmpresa: 500 },
    correo: { tipo: 'aviso', para: expect.stringMatching(/@example\.com$/), entidadId: b.entidadId },
  });
  expect(encolados[0]?.correo.contenido.texto).toContain(`Orden #${orden.numero}: «Bomba de agua».`);
  expect(encolados[0]?.correo.contenido.texto).toContain(`${b.nucleo.config.publicUrl}/orden/${orden.id}`);
  expect(despertado).toBe(1);
  expect(await m.puerto.avisosWhatsappDesde(db, new Date(0), 10)).toEqual([
    expect.objectContaining({ notificacionId: n.id, entidadId: b.entidadId, usuarioId: eva, tipo: 'ORDEN_ASIGNADA' }),
  ]);

  // Another kind keeps the app and push, whatever Eva chose for her assignments; nothing by mail.
  await m.puerto.create(b.entidadId, eva, { tipo: 'mantenimiento', titulo: 'Plan', mensaje: '', ordenId: null });
  expect(encolados).toHaveLength(1);
  const app = await b.servir(m, b.actor({ id: eva }));
  const lista = await app.inject({
    method: 'GET',
    url: '/api/v2/notificaciones/all',
    headers: { authorization: 'prueba' },
  });
  expect((lista.json() as Notificacion[]).map((x) => x.tipo)).toEqual(['mantenimiento']);
  const oculta = await app.inject({
    method: 'PUT',
    url: `/api/v2/notificaciones/leida/${n.id}`,
    headers: { authorization: 'prueba' },
  });
  expect(oculta.statusCode).toBe(404);

  // A user of the other company named with this one's id gets the defaults and no mail.
  const ajena = creada(
    await m.puerto.create(b.entidadId, ajeno, {
      tipo: 'ORDEN_ASIGNADA',
      titulo: 'x',
      mensaje: '',
      ordenId: null,
    }),
  );
  expect(ajena.id).toBeGreaterThan(0);
  expect(encolados).toHaveLength(1);
  await m.alCerrar?.();
});
