import { describe, expect, it } from 'vitest';
import { parseAuthorization } from './auth.js';
import { esAdmin, tienePermisoCliente } from './permissions.js';

describe('parseAuthorization', () => {
  it('separa usuario y md5 por el último #', () => {
    expect(parseAuthorization('ana#' + 'A'.repeat(32))).toEqual({ usuario: 'ana', md5: 'a'.repeat(32) });
    expect(parseAuthorization('a#b#' + '0'.repeat(32))).toEqual({ usuario: 'a#b', md5: '0'.repeat(32) });
  });
  it('rechaza encabezados mal formados', () => {
    for (const h of [undefined, '', 'ana', '#' + '0'.repeat(32), 'ana#xyz', 'ana#' + '0'.repeat(33)]) {
      expect(parseAuthorization(h)).toBeNull();
    }
  });
});

describe('permisos', () => {
  const base = {
    permisosResumen: [],
    permisos: { clientes: [{ clienteID: 7, delegarOrden: true, modificarOrden: false, borrarOrden: false }] },
  };
  it('ADMIN y PROPIETARIO son admin y tienen todos los permisos por cliente', () => {
    expect(esAdmin({ roles: [{ nombre: 'ADMIN' }] })).toBe(true);
    expect(esAdmin({ roles: [{ nombre: 'SUPERVISOR' }] })).toBe(false);
    expect(tienePermisoCliente({ ...base, roles: [{ nombre: 'PROPIETARIO' }] }, 99, 'borrarOrden')).toBe(true);
  });
  it('los demás solo tienen lo que se les dio, cliente por cliente', () => {
    const u = { ...base, roles: [] };
    expect(tienePermisoCliente(u, 7, 'delegarOrden')).toBe(true);
    expect(tienePermisoCliente(u, 7, 'borrarOrden')).toBe(false);
    expect(tienePermisoCliente(u, 8, 'delegarOrden')).toBe(false);
  });
});
