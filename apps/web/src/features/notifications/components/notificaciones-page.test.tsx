import { readFileSync } from 'node:fs';
import type { Notificacion } from '@delego/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLAVE_DISPOSITIVO } from '../../../lib/push';
import { guardarSesion } from '../../../lib/session';
import { makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, json, simularServidor, type Llamadas } from '../../../test/servidor';
import { anunciarNotificacion } from '../model/avisos';
import { CampanaNotificaciones } from './campana-notificaciones';
import NotificacionesPage from './notificaciones-page';
import { NotificacionesGlobales } from './notificaciones-globales';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
const CLAVE_VAPID = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function Direccion() {
  const { pathname, search } = useLocation();
  return <output data-testid="direccion">{pathname + search}</output>;
}

function notificacion(parcial: Partial<Notificacion>): Notificacion {
  return {
    id: 1,
    tipo: 'ORDEN_ASIGNADA',
    titulo: 'Nueva orden asignada: #1',
    mensaje: 'Orden uno',
    ordenId: 11,
    fecha: Date.now(),
    leida: false,
    ...parcial,
  };
}

/** Puts one of the feature's stylesheets in the document (tests load no CSS); returns how to take it out. */
function conEstilos(archivo: string): () => void {
  const estilo = document.head.appendChild(document.createElement('style'));
  estilo.textContent = readFileSync(`${import.meta.dirname}/${archivo}`, 'utf8');
  return () => estilo.remove();
}

/** The calls of the current test (each test starts with a server that answers nothing). */
let llamadas: Llamadas;

/** Answers like the server: the list, marking read, VAPID off unless given (404), device registration. */
function servidor({ lista = [] as Notificacion[], vapid = null as string | null } = {}) {
  llamadas = simularServidor({
    'GET /api/v2/notificaciones/all': lista,
    'PUT /api/v2/notificaciones/leida/:id': { ok: true },
    ...(vapid ? { 'GET /api/v2/notificaciones/vapid': { publicKey: vapid } } : {}),
    'GET /api/v2/notificaciones/registrar/:activo/:token': { ok: true, registrado: true },
  });
}

function rutas(): string[] {
  return llamadas.map((l) => `${l.metodo} ${l.ruta}`);
}

function pantalla() {
  const usuario = { ...makeOperario(), id: 4 };
  guardarSesion({ usuario, md5: MD5 });
  return renderConApp(
    <>
      <NotificacionesPage />
      <Direccion />
    </>,
    { usuario, ruta: '/notificaciones' },
  );
}

beforeEach(() => {
  llamadas = simularServidor({});
});

