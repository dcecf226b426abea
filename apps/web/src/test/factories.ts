import { PERMISOS_GLOBALES, type PermisoGlobal, type PlanEstado, type UsuarioLogueado } from '@delego/contract';

/** Test data factories (STYLE: small factories, no shared mutable fixtures). */

/** Every global permission, in the contract's order (a mutable copy for the factories). */
export const TODOS_LOS_PERMISOS: PermisoGlobal[] = [...PERMISOS_GLOBALES];

export function makePlan(parcial: Partial<PlanEstado> = {}): PlanEstado {
  return {
    nombre: 'Pyme',
    quota: 100,
    quotaDisponible: 100,
    fechaProximoVencimiento: Date.UTC(2025, 6, 15, 12),
    ...parcial,
  };
}

let siguienteId = 1;

export function makeUsuario(
  opciones: Partial<Omit<UsuarioLogueado, 'roles' | 'permisosResumen'>> & {
    roles?: string[];
    /** Global permissions, which become `permisosResumen`. */
    globales?: PermisoGlobal[];
  } = {},
): UsuarioLogueado {
  const { roles = ['OPERARIO'], globales = [], ...resto } = opciones;
  const id = siguienteId++;
  return {
    usuario: `usuario${id}`,
    id,
    nombre: 'Ana',
    apellido: 'Pérez',
    email: null,
    entidadId: 1,
    entidadNombre: 'Demo Servicios S.A.',
    logo: null,
    plan: makePlan(),
    permisos: { clientes: [] },
    ...resto,
    roles: roles.map((nombre, i) => ({ id: i + 1, nombre, descripcion: nombre })),
    permisosResumen: globales.map((nombre) => ({ nombre })),
  };
}

export const makePropietario = () => makeUsuario({ roles: ['PROPIETARIO'], globales: TODOS_LOS_PERMISOS });
export const makeAdmin = () => makeUsuario({ roles: ['ADMIN'], globales: TODOS_LOS_PERMISOS });
export const makeSupervisor = () =>
  makeUsuario({
    roles: ['SUPERVISOR'],
    globales: ['crearOrden', 'modificarOrden', 'finalizarOrden', 'verEstadisticas'],
  });
export const makeOperario = () => makeUsuario({ roles: ['OPERARIO'], globales: ['modificarOrden'] });
