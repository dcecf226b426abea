import { describe, expect, it } from 'vitest';
import {
  CANALES,
  destinosDe,
  leerMensaje,
  NOMBRES_CANALES,
  ordenDelDestino,
  puedeSuscribirse,
  TOPICOS,
} from './live.js';

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

  it("with crearOrden: the five channels of a session (the order channel is a screen's)", () => {
    expect(Object.keys(destinosDe(supervisor)).sort()).toEqual(NOMBRES_CANALES.filter((c) => c !== 'orden').sort());
  });

  it('an order channel is never granted by the rule alone: the server reads the order', () => {
    for (const u of [operario, supervisor]) expect(puedeSuscribirse(u, TOPICOS.orden(12))).toBe(false);
    expect(TOPICOS.orden(12)).toBe('/orden/12');
    expect(ordenDelDestino('/orden/12')).toBe(12);
  });

  it('ordenDelDestino: only an order channel with a database id', () => {
    for (const d of [
      '/entidad/12',
      '/orden/',
      '/orden/0',
      '/orden/-1',
      '/orden/1x',
      '/orden/12/x',
      '/orden/99999999999',
    ]) {
      expect(ordenDelDestino(d)).toBeNull();
    }
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

  it('the order channel takes a change of that order, with the checklist item when there is one', () => {
    expect(leerMensaje('orden', { tipo: 'orden.checklistCambiada', ordenId: 2, itemId: 5 })).toEqual({
      tipo: 'orden.checklistCambiada',
      ordenId: 2,
      itemId: 5,
    });
    expect(leerMensaje('orden', { tipo: 'orden.estadoCambiado', ordenId: 2 })).toEqual({
      tipo: 'orden.estadoCambiado',
      ordenId: 2,
    });
    // Nobody views an order before it exists; and nothing but a hint travels.
    expect(leerMensaje('orden', { tipo: 'orden.creada', ordenId: 2 })).toBeNull();
    expect(leerMensaje('orden', { tipo: 'orden.checklistCambiada', ordenId: 2, itemId: 'x' })).toBeNull();
    expect(leerMensaje('orden', { tipo: 'orden.modificada' })).toBeNull();
  });

  it('each channel matches only its own destinations', () => {
    for (const nombre of NOMBRES_CANALES) {
      for (const otro of NOMBRES_CANALES) {
        expect(CANALES[otro].patron.test(CANALES[nombre].destino(9))).toBe(otro === nombre);
      }
    }
  });
});
