import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Archivo, OrdenDetalle, RegistroOrden } from '@delego/contract';
import { testConfig } from '../src/config.js';
import { IdempotenciaService, VIGENCIA_IDEMPOTENCIA_MS } from '../src/modules/idempotencia/idempotencia.service.js';
import { OrdersService } from '../src/modules/orders/orders.service.js';
import { fixture, llamar, pdf, type Fixture } from './files-fixture.js';
import { multipart } from './multipart.js';
import { auth } from './helpers.js';

/**
 * Idempotency-Key on the calls the field app's outbox replays (issue 17): a replay gets the first
 * answer and changes nothing twice; keys are per company and user.
 */
let f: Fixture;
let api: ReturnType<typeof llamar>;

beforeAll(async () => {
  f = await fixture();
  api = llamar(f);
});
afterAll(() => f?.close());

const contar = async (consulta: ReturnType<typeof sql>) => {
  const r = await f.env.database.db.execute<{ n: number }>(consulta);
  return Number(r.rows[0]?.n);
};
const eventosDeEstado = (ordenId: number) =>
  contar(sql`select count(*)::int as n from orden_eventos where orden_id = ${ordenId} and tipo = 'ESTADO'`);
const filasDeClave = (clave: string) => contar(sql`select count(*)::int as n from idempotencia where clave = ${clave}`);
const estado = (id: number, who: string, body: unknown, clave?: string) =>
  api.call('PUT', `/api/v2/estado/${id}`, who, body, clave ? { 'idempotency-key': clave } : {});

const DIA = Date.UTC(2026, 10, 20, 15);
const hora = (descripcion: string) => ({ horas: [{ fecha: DIA, horas: 1, minutos: 15, descripcion }], gastos: [] });

describe('Idempotency-Key en el cambio de estado', () => {
  it('la repetición devuelve la misma respuesta, con una sola fila y un solo cambio', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const cuerpo = { estado: 2, comentarios: 'Empiezo el trabajo' };
    const primera = await estado(o.id, 'operario', cuerpo, clave);
    expect(primera.statusCode, primera.body).toBe(200);
    expect(primera.headers['idempotency-replayed']).toBeUndefined();
    const segunda = await estado(o.id, 'operario', cuerpo, clave);
    expect(segunda.statusCode, segunda.body).toBe(200);
    expect(segunda.headers['idempotency-replayed']).toBe('true');
    expect(segunda.headers['content-type']).toMatch(/application\/json/);
    expect(segunda.json()).toEqual(primera.json());
    expect((segunda.json() as { estado: { id: number } }).estado.id).toBe(2);
    expect(await eventosDeEstado(o.id)).toBe(1);
    expect(await filasDeClave(clave)).toBe(1);
  });

  it('la clave en mayúsculas es la misma clave', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const cuerpo = { estado: 3, comentarios: 'Falta un repuesto' };
    expect((await estado(o.id, 'operario', cuerpo, clave)).statusCode).toBe(200);
    const r = await estado(o.id, 'operario', cuerpo, clave.toUpperCase());
    expect(r.headers['idempotency-replayed']).toBe('true');
    expect(await eventosDeEstado(o.id)).toBe(1);
  });

  it('la misma clave con otro cuerpo es 422 en español y no cambia nada', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    expect((await estado(o.id, 'operario', { estado: 2, comentarios: 'Voy' }, clave)).statusCode).toBe(200);
    const r = await estado(o.id, 'operario', { estado: 3, comentarios: 'Otra cosa' }, clave);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({ code: 'IDEMPOTENCIA_DISTINTA', field: 'Idempotency-Key' });
    expect(r.json().message).toMatch(/ya se usó con otra solicitud/);
    expect(await eventosDeEstado(o.id)).toBe(1);
    const detalle = (await api.call('GET', `/api/v3/ordenDTO/${o.id}`, 'admin')).json() as { estado: { id: number } };
    expect(detalle.estado.id).toBe(2);
  });

  it('la misma clave en otra orden también es otra solicitud (422)', async () => {
    const [a, b] = [await api.crearOrden(), await api.crearOrden()];
    const clave = randomUUID();
    const cuerpo = { estado: 2, comentarios: 'Igual' };
    expect((await estado(a.id, 'operario', cuerpo, clave)).statusCode).toBe(200);
    const r = await estado(b.id, 'operario', cuerpo, clave);
    expect(r.statusCode).toBe(422);
    expect(await eventosDeEstado(b.id)).toBe(0);
  });

  it('una clave que no es UUID es 400 con el campo, y no cambia nada', async () => {
    const o = await api.crearOrden();
    const r = await estado(o.id, 'operario', { estado: 2, comentarios: 'x' }, 'no-es-un-uuid');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'DATOS_INVALIDOS', field: 'Idempotency-Key' });
    expect(await eventosDeEstado(o.id)).toBe(0);
  });

  it('una respuesta de rechazo (409) también se repite igual, sin volver a evaluar', async () => {
    const o = await api.crearOrden();
    expect((await estado(o.id, 'admin', { estado: 5, comentarios: 'Cancelada' })).statusCode).toBe(200);
    const clave = randomUUID();
    const cuerpo = { estado: 3, comentarios: 'En espera' };
    const primera = await estado(o.id, 'admin', cuerpo, clave);
    expect(primera.statusCode).toBe(409);
    expect(primera.json().code).toBe('TRANSICION_INVALIDA');
    // Reopened meanwhile: the replay still answers what the first attempt got.
    expect((await estado(o.id, 'admin', { estado: 1, comentarios: 'Reabro' })).statusCode).toBe(200);
    const segunda = await estado(o.id, 'admin', cuerpo, clave);
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json()).toEqual(primera.json());
    // A new key is a new attempt (what the outbox does when the person fixes and retries).
    expect((await estado(o.id, 'admin', cuerpo, randomUUID())).statusCode).toBe(200);
  });

  it('dos envíos a la vez con la misma clave: uno se aplica, el otro repite o recibe 409 "en proceso"', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const cuerpo = { estado: 2, comentarios: 'Duplicado simultáneo' };
    const rs = await Promise.all([1, 2, 3].map(() => estado(o.id, 'operario', cuerpo, clave)));
    const codigos = rs.map((r) => r.statusCode).sort();
    expect(codigos.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of rs) {
      if (r.statusCode === 409) {
        expect(r.json().code).toBe('IDEMPOTENCIA_EN_PROCESO');
        expect(r.headers['retry-after']).toBe('5');
      } else expect(r.statusCode).toBe(200);
    }
    expect(await eventosDeEstado(o.id)).toBe(1);
    // Once done, a retry gets the answer.
    const despues = await estado(o.id, 'operario', cuerpo, clave);
    expect(despues.statusCode).toBe(200);
    expect(despues.headers['idempotency-replayed']).toBe('true');
  });

  it('sin la cabecera todo sigue como siempre', async () => {
    const o = await api.crearOrden();
    expect((await estado(o.id, 'operario', { estado: 2, comentarios: 'a' })).statusCode).toBe(200);
    expect((await estado(o.id, 'operario', { estado: 3, comentarios: 'b' })).statusCode).toBe(200);
    expect(await eventosDeEstado(o.id)).toBe(2);
  });
});

