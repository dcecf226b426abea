import { configure, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import QrPage from './qr-page';

configure({ asyncUtilTimeout: 5000 });

const CODIGO = 'Ab3_-xYz0123456789abcd';

function Donde() {
  const l = useLocation();
  return <p data-testid="donde">{l.pathname + l.search}</p>;
}

function mostrar(codigo = CODIGO) {
  return renderConApp(
    <Routes>
      <Route path="/q/:codigo" element={<QrPage />} />
      <Route path="*" element={<Donde />} />
    </Routes>,
    { usuario: makeOperario(), ruta: `/q/${codigo}` },
  );
}

describe('/q/:codigo (issue 32)', () => {
  it('an equipo’s code goes to that equipo', async () => {
    const llamadas = simularServidor({ [`GET /api/v4/qr/${CODIGO}`]: { tipo: 'equipo', id: 5 } });
    mostrar();
    expect(await screen.findByTestId('donde')).toHaveTextContent('/equipos/5');
    expect(llamadas).toHaveLength(1);
  });

  it('a site’s code goes to the equipos of that site', async () => {
    simularServidor({
      [`GET /api/v4/qr/${CODIGO}`]: { tipo: 'ubicacion', id: 9 },
      'GET /api/v4/ubicaciones/9': {
        id: 9,
        cliente: { id: 3, nombre: 'Hotel Los Andes' },
        nombre: 'Planta baja',
        codigo: null,
        direccion: null,
        notas: null,
        codigoQr: CODIGO,
        equipos: 2,
      },
    });
    mostrar();
    expect(await screen.findByTestId('donde')).toHaveTextContent('/equipos?cliente=3&ubicacion=9');
  });

  it('an unknown code, or another company’s (404), says «No encontrado»', async () => {
    simularServidor({ [`GET /api/v4/qr/${CODIGO}`]: errorDelServidor(404, 'No encontrado.') });
    mostrar();
    expect(await screen.findByText('No encontrado')).toBeInTheDocument();
    expect(
      screen.getByText('Este código no corresponde a ningún equipo ni ubicación de su empresa.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('donde')).toBeNull();
  });

  it('a malformed code is «No encontrado» without asking the server', async () => {
    const llamadas = simularServidor({});
    mostrar('corto');
    expect(await screen.findByText('No encontrado')).toBeInTheDocument();
    await waitFor(() => expect(llamadas).toHaveLength(0));
  });
});
