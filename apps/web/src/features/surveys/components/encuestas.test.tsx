import type { EncuestaPublica, EncuestasDeOrden, ResultadosEncuestas } from '@delego/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/app';
import { crearQueryClient } from '../../../app/query-client';
import { makeAdmin } from '../../../test/factories';
import { escribir, responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import EnviarEncuestaPage from './enviar-encuesta-page';
import { Tablero } from './grafico-encuestas-page';

/** The links of the mail open the whole app at their address, as a click in a mail program does. */
function abrir(ruta: string) {
  window.history.replaceState(null, '', ruta);
  return render(<App queryClient={crearQueryClient()} />);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

const base: EncuestaPublica = {
  estado: 'pendiente',
  editable: true,
  entidadNombre: 'Talleres <b>Norte</b>',
  logo: null,
  orden: { numero: 1042, titulo: 'Cambio de luminarias' },
  puntaje: null,
  comentario: null,
  vence: Date.UTC(2026, 11, 24),
  mensaje: '¿Cómo calificaría el trabajo?',
};

describe('encuestas/:resultado', () => {
  it('the rating of the link is recorded at once; then a comment and another rating close it', async () => {
    const s = simularServidor({
      'GET /api/v2/encuesta/publica': base,
      'POST /api/v2/encuesta/responder': (ll) => {
        const c = ll.cuerpo as { puntaje: number; comentario?: string; final?: boolean };
        return c.final
          ? { ...base, estado: 'cerrada', editable: false, puntaje: c.puntaje, comentario: c.comentario ?? null }
          : { ...base, estado: 'respondida', puntaje: c.puntaje };
      },
    });
    abrir('/encuestas/tok-123?puntaje=4');

    expect(await screen.findByTestId('encuesta-registrada')).toHaveTextContent('4 de 5 (Bueno)');
    // The company's name is text, never markup.
    expect(screen.getByTestId('encuesta-empresa')).toHaveTextContent('Talleres <b>Norte</b>');
    expect(s.de('POST', '/api/v2/encuesta/responder').map((l) => l.cuerpo)).toEqual([{ k: 'tok-123', puntaje: 4 }]);
    expect(s.de('POST', '/api/v2/encuesta/responder')[0]?.autorizacion).toBeNull();
    expect(screen.getByTestId('encuesta-puntaje-4')).toHaveAttribute('aria-checked', 'true');

    fireEvent.click(screen.getByTestId('encuesta-puntaje-5'));
    escribir(screen.getByTestId('encuesta-comentario'), '<img src=x onerror=alert(1)> Muy prolijos');
    fireEvent.click(screen.getByTestId('encuesta-enviar'));
    expect(await screen.findByTestId('encuesta-gracias')).toHaveTextContent(
      'Su comentario: «<img src=x onerror=alert(1)> Muy prolijos»',
    );
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(s.de('POST', '/api/v2/encuesta/responder')[1]?.cuerpo).toEqual({
      k: 'tok-123',
      puntaje: 5,
      comentario: '<img src=x onerror=alert(1)> Muy prolijos',
      final: true,
    });
  });

  it('another rating link of the same mail changes the answer while it is editable', async () => {
    let actual: EncuestaPublica = base;
    const s = simularServidor({
      'GET /api/v2/encuesta/publica': () => actual,
      'POST /api/v2/encuesta/responder': (ll) => {
        const c = ll.cuerpo as { puntaje: number };
        actual = { ...base, estado: 'respondida', puntaje: c.puntaje };
        return actual;
      },
    });
    const primera = abrir('/encuestas/tok-123?puntaje=5');
    expect(await screen.findByTestId('encuesta-registrada')).toHaveTextContent('5 de 5');
    primera.unmount();

    // The person clicks «2» in the same mail: a new page, the answer still open for changes.
    abrir('/encuestas/tok-123?puntaje=2');
    await waitFor(() => expect(s.de('POST', '/api/v2/encuesta/responder')).toHaveLength(2));
    expect(await screen.findByTestId('encuesta-registrada')).toHaveTextContent('2 de 5');
    expect(screen.getByTestId('encuesta-puntaje-2')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('encuesta-puntaje-5')).toHaveAttribute('aria-checked', 'false');
    expect(s.de('POST', '/api/v2/encuesta/responder').map((l) => l.cuerpo)).toEqual([
      { k: 'tok-123', puntaje: 5 },
      { k: 'tok-123', puntaje: 2 },
    ]);
  });

  it('a reload of the link does not undo a rating changed on the page', async () => {
    let actual: EncuestaPublica = base;
    const s = simularServidor({
      'GET /api/v2/encuesta/publica': () => actual,
      'POST /api/v2/encuesta/responder': (ll) => {
        actual = { ...base, estado: 'respondida', puntaje: (ll.cuerpo as { puntaje: number }).puntaje };
        return actual;
      },
    });
    const primera = abrir('/encuestas/tok-123?puntaje=5');
    expect(await screen.findByTestId('encuesta-registrada')).toHaveTextContent('5 de 5');
    primera.unmount();
    // Changed to 4 on the page (not final), then the tab reloads the same address.
    actual = { ...actual, puntaje: 4 };
    abrir('/encuestas/tok-123?puntaje=5');
    expect(await screen.findByTestId('encuesta-registrada')).toHaveTextContent('4 de 5');
    expect(s.de('POST', '/api/v2/encuesta/responder').map((l) => l.cuerpo)).toEqual([{ k: 'tok-123', puntaje: 5 }]);
  });

  it('records nothing for the rating already there, for a page without a rating, nor for a final answer', async () => {
    let actual: EncuestaPublica = { ...base, estado: 'respondida', puntaje: 5 };
    const s = simularServidor({ 'GET /api/v2/encuesta/publica': () => actual });
    const mismo = abrir('/encuestas/tok-123?puntaje=5');
    expect(await screen.findByTestId('encuesta-registrada')).toHaveTextContent('5 de 5');
    mismo.unmount();
    // A link scanner only downloads the page: no rating, nothing recorded.
    const escaner = abrir('/encuestas/tok-123');
    expect(await screen.findByTestId('encuesta-registrada')).toHaveTextContent('5 de 5');
    escaner.unmount();
    actual = { ...actual, estado: 'cerrada', editable: false };
    abrir('/encuestas/tok-123?puntaje=2');
    expect(await screen.findByTestId('encuesta-gracias')).toHaveTextContent('5 de 5');
    expect(s.de('POST', '/api/v2/encuesta/responder')).toHaveLength(0);
  });

  it('without a rating in the link it only asks; an expired survey says so and records nothing', async () => {
    const s = simularServidor({ 'GET /api/v2/encuesta/publica': { ...base, estado: 'vencida', editable: false } });
    abrir('/encuestas/tok-viejo?puntaje=5');
    expect(await screen.findByTestId('encuesta-vencida')).toHaveTextContent('La encuesta venció');
    expect(s.de('POST', '/api/v2/encuesta/responder')).toHaveLength(0);
  });

  it('an answered survey thanks and shows the answer', async () => {
    simularServidor({
      'GET /api/v2/encuesta/publica': { ...base, estado: 'cerrada', editable: false, puntaje: 3 },
    });
    abrir('/encuestas/tok-usado?puntaje=1');
    expect(await screen.findByTestId('encuesta-gracias')).toHaveTextContent('3 de 5 (Regular)');
  });

  it('an unknown token shows the invalid link state', async () => {
    simularServidor({
      'GET /api/v2/encuesta/publica': () =>
        errorDelServidor(404, 'El enlace de la encuesta no es válido.', { code: 'ENLACE_INVALIDO' }),
    });
    abrir('/encuestas/nada');
    expect(await screen.findByTestId('encuesta-invalida')).toHaveTextContent('El enlace no es válido');
  });

  it('asks for a rating before sending when the link had none', async () => {
    const s = simularServidor({ 'GET /api/v2/encuesta/publica': base });
    abrir('/encuestas/tok-1');
    fireEvent.click(await screen.findByTestId('encuesta-enviar'));
    expect(await screen.findByText('Elija una calificación del 1 al 5.')).toBeInTheDocument();
    expect(s.de('POST', '/api/v2/encuesta/responder')).toHaveLength(0);
  });
});

const deOrden: EncuestasDeOrden = {
  ordenId: 7,
  numero: 1042,
  titulo: 'Cambio de luminarias',
  clienteNombre: 'Clínica San Martín',
  emailSugerido: 'compras@clinica.example.com',
  enviosRestantes: 3,
  puedeEnviar: true,
  encuestas: [],
};

describe('enviar-encuesta', () => {
  it('prefills the client email, confirms and sends', async () => {
    const s = simularServidor({
      'GET /api/v2/encuesta/orden/7': deOrden,
      'POST /api/v2/encuesta/enviar': {
        encuesta: {
          id: 1,
          email: 'otra@clinica.example.com',
          enviadaEn: 1,
          enviadaPor: 'Ana Pérez',
          vence: 2,
          estado: 'pendiente',
          puntaje: null,
          comentario: null,
          respondidaEn: null,
          automatica: false,
        },
        enviosRestantes: 2,
        mensaje: 'Enviamos la encuesta a otra@clinica.example.com. El enlace vence en 30 días.',
      },
    });
    renderConApp(<EnviarEncuestaPage />, { usuario: makeAdmin(), ruta: '/enviar-encuesta?id=7' });
    const campo = await screen.findByTestId('encuesta-envio-email');
    expect(campo).toHaveProperty('value', 'compras@clinica.example.com');
    expect(screen.getByTestId('encuesta-envio-restantes')).toHaveTextContent('Quedan 3 de 3 envíos');
    escribir(campo, 'no-es-email');
    fireEvent.click(screen.getByTestId('encuesta-envio-enviar'));
    expect(await screen.findByText('El email no es una dirección válida.')).toBeInTheDocument();
    escribir(campo, 'otra@clinica.example.com');
    fireEvent.click(screen.getByTestId('encuesta-envio-enviar'));
    await responderConfirmacion('Enviar');
    await waitFor(() => expect(s.de('POST', '/api/v2/encuesta/enviar')).toHaveLength(1));
    expect(s.de('POST', '/api/v2/encuesta/enviar')[0]?.cuerpo).toEqual({
      ordenId: 7,
      email: 'otra@clinica.example.com',
    });
  });

  it('with the 3 sends used, offers no form and lists the answers', async () => {
    simularServidor({
      'GET /api/v2/encuesta/orden/7': {
        ...deOrden,
        enviosRestantes: 0,
        puedeEnviar: false,
        encuestas: [
          {
            id: 3,
            email: 'compras@clinica.example.com',
            enviadaEn: Date.UTC(2026, 10, 20, 15),
            enviadaPor: 'Ana Pérez',
            vence: Date.UTC(2026, 11, 20, 15),
            estado: 'respondida',
            puntaje: 5,
            comentario: 'Excelente',
            respondidaEn: Date.UTC(2026, 10, 21, 15),
            automatica: false,
          },
        ],
      },
    });
    renderConApp(<EnviarEncuestaPage />, { usuario: makeAdmin(), ruta: '/enviar-encuesta?id=7' });
    expect(await screen.findByTestId('encuesta-envio-agotado')).toHaveTextContent('no se pueden enviar más');
    expect(screen.queryByTestId('encuesta-envio-email')).toBeNull();
    expect(screen.getByTestId('encuesta-enviada-puntaje')).toHaveTextContent('5 de 5 (Excelente)');
  });

  it('without a session asks to log in', async () => {
    renderConApp(<EnviarEncuestaPage />, { usuario: null, ruta: '/enviar-encuesta?id=7' });
    expect(await screen.findByTestId('ordenes-requiere-sesion')).toBeInTheDocument();
  });
});

describe('grafico-encuestas', () => {
  const datos: ResultadosEncuestas = {
    enviadas: 4,
    respondidas: 3,
    promedio: 3.67,
    distribucion: [0, 1, 0, 1, 1],
    tasaRespuesta: 0.75,
    porMes: [{ mes: '2026-11', cantidad: 3, promedio: 3.67 }],
    porResponsable: [{ id: 2, nombre: 'Diego Sosa', cantidad: 2, promedio: 4.5 }],
    porCliente: [{ id: 1, nombre: 'Clínica', cantidad: 3, promedio: 3.67 }],
    respuestas: [
      {
        id: 1,
        ordenId: 7,
        numero: 1042,
        titulo: 'Luminarias',
        cliente: 'Clínica',
        responsables: ['Diego Sosa'],
        puntaje: 5,
        comentario: '<b>Excelente</b>',
        respondidaEn: Date.UTC(2026, 10, 21, 15),
      },
    ],
  };

  it('shows the figures, every chart as a table, and comments as text', () => {
    renderConApp(<Tablero datos={datos} />);
    expect(screen.getByTestId('encuestas-promedio')).toHaveTextContent('3,7 / 5');
    expect(screen.getByTestId('encuestas-respondidas')).toHaveTextContent('3 de 4');
    expect(screen.getByTestId('encuestas-tasa')).toHaveTextContent('75 %');
    const distribucion = screen.getByRole('table', { name: 'Distribución de calificaciones' });
    expect(
      within(distribucion)
        .getAllByRole('row')
        .map((f) => f.textContent),
    ).toEqual(['CategoríaRespuestas', '1 · Muy malo0', '2 · Malo1', '3 · Regular0', '4 · Bueno1', '5 · Excelente1']);
    expect(screen.getByRole('table', { name: 'Promedio por responsable' })).toHaveTextContent('Diego Sosa (2)4,5');
    expect(screen.getByRole('table', { name: 'Promedio mensual' })).toHaveTextContent('nov 2026');
    expect(screen.getByTestId('encuestas-comentarios')).toHaveTextContent('«<b>Excelente</b>»');
  });

  it('with nothing answered says so', () => {
    renderConApp(
      <Tablero
        datos={{ ...datos, respondidas: 0, enviadas: 0, promedio: null, tasaRespuesta: null, respuestas: [] }}
      />,
    );
    expect(screen.getByTestId('encuestas-vacio')).toHaveTextContent('No se enviaron encuestas en este período');
  });
});
