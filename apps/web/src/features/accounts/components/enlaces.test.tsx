import { MENSAJES_CUENTAS } from '@delego/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/app';
import { crearQueryClient } from '../../../app/query-client';
import { md5Hex } from '../../../lib/md5';
import { escribir, pulsarEnter } from '../../../test/ionic';
import { errorDelServidor, simularServidor } from '../../../test/servidor';

/** The links of the mails open the whole app at their address, as a click in a mail program does. */
function abrir(ruta: string) {
  window.history.replaceState(null, '', ruta);
  return render(<App queryClient={crearQueryClient()} />);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('confirmacion/:k', () => {
  it('confirms once, then the login shows its banner with the login name filled in', async () => {
    const s = simularServidor({
      'GET /api/v2/confirmar': {
        estado: 'confirmada',
        usuario: 'lucia.gomez',
        mensaje: MENSAJES_CUENTAS.cuentaConfirmada,
      },
    });
    abrir('/confirmacion/tok-123');

    expect(await screen.findByTestId('login-exito')).toHaveTextContent(MENSAJES_CUENTAS.cuentaConfirmada);
    expect(window.location.pathname).toBe('/login/cuenta-confirmada');
    expect(screen.getByTestId('login-usuario')).toHaveProperty('value', 'lucia.gomez');
    const llamadas = s.de('GET', '/api/v2/confirmar');
    expect(llamadas).toHaveLength(1);
    expect(llamadas[0]?.query.get('k')).toBe('tok-123');
    expect(llamadas[0]?.autorizacion).toBeNull();
  });

  it('an expired link says so and sends a new one for that link', async () => {
    const s = simularServidor({
      'GET /api/v2/confirmar': () => errorDelServidor(410, MENSAJES_CUENTAS.enlaceVencido, { code: 'ENLACE_VENCIDO' }),
      'POST /api/v2/registrar/reenviar': { ok: true, mensaje: MENSAJES_CUENTAS.reenvioHecho },
    });
    abrir('/confirmacion/tok-viejo');

    expect(await screen.findByTestId('confirmacion-vencida')).toHaveTextContent('El enlace venció');
    fireEvent.click(screen.getByTestId('cuenta-reenviar'));
    expect(await screen.findByTestId('cuenta-reenviado')).toHaveTextContent(MENSAJES_CUENTAS.reenvioHecho);
    expect(s.de('POST', '/api/v2/registrar/reenviar')[0]?.cuerpo).toEqual({ k: 'tok-viejo' });
  });
});

describe('password-reset/:k', () => {
  it('an invitation greets the person, sets both passwords as MD5 and lands on the login', async () => {
    const s = simularServidor({
      'GET /api/v2/recuperarPassword/enlace': {
        tipo: 'invitacion',
        nombre: 'Marta',
        entidadNombre: 'Talleres Norte',
        vence: Date.now() + 86_400_000,
      },
      'GET /api/v2/confirmarRecuperarPassword': {
        ok: true,
        tipo: 'invitacion',
        usuario: 'marta',
        mensaje: MENSAJES_CUENTAS.passwordCambiada,
      },
    });
    abrir('/password-reset/inv-456');

    expect(await screen.findByRole('heading', { name: 'Bienvenido a Delego' })).toBeInTheDocument();
    expect(screen.getByTestId('password-reset')).toHaveTextContent('Hola, Marta.');
    expect(screen.getByTestId('password-reset')).toHaveTextContent('Talleres Norte');

    escribir(screen.getByTestId('password-reset-password'), 'Nueva-clave-9');
    escribir(screen.getByTestId('password-reset-repetida'), 'Nueva-clave-9');
    await pulsarEnter(screen.getByTestId('password-reset-repetida'));

    expect(await screen.findByTestId('login-exito')).toHaveTextContent('ya tiene su contraseña');
    expect(screen.getByTestId('login-usuario')).toHaveProperty('value', 'marta');
    const [llamada] = s.de('GET', '/api/v2/confirmarRecuperarPassword');
    expect(Object.fromEntries([...(llamada?.query ?? [])].filter(([clave]) => clave !== 'tsp'))).toEqual({
      k: 'inv-456',
      password: md5Hex('Nueva-clave-9'),
      confirmPassword: md5Hex('Nueva-clave-9'),
    });
  });

  it('a used link says so and offers a new one', async () => {
    simularServidor({
      'GET /api/v2/recuperarPassword/enlace': () =>
        errorDelServidor(410, MENSAJES_CUENTAS.enlaceUsado, { code: 'ENLACE_USADO' }),
    });
    abrir('/password-reset/usado');

    expect(await screen.findByTestId('password-reset-no-sirve')).toHaveTextContent('El enlace ya se usó');
    fireEvent.click(screen.getByTestId('password-reset-pedir-otro'));
    await waitFor(() => expect(window.location.pathname).toBe('/recuperar-password'));
  });
});
