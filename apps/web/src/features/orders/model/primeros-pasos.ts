import { tienePermiso, type PermisoGlobal, type PrimerosPasos, type SujetoPermisos } from '@delego/contract';

/** One step of «Primeros pasos» (issue 36): what to do, where, and whether it is done. */
export interface Paso {
  clave: 'cliente' | 'usuarios' | 'orden';
  titulo: string;
  texto: string;
  /** The screen that does it (app/routes.ts). */
  ruta: string;
  boton: string;
  hecho: boolean;
  /** Once done, where to see what was done. */
  rutaHecho?: string;
  botonHecho?: string;
}

interface DefPaso extends Omit<Paso, 'hecho' | 'texto'> {
  permiso: PermisoGlobal;
  hecho: (p: PrimerosPasos) => boolean;
  texto: (p: PrimerosPasos, puedeCrearClientes: boolean) => string;
}

const PASOS: readonly DefPaso[] = [
  {
    clave: 'cliente',
    permiso: 'altaClientes',
    titulo: 'Cargue un cliente',
    texto: () => 'Cada orden es para un cliente: empiece por el primero.',
    ruta: '/cliente',
    boton: 'Nuevo cliente',
    rutaHecho: '/clientes',
    botonHecho: 'Ver clientes',
    hecho: (p) => p.hayClientes,
  },
  {
    clave: 'usuarios',
    permiso: 'altaUsuarios',
    titulo: 'Invite a su equipo',
    texto: () => 'Sume a quienes van a recibir y resolver las órdenes.',
    ruta: '/usuario?invitar=1',
    boton: 'Nuevo usuario',
    rutaHecho: '/usuarios',
    botonHecho: 'Ver usuarios',
    hecho: (p) => p.hayOtrosUsuarios,
  },
  {
    clave: 'orden',
    permiso: 'crearOrden',
    titulo: 'Cree la primera orden',
    texto: (p, puedeCrearClientes) =>
      p.hayClientes
        ? 'Describa el trabajo, elija el cliente y quién lo hace; su avance se sigue desde aquí.'
        : puedeCrearClientes
          ? 'Antes necesita un cliente (el primer paso).'
          : 'Antes necesita un cliente: pídale a un administrador que cargue el primero.',
    ruta: '/nueva-orden',
    boton: 'Nueva orden',
    hecho: (p) => p.hayOrdenes,
  },
];

/** The steps this user may take, in order, each ticked when the company has done it. */
export function pasosDe(usuario: Pick<SujetoPermisos, 'permisosResumen'>, estado: PrimerosPasos): Paso[] {
  const puedeCrearClientes = tienePermiso(usuario, 'altaClientes');
  return PASOS.filter((d) => tienePermiso(usuario, d.permiso)).map(({ permiso: _, hecho, texto, ...paso }) => ({
    ...paso,
    texto: texto(estado, puedeCrearClientes),
    hecho: hecho(estado),
  }));
}
