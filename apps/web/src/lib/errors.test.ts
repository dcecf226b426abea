import { MENSAJES, mensajeDemasiadosIntentos } from '@delego/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  ErrorDeUsuario,
  escucharErrores,
  esErrorDefinitivo,
  esNoEncontrado,
  mensajeDeError,
  mensajeParaEstado,
  notificarError,
  presentarError,
} from './errors';

describe('mensajeParaEstado (SPEC §8)', () => {
  it('403 shows the server message when there is one', () => {
    expect(mensajeParaEstado(403, 'No tiene acceso a esta empresa')).toBe('No tiene acceso a esta empresa');
  });

  it('403 without a message is "Los datos de Login son inválidos"', () => {
    expect(mensajeParaEstado(403)).toBe('Los datos de Login son inválidos');
    expect(mensajeParaEstado(403, '')).toBe('Los datos de Login son inválidos');
    expect(mensajeParaEstado(403, '   ')).toBe(MENSAJES.loginInvalido);
  });

  it('504 is the cannot-reach-the-server message, whatever the body says', () => {
    expect(mensajeParaEstado(504)).toBe('No se pudo conectar con el servidor. Revise la conexión a internet.');
    expect(mensajeParaEstado(504, 'Gateway Timeout')).toBe(MENSAJES.sinServidor);
  });

  it('no answer at all (status 0) is the cannot-reach-the-server message', () => {
    expect(mensajeParaEstado(0)).toBe(MENSAJES.sinServidor);
  });

  it('a proxy answering 502/503 without our JSON is the cannot-reach-the-server message', () => {
    expect(mensajeParaEstado(502)).toBe(MENSAJES.sinServidor);
    expect(mensajeParaEstado(503)).toBe(MENSAJES.sinServidor);
    expect(mensajeParaEstado(503, 'Servicio en mantenimiento')).toBe('Servicio en mantenimiento');
  });

  it('any other error shows its message, else "Ocurrió un error inesperado"', () => {
    expect(mensajeParaEstado(429, 'Demasiados intentos fallidos')).toBe('Demasiados intentos fallidos');
    // A refused login: the server's message names the wait, and the person reads it as sent.
    expect(mensajeParaEstado(429, mensajeDemasiadosIntentos(180))).toBe(
      'Demasiados intentos fallidos. Espere 3 minutos y vuelva a intentar.',
    );
    expect(mensajeParaEstado(500)).toBe('Ocurrió un error inesperado');
    expect(mensajeParaEstado(404, undefined)).toBe(MENSAJES.errorInesperado);
  });
});

describe('mensajeDeError', () => {
  it("uses our errors' Spanish messages", () => {
    expect(mensajeDeError(new ApiError(409, 'CONFLICTO', 'La orden ya fue cerrada'))).toBe('La orden ya fue cerrada');
    expect(mensajeDeError(new ErrorDeUsuario('Seleccione un cliente'))).toBe('Seleccione un cliente');
  });

  it('never shows a technical message or a non-error to the person', () => {
    expect(mensajeDeError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      MENSAJES.errorInesperado,
    );
    expect(mensajeDeError('texto suelto')).toBe(MENSAJES.errorInesperado);
    expect(mensajeDeError(undefined)).toBe(MENSAJES.errorInesperado);
    expect(mensajeDeError(new ApiError(500, 'X', ''))).toBe(MENSAJES.errorInesperado);
  });
});

describe('presentarError', () => {
  it("a generic error is an alert titled 'Atención'", () => {
    expect(presentarError(new ApiError(403, 'LOGIN_INVALIDO', MENSAJES.loginInvalido), true)).toEqual({
      tipo: 'alerta',
      titulo: 'Atención',
      mensaje: 'Los datos de Login son inválidos',
    });
  });

  it('a failure to reach the server while online is an alert', () => {
    const error = new ApiError(0, 'SIN_CONEXION', MENSAJES.sinServidor);
    expect(presentarError(error, true)).toMatchObject({ tipo: 'alerta', mensaje: MENSAJES.sinServidor });
  });

  it('a failure to reach the server while offline is the 3-second offline toast', () => {
    const error = new ApiError(0, 'SIN_CONEXION', MENSAJES.sinServidor);
    expect(presentarError(error, false)).toEqual({
      tipo: 'toast',
      mensaje: 'No hay conexión con el servidor. Los datos pueden estar desactualizados.',
      duracionMs: 3000,
    });
  });

  it('an answer from the server while offline is still an alert', () => {
    const error = new ApiError(500, 'X', 'Falló');
    expect(presentarError(error, false)).toMatchObject({ tipo: 'alerta', mensaje: 'Falló' });
  });
});

describe('esErrorDefinitivo', () => {
  it('4xx are not retried; 5xx and network failures are', () => {
    expect(esErrorDefinitivo(new ApiError(403, 'X', 'x'))).toBe(true);
    expect(esErrorDefinitivo(new ApiError(404, 'X', 'x'))).toBe(true);
    expect(esErrorDefinitivo(new ApiError(500, 'X', 'x'))).toBe(false);
    expect(esErrorDefinitivo(new ApiError(0, 'X', 'x'))).toBe(false);
    expect(esErrorDefinitivo(new Error('x'))).toBe(false);
  });
});

describe('esNoEncontrado', () => {
  it('is a 404 of the server only', () => {
    expect(esNoEncontrado(new ApiError(404, 'NO_ENCONTRADO', 'No existe.'))).toBe(true);
    expect(esNoEncontrado(new ApiError(403, 'SIN_PERMISO', 'Sin permiso.'))).toBe(false);
    expect(esNoEncontrado(new Error('404'))).toBe(false);
    expect(esNoEncontrado(null)).toBe(false);
  });
});

describe('notificarError', () => {
  it('reaches every listener until it stops listening', () => {
    const oyente = vi.fn();
    const dejar = escucharErrores(oyente);
    const error = new ApiError(500, 'X', 'x');
    notificarError(error);
    expect(oyente).toHaveBeenCalledWith(error);
    dejar();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    notificarError(error);
    expect(oyente).toHaveBeenCalledTimes(1);
  });
});
