/**
 * /metrics (issue 30, item 5; docs/DESPLIEGUE.md, "Métricas y salud"): off by default (404), behind
 * METRICAS_TOKEN's Bearer token (401 without it or with another), and, with it, Prometheus text with
 * the latency histogram of a route just called (by its pattern, never the raw URL), its status
 * counts, the outbox's depth as mail is queued and delivered, and Node's default metrics.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import { EmlTransport } from '../src/modules/mail/index.js';
import { EstadoInstancia } from '../src/kernel/estado-instancia.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

const TOKEN = 'token-de-metricas-de-prueba-0123';

/** The value of one sample line (`name{labels} value`) of the text, or undefined. */
function muestra(texto: string, nombre: string, etiquetas = ''): number | undefined {
  for (const linea of texto.split('\n')) {
    if (linea.startsWith(`${nombre}${etiquetas} `)) return Number(linea.slice(linea.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('métricas apagadas (sin METRICAS_TOKEN)', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env?.close());

  it('/metrics no existe: 404, con o sin token', async () => {
    const sin = await env.app.inject({ method: 'GET', url: '/metrics' });
    expect(sin.statusCode).toBe(404);
    expect(sin.json()).toMatchObject({ code: 'NO_ENCONTRADO' });
    const con = await env.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(con.statusCode).toBe(404);
    expect(con.body).not.toContain('delego_');
  });
});

describe('métricas con METRICAS_TOKEN', () => {
  let env: TestEnv;
  let entidadId: number;
  const estado = new EstadoInstancia();
  beforeAll(async () => {
    const correo = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-metricas-'));
    env = await createTestEnv({
      config: testConfig({ metricasToken: TOKEN }),
      estado,
      mailTransport: new EmlTransport(correo, 'Delego <no-responder@example.com>'),
    });
    entidadId = await makeEntidad(env.database.db, { nombre: 'Métricas SA', plan: 'Ilimitado', now: new Date() });
    await makeUsuario(env.database.db, { entidadId, usuario: 'medido', nombre: 'Medido' });
  });
  afterAll(() => env?.close());

  const metricas = (authorization?: string) =>
    env.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('sin token, con otro token o con otro esquema: 401 en español, sin ninguna métrica', async () => {
    for (const a of [undefined, `Bearer ${TOKEN}x`, 'Bearer otro', TOKEN, `Basic ${TOKEN}`]) {
      const r = await metricas(a);
      expect(r.statusCode, String(a)).toBe(401);
      expect(r.json()).toMatchObject({ code: 'NO_AUTENTICADO', message: expect.stringMatching(/token/) });
      expect(r.body).not.toContain('delego_');
    }
  });

  it('con el token: el histograma de una ruta recién llamada, por su patrón y no por la URL, y sus estados', async () => {
    expect((await env.app.inject({ method: 'GET', url: '/api/v4/login', headers: auth('medido') })).statusCode).toBe(
      200,
    );
    for (const id of [987654, 987655]) {
      const r = await env.app.inject({
        method: 'PUT',
        url: `/api/v2/notificaciones/leida/${id}`,
        headers: auth('medido'),
      });
      expect(r.statusCode).toBe(404);
    }
    const r = await metricas(`Bearer ${TOKEN}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const t = r.body;
    const leida = 'metodo="PUT",ruta="/api/v2/notificaciones/leida/:id"';
    expect(t).toContain('# TYPE delego_http_duracion_segundos histogram');
    expect(muestra(t, 'delego_http_duracion_segundos_count', `{${leida}}`)).toBe(2);
    expect(muestra(t, 'delego_http_duracion_segundos_bucket', `{${leida},le="+Inf"}`)).toBe(2);
    expect(muestra(t, 'delego_http_duracion_segundos_sum', `{${leida}}`)).toBeGreaterThan(0);
    expect(muestra(t, 'delego_http_respuestas_total', `{${leida},estado="404"}`)).toBe(2);
    expect(muestra(t, 'delego_http_respuestas_total', '{metodo="GET",ruta="/api/v4/login",estado="200"}')).toBe(1);
    // The raw URL (with its id) is never a label.
    expect(t).not.toContain('987654');
    // Node's default metrics, and the live sockets (none open).
    expect(t).toContain('process_cpu_user_seconds_total');
    expect(muestra(t, 'delego_vivo_conexiones')).toBe(0);
    if (env.database.kind === 'postgres') {
      expect(muestra(t, 'delego_db_conexiones', '{estado="total"}')).toBeGreaterThan(0);
    } else {
      expect(t).not.toContain('delego_db_conexiones');
    }
  });

  it('la profundidad de la bandeja de salida sigue a los correos encolados y enviados', async () => {
    const profundidad = async () => muestra((await metricas(`Bearer ${TOKEN}`)).body, 'delego_correo_pendientes');
    const antes = await profundidad();
    expect(antes).toBe(0);
    const mail = env.puertos().mail;
    for (const para of ['uno@example.com', 'dos@example.com', 'tres@example.com']) {
      await mail.enqueue(env.database.db, {
        tipo: 'confirmacion',
        para,
        entidadId,
        logo: null,
        contenido: { asunto: 'Prueba', html: '<p>Hola</p>', texto: 'Hola' },
      });
    }
    expect(await profundidad()).toBe(3);
    expect(await mail.deliverPending()).toBe(3);
    expect(await profundidad()).toBe(0);
  });

  it('readiness dice 503 en español mientras la instancia drena, sin consultar la base', async () => {
    expect((await env.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    estado.drenar();
    const r = await env.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBeDefined();
    expect(r.json()).toMatchObject({
      status: 'error',
      estado: 'drenando',
      code: 'SERVICIO_NO_DISPONIBLE',
      message: 'El servidor se está reiniciando. Vuelva a conectarse en unos segundos.',
    });
    // The readiness answers are counted too, by status.
    const t = (await metricas(`Bearer ${TOKEN}`)).body;
    expect(muestra(t, 'delego_http_respuestas_total', '{metodo="GET",ruta="/api/health/ready",estado="503"}')).toBe(1);
  });
});
