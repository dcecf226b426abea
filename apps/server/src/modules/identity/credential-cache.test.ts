import { describe, expect, it } from 'vitest';
import type { Actor } from '../../kernel/actor.js';
import { CredentialCache, huellaDe } from './credential-cache.js';

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
    c.set('a#1', actor(1), 'h');
    expect(c.get('a#1')?.id).toBe(1);
    expect(c.get('a#2')).toBeUndefined();
    t = 999;
    expect(c.get('a#1')?.id).toBe(1);
    t = 1000;
    expect(c.get('a#1')).toBeUndefined();
  });

  it('una entrada vencida no se sirve, pero dice contra qué hash se verificó el encabezado', () => {
    let t = 0;
    const c = new CredentialCache(1000, () => t);
    c.set('a#1', actor(1), huellaDe('$argon2id$uno'));
    t = 5000;
    expect(c.get('a#1')).toBeUndefined();
    expect(c.verificada('a#1')).toEqual({ usuarioId: 1, huella: huellaDe('$argon2id$uno') });
    expect(c.verificada('a#2')).toBeUndefined();
    expect(huellaDe('$argon2id$uno')).not.toBe(huellaDe('$argon2id$dos'));
    expect(huellaDe('$argon2id$uno')).not.toContain('argon2');
    // Renewed: served again, and the newest in the eviction order.
    c.set('a#1', actor(1), huellaDe('$argon2id$uno'));
    expect(c.get('a#1')?.id).toBe(1);
    expect(c.size).toBe(1);
    // Forgotten with its user: nothing left to renew from.
    c.forgetUser(1);
    expect(c.verificada('a#1')).toBeUndefined();
  });

  it('una renovación pasa a ser la entrada más nueva', () => {
    const c = new CredentialCache(60_000, Date.now, 2);
    c.set('a', actor(1), 'h');
    c.set('b', actor(2), 'h');
    c.set('a', actor(1), 'h');
    c.set('c', actor(3), 'h');
    expect(c.get('a')?.id).toBe(1);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('c')?.id).toBe(3);
  });

  it('olvida todas las entradas de un usuario y de una entidad', () => {
    const c = new CredentialCache(60_000);
    c.set('a#1', actor(1), 'h');
    c.set('a#2', actor(1), 'h');
    c.set('b#1', actor(2), 'h');
    c.set('z#1', actor(3, 2), 'h');
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
    c.set(header, actor(1), 'h');
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
    otra.set(header, actor(1), 'h');
    expect([...(otra as unknown as { entries: Map<string, unknown> }).entries.keys()][0]).not.toBe(claves[0]);
  });

  it('no guarda nada con TTL 0 y respeta el máximo de entradas', () => {
    expect(
      (() => {
        const c = new CredentialCache(0);
        c.set('a#1', actor(1), 'h');
        return c.size;
      })(),
    ).toBe(0);
    const c = new CredentialCache(60_000, Date.now, 2);
    c.set('a', actor(1), 'h');
    c.set('b', actor(2), 'h');
    c.set('c', actor(3), 'h');
    expect(c.size).toBe(2);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('c')?.id).toBe(3);
  });
});
