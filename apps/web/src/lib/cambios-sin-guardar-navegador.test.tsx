import { IonApp, IonPage, IonRouterOutlet, useIonRouter } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Route, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTER_FUTURE } from '../app/router-future';
import { responderConfirmacion } from '../test/ionic';
import { instalarGuardiaDelNavegador, useCambiosSinGuardar } from './cambios-sin-guardar';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

function Lista() {
  const router = useIonRouter();
  return (
    <IonPage>
      <button type="button" onClick={() => router.push('/formulario', 'forward')}>
        abrir
      </button>
    </IonPage>
  );
}

/** A form whose text is its change. */
function Formulario() {
  const [texto, setTexto] = useState('');
  useCambiosSinGuardar(texto !== '');
  return (
    <IonPage>
      <input aria-label="texto" value={texto} onChange={(e) => setTexto(e.target.value)} />
    </IonPage>
  );
}

/** Where the router believes it is (the screen it shows). */
function LugarDelRouter() {
  return <output data-testid="lugar">{useLocation().pathname}</output>;
}

/** The app's router over the browser's own history (jsdom's), at the list, then the form opened. */
async function abrirFormulario() {
  window.history.replaceState(null, '', '/lista');
  // As the app does before it draws its router.
  instalarGuardiaDelNavegador();
  const vista = render(
    <IonApp>
      <IonReactRouter future={ROUTER_FUTURE}>
        <LugarDelRouter />
        <IonRouterOutlet>
          <Route path="/lista" element={<Lista />} />
          <Route path="/formulario" element={<Formulario />} />
        </IonRouterOutlet>
      </IonReactRouter>
    </IonApp>,
  );
  fireEvent.click(await screen.findByText('abrir'));
  await waitFor(() => expect(screen.getByTestId('lugar')).toHaveTextContent('/formulario'));
  return vista;
}

const atrasDelNavegador = () => act(() => window.history.back());

describe("the browser's own Back", () => {
  it('asks while the form has changes: «Seguir editando» stays with what was typed, «Descartar» goes back', async () => {
    const { unmount } = await abrirFormulario();
    fireEvent.change(screen.getByLabelText('texto'), { target: { value: 'Cambio de bomba' } });

    atrasDelNavegador();
    await responderConfirmacion('Seguir editando');
    await waitFor(() => expect(window.location.pathname).toBe('/formulario'));
    // The router never left the form: the same screen, with what was typed.
    expect(screen.getByTestId('lugar')).toHaveTextContent('/formulario');
    expect(screen.getByLabelText('texto')).toHaveValue('Cambio de bomba');

    atrasDelNavegador();
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.getByTestId('lugar')).toHaveTextContent('/lista'));
    expect(window.location.pathname).toBe('/lista');
    unmount();
  });

  it('goes back without a word while the form is as it opened', async () => {
    const { unmount } = await abrirFormulario();
    atrasDelNavegador();
    await waitFor(() => expect(screen.getByTestId('lugar')).toHaveTextContent('/lista'));
    expect(document.querySelector('ion-alert')).toBeNull();
    unmount();
  });
});