describe('screen notificaciones', () => {
  it('with nobody logged in, sends to login, which comes back here', async () => {
    renderConApp(
      <>
        <NotificacionesPage />
        <Direccion />
      </>,
      { usuario: null, ruta: '/notificaciones' },
    );
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/login?volver=%2Fnotificaciones'));
    expect(llamadas).toHaveLength(0);
  });

  it('shows that it is loading, then the list newest first with the unread marked', async () => {
    const ahora = Date.now();
    let responder: (r: Response) => void = () => undefined;
    // The list answers when the test says so; anything else is a 404.
    simularServidor({
      'GET /api/v2/notificaciones/all': () =>
        new Promise<Response>((resolver) => {
          responder = resolver;
        }),
    });
    pantalla();
    expect(await screen.findByTestId('notificaciones-cargando')).toHaveTextContent('Cargando notificaciones…');

    act(() =>
      responder(
        json(200, [
          notificacion({
            id: 1,
            titulo: 'Vieja',
            fecha: Date.UTC(2025, 0, 3, 20, 30) /* 17:30 in Argentina */,
            leida: true,
          }),
          notificacion({ id: 2, titulo: 'Nueva', fecha: ahora - 5 * 60_000 }),
        ]),
      ),
    );
    const items = await screen.findAllByTestId('notificacion');
    expect(items.map((i) => i.querySelector('.notificacion__titulo')?.textContent)).toEqual([
      'No leída: Nueva',
      'Vieja',
    ]);
    const [nueva, vieja] = items as [HTMLElement, HTMLElement];
    expect(nueva).toHaveClass('notificacion--no-leida');
    expect(nueva.querySelector('.notificacion__punto')).not.toBeNull();
    expect(nueva).toHaveTextContent('hace 5 minutos');
    expect(vieja).not.toHaveClass('notificacion--no-leida');
    expect(vieja.querySelector('.notificacion__punto')).toBeNull();
    expect(vieja).toHaveTextContent('03/01/2025 17:30');
    expect(screen.getByTestId('notificaciones-resumen')).toHaveTextContent('1 sin leer');
  });

  it('offers the channels of each kind of event once: the grid, no separate switch of SLA mail (issue 35)', async () => {
    servidor({ lista: [] });
    pantalla();
    await screen.findByTestId('notificaciones-vacio');
    expect(within(screen.getByTestId('canales-aviso')).getByRole('heading')).toHaveTextContent('Canales de aviso');
    expect(screen.queryByTestId('avisos-sla')).toBeNull();
    // Folded: nothing is read until it is opened.
    expect(rutas().some((r) => r.includes('/api/v4/'))).toBe(false);
  });

  it("with none: 'No tiene notificaciones'", async () => {
    servidor({ lista: [] });
    pantalla();
    expect(await screen.findByTestId('notificaciones-vacio')).toHaveTextContent('No tiene notificaciones');
  });

  it('tapping one marks it read and opens its order', async () => {
    servidor({ lista: [notificacion({ id: 7, ordenId: 361, titulo: 'Asignada' })] });
    pantalla();
    const item = await screen.findByTestId('notificacion');
    fireEvent.click(item);
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/orden/361'));
    expect(rutas()).toContain('PUT /api/v2/notificaciones/leida/7');
    await waitFor(() => expect(screen.getByTestId('notificacion')).toHaveAttribute('data-leida', 'true'));
  });

  it('one already read opens its order without asking the server again', async () => {
    servidor({ lista: [notificacion({ id: 8, ordenId: 5, leida: true })] });
    pantalla();
    fireEvent.click(await screen.findByTestId('notificacion'));
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/orden/5'));
    expect(rutas().filter((r) => r.startsWith('PUT'))).toEqual([]);
  });

  it('a request from outside (issue 33), without an order, opens «Solicitudes»', async () => {
    servidor({
      lista: [notificacion({ id: 9, tipo: 'SOLICITUD_RECIBIDA', ordenId: null, titulo: 'Nueva solicitud' })],
    });
    pantalla();
    fireEvent.click(await screen.findByTestId('notificacion'));
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/solicitudes'));
    expect(rutas()).toContain('PUT /api/v2/notificaciones/leida/9');
  });

  it("a request's first line and its description stay on lines of their own (issue 33)", async () => {
    // The page's own stylesheet: the break shows only if it says so.
    const quitarEstilos = conEstilos('notificaciones-page.css');
    try {
      const mensaje = 'La puerta del aula 12 no cierra\nSe trabó la cerradura <b>ya</b>';
      servidor({ lista: [notificacion({ tipo: 'SOLICITUD_RECIBIDA', ordenId: null, mensaje })] });
      pantalla();
      const texto = (await screen.findByTestId('notificacion')).querySelector<HTMLElement>('.notificacion__mensaje');
      // The text as written, break included, as text: the tag a person typed is not markup.
      expect(texto?.textContent).toBe(mensaje);
      expect(texto?.querySelector('b, br')).toBeNull();
      expect(getComputedStyle(texto!).whiteSpace).toBe('pre-line');
    } finally {
      quitarEstilos();
    }
  });

  it('a failure to load offers to retry', async () => {
    simularServidor({ 'GET /api/v2/notificaciones/all': () => errorDelServidor(500, 'Falló') });
    pantalla();
    const error = await screen.findByTestId('notificaciones-error', {}, { timeout: 4000 });
    expect(error).toHaveTextContent('No se pudieron cargar las notificaciones.');
    servidor({ lista: [notificacion({})] });
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('notificacion')).toBeInTheDocument();
  });
});

describe("'Activar notificaciones' (Web Push)", () => {
  function navegadorConPush(permiso: NotificationPermission, respuesta: NotificationPermission = 'granted') {
    const suscripcion = {
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'P256', auth: 'AUTH' } }),
      unsubscribe: vi.fn(() => Promise.resolve(true)),
    };
    const registro = {
      pushManager: {
        getSubscription: vi.fn(() => Promise.resolve(null)),
        subscribe: vi.fn(() => Promise.resolve(suscripcion)),
      },
    };
    const serviceWorker = Object.assign(new EventTarget(), {
      register: vi.fn(() => Promise.resolve(registro)),
      ready: Promise.resolve(registro),
      getRegistration: vi.fn(() => Promise.resolve(registro)),
    });
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PushManager', function PushManager() {});
    const requestPermission = vi.fn(() => Promise.resolve(respuesta));
    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: permiso, requestPermission }),
    );
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
    return { registro, requestPermission };
  }

  afterEach(() => {
    // @ts-expect-error: jsdom has no service workers; the test added one.
    delete navigator.serviceWorker;
  });

  it('asks the browser only when tapped, subscribes with the VAPID key and registers the device', async () => {
    const { registro, requestPermission } = navegadorConPush('default');
    servidor({ lista: [], vapid: CLAVE_VAPID });
    pantalla();
    const boton = await screen.findByTestId('activar-push-boton');
    expect(requestPermission).not.toHaveBeenCalled();

    fireEvent.click(boton);
    expect(await screen.findByTestId('push-activo')).toHaveTextContent('Notificaciones activadas en este dispositivo.');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(registro.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }),
    );
    const token = btoa(JSON.stringify({ endpoint: 'https://push.example/abc', keys: { p256dh: 'P256', auth: 'AUTH' } }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(rutas()).toContain(`GET /api/v2/notificaciones/registrar/true/${token}`);
    expect(JSON.parse(localStorage.getItem(CLAVE_DISPOSITIVO) ?? 'null')).toEqual({ usuarioId: 4, token });
  });

  it('tells how to unblock when the person refused notifications', async () => {
    navegadorConPush('denied');
    servidor({ lista: [], vapid: CLAVE_VAPID });
    pantalla();
    expect(await screen.findByTestId('push-bloqueado')).toHaveTextContent('bloqueadas en este navegador');
    expect(screen.queryByTestId('activar-push-boton')).toBeNull();
  });

  it('offers nothing when the server has push turned off', async () => {
    navegadorConPush('default');
    servidor({ lista: [], vapid: null });
    pantalla();
    await screen.findByTestId('notificaciones-vacio');
    await waitFor(() => expect(rutas()).toContain('GET /api/v2/notificaciones/vapid'));
    expect(screen.queryByTestId('activar-push')).toBeNull();
  });

  it('offers nothing on a browser without Web Push', async () => {
    servidor({ lista: [] });
    pantalla();
    await screen.findByTestId('notificaciones-vacio');
    expect(screen.queryByTestId('activar-push')).toBeNull();
    expect(rutas()).not.toContain('GET /api/v2/notificaciones/vapid');
  });
});

