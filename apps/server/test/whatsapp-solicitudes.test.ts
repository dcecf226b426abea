import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANALES_POR_OMISION } from '@delego/contract';
import {
  activarEnlace,
  campos,
  envio,
  fixtureSolicitudes,
  llamar,
  PUBLIC_URL,
  type FixtureSolicitudes,
} from './solicitudes-fixture.js';

/**
 * A request received by WhatsApp (issues 33 and 35): who may delegate for the request's client and
 * chose WhatsApp for «Solicitud recibida» gets one message, with what was asked and the inbox's
 * link in the app; who did not choose it, nothing.
 */
let f: FixtureSolicitudes;

beforeAll(async () => {
  f = await fixtureSolicitudes();
});
afterAll(() => f?.close());

it('«Solicitud recibida» por WhatsApp a quien lo eligió y puede delegar para ese cliente, con el enlace a la bandeja', async () => {
  const elegir = await llamar(f)('PUT', '/api/v4/whatsapp/canales', 'supervisor', {
    numero: '+54 9 341 555-0001',
    acepta: true,
    eventos: { ...CANALES_POR_OMISION, SOLICITUD_RECIBIDA: { app: true, push: false, correo: false, whatsapp: true } },
  });
  expect(elegir.statusCode, elegir.body).toBe(200);
  const k = await activarEnlace(f, f.cli[0]);
  const r = await envio(f, { k }, campos({ que: 'Revisar la bomba <b>2</b>\nHace un golpeteo al arrancar.' }));
  expect(r.statusCode, r.body).toBe(200);
  await f.env.app.puertos.notifications.idle();
  await f.env.app.puertos.whatsapp.idle();

  const filas = (
    await f.env.database.db.execute(sql`
      select usuario_id as "usuarioId", numero, orden_id as "ordenId", parametros
        from whatsapp_salida where evento = 'SOLICITUD_RECIBIDA'`)
  ).rows as { usuarioId: number; numero: string; ordenId: number | null; parametros: unknown }[];
  expect(filas.map((x) => [x.usuarioId, x.numero, x.ordenId])).toEqual([[f.u.supervisor, '+5493415550001', null]]);
  const parametros = (
    typeof filas[0]!.parametros === 'string' ? JSON.parse(filas[0]!.parametros) : filas[0]!.parametros
  ) as string[];
  // On the one line a template's parameter takes, the first line and the description stay apart;
  // its final period is the template's own («…: {{1}}. Puede…»), not doubled.
  expect(parametros).toEqual(['Revisar la bomba <b>2</b> — Hace un golpeteo al arrancar', `${PUBLIC_URL}/solicitudes`]);
  // The scan finds it queued already.
  expect(await f.env.app.puertos.whatsapp.escanear()).toBe(0);
});
