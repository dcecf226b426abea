import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('bloquea al usuario tras el límite de fallos y lo libera al terminar la ventana', () => {
    let t = 0;
    const th = new LoginThrottle({ perUser: 3, perAddress: 100, windowMs: 60_000 }, () => t);
    for (let i = 0; i < 3; i++) {
      expect(th.retryAfterS('Ana', '1.1.1.1')).toBe(0);
      th.recordFailure('Ana', '1.1.1.1');
    }
    expect(th.retryAfterS('ana', '2.2.2.2')).toBe(60);
    expect(th.retryAfterS('bob', '1.1.1.1')).toBe(0);
    t = 30_000;
    expect(th.retryAfterS('ana', '1.1.1.1')).toBe(30);
    t = 60_000;
    expect(th.retryAfterS('ana', '1.1.1.1')).toBe(0);
  });

  it('bloquea una dirección que prueba muchos usuarios', () => {
    const th = new LoginThrottle({ perUser: 100, perAddress: 4, windowMs: 60_000 }, () => 0);
    for (let i = 0; i < 4; i++) th.recordFailure(`u${i}`, '9.9.9.9');
    expect(th.retryAfterS('otro', '9.9.9.9')).toBeGreaterThan(0);
    expect(th.retryAfterS('otro', '8.8.8.8')).toBe(0);
  });

  it('un ingreso correcto reinicia la cuenta del usuario', () => {
    const th = new LoginThrottle({ perUser: 2, perAddress: 100, windowMs: 60_000 }, () => 0);
    th.recordFailure('ana', 'a');
    th.recordSuccess('ana');
    th.recordFailure('ana', 'a');
    expect(th.retryAfterS('ana', 'a')).toBe(0);
  });
});