describe('claves por empresa y por usuario', () => {
  it('la misma clave de otra empresa, o de otro usuario, no choca ni devuelve la respuesta ajena', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const cuerpo = { estado: 2, comentarios: 'Mío' };
    const mia = await estado(o.id, 'operario', cuerpo, clave);
    expect(mia.statusCode).toBe(200);

    // otra's own order with the same key: a change of its own, not Demo's answer.
    const r = await api.call('POST', '/api/v2/ordenes/save', 'otra', {
      titulo: 'Orden de otra',
      detalle: 'x',
      cliente: f.cliOtra[0],
      responsable: [f.u.otra],
    });
    expect(r.statusCode, r.body).toBe(200);
    const suya = r.json() as OrdenDetalle;
    const propia = await estado(suya.id, 'otra', cuerpo, clave);
    expect(propia.statusCode).toBe(200);
    expect(propia.headers['idempotency-replayed']).toBeUndefined();
    expect((propia.json() as OrdenDetalle).id).toBe(suya.id);

    // Another user of Demo, same key: their own attempt (a 409 for the transition, not operario's 200).
    const otroUsuario = await estado(o.id, 'supervisor', cuerpo, clave);
    expect(otroUsuario.statusCode).toBe(409);
    expect(otroUsuario.json().code).toBe('TRANSICION_INVALIDA');
    expect(await eventosDeEstado(o.id)).toBe(1);
    expect(await filasDeClave(clave)).toBe(3);
  });
});

