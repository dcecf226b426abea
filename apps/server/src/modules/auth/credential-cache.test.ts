import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { CredentialCache } from './credential-cache.js';

const actor = (id: number, entidadId = 1): Actor => ({
  id,
  usuario: `u${id}`,
  nombre: 'N',
  apellido: 'A',
  email: null,
  entidadId,
  roles: [],
  permisosResumen: [],
  permisos: { clientes: [] },
});

describe('CredentialCache', () => {
  it('recuerda un encabezado hasta que vence', () => {
    let t = 0;
    const c = new CredentialCache(1000, () => t);
    c.set('a#1', actor(1));
    expect(c.get('a#1')?.id).toBe(1);
    expect(c.get('a#2')).toBeUndefined();
    t = 999;
    expect(c.get('a#1')?.id).toBe(1);
    t = 1000;
    expect(c.get('a#1')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('olvida todas las entradas de un usuario y de una entidad', () => {
    const c = new CredentialCache(60_000);
    c.set('a#1', actor(1));
    c.set('a#2', actor(1));
    c.set('b#1', actor(2));
    c.set('z#1', actor(3, 2));
    c.forgetUser(1);
    expect(c.get('a#1')).toBeUndefined();
    expect(c.get('a#2')).toBeUndefined();
    expect(c.get('b#1')?.id).toBe(2);
    c.forgetEntidad(1);
    expect(c.get('b#1')).toBeUndefined();
    expect(c.get('z#1')?.id).toBe(3);
  });

  it('la clave es un resumen del encabezado, distinto para cada encabezado, y nunca el encabezado', () => {
    const c = new CredentialCache(60_000);
    const header = `propietario#${'ab'.repeat(16)}`;
    c.set(header, actor(1));
    // The same user with another password, and another user with the same one: not served.
    expect(c.get(`propietario#${'ab'.repeat(15)}ac`)).toBeUndefined();
    expect(c.get(`propietari0#${'ab'.repeat(16)}`)).toBeUndefined();
    expect(c.get(header)?.id).toBe(1);
    const claves = [...(c as unknown as { entries: Map<string, unknown> }).entries.keys()];
    expect(claves).toHaveLength(1);
    expect(claves[0]).toHaveLength(32);
    expect(claves[0]).not.toContain('ab'.repeat(4));
    expect(claves[0]).not.toContain('propietario');
    // Another process (another secret) keys the same header differently.
    const otra = new CredentialCache(60_000);
    otra.set(header, actor(1));
    expect([...(otra as unknown as { entries: Map<string, unknown> }).entries.keys()][0]).not.toBe(claves[0]);
  });

  it('no guarda nada con TTL 0 y respeta el máximo de entradas', () => {
    expect(
      (() => {
        const c = new CredentialCache(0);
        c.set('a#1', actor(1));
        return c.size;
      })(),
    ).toBe(0);
    const c = new CredentialCache(60_000, Date.now, 2);
    c.set('a', actor(1));
    c.set('b', actor(2));
    c.set('c', actor(3));
    expect(c.size).toBe(2);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('c')?.id).toBe(3);
  });
});
