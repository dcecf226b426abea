import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { esquemaDeExito, nombresDeParams, RUTAS, RUTAS_ETIQUETAS, TODAS_LAS_RUTAS, urlDe } from './index.js';

describe('RUTAS', () => {
  it('each :param of a path is a key of its params schema, and the other way round', () => {
    for (const r of TODAS_LAS_RUTAS) {
      const claves = r.params instanceof z.ZodObject ? Object.keys(r.params.shape).sort() : [];
      expect(nombresDeParams(r.path).sort(), `${r.metodo} ${r.path}`).toEqual(claves);
    }
  });

  it('paths are under /api (but /metrics, for Prometheus) and only JSON routes have a success schema (200, or 201) to validate with', () => {
    for (const r of TODAS_LAS_RUTAS) {
      expect(r.path.startsWith('/api/') || r.path === '/metrics', r.path).toBe(true);
      if (r.forma === 'archivo' || r.forma === 'websocket') expect(r.response).toBeUndefined();
      else expect(esquemaDeExito(r), `${r.metodo} ${r.path}`).toBeDefined();
    }
  });
});

describe('urlDe', () => {
  it('fills the params, URI-encoded', () => {
    expect(urlDe(RUTAS.usuario, { id: 12 })).toBe('/api/v4/usuario/12');
    expect(urlDe(RUTAS.buscarUsuarios, { texto: 'a/b c' })).toBe('/api/v4/buscar/a%2Fb%20c');
    expect(urlDe(RUTAS.cambiarTipo, { orderId: 3, typeId: 9 })).toBe('/api/v2/tipoOrden/3/9');
    expect(urlDe(RUTAS.responsablesDisponibles, { cliente: 'todos' })).toBe('/api/v2/usuarios/todos');
    expect(urlDe(RUTAS.quitarPermisosCliente, { usuario: 2, cliente: 8 })).toBe('/api/v4/permisos/2/8');
    expect(urlDe(RUTAS.cambiarFecha, { id: 7, kind: 'fin' })).toBe('/api/v2/fecha/7/fin');
    expect(urlDe(RUTAS.registrarDispositivo, { flag: 'false', deviceToken: 'https://x/y' })).toBe(
      '/api/v2/notificaciones/registrar/false/https%3A%2F%2Fx%2Fy',
    );
  });

  it('each label catalogue has its own paths', () => {
    expect(urlDe(RUTAS_ETIQUETAS.tipo.modificar, { id: 4 })).toBe('/api/v2/tipoOrden/4');
    expect(urlDe(RUTAS_ETIQUETAS.area.borrar, { id: 4 })).toBe('/api/v3/areas/4');
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
