import type { PermisosDeUsuario } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { aplicarToggle, claveToggle } from './toggle-permiso';

const estado: PermisosDeUsuario = {
  usuarioId: 3,
  esAdmin: false,
  globales: ['crearOrden'],
  clientes: [{ clienteID: 1, delegarOrden: true, modificarOrden: false, borrarOrden: false }],
};

describe('aplicarToggle', () => {
  it('grants and revokes a per-client permission on a row that exists', () => {
    const con = aplicarToggle(estado, { cliente: 1, permiso: 'borrarOrden', accion: true });
    expect(con.clientes).toEqual([{ clienteID: 1, delegarOrden: true, modificarOrden: false, borrarOrden: true }]);
    const sin = aplicarToggle(con, { cliente: 1, permiso: 'delegarOrden', accion: false });
    expect(sin.clientes[0]).toMatchObject({ delegarOrden: false, borrarOrden: true });
  });

  it('adds the row of a client the user had nothing on', () => {
    const r = aplicarToggle(estado, { cliente: 2, permiso: 'delegarOrden', accion: true });
    expect(r.clientes).toContainEqual({ clienteID: 2, delegarOrden: true, modificarOrden: false, borrarOrden: false });
  });

  it('grants and revokes a global permission, sorted as the server answers', () => {
    const r = aplicarToggle(estado, { cliente: null, permiso: 'altaClientes', accion: true });
    expect(r.globales).toEqual(['altaClientes', 'crearOrden']);
    expect(aplicarToggle(r, { cliente: null, permiso: 'crearOrden', accion: false }).globales).toEqual([
      'altaClientes',
    ]);
  });

  it('undoing a toggle restores the state before it', () => {
    const t = { cliente: 1, permiso: 'modificarOrden', accion: true } as const;
    expect(aplicarToggle(aplicarToggle(estado, t), { ...t, accion: false })).toEqual(estado);
  });

  it('never changes the state it is given', () => {
    const copia = structuredClone(estado);
    aplicarToggle(estado, { cliente: 1, permiso: 'borrarOrden', accion: true });
    expect(estado).toEqual(copia);
  });

  it('claveToggle names the cell', () => {
    expect(claveToggle({ cliente: 4, permiso: 'borrarOrden' })).toBe('4:borrarOrden');
    expect(claveToggle({ cliente: null, permiso: 'crearOrden' })).toBe('global:crearOrden');
  });
});