describe('the bell and the toast', () => {
  it('the bell shows the unread count and opens notificaciones', async () => {
    servidor({ lista: [notificacion({ id: 1 }), notificacion({ id: 2 }), notificacion({ id: 3, leida: true })] });
    const usuario = makeOperario();
    renderConApp(
      <>
        <CampanaNotificaciones />
        <Direccion />
      </>,
      { usuario, ruta: '/home' },
    );
    expect(await screen.findByTestId('notificaciones-no-leidas')).toHaveTextContent('2');
    const campana = screen.getByTestId('campana-notificaciones');
    expect(campana).toHaveAttribute('title', 'Notificaciones: 2 sin leer');
    fireEvent.click(campana);
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/notificaciones'));
  });

  it('no badge when everything is read, and no bell for nobody', async () => {
    servidor({ lista: [notificacion({ leida: true })] });
    const { unmount } = renderConApp(<CampanaNotificaciones />, { usuario: makeOperario(), ruta: '/home' });
    expect(await screen.findByTestId('campana-notificaciones')).toHaveAttribute('title', 'Notificaciones');
    await waitFor(() => expect(rutas()).toContain('GET /api/v2/notificaciones/all'));
    expect(screen.queryByTestId('notificaciones-no-leidas')).toBeNull();
    unmount();
    renderConApp(<CampanaNotificaciones />, { usuario: null, ruta: '/home' });
    expect(screen.queryByTestId('campana-notificaciones')).toBeNull();
  });

  it("a live request's toast shows its first line and its description on lines of their own, as text", async () => {
    const quitarEstilos = conEstilos('notificaciones-globales.css');
    try {
      servidor({ lista: [] });
      renderConApp(<NotificacionesGlobales />, { usuario: { ...makeOperario(), id: 4 }, ruta: '/home' });
      const mensaje = 'La puerta del aula 12 no cierra\nSe trabó la cerradura <b>ya</b>';
      act(() => anunciarNotificacion(notificacion({ id: 13, tipo: 'SOLICITUD_RECIBIDA', ordenId: null, mensaje })));
      const toast = await waitFor(() => {
        const el = document.querySelector<HTMLIonToastElement>('ion-toast.aviso-notificacion');
        if (!el) throw new Error('sin toast');
        return el;
      });
      expect(toast.message).toBe(mensaje);
      // Ionic's message keeps its line breaks with this variable (it shows a string as text: ionic-config.ts).
      expect(getComputedStyle(toast).getPropertyValue('--white-space').trim()).toBe('pre-line');
    } finally {
      quitarEstilos();
    }
  });

  it("a live notification shows a toast with its title; 'Ver' marks it read and opens the order", async () => {
    servidor({ lista: [] });
    renderConApp(
      <>
        <NotificacionesGlobales />
        <Direccion />
      </>,
      { usuario: { ...makeOperario(), id: 4 }, ruta: '/home' },
    );
    act(() =>
      anunciarNotificacion(
        notificacion({ id: 12, ordenId: 361, titulo: 'Nueva orden asignada: #321', mensaje: 'Revisar tablero' }),
      ),
    );
    const toast = await waitFor(() => {
      const el = document.querySelector<HTMLIonToastElement>('ion-toast.aviso-notificacion');
      if (!el) throw new Error('sin toast');
      return el;
    });
    expect(toast).toMatchObject({ header: 'Nueva orden asignada: #321', message: 'Revisar tablero', isOpen: true });
    const [ver] = toast.buttons as { text: string; handler: () => void }[];
    expect(ver?.text).toBe('Ver');
    act(() => ver?.handler());
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent('/orden/361'));
    expect(rutas()).toContain('PUT /api/v2/notificaciones/leida/12');
    await waitFor(() => expect(document.querySelector('ion-toast.aviso-notificacion')).toBeNull());
  });
});
