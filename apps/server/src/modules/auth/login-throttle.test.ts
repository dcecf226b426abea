import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

const LIMITS = { perPair: 3, perAddress: 100, windowMs: 60_000, userSlowAfter: 1000 };

describe('LoginThrottle', () => {
  it('frena el par usuario-dirección tras el límite de fallos y lo libera al terminar la ventana', () => {
    let t = 0;
    const th = new LoginThrottle(LIMITS, () => t);
    for (let i = 0; i < 3; i++) {
      expect(th.check('Ana', '1.1.1.1').retryAfterS).toBe(0);
      th.recordFailure('Ana', '1.1.1.1');
    }
    expect(th.check('ana', '1.1.1.1').retryAfterS).toBe(60);
    // The same user from another address, and another user from this address, go on.
    expect(th.check('ana', '2.2.2.2').retryAfterS).toBe(0);
    expect(th.check('bob', '1.1.1.1').retryAfterS).toBe(0);
    t = 30_000;
    expect(th.check('ana', '1.1.1.1').retryAfterS).toBe(30);
    t = 60_000;
    expect(th.check('ana', '1.1.1.1').retryAfterS).toBe(0);
  });

  it('nunca frena al usuario desde una dirección sin fallos, aunque falle desde muchas otras', () => {
    const th = new LoginThrottle({ ...LIMITS, userSlowAfter: 1000 }, () => 0);
    for (let a = 0; a < 200; a++) for (let i = 0; i < 3; i++) th.recordFailure('ana', `10.0.${a}.1`);
    expect(th.check('ana', '10.0.0.1').retryAfterS).toBeGreaterThan(0);
    expect(th.check('ana', '192.168.1.20').retryAfterS).toBe(0);
  });

  it('frena una dirección que prueba muchos usuarios', () => {
    const th = new LoginThrottle({ ...LIMITS, perPair: 100, perAddress: 4 }, () => 0);
    for (let i = 0; i < 4; i++) th.recordFailure(`u${i}`, '9.9.9.9');
    expect(th.check('otro', '9.9.9.9').retryAfterS).toBe(60);
    expect(th.check('otro', '8.8.8.8').retryAfterS).toBe(0);
  });

  it('demora cada vez más la verificación de un usuario que falla desde muchas direcciones, con un tope', () => {
    const th = new LoginThrottle({ ...LIMITS, userSlowAfter: 4, userDelayStepMs: 100, userMaxDelayMs: 350 }, () => 0);
    const delays: number[] = [];
    for (let a = 0; a < 8; a++) {
      delays.push(th.check('ana', 'limpia').delayMs);
      th.recordFailure('ana', `10.0.0.${a}`);
    }
    expect(delays).toEqual([0, 0, 0, 0, 100, 200, 300, 350]);
    expect(th.check('ana', 'limpia').retryAfterS).toBe(0);
    expect(th.check('bob', 'limpia').delayMs).toBe(0);
  });

  it('un ingreso correcto reinicia el par, no la cuenta de la dirección', () => {
    const th = new LoginThrottle({ ...LIMITS, perPair: 2, perAddress: 3 }, () => 0);
    th.recordFailure('ana', 'a');
    th.recordSuccess('ana', 'a');
    th.recordFailure('ana', 'a');
    expect(th.check('ana', 'a').retryAfterS).toBe(0);
    th.recordFailure('bob', 'a');
    expect(th.check('ana', 'a').retryAfterS).toBe(60);
  });

  it('no distingue mayúsculas en el usuario ni confunde direcciones IPv6 con el nombre', () => {
    const th = new LoginThrottle({ ...LIMITS, perPair: 1 }, () => 0);
    th.recordFailure('Ana', '::1');
    expect(th.check('ANA', '::1').retryAfterS).toBe(60);
    // With ':' between address and name, ('1:ana', ':') would read as ('ana', '::1').
    expect(th.check('1:ana', ':').retryAfterS).toBe(0);
  });

  it('acota la memoria: pasado el máximo descarta primero lo vencido y después lo más viejo', () => {
    let t = 0;
    const th = new LoginThrottle({ ...LIMITS, perPair: 1, maxEntries: 30 }, () => t);
    th.recordFailure('vieja', '1.1.1.1');
    t = 61_000;
    for (let i = 0; i < 9; i++) th.recordFailure(`u${i}`, `2.2.2.${i}`);
    expect(th.check('u0', '2.2.2.0').retryAfterS).toBeGreaterThan(0);
    for (let i = 9; i < 40; i++) th.recordFailure(`u${i}`, `2.2.2.${i}`);
    // The newest failures are still counted; the oldest were dropped to stay under the cap.
    expect(th.check('u39', '2.2.2.39').retryAfterS).toBeGreaterThan(0);
    expect(th.check('u0', '2.2.2.0').retryAfterS).toBe(0);
  });
});
