import { MENSAJES_CUENTAS, USUARIO_REGEX } from '@delego/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../../lib/md5';
import { alternar, escribir, pulsarEnter } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, json, simularServidor } from '../../../test/servidor';
import RegistroUsuarioPage from './registro-usuario-page';

const REGISTRO = 'POST /api/v2/registrar/usuario';

function completar(): void {
  const campos: Record<string, string> = {
    'registro-entidadNombre': 'Talleres Norte',
    'registro-cuit': '30712345671',
    'registro-nombre': 'Lucía',
    'registro-apellido': 'Gómez',
    'registro-email': 'lucia@talleresnorte.com.ar',
    'registro-usuario': 'lucia.gomez',
    'registro-password': 'Taller-2026!',
    'registro-repetida': 'Taller-2026!',
  };
  for (const [testId, valor] of Object.entries(campos)) escribir(screen.getByTestId(testId), valor);
  alternar(screen.getByTestId('registro-terminos'), true);
}

describe('registro-usuario', () => {
  it('Enter sends the company and the person without Authorization, the password as MD5; then "Revise su correo"', async () => {
    const s = simularServidor({
      [REGISTRO]: ({ cuerpo }) =>
        json(201, {
          ok: true,
          usuario: 'lucia.gomez',
          email: (cuerpo as { email: string }).email,
          mensaje: MENSAJES_CUENTAS.registroHecho('lucia@talleresnorte.com.ar'),
        }),
      'POST /api/v2/registrar/reenviar': { ok: true, mensaje: MENSAJES_CUENTAS.reenvioHecho },
    });
    renderConApp(<RegistroUsuarioPage />, { ruta: '/registro-usuario' });

    completar();
    expect(screen.getByTestId('password-fuerza')).toHaveTextContent('Buena.');
    await pulsarEnter(screen.getByTestId('registro-repetida'));

    expect(await screen.findByTestId('registro-hecho-mensaje')).toHaveTextContent('lucia@talleresnorte.com.ar');
    const [llamada] = s.de('POST', '/api/v2/registrar/usuario');
    expect(llamada?.autorizacion).toBeNull();
    expect(llamada?.cuerpo).toEqual({
      usuario: 'lucia.gomez',
      nombre: 'Lucía',
      apellido: 'Gómez',
      email: 'lucia@talleresnorte.com.ar',
      password: md5Hex('Taller-2026!'),
      entidadNombre: 'Talleres Norte',
      aceptaTerminos: true,
      cuit: '30-71234567-1',
    });
    expect(JSON.stringify(llamada?.cuerpo)).not.toContain('Taller-2026!');

    fireEvent.click(screen.getByTestId('cuenta-reenviar'));
    expect(await screen.findByTestId('cuenta-reenviado')).toHaveTextContent(MENSAJES_CUENTAS.reenvioHecho);
    expect(s.de('POST', '/api/v2/registrar/reenviar')[0]?.cuerpo).toEqual({ usuario: 'lucia.gomez' });
  });

  it('the login name hint lists every character the contract accepts, the underscore too', () => {
    simularServidor({});
    renderConApp(<RegistroUsuarioPage />, { ruta: '/registro-usuario' });
    const ayuda = String((screen.getByTestId('registro-usuario') as HTMLElement & { helperText?: string }).helperText);
    expect(ayuda).toContain('Letras sin acentos, números, punto, guion, guion bajo o @.');
    expect(USUARIO_REGEX.test('lucia_gomez')).toBe(true);
  });

  it('says what is missing before sending, and a taken email shows on its field with everything kept', async () => {
    const s = simularServidor({
      [REGISTRO]: () => errorDelServidor(409, MENSAJES_CUENTAS.emailEnUso, { code: 'CONFLICTO', field: 'email' }),
    });
    renderConApp(<RegistroUsuarioPage />, { ruta: '/registro-usuario' });

    await pulsarEnter(screen.getByTestId('registro-entidadNombre'));
    await waitFor(() =>
      expect(screen.getByTestId('registro-entidadNombre')).toHaveProperty(
        'errorText',
        'Ingrese el nombre de la empresa.',
      ),
    );
    expect(screen.getByTestId('registro-usuario')).toHaveProperty('errorText', 'Elija un nombre de usuario.');
    expect(screen.getByText(MENSAJES_CUENTAS.aceptarTerminos)).toBeInTheDocument();
    expect(s).toHaveLength(0);

    completar();
    escribir(screen.getByTestId('registro-repetida'), 'Otra-cosa-1');
    await pulsarEnter(screen.getByTestId('registro-repetida'));
    await waitFor(() =>
      expect(screen.getByTestId('registro-repetida')).toHaveProperty('errorText', MENSAJES_CUENTAS.passwordsDistintas),
    );
    expect(s).toHaveLength(0);

    escribir(screen.getByTestId('registro-repetida'), 'Taller-2026!');
    fireEvent.click(screen.getByTestId('registro-enviar'));
    await waitFor(() =>
      expect(screen.getByTestId('registro-email')).toHaveProperty('errorText', MENSAJES_CUENTAS.emailEnUso),
    );
    expect(screen.getByTestId('registro-entidadNombre')).toHaveProperty('value', 'Talleres Norte');
    expect(screen.getByTestId('registro-password')).toHaveProperty('value', 'Taller-2026!');
    expect(screen.queryByTestId('registro-hecho')).toBeNull();
  });
});
