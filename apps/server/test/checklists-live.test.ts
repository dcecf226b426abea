import { afterAll, beforeAll, expect, it } from 'vitest';
import { TOPICOS, type ChecklistOrden, type OrdenDetalle } from '@delego/contract';
import { connectFrame, listen, rawSocket, stompConnect, type StompTestClient } from './live-helpers.js';
import { fixture, llamar, type Fixture } from './files-fixture.js';

/**
 * The order's live channel (issue 31: a checklist "arrives live for everyone viewing the order"),
 * over a real WebSocket on the engine of TEST_DB: an operario without the company's channel who
 * may see the order gets each answer; another company and a user who may not see it are refused.
 */
let f: Fixture;
let api: ReturnType<typeof llamar>;
let url: string;
let orden: OrdenDetalle;
let itemId: number;
const abiertos: StompTestClient[] = [];

beforeAll(async () => {
  f = await fixture();
  api = llamar(f);
  url = await listen(f.env.app);
  const plantilla = await api.call('PUT', `/api/v2/checklist/plantilla/${f.cat.tipos[0]}`, 'admin', {
    items: [
      { etiqueta: 'Cortar la energía', tipo: 'tick', requerido: true },
      { etiqueta: 'Observaciones', tipo: 'texto' },
    ],
  });
  expect(plantilla.statusCode, plantilla.body).toBe(200);
  // Assigned to the operario (the fixture's default), created by the admin.
  orden = await api.crearOrden();
  const c = await checklistDe(orden.id);
  itemId = c.items.find((i) => i.etiqueta === 'Observaciones')?.id as number;
});
afterAll(async () => {
  for (const c of abiertos) await c.stop();
  await f?.close();
});

async function checklistDe(id: number): Promise<ChecklistOrden> {
  // The checklist is copied from the template after the order's creation (a bus subscriber).
  for (let i = 0; i < 50; i++) {
    const r = await api.call('GET', `/api/v2/checklist/orden/${id}`, 'admin');
    const c = r.json() as ChecklistOrden;
    if (r.statusCode === 200 && c.items.length) return c;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('sin checklist');
}

const responder = (texto: string, id = orden.id, item = itemId) =>
  api.call('PUT', `/api/v2/checklist/orden/${id}/item/${item}`, 'admin', { tipo: 'texto', texto }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
  });

async function conectar(usuario: string): Promise<StompTestClient> {
  const c = await stompConnect(url, usuario);
  abiertos.push(c);
  return c;
}

/** A SUBSCRIBE the broker refuses: an ERROR frame, the socket closed, no message. */
async function rechazada(usuario: string, destino: string): Promise<StompTestClient> {
  const c = await conectar(usuario);
  c.client.subscribe(destino, () => {
    throw new Error(`${usuario} recibió un mensaje de ${destino}`);
  });
  await c.closed;
  return c;
}

it('el operario que ve la orden recibe cada respuesta del checklist, con el ítem, sin el canal de la empresa', async () => {
  const operario = await conectar('operario');
  await operario.subscribe(TOPICOS.orden(orden.id));
  await responder('Revisado');
  expect(await operario.waitFor(TOPICOS.orden(orden.id))).toEqual([
    { tipo: 'orden.checklistCambiada', ordenId: orden.id, itemId },
  ]);
  // Another order's answers do not travel on this one's channel.
  const otra = await api.crearOrden({ responsable: [f.u.ayudante] });
  const deOtra = (await checklistDe(otra.id)).items[1]?.id as number;
  await responder('Otra orden', otra.id, deOtra);
  await responder('Sin novedades');
  const mensajes = await operario.waitFor(TOPICOS.orden(orden.id), 2);
  expect(mensajes).toHaveLength(2);
  expect(mensajes[1]).toEqual({ tipo: 'orden.checklistCambiada', ordenId: orden.id, itemId });
});

it('otra empresa y un usuario que no ve la orden reciben ERROR, se cierran y no reciben nada', async () => {
  // The ayudante sees only their own orders; this one is the operario's.
  expect((await api.call('GET', `/api/v3/ordenDTO/${orden.id}`, 'ayudante')).statusCode).toBe(404);
  const ayudante = await rechazada('ayudante', TOPICOS.orden(orden.id));
  const otra = await rechazada('otra', TOPICOS.orden(orden.id));
  const inexistente = await rechazada('operario', TOPICOS.orden(orden.id + 1000));
  for (const c of [ayudante, otra, inexistente]) {
    expect(c.errors.at(-1)?.headers.message).toBe('No tiene permiso para suscribirse a ese destino.');
  }
  await responder('Después del rechazo');
  await new Promise((r) => setTimeout(r, 100));
  for (const c of [ayudante, otra, inexistente]) expect([...c.messages.values()].flat()).toEqual([]);
});

it('un UNSUBSCRIBE enviado junto al SUBSCRIBE se atiende después de leer la orden, en su orden', async () => {
  const { ws, received, closed } = await rawSocket(url);
  const destino = TOPICOS.orden(orden.id);
  ws.send(
    connectFrame('operario') +
      `SUBSCRIBE\nid:o\ndestination:${destino}\nreceipt:a\n\n\0` +
      'UNSUBSCRIBE\nid:o\nreceipt:b\n\n\0' +
      `SUBSCRIBE\nid:p\ndestination:${destino}\nreceipt:c\n\n\0` +
      'UNSUBSCRIBE\nid:p\nreceipt:d\n\n\0',
  );
  const recibos = () => received.filter((m) => m.startsWith('RECEIPT'));
  for (let i = 0; i < 100 && recibos().length < 4; i++) await new Promise((r) => setTimeout(r, 20));
  expect(recibos().map((m) => /receipt-id:(\w)/.exec(m)?.[1])).toEqual(['a', 'b', 'c', 'd']);
  await responder('Nadie suscripto');
  await new Promise((r) => setTimeout(r, 100));
  expect(received.filter((m) => m.startsWith('MESSAGE'))).toEqual([]);
  ws.close();
  await closed;
});
