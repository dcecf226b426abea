import { incluyeDelPlan, PERMISOS_CLIENTE, PERMISOS_GLOBALES } from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import { permisos, planes, roles } from '../db/schema.js';

const DESCRIPCION_PERMISOS: Record<string, string> = {
  altaUsuarios: 'Administrar usuarios y sus permisos',
  altaClientes: 'Administrar clientes',
  altaEtiquetas: 'Administrar áreas y tipos de orden',
  verEstadisticas: 'Ver estadísticas y tableros',
  crearOrden: 'Crear órdenes y ver el plan',
  finalizarOrden: 'Finalizar y reabrir órdenes',
  modificarOrden: 'Modificar cualquier orden',
  delegarOrden: 'Crear y delegar órdenes para el cliente',
  borrarOrden: 'Eliminar órdenes del cliente',
};

const ROLES = [
  { nombre: 'PROPIETARIO', descripcion: 'Dueño de la cuenta: todos los permisos y el plan' },
  { nombre: 'ADMIN', descripcion: 'Administrador de la entidad' },
  { nombre: 'SUPERVISOR', descripcion: 'Delega y sigue el trabajo de su equipo' },
  { nombre: 'OPERARIO', descripcion: 'Trabaja las órdenes que le asignan' },
];

/** The free plan a company that signs itself up starts on (modules/accounts). */
export const PLAN_GRATUITO = 'Inicial';

/**
 * The catalogue (ARS a month). `incluye` is what every plan has (issue 36: only the quota differs);
 * the catalogue call answers `incluyeDelPlan()` whatever an older database kept (migration 0009).
 */
export const PLANES = [
  {
    nombre: 'Inicial',
    quota: 20,
    precioMensual: '0',
    incluye: incluyeDelPlan(),
  },
  {
    nombre: 'Pyme',
    quota: 100,
    precioMensual: '24900',
    incluye: incluyeDelPlan(),
  },
  {
    nombre: 'Empresa',
    quota: 1000,
    precioMensual: '89900',
    incluye: incluyeDelPlan(),
  },
  {
    nombre: 'Ilimitado',
    quota: null,
    precioMensual: '179900',
    incluye: incluyeDelPlan(),
  },
];

/** The system-wide catalogues (roles, permissions, plans); idempotent. */
export async function seedCatalogo(db: DbOrTx): Promise<void> {
  await db.insert(roles).values(ROLES).onConflictDoNothing();
  const existing = await db.select({ nombre: permisos.nombre, tipo: permisos.tipo }).from(permisos);
  const has = (n: string, t: string) => existing.some((e) => e.nombre === n && e.tipo === t);
  const rows = [
    ...PERMISOS_GLOBALES.map((nombre) => ({ nombre, tipo: 'GLOBAL' as const })),
    ...PERMISOS_CLIENTE.map((nombre) => ({ nombre, tipo: 'CLIENTE' as const })),
  ]
    .filter((p) => !has(p.nombre, p.tipo))
    .map((p) => ({ ...p, descripcion: DESCRIPCION_PERMISOS[p.nombre] ?? p.nombre }));
  if (rows.length) await db.insert(permisos).values(rows);
  await db.insert(planes).values(PLANES).onConflictDoNothing();
}
