import { zGuardarEnvioInformeSla, type EnvioInformeSla, type GuardarEnvioInformeSla } from '@delego/contract';
import type { ErroresCampos, Validacion } from '../../../lib/formularios';

/** The monthly send of a client as its form holds it (issue 34). */
export interface ValoresEnvio {
  activo: boolean;
  email: string;
}

/** The stored send; without an email yet, the client's own is offered. */
export function valoresDeEnvio(e: EnvioInformeSla): ValoresEnvio {
  return { activo: e.activo, email: e.email ?? e.emailCliente ?? '' };
}

/** Checks with the contract's schema: turned on needs a valid email. */
export function validarEnvio(v: ValoresEnvio): Validacion<keyof ValoresEnvio, GuardarEnvioInformeSla> {
  const r = zGuardarEnvioInformeSla.safeParse({ activo: v.activo, email: v.email.trim() || null });
  if (r.success) return { ok: true, datos: { activo: r.data.activo, email: r.data.email || null } };
  const errores: ErroresCampos<keyof ValoresEnvio> = {};
  for (const i of r.error.issues) {
    const campo = i.path[0] === 'activo' ? 'activo' : 'email';
    errores[campo] ??= i.message;
  }
  return { ok: false, errores };
}
