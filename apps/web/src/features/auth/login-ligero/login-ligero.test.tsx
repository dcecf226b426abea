import { MENSAJES } from '@delego/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../../lib/md5';
import { leerSesion } from '../../../lib/session';
import { makePropietario } from '../../../test/factories';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { TEXTOS_LOGIN } from './enviar-login';
import { tomarIngresoPendiente } from './ingreso-pendiente';
import { LoginLigero } from './login-ligero';

function servidor(login: Respuesta) {
  return simularServidor({
    'GET /api/v4/login': login,
    'GET /api/v2/clientes/cache/clean': { ok: true },
    'GET /api/v2/usuarios/cache/clean': { ok: true },
  });
}

function pantalla(alIngresar = vi.fn<(destino: string) => Promise<void>>(async () => undefined)) {
  render(<LoginLigero alIngresar={alIngresar} />);
  return alIngresar;
}

function escribir(testId: string, valor: string): HTMLInputElement {
  const input = screen.getByTestId(testId).querySelector('input');
  if (!input) throw new Error(`Sin input en ${testId}`);
  fireEvent.change(input, { target: { value: valor } });
  return input;
}

function enviar() {
  fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('first-stage login (issue 17)', () => {
  it('keeps the SPEC §8 texts of the contract', () => {
    expect(TEXTOS_LOGIN.loginInvalido).toBe(MENSAJES.loginInvalido);
    expect(TEXTOS_LOGIN.errorInesperado).toBe(MENSAJES.errorInesperado);
    expect(TEXTOS_LOGIN.sinServidor).toBe(MENSAJES.sinServidor);
  });

  it('asks for both fields before calling the server', () => {
    const llamadas = servidor(makePropietario());
    pantalla();
    enviar();
    expect(screen.getByText('Ingrese su usuario')).toBeInTheDocument();
    expect(screen.getByText('Ingrese su contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('Usuario')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Usuario')).toHaveFocus();
    expect(llamadas).toHaveLength(0);
  });

  it('logs in with Authorization usuario#md5, stores the session as the app does and hands over to ?volver=', async () => {
    const usuario = makePropietario();
    const llamadas = servidor(usuario);
    window.history.replaceState(null, '', '/login?volver=%2Fordenes%2F7');
    const alIngresar = pantalla();
    escribir('login-usuario', `  ${usuario.usuario} `);
    const password = escribir('login-password', 'Demo1234!');
    fireEvent.submit(password.form!);

    await waitFor(() => expect(alIngresar).toHaveBeenCalledWith('/ordenes/7'));
    const login = llamadas.de('GET', '/api/v4/login');
    expect(login).toHaveLength(1);
    expect(login[0]?.headers.get('Authorization')).toBe(`${usuario.usuario}#${md5Hex('Demo1234!')}`);
    expect(login[0]?.query.get('tsp')).toMatch(/^\d+$/);
    expect(llamadas.de('GET', '/api/v2/clientes/cache/clean')).toHaveLength(1);
    expect(llamadas.de('GET', '/api/v2/usuarios/cache/clean')).toHaveLength(1);
    // The full app's session module reads it back: same key, same shape, no clear password.
    expect(leerSesion()).toEqual({ usuario, md5: md5Hex('Demo1234!') });
    expect(window.localStorage.getItem('delego.sesion')).not.toContain('Demo1234!');
    expect(screen.getByTestId('login-cargando')).toHaveTextContent('Cargando Delego…');
    window.history.replaceState(null, '', '/');
  });

  it("shows a refused login in the 'Atención' alert, stores nothing, and OK closes it", async () => {
    servidor(errorDelServidor(403, MENSAJES.loginInvalido));
    const alIngresar = pantalla();
    escribir('login-usuario', 'propietario');
    escribir('login-password', 'equivocada');
    enviar();

    const alerta = await screen.findByRole('alertdialog', { name: 'Atención' });
    expect(alerta).toHaveAccessibleDescription(MENSAJES.loginInvalido);
    // The dialog takes the focus in an effect, which may run a moment after it is in the document.
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
    expect(window.localStorage.getItem('delego.sesion')).toBeNull();
    expect(alIngresar).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
  });

  it('shows the throttle message with its wait (429)', async () => {
    const mensaje = 'Demasiados intentos. Espere 5 minutos antes de volver a intentar.';
    servidor(errorDelServidor(429, mensaje));
    pantalla();
    escribir('login-usuario', 'propietario');
    escribir('login-password', 'x');
    enviar();
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription(mensaje);
  });

  it("without a connection says 'No se pudo conectar con el servidor'", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    pantalla();
    escribir('login-usuario', 'propietario');
    escribir('login-password', 'x');
    enviar();
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription(MENSAJES.sinServidor);
  });

  it('if the full app cannot load, leaves the form back with the connection message', async () => {
    servidor(makePropietario());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    pantalla(vi.fn(async () => Promise.reject(new Error('chunk'))));
    escribir('login-usuario', 'propietario');
    escribir('login-password', 'Demo1234!');
    enviar();
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription(MENSAJES.sinServidor);
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
  });

  it('hands an account not confirmed yet to the full LoginPage (Reenviar correo), in memory', async () => {
    servidor(errorDelServidor(403, 'Su cuenta todavía no está confirmada.', { code: 'CUENTA_NO_CONFIRMADA' }));
    const alIngresar = pantalla();
    escribir('login-usuario', 'nuevo');
    escribir('login-password', 'Clave-larga-1');
    enviar();
    await waitFor(() => expect(alIngresar).toHaveBeenCalledWith('/login?usuario=nuevo'));
    expect(tomarIngresoPendiente()).toEqual({ usuario: 'nuevo', password: 'Clave-larga-1' });
    expect(tomarIngresoPendiente()).toBeNull();
    expect(window.localStorage.getItem('delego.sesion')).toBeNull();
  });

  it('shows and hides the password', () => {
    pantalla();
    const password = escribir('login-password', 'secreta');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByTestId('login-ver-password'));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toHaveAttribute('aria-pressed', 'true');
  });
});
