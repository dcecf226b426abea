import { MENSAJES_SOLICITUD, type Solicitud } from '@delego/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { hayCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { guardarSesion } from '../../../lib/session';
import { makeSupervisor } from '../../../test/factories';
import { alertaAtencion, escribir, responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { archivoRespuesta, errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { simularObjectUrl } from '../../files/test-utils';
import { EL_12_DE_NOVIEMBRE, makeSolicitud } from '../test-utils';
import SolicitudPage from './solicitud-page';

configure({ asyncUtilTimeout: 5000 });

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
const RUTA = '/api/v4/solicitudes/7';
const XSS = '<img src=x onerror="window.__xss=1">';
const RESPONSABLES = [
  { id: 21, usuario: 'diego', nombre: 'Diego', apellido: 'Sosa', email: null },
  { id: 22, usuario: 'carla', nombre: 'Carla', apellido: 'Ruiz', email: null },
];

function Donde() {
  const l = useLocation();
  return <p data-testid="donde">{l.pathname}</p>;
}

beforeEach(() => {
  simularObjectUrl();
});

function abrir(respuestas: Record<string, Respuesta>, id = '7') {
  const usuario = makeSupervisor();
  guardarSesion({ usuario, md5: MD5 });
  const llamadas = simularServidor({
    [`GET ${RUTA}`]: makeSolicitud(),
    [`GET ${RUTA}/fotos/70`]: () => archivoRespuesta('jpeg', 'image/jpeg'),
    'GET /api/v2/usuarios/3': RESPONSABLES,
    ...respuestas,
  });
  renderConApp(
    <>
      <Routes>
        <Route path="/solicitudes/:id" element={<SolicitudPage />} />
        <Route path="*" element={<Donde />} />
      </Routes>
      <ErrorFeedback />
    </>,
    // The app's query client: a failed decision reaches the «Atención» alert as in the app.
    { usuario, ruta: `/solicitudes/${id}`, queryClient: crearQueryClient() },
  );
  return { llamadas, usuario };
}

/** The open «¿Descartar los cambios?» alert, if any. */
const preguntaDescartar = () =>
  [...document.querySelectorAll('ion-alert')].find((a) => a.header === '¿Descartar los cambios?' && a.isConnected) ??
  null;

const aceptada = (parcial: Partial<Solicitud> = {}) =>
  makeSolicitud({
    estado: 'aceptada',
    orden: { id: 361, numero: 321 },
    resueltaPor: 'Carla Ruiz',
    resuelta: EL_12_DE_NOVIEMBRE + 3_600_000,
    ...parcial,
  });

describe('one request (issue 33)', () => {
  it('shows what was asked, where, the contact and the photos, fetched with the session as blobs', async () => {
    const { llamadas, usuario } = abrir({
      [`GET ${RUTA}`]: makeSolicitud({
        que: `Pierde agua ${XSS}\nsegunda línea`,
        lugar: { tipo: 'equipo', id: 5, nombre: 'Caldera 2' },
      }),
    });
    expect(await screen.findByTestId('solicitud-detalle-cliente')).toHaveTextContent('Clínica San Martín');
    expect(screen.getByTestId('solicitud-detalle-estado')).toHaveTextContent('Pendiente');
    expect(screen.getByTestId('solicitud-detalle-que')).toHaveTextContent(`Pierde agua ${XSS} segunda línea`);
    expect(screen.getByTestId('solicitud-detalle-lugar')).toHaveTextContent('Equipo: Caldera 2');
    expect(screen.getByTestId('solicitud-detalle-donde')).toHaveTextContent('Cocina, 2.º piso');
    expect(screen.getByTestId('solicitud-detalle-nombre')).toHaveTextContent('Marta Gómez');
    expect(screen.getByTestId('solicitud-detalle-email')).toHaveAttribute('href', 'mailto:marta@example.com');
    expect(screen.getByTestId('solicitud-detalle-telefono')).toHaveAttribute('href', 'tel:3415551234');
    expect(document.querySelector('img[src="x"]')).toBeNull();

    const img = await screen.findByTestId('solicitud-foto');
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(img).toHaveAccessibleName('Foto canilla.jpg');
    const pedido = llamadas.de('GET', `${RUTA}/fotos/70`)[0]!;
    expect(pedido.autorizacion).toBe(`${usuario.usuario}#${MD5}`);
  });

  it('«Aceptar» with responsables creates the order and opens it', async () => {
    const { llamadas } = abrir({ [`POST ${RUTA}/aceptar`]: aceptada() });
    const select = await screen.findByTestId('solicitud-responsables');
    fireEvent(select, new CustomEvent('ionChange', { detail: { value: [22] } }));
    fireEvent.click(screen.getByTestId('solicitud-aceptar'));
    expect(await screen.findByTestId('donde')).toHaveTextContent('/orden/361');
    expect(llamadas.de('POST', `${RUTA}/aceptar`)[0]!.cuerpo).toEqual({ responsable: [22] });
  });

  it('«Aceptar» without responsables sends an empty body', async () => {
    const { llamadas } = abrir({ [`POST ${RUTA}/aceptar`]: aceptada() });
    fireEvent.click(await screen.findByTestId('solicitud-aceptar'));
    expect(await screen.findByTestId('donde')).toHaveTextContent('/orden/361');
    expect(llamadas.de('POST', `${RUTA}/aceptar`)[0]!.cuerpo).toEqual({});
  });

  it('someone else decided first (409): the alert says so and the screen shows their decision', async () => {
    let decidida = false;
    abrir({
      [`GET ${RUTA}`]: () => (decidida ? aceptada() : makeSolicitud()),
      [`POST ${RUTA}/aceptar`]: () => {
        decidida = true;
        return errorDelServidor(409, MENSAJES_SOLICITUD.yaResuelta);
      },
    });
    fireEvent.click(await screen.findByTestId('solicitud-aceptar'));
    expect((await alertaAtencion()).message).toBe(MENSAJES_SOLICITUD.yaResuelta);
    expect(await screen.findByTestId('solicitud-resolucion')).toHaveTextContent(
      'Aceptada por Carla Ruiz el 12/11/2026 11:00.',
    );
    expect(screen.getByTestId('solicitud-ver-orden')).toHaveTextContent('Ver la orden #321');
    expect(screen.queryByTestId('solicitud-aceptar')).toBeNull();
  });

  it('«Rechazar» asks for the reason, required, and sends it', async () => {
    const { llamadas } = abrir({
      [`POST ${RUTA}/rechazar`]: ({ cuerpo }) =>
        makeSolicitud({
          estado: 'rechazada',
          motivo: (cuerpo as { motivo: string }).motivo,
          resueltaPor: 'Carla Ruiz',
        }),
    });
    fireEvent.click(await screen.findByTestId('solicitud-rechazar'));
    const dialogo = await screen.findByRole('form', { name: 'Motivo del rechazo' });
    fireEvent.submit(dialogo);
    await waitFor(() =>
      expect(screen.getByTestId('rechazo-motivo')).toMatchObject({ errorText: 'El motivo es obligatorio.' }),
    );
    expect(llamadas.de('POST', `${RUTA}/rechazar`)).toHaveLength(0);

    escribir(screen.getByTestId('rechazo-motivo'), '  No trabajamos en esa zona.  ');
    fireEvent.submit(dialogo);
    await waitFor(() => expect(llamadas.de('POST', `${RUTA}/rechazar`)).toHaveLength(1));
    expect(llamadas.de('POST', `${RUTA}/rechazar`)[0]!.cuerpo).toEqual({ motivo: 'No trabajamos en esa zona.' });
    const resolucion = await screen.findByTestId('solicitud-resolucion');
    expect(resolucion).toHaveTextContent('Rechazada por Carla Ruiz');
    expect(within(resolucion).getByTestId('solicitud-detalle-motivo')).toHaveTextContent(
      'Motivo: No trabajamos en esa zona.',
    );
    // Rejected: the dialog closed without asking, and nothing is left to lose.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Motivo del rechazo' })).toBeNull());
    expect(preguntaDescartar()).toBeNull();
    expect(hayCambiosSinGuardar()).toBe(false);
  });

  it('«Cancelar» in the dialog rejects nothing', async () => {
    const { llamadas } = abrir({});
    fireEvent.click(await screen.findByTestId('solicitud-rechazar'));
    const dialogo = await screen.findByRole('form', { name: 'Motivo del rechazo' });
    fireEvent.click(within(dialogo).getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Motivo del rechazo' })).toBeNull());
    expect(llamadas.de('POST', `${RUTA}/rechazar`)).toHaveLength(0);
    expect(screen.getByTestId('solicitud-aceptar')).toBeInTheDocument();
  });

  it('a typed reason is not lost: Cancelar, Cerrar and the backdrop ask; «Descartar» closes', async () => {
    const { llamadas } = abrir({});
    fireEvent.click(await screen.findByTestId('solicitud-rechazar'));
    const dialogo = await screen.findByRole('form', { name: 'Motivo del rechazo' });
    escribir(screen.getByTestId('rechazo-motivo'), 'No trabajamos en esa zona.');
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));

    fireEvent.click(within(dialogo).getByText('Cancelar'));
    await responderConfirmacion('Seguir editando');
    const modal = dialogo.closest('ion-modal')!;
    // «Cerrar» (✕), the header's only button.
    fireEvent.click(modal.querySelector('ion-header ion-button')!);
    await responderConfirmacion('Seguir editando');
    // The backdrop and Escape dismiss the modal with a role: its canDismiss asks.
    const cerrado = modal.dismiss(undefined, 'backdrop');
    await responderConfirmacion('Seguir editando');
    expect(await cerrado).toBe(false);
    expect(screen.getByRole('form', { name: 'Motivo del rechazo' })).toBe(dialogo);
    expect(screen.getByTestId('rechazo-motivo')).toHaveProperty('value', 'No trabajamos en esa zona.');

    fireEvent.click(within(dialogo).getByText('Cancelar'));
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Motivo del rechazo' })).toBeNull());
    expect(hayCambiosSinGuardar()).toBe(false);
    expect(llamadas.de('POST', `${RUTA}/rechazar`)).toHaveLength(0);
  });

  it('responsables chosen and not accepted: the back arrow asks; the rejection dialog alone does not', async () => {
    abrir({});
    const select = await screen.findByTestId('solicitud-responsables');
    fireEvent(select, new CustomEvent('ionChange', { detail: { value: [22] } }));
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));

    // Opening «Rechazar» and cancelling it at once loses none of them: no question.
    fireEvent.click(screen.getByTestId('solicitud-rechazar'));
    const dialogo = await screen.findByRole('form', { name: 'Motivo del rechazo' });
    fireEvent.click(within(dialogo).getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Motivo del rechazo' })).toBeNull());
    expect(preguntaDescartar()).toBeNull();

    fireEvent.click(document.querySelector('ion-back-button')!);
    await responderConfirmacion('Seguir editando');
    expect(screen.getByTestId('solicitud-responsables')).toHaveProperty('value', [22]);
    fireEvent.click(document.querySelector('ion-back-button')!);
    await responderConfirmacion('Descartar');
    expect(await screen.findByTestId('donde')).toHaveTextContent('/solicitudes');
  });

  it('an accepted one links its order and offers no decision', async () => {
    abrir({ [`GET ${RUTA}`]: aceptada() });
    expect(await screen.findByTestId('solicitud-ver-orden')).toHaveProperty('routerLink', '/orden/361');
    expect(screen.queryByTestId('solicitud-rechazar')).toBeNull();
  });

  it('another company’s request, or one of a client the user may not delegate for (404): «no encontrada»', async () => {
    abrir({ [`GET ${RUTA}`]: () => errorDelServidor(404, 'No encontrado.') });
    expect(await screen.findByText('Solicitud no encontrada')).toBeInTheDocument();
  });
});
