import { zClienteGuardar, type Cliente, type ClienteGuardar } from '@delego/contract';
import { erroresDeProblemas, type ErroresCampos } from '../../../lib/formularios';

export interface ValoresCliente {
  nombre: string;
  cuit: string;
  contacto: string;
  email: string;
  telefono: string;
  direccion: string;
  notas: string;
  activo: boolean;
}

export const CAMPOS_CLIENTE = [
  'nombre',
  'cuit',
  'contacto',
  'email',
  'telefono',
  'direccion',
  'notas',
  'activo',
] as const;
export type CampoCliente = (typeof CAMPOS_CLIENTE)[number];

export function valoresCliente(c?: Cliente): ValoresCliente {
  return {
    nombre: c?.nombre ?? '',
    cuit: c?.cuit ?? '',
    contacto: c?.contacto ?? '',
    email: c?.email ?? '',
    telefono: c?.telefono ?? '',
    direccion: c?.direccion ?? '',
    notas: c?.notas ?? '',
    activo: c?.activo ?? true,
  };
}

/** Checks the client form with the server's own schema (`zClienteGuardar`) and builds {cliente}. */
export function validarCliente(
  v: ValoresCliente,
  id: number | null,
): { ok: true; datos: ClienteGuardar } | { ok: false; errores: ErroresCampos<CampoCliente> } {
  const datos: ClienteGuardar = { ...(id !== null ? { id } : {}), ...v };
  const resultado = zClienteGuardar.safeParse(datos);
  if (resultado.success) return { ok: true, datos };
  const errores: ErroresCampos<CampoCliente> = erroresDeProblemas(resultado.error.issues);
  if (!v.nombre.trim()) errores.nombre = 'Ingrese el nombre del cliente.';
  return { ok: false, errores };
}
