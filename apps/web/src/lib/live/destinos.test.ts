import { describe, expect, it } from 'vitest';
import { makeOperario, makePropietario, makeSupervisor, makeUsuario } from '../../test/factories';
import { destinosDe, urlSocket } from './destinos';

describe('destinosDe (SPEC §6, §7 Live socket)', () => {
  it('without crearOrden: own notifications and the two cache topics only', () => {
    const u = { ...makeOperario(), id: 4, entidadId: 1 };
    expect(destinosDe(u)).toEqual({
      usuario: '/usuario/4',
      cacheClientes: '/entidad/cache/clientes/1',
      cacheUsuarios: '/entidad/cache/usuarios/1',
    });
  });

  it('with crearOrden: also the plan and entity channels of their company', () => {
    const u = { ...makeSupervisor(), id: 3, entidadId: 7 };
    expect(destinosDe(u)).toEqual({
      usuario: '/usuario/3',
      plan: '/plan/entidad/7',
      entidad: '/entidad/7',
      cacheClientes: '/entidad/cache/clientes/7',
      cacheUsuarios: '/entidad/cache/usuarios/7',
    });
    expect(Object.keys(destinosDe(makePropietario()))).toHaveLength(5);
  });

  it('a role alone grants nothing: the permission decides', () => {
    expect(destinosDe(makeUsuario({ roles: ['ADMIN'], globales: [] })).plan).toBeUndefined();
  });
});

describe('urlSocket', () => {
  it('uses the page origin, ws for http and wss for https', () => {
    expect(urlSocket({ protocol: 'http:', host: '127.0.0.1:8181' })).toBe('ws://127.0.0.1:8181/api/v2/delegoWS');
    expect(urlSocket({ protocol: 'https:', host: 'delego.example' })).toBe('wss://delego.example/api/v2/delegoWS');
  });
});
