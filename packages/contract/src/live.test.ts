import { describe, expect, it } from 'vitest';
import { CANALES, destinosDe, leerMensaje, NOMBRES_CANALES, puedeSuscribirse, TOPICOS } from './live.js';

const operario = { id: 4, entidadId: 1, permisosResumen: [] };
const supervisor = { id: 3, entidadId: 7, permisosResumen: [{ nombre: 'crearOrden' }] };

describe('who may subscribe where', () => {
  it('every destination a user is given is one the broker accepts', () => {
    for (const u of [operario, supervisor]) {
      for (const d of Object.values(destinosDe(u))) expect(puedeSuscribirse(u, d)).toBe(true);
    }
  });

  it('without crearOrden: no plan or entity channel, and nothing of another user or company', () => {
    expect(Object.keys(destinosDe(operario)).sort()).toEqual(['cacheClientes', 'cacheUsuarios', 'usuario']);
    expect(puedeSuscribirse(operario, TOPICOS.entidad(1))).toBe(false);
    expect(puedeSuscribirse(operario, TOPICOS.plan(1))).toBe(false);
    expect(puedeSuscribirse(operario, TOPICOS.usuario(5))).toBe(false);
    expect(puedeSuscribirse(operario, TOPICOS.cacheClientes(2))).toBe(false);
    expect(puedeSuscribirse(supervisor, TOPICOS.entidad(1))).toBe(false);
  });

  it('with crearOrden: the five channels', () => {
    expect(Object.keys(destinosDe(supervisor))).toHaveLength(NOMBRES_CANALES.length);
  });

  it('unknown destinations are refused', () => {
    for (const d of ['/usuario/4/x', '/entidad/cache/otra/1', '/topic/all', '', '/usuario/']) {
      expect(puedeSuscribirse(operario, d)).toBe(false);
    }
  });
});

describe('messages per channel', () => {
  it('the entity channel takes an order event, not anything else', () => {
    expect(leerMensaje('entidad', { tipo: 'orden.creada', ordenId: 2 })).toEqual({ tipo: 'orden.creada', ordenId: 2 });
    expect(leerMensaje('entidad', { tipo: 'otra', ordenId: 2 })).toBeNull();
    expect(leerMensaje('cacheClientes', { tipo: 'clientes' })).toEqual({ tipo: 'clientes' });
    expect(leerMensaje('cacheClientes', { tipo: 'usuarios' })).toBeNull();
  });

  it('each channel matches only its own destinations', () => {
    for (const nombre of NOMBRES_CANALES) {
      for (const otro of NOMBRES_CANALES) {
        expect(CANALES[otro].patron.test(CANALES[nombre].destino(9))).toBe(otro === nombre);
      }
    }
  });
});
