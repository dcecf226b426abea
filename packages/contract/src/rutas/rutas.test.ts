import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ADMIN, API_ARCHIVOS, API_NOTIFICACIONES, API_ORDENES } from '../api.js';
import { nombresDeParams, RUTAS, TODAS_LAS_RUTAS, urlDe } from './index.js';

describe('RUTAS', () => {
  it('each :param of a path is a key of its params schema, and the other way round', () => {
    for (const r of TODAS_LAS_RUTAS) {
      const claves = r.params instanceof z.ZodObject ? Object.keys(r.params.shape).sort() : [];
      expect(nombresDeParams(r.path).sort(), `${r.metodo} ${r.path}`).toEqual(claves);
    }
  });

  it('paths are under /api and only JSON routes have an answer schema to validate with', () => {
    for (const r of TODAS_LAS_RUTAS) {
      expect(r.path.startsWith('/api/')).toBe(true);
      if (r.forma === 'archivo' || r.forma === 'websocket') expect(r.response).toBeUndefined();
      else expect(r.response?.[200], `${r.metodo} ${r.path}`).toBeDefined();
    }
  });
});

describe('urlDe', () => {
  it('fills the params, URI-encoded', () => {
    expect(urlDe(RUTAS.usuario, { id: 12 })).toBe('/api/v4/usuario/12');
    expect(urlDe(RUTAS.buscarUsuarios, { texto: 'a/b c' })).toBe('/api/v4/buscar/a%2Fb%20c');
    expect(urlDe(RUTAS.cambiarTipo, { orderId: 3, typeId: 9 })).toBe('/api/v2/tipoOrden/3/9');
    expect(urlDe(RUTAS.responsablesDisponibles, { cliente: 'todos' })).toBe('/api/v2/usuarios/todos');
  });

  it('adds the query without null or undefined values', () => {
    expect(urlDe(RUTAS.reporte, { id: 5 }, { eventos: true, archivos: undefined })).toBe(
      '/api/v2/imprimirReporte/5?eventos=true',
    );
    expect(urlDe(RUTAS.login)).toBe('/api/v4/login');
  });

  it('a missing param is an error, not "undefined" in the path', () => {
    expect(() => urlDe(RUTAS.usuario, {} as { id: number })).toThrow(/id/);
  });
});

describe('the helpers from before the table, derived from it', () => {
  it('give the same URLs as they always did', () => {
    expect(API_ADMIN.tipoOrden(4)).toBe('/api/v2/tipoOrden/4');
    expect(API_ADMIN.area(4)).toBe('/api/v3/areas/4');
    expect(API_ADMIN.quitarPermisosCliente(2, 8)).toBe('/api/v4/permisos/2/8');
    expect(API_ORDENES.fecha(7, 'fin')).toBe('/api/v2/fecha/7/fin');
    expect(API_ARCHIVOS.reporte(3, { eventos: true, archivos: true })).toBe(
      '/api/v2/imprimirReporte/3?eventos=true&archivos=true',
    );
    expect(API_ARCHIVOS.reporte(3)).toBe('/api/v2/imprimirReporte/3');
    expect(API_NOTIFICACIONES.registrar(false, 'https://x/y')).toBe(
      '/api/v2/notificaciones/registrar/false/https%3A%2F%2Fx%2Fy',
    );
  });
});
