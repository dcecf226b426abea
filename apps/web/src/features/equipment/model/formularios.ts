import {
  zEquipoGuardar,
  zUbicacionGuardar,
  type Equipo,
  type EquipoGuardar,
  type UbicacionCliente,
  type UbicacionGuardar,
} from '@delego/contract';
import { erroresDeProblemas, type ErroresCampos, type Problema, type Validacion } from '../../../lib/formularios';

/** The equipo form as typed: texts, and the client and site chosen (null: none yet). */
export interface ValoresEquipo {
  nombre: string;
  codigo: string;
  cliente: number | null;
  ubicacion: number | null;
  ubicacionInterna: string;
  marca: string;
  modelo: string;
  serie: string;
  notas: string;
}

/** Each field is named as the contract's body names it, so the server's `field` lands on it. */
export const CAMPOS_EQUIPO = [
  'nombre',
  'codigo',
  'cliente',
  'ubicacion',
  'ubicacionInterna',
  'marca',
  'modelo',
  'serie',
  'notas',
] as const satisfies readonly (keyof ValoresEquipo)[];
export type CampoEquipo = (typeof CAMPOS_EQUIPO)[number];

/** A new equipo starts with the client and site of the list it was created from. */
export function valoresEquipo(
  e: Equipo | null,
  previos: { cliente: number | null; ubicacion: number | null } = { cliente: null, ubicacion: null },
): ValoresEquipo {
  return {
    nombre: e?.nombre ?? '',
    codigo: e?.codigo ?? '',
    cliente: e?.cliente.id ?? previos.cliente,
    ubicacion: e ? (e.ubicacion?.id ?? null) : previos.ubicacion,
    ubicacionInterna: e?.ubicacionInterna ?? '',
    marca: e?.marca ?? '',
    modelo: e?.modelo ?? '',
    serie: e?.serie ?? '',
    notas: e?.notas ?? '',
  };
}

/** A form of a client's record (an equipo, a site): a client and a name, then its other fields. */
interface ConClienteYNombre {
  cliente: number | null;
  nombre: string;
}

/**
 * Checks the values with the server's own schema; a missing client or name says so in Spanish
 * (`que`: 'del equipo', 'de la ubicación').
 */
function validarConCliente<V extends ConClienteYNombre, C extends string, D>(
  esquema: { safeParse: (d: unknown) => { success: true } | { success: false; error: { issues: Problema[] } } },
  v: V,
  que: string,
): Validacion<C, D> {
  const datos = { ...v, cliente: v.cliente ?? 0 };
  const r = esquema.safeParse(datos);
  if (r.success && v.cliente !== null) return { ok: true, datos: datos as unknown as D };
  const errores: Record<string, string> = r.success ? {} : erroresDeProblemas(r.error.issues);
  if (v.cliente === null) errores.cliente = `Elija el cliente ${que}.`;
  if (!v.nombre.trim()) errores.nombre = `Ingrese el nombre ${que}.`;
  return { ok: false, errores: errores as ErroresCampos<C> };
}

export function validarEquipo(v: ValoresEquipo): Validacion<CampoEquipo, EquipoGuardar> {
  return validarConCliente(zEquipoGuardar, v, 'del equipo');
}

export interface ValoresUbicacion {
  cliente: number | null;
  nombre: string;
  codigo: string;
  direccion: string;
  notas: string;
}

export const CAMPOS_UBICACION = [
  'cliente',
  'nombre',
  'codigo',
  'direccion',
  'notas',
] as const satisfies readonly (keyof ValoresUbicacion)[];
export type CampoUbicacion = (typeof CAMPOS_UBICACION)[number];

export function valoresUbicacion(u: UbicacionCliente | null, cliente: number | null): ValoresUbicacion {
  return {
    cliente: u?.cliente.id ?? cliente,
    nombre: u?.nombre ?? '',
    codigo: u?.codigo ?? '',
    direccion: u?.direccion ?? '',
    notas: u?.notas ?? '',
  };
}

export function validarUbicacion(v: ValoresUbicacion): Validacion<CampoUbicacion, UbicacionGuardar> {
  return validarConCliente(zUbicacionGuardar, v, 'de la ubicación');
}
