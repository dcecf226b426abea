import { MENSAJES_CUENTAS } from '@delego/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { leerSesion } from '../../../lib/session';
import { escribir, pulsarEnter } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import LoginPage from './login-page';

describe('LoginPage, account not confirmed (issue 12)', () => {
  it('says so in place, without the alert, and sends the confirmation mail again for that login', async () => {
    const s = simularServidor({
      'GET /api/v4/login': () =>
        errorDelServidor(403, MENSAJES_CUENTAS.cuentaNoConfirmada, { code: 'CUENTA_NO_CONFIRMADA' }),
      'POST /api/v2/registrar/reenviar': { ok: true, mensaje: MENSAJES_CUENTAS.reenvioHecho },
    });
    renderConApp(
      <>
        <LoginPage />
        <ErrorFeedback />
      </>,
      { ruta: '/login', queryClient: crearQueryClient() },
    );

    escribir(screen.getByTestId('login-usuario'), ' lucia.gomez ');
    escribir(screen.getByTestId('login-password'), 'Taller-2026!');
    await pulsarEnter(screen.getByTestId('login-password'));

    expect(await screen.findByTestId('login-sin-confirmar')).toHaveTextContent(MENSAJES_CUENTAS.cuentaNoConfirmada);
    // The alert would have opened by now (it opens as soon as the error is reported).
    await new Promise((listo) => setTimeout(listo, 200));
    expect(document.querySelector('ion-alert')).toBeNull();
    expect(leerSesion()).toBeNull();

    fireEvent.click(screen.getByTestId('cuenta-reenviar'));
    expect(await screen.findByTestId('cuenta-reenviado')).toHaveTextContent(MENSAJES_CUENTAS.reenvioHecho);
    const [reenvio] = s.de('POST', '/api/v2/registrar/reenviar');
    expect(reenvio?.cuerpo).toEqual({ usuario: 'lucia.gomez' });
    expect(reenvio?.autorizacion).toBeNull();
  });
});
