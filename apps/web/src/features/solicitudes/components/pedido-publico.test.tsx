import { MENSAJES_SOLICITUD } from '@delego/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardarSesion } from '../../../lib/session';
import { makeOperario } from '../../../test/factories';
import { escribir } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { simularObjectUrl } from '../../files/test-utils';
import { CODIGO, cuerpoDeError, foto, K, makeEnviada, makeFormulario, simularEnvios, type Envio } from '../test-utils';
import PedidoQrPage from './pedido-qr-page';
import SolicitudPublicaPage from './solicitud-publica-page';

const FORMULARIO = '/api/v4/publico/solicitud';
const XSS = '<img src=x onerror="window.__xss=1">';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let envios: Envio[];

beforeEach(() => {
  simularObjectUrl();
  envios = simularEnvios();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function abrir(respuesta: Respuesta = makeFormulario()) {
  const llamadas = simularServidor({ [`GET ${FORMULARIO}`]: respuesta });
  renderConApp(
    <Routes>
      <Route path="/solicitud/:k" element={<SolicitudPublicaPage />} />
    </Routes>,
    { ruta: `/solicitud/${K}` },
  );
  return llamadas;
}

const formulario = () => screen.getByRole('form', { name: 'Pedido de trabajo' });

/** Fills what is needed: the text, the name and a phone. */
async function llenar() {
  escribir(await screen.findByTestId('solicitud-que'), 'Pierde agua la canilla de la cocina.');
  escribir(screen.getByTestId('solicitud-nombre'), 'Marta Gómez');
  escribir(screen.getByTestId('solicitud-telefono'), '341 555-1234');
}

function elegirFotos(...archivos: File[]) {
  fireEvent.change(screen.getByTestId('solicitud-fotos-input'), { target: { files: archivos } });
}

/** Sends, and waits for the request to go out. */
async function enviar(n = envios.length + 1): Promise<Envio> {
  fireEvent.submit(formulario());
  await waitFor(() => expect(envios).toHaveLength(n));
  return envios[n - 1]!;
}

describe('the public request form by a client’s link (issue 33)', () => {
  it('says who it goes to, asks with the session’s nothing, and shows names as text', async () => {
    const llamadas = abrir(makeFormulario({ empresa: `Demo ${XSS}`, cliente: `Clínica ${XSS}` }));
    expect(await screen.findByTestId('solicitud-empresa')).toHaveTextContent(`Demo ${XSS}`);
    expect(screen.getByTestId('solicitud-cliente')).toHaveTextContent(`Cliente: Clínica ${XSS}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.queryByTestId('solicitud-lugar')).toBeNull();
    const pedido = llamadas.de('GET', FORMULARIO)[0]!;
    expect(pedido.query.get('k')).toBe(K);
    expect(pedido.autorizacion).toBeNull();
  });

  it('sends multipart: the token, the fields, the photos and the send’s id, without a session', async () => {
    guardarSesion({ usuario: makeOperario(), md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    abrir();
    await llenar();
    escribir(screen.getByTestId('solicitud-donde'), 'Cocina, 2.º piso');
    escribir(screen.getByTestId('solicitud-email'), 'marta@example.com');
    elegirFotos(foto('canilla.jpg'), foto('pared.png', 'image/png'));
    expect(await screen.findByRole('img', { name: 'Foto canilla.jpg' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );

    const envio = await enviar();
    expect(envio.metodo).toBe('POST');
    expect(new URL(envio.url, 'http://localhost').pathname).toBe(FORMULARIO);
    // A public call: the stored session never goes with it.
    expect(envio.headers.authorization).toBeUndefined();
    const c = envio.cuerpo;
    expect([...c.keys()]).toEqual(['k', 'que', 'donde', 'nombre', 'email', 'telefono', 'clave', 'fotos', 'fotos']);
    expect(c.get('k')).toBe(K);
    expect(c.get('que')).toBe('Pierde agua la canilla de la cocina.');
    expect(c.get('donde')).toBe('Cocina, 2.º piso');
    expect(c.get('nombre')).toBe('Marta Gómez');
    expect(c.get('email')).toBe('marta@example.com');
    expect(c.get('telefono')).toBe('341 555-1234');
    expect(c.get('clave')).toMatch(UUID);
    expect(c.getAll('fotos').map((f) => (f as File).name)).toEqual(['canilla.jpg', 'pared.png']);
    expect(screen.getByTestId('solicitud-enviar')).toHaveTextContent('Enviando…');

    act(() => envio.responder(200, makeEnviada()));
    expect(await screen.findByTestId('solicitud-enviada')).toHaveTextContent(MENSAJES_SOLICITUD.enviada);
  });

  it('a retry after a lost answer, and a double tap, send the same id: one request', async () => {
    abrir();
    await llenar();
    fireEvent.submit(formulario());
    fireEvent.submit(formulario());
    await waitFor(() => expect(envios).toHaveLength(1));
    // The second tap, before the screen showed «Enviando…», sent nothing.
    await new Promise((listo) => setTimeout(listo, 50));
    expect(envios).toHaveLength(1);
    const primera = envios[0]!;
    act(() => primera.cortar());
    expect(await screen.findByTestId('solicitud-falla')).toHaveTextContent('su pedido no se registrará dos veces');
    // The person corrects nothing and sends again.
    const segunda = await enviar(2);
    expect(segunda.cuerpo.get('clave')).toBe(primera.cuerpo.get('clave'));
    act(() => segunda.responder(200, makeEnviada()));
    expect(await screen.findByTestId('solicitud-enviada')).toBeInTheDocument();
    // Another request from the same page is another send.
    fireEvent.click(screen.getByTestId('solicitud-otro'));
    await llenar();
    const tercera = await enviar(3);
    expect(tercera.cuerpo.get('clave')).toMatch(UUID);
    expect(tercera.cuerpo.get('clave')).not.toBe(primera.cuerpo.get('clave'));
  });

  it('the honeypot is off screen, out of the tab order, hidden from screen readers; a robot’s value travels', async () => {
    abrir();
    await llenar();
    const trampa = screen.getByTestId('solicitud-trampa');
    expect(trampa).toHaveAttribute('aria-hidden', 'true');
    expect(trampa.style.position).toBe('absolute');
    expect(trampa.style.left).toBe('-10000px');
    const sitio = screen.getByTestId('solicitud-sitio');
    expect(sitio).toHaveAttribute('tabindex', '-1');
    expect(sitio).toHaveAttribute('autocomplete', 'off');
    expect(sitio).toHaveAttribute('name', 'sitio');
    // Nobody sees it: not among the form's accessible fields.
    expect(within(formulario()).queryByRole('textbox', { name: 'Sitio web' })).toBeNull();

    let envio = await enviar();
    expect(envio.cuerpo.has('sitio')).toBe(false);
    act(() => envio.cortar());
    await screen.findByTestId('solicitud-falla');
    fireEvent.change(sitio, { target: { value: 'http://spam.example' } });
    envio = await enviar(2);
    expect(envio.cuerpo.get('sitio')).toBe('http://spam.example');
  });

  it('checks before sending: each missing field says so at its place, and nothing goes', async () => {
    abrir();
    await screen.findByTestId('solicitud-que');
    fireEvent.submit(formulario());
    await waitFor(() =>
      expect(screen.getByTestId('solicitud-que')).toMatchObject({ errorText: 'Qué necesita es obligatorio.' }),
    );
    expect(screen.getByTestId('solicitud-nombre')).toMatchObject({ errorText: 'Su nombre es obligatorio.' });
    expect(screen.getByTestId('solicitud-email')).toMatchObject({ errorText: MENSAJES_SOLICITUD.sinContacto });
    // A phone settles the contact.
    escribir(screen.getByTestId('solicitud-telefono'), '341 555-1234');
    await waitFor(() => expect(screen.getByTestId('solicitud-email')).toMatchObject({ errorText: undefined }));
    expect(envios).toHaveLength(0);
  });

  it('the server’s 400 shows at its field; a photo refused, at the photos', async () => {
    abrir();
    await llenar();
    let envio = await enviar();
    act(() =>
      envio.responder(400, cuerpoDeError('El teléfono admite hasta 40 caracteres.', 'DATOS_INVALIDOS', 'telefono')),
    );
    await waitFor(() =>
      expect(screen.getByTestId('solicitud-telefono')).toMatchObject({
        errorText: 'El teléfono admite hasta 40 caracteres.',
      }),
    );
    expect(screen.queryByTestId('solicitud-falla')).toBeNull();

    envio = await enviar(2);
    act(() => envio.responder(413, cuerpoDeError(MENSAJES_SOLICITUD.fotoGrande, 'DEMASIADO_GRANDE', 'fotos')));
    expect(await screen.findByTestId('solicitud-fotos-problema')).toHaveTextContent(MENSAJES_SOLICITUD.fotoGrande);
  });

  it('429 says when to try again', async () => {
    abrir();
    await llenar();
    const envio = await enviar();
    const espera = 'Demasiados pedidos seguidos. Espere 3 minutos y vuelva a intentar.';
    act(() => envio.responder(429, cuerpoDeError(espera, 'DEMASIADOS_INTENTOS')));
    expect(await screen.findByTestId('solicitud-falla')).toHaveTextContent(espera);
    expect(screen.getByTestId('solicitud-falla')).not.toHaveTextContent('dos veces');
  });

  it('a link that does not exist (404) or was turned off or renewed (410) is a page of its own', async () => {
    abrir(() => errorDelServidor(404, 'No encontrado.', { code: 'ENLACE_INVALIDO' }));
    expect(await screen.findByTestId('solicitud-enlace-no-disponible')).toHaveTextContent(
      MENSAJES_SOLICITUD.enlaceNoDisponible,
    );
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('410 on opening, and 410 found out on sending', async () => {
    abrir(() => errorDelServidor(410, 'Desactivado.', { code: 'ENLACE_VENCIDO' }));
    expect(await screen.findByTestId('solicitud-enlace-desactivado')).toHaveTextContent(
      MENSAJES_SOLICITUD.enlaceDesactivado,
    );
  });

  it('a link turned off while the form was open: sending shows the «ya no está activo» page', async () => {
    abrir();
    await llenar();
    const envio = await enviar();
    act(() => envio.responder(410, cuerpoDeError('Desactivado.', 'ENLACE_VENCIDO')));
    expect(await screen.findByTestId('solicitud-enlace-desactivado')).toBeInTheDocument();
  });

  it('success: the message and the tracking link, which «Copiar enlace» copies', async () => {
    const writeText = vi.fn((_t: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    abrir();
    await llenar();
    const envio = await enviar();
    act(() => envio.responder(200, makeEnviada({ mensaje: MENSAJES_SOLICITUD.enviadaSinCorreo })));
    const exito = await screen.findByTestId('solicitud-enviada');
    expect(exito).toHaveTextContent(MENSAJES_SOLICITUD.enviadaSinCorreo);
    expect(screen.getByTestId('solicitud-seguimiento-url')).toHaveValue(makeEnviada().seguimiento);
    expect(screen.getByTestId('solicitud-ver-seguimiento')).toHaveAttribute('href', makeEnviada().seguimiento);
    fireEvent.click(screen.getByTestId('solicitud-copiar-seguimiento'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(makeEnviada().seguimiento));
  });

  it('photos: images only, up to 5, each with its thumbnail and «Quitar»', async () => {
    abrir();
    await screen.findByTestId('solicitud-que');
    elegirFotos(foto('informe.pdf', 'application/pdf'), foto('1.jpg'), foto('2.jpg'));
    expect(await screen.findByTestId('solicitud-fotos-problema')).toHaveTextContent(MENSAJES_SOLICITUD.fotoNoImagen);
    await waitFor(() => expect(screen.getAllByTestId('solicitud-foto')).toHaveLength(2));
    elegirFotos(foto('3.jpg'), foto('4.jpg'), foto('5.jpg'), foto('6.jpg'));
    expect(await screen.findByText(MENSAJES_SOLICITUD.demasiadasFotos)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('solicitud-foto')).toHaveLength(5));
    expect(screen.getByTestId('solicitud-elegir-fotos')).toHaveProperty('disabled', true);

    fireEvent.click(within(screen.getAllByTestId('solicitud-foto')[0]!).getByTestId('solicitud-foto-quitar'));
    await waitFor(() => expect(screen.getAllByTestId('solicitud-foto')).toHaveLength(4));
    expect(screen.queryByRole('img', { name: 'Foto 1.jpg' })).toBeNull();
    expect(screen.getByTestId('solicitud-elegir-fotos')).toHaveProperty('disabled', false);
  });

  it('on a phone, «Tomar foto» opens the rear camera and adds what it takes', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(pointer: coarse)', media: query }) as MediaQueryList,
    );
    abrir();
    fireEvent.click(await screen.findByTestId('solicitud-camara'));
    const camara = document.querySelector<HTMLInputElement>('[data-testid="tomar-foto-input"]')!;
    expect(camara).toHaveAttribute('capture', 'environment');
    expect(camara).toHaveAttribute('accept', 'image/*');
    fireEvent.change(camara, { target: { files: [foto('camara.jpg')] } });
    expect(await screen.findByRole('img', { name: 'Foto camara.jpg' })).toBeInTheDocument();
  });
});

describe('the request form of a label’s QR (issue 33)', () => {
  function abrirQr(respuesta: Respuesta) {
    const llamadas = simularServidor({ [`GET /api/v4/publico/q/${CODIGO}`]: respuesta });
    renderConApp(
      <Routes>
        <Route path="/q/:codigo" element={<PedidoQrPage />} />
      </Routes>,
      { ruta: `/q/${CODIGO}` },
    );
    return llamadas;
  }

  it('shows the place, does not ask where, and sends to the label without a token', async () => {
    abrirQr(makeFormulario({ lugar: { tipo: 'equipo', nombre: 'Caldera 2' } }));
    expect(await screen.findByTestId('solicitud-lugar')).toHaveTextContent('Equipo: Caldera 2');
    expect(screen.queryByTestId('solicitud-donde')).toBeNull();
    await llenar();
    const envio = await enviar();
    expect(new URL(envio.url, 'http://localhost').pathname).toBe(`/api/v4/publico/q/${CODIGO}/pedido`);
    expect(envio.cuerpo.has('k')).toBe(false);
    expect(envio.cuerpo.has('donde')).toBe(false);
    expect(envio.cuerpo.get('clave')).toMatch(UUID);
    // The company's own people may log in to open the equipo instead.
    expect(screen.getByTestId('solicitud-ingreso').querySelector('a')).toHaveAttribute(
      'href',
      `/login?volver=${encodeURIComponent(`/q/${CODIGO}`)}`,
    );
  });

  it('a code that does not exist, or whose client takes no requests, is the «no disponible» page', async () => {
    abrirQr(() => errorDelServidor(404, 'No encontrado.'));
    expect(await screen.findByTestId('solicitud-enlace-no-disponible')).toHaveTextContent(
      MENSAJES_SOLICITUD.enlaceNoDisponible,
    );
    expect(screen.getByTestId('solicitud-ingreso')).toBeInTheDocument();
  });
});