describe('las otras llamadas de la bandeja de salida', () => {
  it('horas: la repetición no registra dos veces', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const put = () =>
      api.call('PUT', `/api/v2/registro-gastos/${o.id}`, 'operario', hora('Cableado'), { 'idempotency-key': clave });
    const a = await put();
    const b = await put();
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect((b.json() as RegistroOrden).horas).toHaveLength(1);
    expect(await contar(sql`select count(*)::int as n from registro_horas where orden_id = ${o.id}`)).toBe(1);
  });

  it('alta de orden: la repetición no crea otra ni gasta otra de la quota', async () => {
    const cuenta = () => contar(sql`select count(*)::int as n from ordenes where entidad_id = ${f.demo}`);
    const cupo = () =>
      contar(sql`select quota_disponible::int as n from suscripciones where entidad_id = ${f.demo} limit 1`).catch(
        () => NaN,
      );
    const antes = { n: await cuenta(), cupo: await cupo() };
    const clave = randomUUID();
    const cuerpo = { titulo: 'Nueva sin conexión', detalle: 'x', cliente: f.cli[0], responsable: [f.u.operario] };
    const a = await api.call('POST', '/api/v2/ordenes/save', 'admin', cuerpo, { 'idempotency-key': clave });
    const b = await api.call('POST', '/api/v2/ordenes/save', 'admin', cuerpo, { 'idempotency-key': clave });
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await cuenta()).toBe(antes.n + 1);
    if (!Number.isNaN(antes.cupo)) expect(await cupo()).toBe(antes.cupo - 1);
  });

  it('foto: la subida repetida deja un solo archivo', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const subir = () => {
      const mp = multipart([{ name: 'archivos', filename: 'foto.pdf', content: pdf('foto') }]);
      return f.env.app.inject({
        method: 'POST',
        url: `/api/v2/archivos/${o.id}/add?tsp=1`,
        headers: { ...auth('operario'), ...mp.headers, 'idempotency-key': clave },
        payload: mp.payload,
      });
    };
    const a = await subir();
    expect(a.statusCode, a.body).toBe(200);
    const b = await subir();
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    const lista = (await api.call('GET', `/api/v2/archivos/${o.id}`, 'admin')).json() as Archivo[];
    expect(lista).toHaveLength(1);
  });
});

describe('vencimiento', () => {
  it('pasadas 24 h la clave se olvida: se puede usar de nuevo y la limpieza borra las vencidas', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const put = () =>
      api.call('PUT', `/api/v2/registro-gastos/${o.id}`, 'operario', hora('Revisión'), { 'idempotency-key': clave });
    expect((await put()).statusCode).toBe(200);
    f.env.clock.advance(VIGENCIA_IDEMPOTENCIA_MS + 60_000);
    const again = await put();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(await contar(sql`select count(*)::int as n from registro_horas where orden_id = ${o.id}`)).toBe(2);
    expect(await filasDeClave(clave)).toBe(1);

    const vieja = randomUUID();
    expect((await estado(o.id, 'operario', { estado: 2, comentarios: 'x' }, vieja)).statusCode).toBe(200);
    f.env.clock.advance(VIGENCIA_IDEMPOTENCIA_MS + 60_000);
    const borradas = await f.env.puertos().idempotencia.limpiar();
    expect(borradas).toBeGreaterThanOrEqual(1);
    expect(await filasDeClave(vieja)).toBe(0);
  });
});

