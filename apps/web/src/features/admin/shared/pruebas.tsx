/**
 * Helpers for the component tests of the administration screens: rendering a screen with a
 * session, and test data. The server is `test/servidor`, the Ionic events `test/ionic`. Only test
 * files import this.
 */
import type { UsuarioAdmin, UsuarioLogueado } from '@delego/contract';
import type { ReactElement } from 'react';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { guardarSesion } from '../../../lib/session';
import { renderConApp } from '../../../test/render';
import { fabricaConId } from '../../../test/fabrica';

export const MD5_DEMO = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

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

export const makeUsuarioAdmin = fabricaConId<UsuarioAdmin>(100, (id) => ({
  usuario: `usuario${id}`,
  nombre: 'Diego',
  apellido: 'Sosa',
  email: null,
  activo: true,
  supervisorId: null,
  roles: [{ id: 4, nombre: 'OPERARIO', descripcion: 'Trabaja las órdenes que le asignan' }],
  permisos: [],
}));

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
