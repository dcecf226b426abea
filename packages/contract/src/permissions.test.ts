import { describe, expect, it } from 'vitest';
import type { PermisosDeCliente } from './auth.js';
import {
  cubreRol,
  privilegiosQueFaltan,
  puedeAdministrarUsuario,
  puedeFijarPassword,
  puedeOtorgarGlobal,
  type Privilegios,
  type SujetoPermisos,
} from './permissions.js';

const fila = (clienteID: number, p: Partial<PermisosDeCliente> = {}): PermisosDeCliente => ({
  clienteID,
  delegarOrden: false,
  modificarOrden: false,
  borrarOrden: false,
  ...p,
});

function actor(
  roles: string[],
  globales: string[] = [],
  clientes: PermisosDeCliente[] = [],
): SujetoPermisos & { id: number } {
  return {
    id: 1,
    roles: roles.map((nombre) => ({ nombre })),
    permisosResumen: globales.map((nombre) => ({ nombre })),
    permisos: { clientes },
  };
}

const objetivo = (roles: string[], globales: string[] = [], clientes: PermisosDeCliente[] = []): Privilegios => ({
  roles: roles.map((nombre) => ({ nombre })),
  globales,
  clientes,
});

describe('cubreRol', () => {
  it('un rol cubre el suyo y los inferiores, nunca uno superior', () => {
    expect(cubreRol(actor(['OPERARIO']), 'OPERARIO')).toBe(true);
    expect(cubreRol(actor(['OPERARIO']), 'SUPERVISOR')).toBe(false);
    expect(cubreRol(actor(['SUPERVISOR']), 'OPERARIO')).toBe(true);
    expect(cubreRol(actor(['SUPERVISOR']), 'ADMIN')).toBe(false);
    expect(cubreRol(actor(['ADMIN']), 'SUPERVISOR')).toBe(true);
    expect(cubreRol(actor(['ADMIN']), 'PROPIETARIO')).toBe(false);
    expect(cubreRol(actor([]), 'OPERARIO')).toBe(false);
  });

  it('solo un propietario cubre un rol desconocido', () => {
    expect(cubreRol(actor(['ADMIN']), 'AUDITOR')).toBe(false);
    expect(cubreRol(actor(['PROPIETARIO']), 'AUDITOR')).toBe(true);
    // An unknown role held by the actor gives nothing.
    expect(cubreRol(actor(['AUDITOR']), 'OPERARIO')).toBe(false);
  });
});

describe('puedeOtorgarGlobal', () => {
  it('se otorga lo que se tiene; un administrador sin el permiso no lo otorga; un propietario todo', () => {
    expect(puedeOtorgarGlobal(actor(['OPERARIO'], ['altaUsuarios']), 'altaUsuarios')).toBe(true);
    expect(puedeOtorgarGlobal(actor(['OPERARIO'], ['altaUsuarios']), 'crearOrden')).toBe(false);
    expect(puedeOtorgarGlobal(actor(['ADMIN'], ['altaUsuarios']), 'altaClientes')).toBe(false);
    expect(puedeOtorgarGlobal(actor(['PROPIETARIO'], []), 'altaClientes')).toBe(true);
  });
});

describe('privilegiosQueFaltan', () => {
  it('el caso del issue: altaUsuarios solo no alcanza para un supervisor con más permisos', () => {
    const intruso = actor(['OPERARIO'], ['altaUsuarios']);
    const supervisora = objetivo(['SUPERVISOR'], ['crearOrden', 'altaUsuarios'], [fila(7, { delegarOrden: true })]);
    expect(privilegiosQueFaltan(intruso, supervisora)).toEqual([
      { tipo: 'rol', rol: 'SUPERVISOR' },
      { tipo: 'global', permiso: 'crearOrden' },
      { tipo: 'cliente', clienteId: 7, permiso: 'delegarOrden' },
    ]);
    expect(puedeAdministrarUsuario(intruso, supervisora)).toBe(false);
  });

  it('un usuario con lo mismo o menos se puede administrar', () => {
    const gestor = actor(
      ['SUPERVISOR'],
      ['altaUsuarios', 'crearOrden'],
      [fila(7, { delegarOrden: true, borrarOrden: true })],
    );
    expect(
      privilegiosQueFaltan(gestor, objetivo(['OPERARIO'], ['crearOrden'], [fila(7, { delegarOrden: true })])),
    ).toEqual([]);
    expect(puedeAdministrarUsuario(gestor, objetivo(['SUPERVISOR'], ['altaUsuarios', 'crearOrden']))).toBe(true);
    // A stored row with every flag off holds nothing.
    expect(puedeAdministrarUsuario(gestor, objetivo([], [], [fila(9)]))).toBe(true);
  });

  it('un permiso por cliente en otro cliente, o uno distinto en el mismo, falta', () => {
    const gestor = actor(['SUPERVISOR'], ['altaUsuarios'], [fila(7, { delegarOrden: true })]);
    expect(privilegiosQueFaltan(gestor, objetivo([], [], [fila(8, { delegarOrden: true })]))).toEqual([
      { tipo: 'cliente', clienteId: 8, permiso: 'delegarOrden' },
    ]);
    expect(privilegiosQueFaltan(gestor, objetivo([], [], [fila(7, { modificarOrden: true })]))).toEqual([
      { tipo: 'cliente', clienteId: 7, permiso: 'modificarOrden' },
    ]);
  });

  it('administradores tienen todos los permisos por cliente pero no los globales que les faltan', () => {
    const admin = actor(['ADMIN'], ['altaUsuarios']);
    expect(privilegiosQueFaltan(admin, objetivo(['OPERARIO'], [], [fila(3, { borrarOrden: true })]))).toEqual([]);
    expect(privilegiosQueFaltan(admin, objetivo(['OPERARIO'], ['verEstadisticas']))).toEqual([
      { tipo: 'global', permiso: 'verEstadisticas' },
    ]);
    expect(privilegiosQueFaltan(admin, objetivo(['PROPIETARIO']))).toEqual([{ tipo: 'rol', rol: 'PROPIETARIO' }]);
  });

  it('un propietario puede administrar a cualquiera de su empresa', () => {
    const duenio = actor(['PROPIETARIO']);
    expect(
      privilegiosQueFaltan(
        duenio,
        objetivo(['PROPIETARIO', 'ADMIN'], ['altaClientes'], [fila(1, { borrarOrden: true })]),
      ),
    ).toEqual([]);
  });
});

describe('puedeFijarPassword', () => {
  it('solo un propietario fija la contraseña de otro; nadie la propia por esta vía; al crear, cualquiera', () => {
    expect(puedeFijarPassword(actor(['PROPIETARIO']), 2)).toBe(true);
    expect(puedeFijarPassword(actor(['PROPIETARIO']), 1)).toBe(false);
    expect(puedeFijarPassword(actor(['ADMIN'], ['altaUsuarios']), 2)).toBe(false);
    expect(puedeFijarPassword(actor(['OPERARIO'], ['altaUsuarios']), 2)).toBe(false);
    expect(puedeFijarPassword(actor(['OPERARIO'], ['altaUsuarios']), null)).toBe(true);
  });
});
