import { describe, expect, it } from 'vitest';
import { makeOrdenResumen } from '../../../test/ordenes';
import { buscarEnGuardadas, textoBusquedaSinConexion } from './busqueda-sin-conexion';

describe('offline search among the kept orders', () => {
  const bomba = makeOrdenResumen({
    numero: 1042,
    titulo: 'Reparación de la BOMBA',
    cliente: { id: 1, nombre: 'Clínica Núñez' },
  });
  const puerta = makeOrdenResumen({ numero: 77, titulo: 'Puerta de emergencia', cliente: null });
  const luz = makeOrdenResumen({ numero: 5, titulo: 'Luminarias', cliente: { id: 2, nombre: 'Hotel Los Andes' } });
  const guardadas = [bomba, puerta, luz];
  const detalles = new Map([[puerta.id, 'La cerradura está trabada; poner antipánico.']]);
  const buscar = (texto: string) => buscarEnGuardadas(guardadas, texto, (id) => detalles.get(id)).map((o) => o.numero);

  it('finds every word, in any order, accents and case aside, in the title, the description or the client', () => {
    expect(buscar('reparacion bomba')).toEqual([1042]);
    expect(buscar('BOMBA, reparación')).toEqual([1042]);
    expect(buscar('cerradura')).toEqual([77]);
    expect(buscar('antipanico puerta')).toEqual([77]);
    expect(buscar('nunez')).toEqual([1042]);
    expect(buscar('andes luminarias')).toEqual([5]);
    expect(buscar('bomba andes')).toEqual([]);
  });

  it('a number, with or without #, is also the order with that number', () => {
    expect(buscar('#1042')).toEqual([1042]);
    expect(buscar('77')).toEqual([77]);
    expect(buscar('#5 luminarias')).toEqual([5]);
  });

  it('the description of an order not opened on the phone is not known: only its title and client', () => {
    expect(buscarEnGuardadas(guardadas, 'cerradura', () => undefined)).toEqual([]);
  });

  it('says where it searched, how much it found, and that the server will search everything', () => {
    expect(textoBusquedaSinConexion(2, 27)).toBe(
      'Se buscó entre las 27 órdenes guardadas en este dispositivo; 2 coinciden. Al volver la conexión se buscará en todas.',
    );
    expect(textoBusquedaSinConexion(1, 1)).toBe(
      'Se buscó entre la orden guardada en este dispositivo; 1 coincide. Al volver la conexión se buscará en todas.',
    );
    expect(textoBusquedaSinConexion(0, 3)).toContain('; ninguna coincide.');
  });
});
