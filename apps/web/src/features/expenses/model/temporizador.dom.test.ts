import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  borrarTemporizador,
  duracionDelTemporizador,
  escucharTemporizador,
  iniciarTemporizador,
  leerTemporizador,
  textoTranscurrido,
} from './temporizador';

afterEach(() => localStorage.clear());

describe('temporizador', () => {
  it('keeps the start per user on the device and survives a fresh read (a reload)', () => {
    iniciarTemporizador(7, 42, 12, 1_000);
    expect(leerTemporizador(7)).toEqual({ ordenId: 42, numero: 12, inicio: 1_000 });
    expect(leerTemporizador(8)).toBeNull();
    expect(JSON.parse(localStorage.getItem('delego.temporizador.7') ?? 'null')).toEqual({
      ordenId: 42,
      numero: 12,
      inicio: 1_000,
    });
  });

  it('holds one per user: starting another replaces it; removing clears it', () => {
    iniciarTemporizador(7, 42, 12, 1_000);
    iniciarTemporizador(7, 43, undefined, 2_000);
    expect(leerTemporizador(7)).toEqual({ ordenId: 43, inicio: 2_000 });
    borrarTemporizador(7);
    expect(leerTemporizador(7)).toBeNull();
  });

  it('ignores what does not read as a timer', () => {
    localStorage.setItem('delego.temporizador.7', '{no es json');
    expect(leerTemporizador(7)).toBeNull();
    localStorage.setItem('delego.temporizador.7', JSON.stringify({ ordenId: 'x', inicio: 1 }));
    expect(leerTemporizador(7)).toBeNull();
  });

  it('tells listeners of this tab and of others', () => {
    const oido = vi.fn();
    const dejar = escucharTemporizador(oido);
    iniciarTemporizador(7, 42, 12, 1_000);
    expect(oido).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'delego.temporizador.7' }));
    expect(oido).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'otra-cosa' }));
    expect(oido).toHaveBeenCalledTimes(2);
    dejar();
    borrarTemporizador(7);
    expect(oido).toHaveBeenCalledTimes(2);
  });

  it('rounds the time worked to the minute, at least one', () => {
    expect(duracionDelTemporizador(0, 5_000)).toEqual({ horas: 0, minutos: 1 });
    expect(duracionDelTemporizador(0, 89_000)).toEqual({ horas: 0, minutos: 1 });
    expect(duracionDelTemporizador(0, 90_000)).toEqual({ horas: 0, minutos: 2 });
    expect(duracionDelTemporizador(0, (2 * 60 + 29) * 60_000 + 31_000)).toEqual({ horas: 2, minutos: 30 });
    expect(duracionDelTemporizador(10_000, 0)).toEqual({ horas: 0, minutos: 1 });
  });

  it('reads the running time as H:MM:SS', () => {
    expect(textoTranscurrido(0, 309_000)).toBe('0:05:09');
    expect(textoTranscurrido(0, 12 * 3_600_000)).toBe('12:00:00');
    expect(textoTranscurrido(5_000, 0)).toBe('0:00:00');
  });
});
