import Fastify from 'fastify';
import { MENSAJES } from '@delego/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';

const app = Fastify({ logger: false });
installErrorHandler(app);
const fallo = (e: unknown) => () => {
  throw e;
};
const pg = (message: string, code: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
app.get(
  '/deadlock',
  fallo(Object.assign(new Error('Failed query: update …'), { cause: pg('deadlock detected', '40P01') })),
);
app.get('/caida', fallo(pg('terminating connection due to administrator command', '57P01')));
app.get('/bug', fallo(new TypeError('x is undefined')));

afterAll(() => app.close());

describe('installErrorHandler', () => {
  it('a transaction aborted by a deadlock is a 503 to retry in 1 s, never a 500 with details', async () => {
    const r = await app.inject('/deadlock');
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('1');
    expect(r.json()).toMatchObject({ code: 'SERVICIO_NO_DISPONIBLE', message: MENSAJES.servicioNoDisponible });
    expect(r.body).not.toContain('deadlock');
  });

  it('an outage waits longer, and a bug stays a 500 without internals', async () => {
    const caida = await app.inject('/caida');
    expect(caida.statusCode).toBe(503);
    expect(Number(caida.headers['retry-after'])).toBeGreaterThan(1);
    const bug = await app.inject('/bug');
    expect(bug.statusCode).toBe(500);
    expect(bug.json().code).toBe('ERROR_INTERNO');
    expect(bug.body).not.toContain('undefined');
  });
});
