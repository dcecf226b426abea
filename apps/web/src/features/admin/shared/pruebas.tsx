/**
 * Helpers for the component tests of the administration screens: a fake server behind `fetch`
 * and the Ionic events a person triggers. Only test files import this.
 */
import type { UsuarioAdmin, UsuarioLogueado } from '@delego/contract';
import { fireEvent, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { guardarSesion } from '../../../lib/session';
import { renderConApp } from '../../../test/render';

export const MD5_DEMO = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

export interface Llamada {
  metodo: string;
  ruta: string;
  cuerpo: unknown;
  autorizacion: string | null;
}

type Respuesta = Response | Promise<Response>;
type Manejador = (llamada: Llamada) => Respuesta;

export function json(status: number, cuerpo: unknown): Response {
  return new Response(JSON.stringify(cuerpo), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorJson(status: number, message: string, extra: { code?: string; field?: string } = {}): Response {
  return json(status, { message, code: extra.code ?? 'X', requestId: 'r-1', ...(extra.field ? { field: extra.field } : {}) });
}

/**
 * A fake server: `rutas` maps 'METHOD /path' to an answer; anything else is a 404. Returns the
 * calls made, in order.
 */
export function servidorFalso(rutas: Record<string, Manejador>) {
  const llamadas: Llamada[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    const u = new URL(String(url), 'http://localhost');
    const texto = typeof init?.body === 'string' ? init.body : undefined;
    const llamada: Llamada = {
      metodo: init?.method ?? 'GET',
      ruta: u.pathname,
      cuerpo: texto ? (JSON.parse(texto) as unknown) : undefined,
      autorizacion: new Headers(init?.headers).get('Authorization'),
    };
    llamadas.push(llamada);
    const manejador = rutas[`${llamada.metodo} ${llamada.ruta}`];
    return manejador ? manejador(llamada) : errorJson(404, `Sin respuesta para ${llamada.metodo} ${llamada.ruta}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { llamadas, fetchMock, de: (metodo: string, ruta: string) => llamadas.filter((l) => l.metodo === metodo && l.ruta === ruta) };
}

/** Renders a screen as the app does: real query client (errors to the alert), stored session. */
export function renderPantalla(ui: ReactElement, { usuario, ruta }: { usuario: UsuarioLogueado; ruta: string }) {
  guardarSesion({ usuario, md5: MD5_DEMO });
  return renderConApp(
    <>
      {ui}
      <ErrorFeedback />
    </>,
    { usuario, ruta, queryClient: crearQueryClient() },
  );
}

/** Types into an Ionic input (fires its ionInput event). */
export function escribir(elemento: HTMLElement, valor: string): void {
  fireEvent(elemento, new CustomEvent('ionInput', { detail: { value: valor } }));
}

/** Switches an Ionic toggle or checkbox the way a tap does. */
export function alternar(elemento: HTMLElement, checked: boolean): void {
  (elemento as HTMLElement & { checked: boolean }).checked = checked;
  fireEvent(elemento, new CustomEvent('ionChange', { detail: { checked, value: 'on' } }));
}

/** Enter in the native input of an Ionic input (submits the form). */
export async function pulsarEnter(ionInput: HTMLElement): Promise<void> {
  const nativo = await waitFor(() => {
    const el = ionInput.querySelector('input');
    if (!el) throw new Error('el campo todavía no está listo');
    return el;
  });
  fireEvent.keyDown(nativo, { key: 'Enter' });
}

/** The 'Atención' alert, once it shows. */
export function alertaAtencion(): Promise<HTMLIonAlertElement> {
  return waitFor(() => {
    const el = [...document.querySelectorAll('ion-alert')].find((a) => a.header === 'Atención');
    if (!el) throw new Error('sin alerta');
    return el;
  });
}

/** Chooses a button of the confirmation alert currently open (e.g. 'Eliminar'). */
export async function responderConfirmacion(boton: string): Promise<void> {
  const alerta = await waitFor(() => {
    // Ionic hides an overlay until it has finished presenting it; its buttons work after that.
    const el = [...document.querySelectorAll('ion-alert')].find(
      (a) => a.header !== 'Atención' && !a.classList.contains('overlay-hidden'),
    );
    if (!el) throw new Error('sin confirmación');
    return el;
  });
  const elegido = await waitFor(() => {
    const b = [...alerta.querySelectorAll('button')].find((x) => x.textContent?.trim() === boton);
    if (!b) throw new Error(`sin botón ${boton}`);
    return b;
  });
  fireEvent.click(elegido);
  await waitFor(() => expect(alerta.isConnected).toBe(false), { timeout: 4000 });
}

let siguiente = 100;

export function makeUsuarioAdmin(parcial: Partial<UsuarioAdmin> = {}): UsuarioAdmin {
  const id = parcial.id ?? siguiente++;
  return {
    id,
    usuario: `usuario${id}`,
    nombre: 'Diego',
    apellido: 'Sosa',
    email: null,
    activo: true,
    supervisorId: null,
    roles: [{ id: 4, nombre: 'OPERARIO', descripcion: 'Trabaja las órdenes que le asignan' }],
    permisos: [],
    ...parcial,
  };
}

export const CATALOGO_PERMISOS = [
  { id: 1, nombre: 'altaUsuarios', descripcion: 'Administrar usuarios y sus permisos', tipo: 'GLOBAL' },
  { id: 2, nombre: 'altaClientes', descripcion: 'Administrar clientes', tipo: 'GLOBAL' },
  { id: 3, nombre: 'altaEtiquetas', descripcion: 'Administrar áreas y tipos de orden', tipo: 'GLOBAL' },
  { id: 4, nombre: 'verEstadisticas', descripcion: 'Ver estadísticas y tableros', tipo: 'GLOBAL' },
  { id: 5, nombre: 'crearOrden', descripcion: 'Crear órdenes y ver el plan', tipo: 'GLOBAL' },
  { id: 6, nombre: 'finalizarOrden', descripcion: 'Finalizar y reabrir órdenes', tipo: 'GLOBAL' },
  { id: 7, nombre: 'modificarOrden', descripcion: 'Modificar cualquier orden', tipo: 'GLOBAL' },
  { id: 8, nombre: 'delegarOrden', descripcion: 'Crear y delegar órdenes para el cliente', tipo: 'CLIENTE' },
  { id: 9, nombre: 'modificarOrden', descripcion: 'Modificar órdenes del cliente', tipo: 'CLIENTE' },
  { id: 10, nombre: 'borrarOrden', descripcion: 'Eliminar órdenes del cliente', tipo: 'CLIENTE' },
] as const;

export function makeCliente(id: number, nombre: string, activo = true) {
  return { id, nombre, cuit: null, contacto: null, email: null, telefono: null, direccion: null, notas: null, activo };
}
