import { MENSAJES, type UsuarioLogueado } from '@delego/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { leerSesion } from '../../../lib/session';
import { makePlan, makePropietario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Llamadas, type Respuesta } from '../../../test/servidor';
import LoginPage from './login-page';

const MD5_DEMO = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

/** Answers like the server: the login, then the two cache cleans. */
function servidor(login: Respuesta): Llamadas {
  return simularServidor({
    'GET /api/v4/login': login,
    'GET /api/v2/clientes/cache/clean': { ok: true },
    'GET /api/v2/usuarios/cache/clean': { ok: true },
  });
}

/** Where each call went and with which credentials. */
function rutas(llamadas: Llamadas): { ruta: string; autorizacion: string | null }[] {
  return llamadas.map(({ ruta, autorizacion }) => ({ ruta, autorizacion }));
}

async function escribir(testId: string, valor: string): Promise<HTMLInputElement> {
  const ionInput = screen.getByTestId(testId);
  fireEvent(ionInput, new CustomEvent('ionInput', { detail: { value: valor } }));
  return waitFor(() => {
    const nativo = ionInput.querySelector('input');
    if (!nativo) throw new Error('el campo todavía no está listo');
    return nativo;
  });
}

/** The login screen with the app's real query client (errors wired to the catalogue). */
function pantalla() {
  return renderConApp(
    <>
      <LoginPage />
      <ErrorFeedback />
    </>,
    { ruta: '/login', queryClient: crearQueryClient() },
  );
}

describe('LoginPage', () => {
  it('Enter sends the user with the MD5 of the password, then stores the session (SPEC §4)', async () => {
    const usuario: UsuarioLogueado = { ...makePropietario(), usuario: 'propietario', plan: makePlan() };
    const s = servidor(usuario);
    const { queryClient } = pantalla();

    await escribir('login-usuario', '  propietario ');
    const password = await escribir('login-password', 'Demo1234!');
    fireEvent.keyDown(password, { key: 'Enter' });

    await waitFor(() => expect(leerSesion()?.usuario.usuario).toBe('propietario'));
    expect(leerSesion()?.md5).toBe(MD5_DEMO);
    expect(JSON.stringify(window.localStorage)).not.toContain('Demo1234!');

    expect(rutas(s)[0]).toEqual({ ruta: '/api/v4/login', autorizacion: `propietario#${MD5_DEMO}` });
    await waitFor(() =>
      expect(rutas(s).slice(1)).toEqual(
        expect.arrayContaining([
          { ruta: '/api/v2/clientes/cache/clean', autorizacion: `propietario#${MD5_DEMO}` },
          { ruta: '/api/v2/usuarios/cache/clean', autorizacion: `propietario#${MD5_DEMO}` },
        ]),
      ),
    );
    await waitFor(() => expect(queryClient.getQueryData(['plan', 'estado', usuario.id])).toEqual(usuario.plan));
  });

  it('does not call the server while a field is empty, and says what is missing', async () => {
    const s = simularServidor({});
    pantalla();
    const usuario = await escribir('login-usuario', '');
    fireEvent.keyDown(usuario, { key: 'Enter' });

    await waitFor(() => expect(screen.getByTestId('login-usuario')).toHaveProperty('errorText', 'Ingrese su usuario'));
    expect(screen.getByTestId('login-password')).toHaveProperty('errorText', 'Ingrese su contraseña');
    expect(s).toHaveLength(0);
  });

  it("a wrong password shows the 'Atención' alert with the server's message", async () => {
    servidor(() => errorDelServidor(403, MENSAJES.loginInvalido, { code: 'LOGIN_INVALIDO' }));
    pantalla();

    await escribir('login-usuario', 'propietario');
    const password = await escribir('login-password', 'equivocada');
    fireEvent.keyDown(password, { key: 'Enter' });

    const alerta = await waitFor(() => {
      const el = document.querySelector('ion-alert');
      if (!el) throw new Error('sin alerta');
      return el;
    });
    expect(alerta.header).toBe('Atención');
    expect(alerta.message).toBe('Los datos de Login son inválidos');
    expect(alerta.buttons).toEqual(['OK']);
    expect(leerSesion()).toBeNull();
  });

  it('the eye button shows and hides the password', async () => {
    pantalla();
    const campo = screen.getByTestId('login-password');
    expect(campo).toHaveProperty('type', 'password');
    const boton = screen.getByTestId('login-ver-password');
    fireEvent.click(boton);
    await waitFor(() => expect(campo).toHaveProperty('type', 'text'));
    fireEvent.click(boton);
    await waitFor(() => expect(campo).toHaveProperty('type', 'password'));
  });
});