describe('a prueba de caídas (issue 28)', () => {
  afterEach(() => vi.restoreAllMocks());

  const filaClave = async (clave: string) => {
    const r = await f.env.database.db.execute<{ estado: string; status: number | null; respuesta: string | null }>(
      sql`select estado, status, respuesta from idempotencia where clave = ${clave}`,
    );
    return r.rows[0];
  };

  /**
   * The process "dies" right after the change's transaction: every write of the key outside a
   * transaction (the old store after sending) fails. A committed change must already be a
   * completed key, with the answer that was sent.
   */
  const sinEscrituraDespues = () => {
    const original = IdempotenciaService.prototype.completar;
    vi.spyOn(IdempotenciaService.prototype, 'completar').mockImplementation(function (
      this: IdempotenciaService,
      ...args: Parameters<IdempotenciaService['completar']>
    ) {
      if (args[4] === undefined) return Promise.reject(new Error('el proceso murió después del commit'));
      return original.apply(this, args);
    });
  };

  it('cada llamada de la bandeja deja la clave completada con su respuesta en la misma transacción', async () => {
    sinEscrituraDespues();
    const o = await api.crearOrden();
    const casos: { nombre: string; enviar: (clave: string) => ReturnType<typeof estado> }[] = [
      { nombre: 'estado', enviar: (clave) => estado(o.id, 'operario', { estado: 2, comentarios: 'Voy' }, clave) },
      {
        nombre: 'horas',
        enviar: (clave) =>
          api.call('PUT', `/api/v2/registro-gastos/${o.id}`, 'operario', hora('Tablero'), { 'idempotency-key': clave }),
      },
      {
        nombre: 'alta',
        enviar: (clave) =>
          api.call(
            'POST',
            '/api/v2/ordenes/save',
            'admin',
            { titulo: 'Alta con clave', detalle: 'x', cliente: f.cli[0], responsable: [f.u.operario] },
            { 'idempotency-key': clave },
          ),
      },
      {
        nombre: 'edición',
        enviar: (clave) =>
          api.call(
            'POST',
            '/api/v2/ordenes/save',
            'admin',
            {
              id: o.id,
              titulo: 'Editada con clave',
              detalle: 'y',
              cliente: o.cliente?.id ?? f.cli[0],
              responsable: [f.u.operario],
            },
            { 'idempotency-key': clave },
          ),
      },
      {
        nombre: 'archivo',
        enviar: (clave) => {
          const mp = multipart([{ name: 'archivos', filename: 'acta.pdf', content: pdf('acta') }]);
          return f.env.app.inject({
            method: 'POST',
            url: `/api/v2/archivos/${o.id}/add`,
            headers: { ...auth('operario'), ...mp.headers, 'idempotency-key': clave },
            payload: mp.payload,
          });
        },
      },
    ];
    for (const c of casos) {
      const clave = randomUUID();
      const r = await c.enviar(clave);
      expect(r.statusCode, `${c.nombre}: ${r.body}`).toBe(200);
      const fila = await filaClave(clave);
      expect(fila, c.nombre).toMatchObject({ estado: 'completada', status: 200 });
      expect(JSON.parse(fila?.respuesta ?? 'null'), c.nombre).toEqual(r.json());
    }
  });

  it('una clave que quedó "en proceso" (el proceso murió antes del commit) se libera pasado el límite de la solicitud', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const cuerpo = { estado: 2, comentarios: 'Tras la caída' };
    // The first attempt claims the key and dies before its transaction commits (its failure is
    // never written either): only the claim is left.
    const dueno = { entidadId: f.demo, usuarioId: f.u.operario };
    const cambio = vi.spyOn(OrdersService.prototype, 'cambiarEstado').mockRejectedValueOnce(new Error('SIGKILL'));
    const libera = vi
      .spyOn(IdempotenciaService.prototype, 'liberar')
      .mockRejectedValueOnce(new Error('el proceso murió'));
    expect((await estado(o.id, 'operario', cuerpo, clave)).statusCode).toBe(500);
    expect(libera).toHaveBeenCalledTimes(1);
    cambio.mockRestore();
    libera.mockRestore();
    expect(await filaClave(clave)).toMatchObject({ estado: 'en_proceso' });
    const toma = (
      await f.env.database.db.execute<{ creada: string | Date }>(
        sql`select creada from idempotencia where clave = ${clave}`,
      )
    ).rows[0]?.creada;

    // Within the request timeout the first attempt might still be running: 409, try later.
    const pronto = await estado(o.id, 'operario', cuerpo, clave);
    expect(pronto.statusCode).toBe(409);
    expect(pronto.json().code).toBe('IDEMPOTENCIA_EN_PROCESO');
    expect(await eventosDeEstado(o.id)).toBe(0);

    // Past it, the claim is dead: the retry takes the key and applies the change, once.
    f.env.clock.advance(testConfig().requestTimeoutMs + 1000);
    const tarde = await estado(o.id, 'operario', cuerpo, clave);
    expect(tarde.statusCode, tarde.body).toBe(200);
    expect(tarde.headers['idempotency-replayed']).toBeUndefined();
    expect(await eventosDeEstado(o.id)).toBe(1);
    const otra = await estado(o.id, 'operario', cuerpo, clave);
    expect(otra.headers['idempotency-replayed']).toBe('true');
    expect(await eventosDeEstado(o.id)).toBe(1);

    // The dead claim can no longer complete nor release the key the retry completed.
    const s = f.env.puertos().idempotencia;
    const muerta = new Date(toma as string | Date);
    expect(await s.completar(dueno, clave, muerta, { status: 200, respuesta: '{}' })).toBe(false);
    await s.liberar(dueno, clave, muerta);
    expect(await filaClave(clave)).toMatchObject({ estado: 'completada', status: 200 });
  });

  it('si otro intento tomó la clave mientras esta solicitud corría, su cambio se deshace y solo cuenta el otro', async () => {
    const o = await api.crearOrden();
    const clave = randomUUID();
    const original = IdempotenciaService.prototype.completar;
    vi.spyOn(IdempotenciaService.prototype, 'completar').mockImplementationOnce(async function (
      this: IdempotenciaService,
      ...args: Parameters<IdempotenciaService['completar']>
    ) {
      // Past the lease a retry took the key: the claim is no longer this request's.
      const tx = args[4];
      if (!tx) throw new Error('se esperaba la transacción del cambio');
      await tx.execute(sql`update idempotencia set creada = creada + interval '1 second' where clave = ${clave}`);
      return original.apply(this, args);
    });
    const r = await estado(o.id, 'operario', { estado: 2, comentarios: 'Tarde' }, clave);
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().code).toBe('IDEMPOTENCIA_EN_PROCESO');
    expect(await eventosDeEstado(o.id)).toBe(0);
    const detalle = (await api.call('GET', `/api/v3/ordenDTO/${o.id}`, 'admin')).json() as { estado: { id: number } };
    expect(detalle.estado.id).toBe(1);
    // The key is still the other claim's, untouched by this request's failure.
    expect(await filaClave(clave)).toMatchObject({ estado: 'en_proceso' });
  });
});
