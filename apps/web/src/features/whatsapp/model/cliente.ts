import {
  NOMBRES_ORIGEN_OPT_IN,
  normalizarWhatsapp,
  PALABRA_BAJA_WHATSAPP,
  textoFecha,
  zGuardarWhatsappCliente,
  type GuardarWhatsappCliente,
  type OrigenOptIn,
  type WhatsappCliente,
} from '@delego/contract';
import type { ErroresCampos, Validacion } from '../../../lib/formularios';

/** A client's WhatsApp as its form holds it (issue 35). */
export interface ValoresWhatsappCliente {
  numero: string;
  optIn: boolean;
  origen: OrigenOptIn | null;
}

export type CampoWhatsappCliente = keyof ValoresWhatsappCliente;
export const CAMPOS_WHATSAPP_CLIENTE: readonly CampoWhatsappCliente[] = ['numero', 'optIn', 'origen'];

/** Whether the client's consent is in force: given, and not withdrawn after it. */
export function consentimientoVigente(w: Pick<WhatsappCliente, 'optIn' | 'optOut'>): boolean {
  return w.optIn !== null && (w.optOut === null || w.optIn.fecha > w.optOut.fecha);
}

export function valoresDeWhatsappCliente(w: WhatsappCliente): ValoresWhatsappCliente {
  const vigente = consentimientoVigente(w);
  return { numero: w.numero ?? '', optIn: vigente, origen: vigente ? (w.optIn?.origen ?? null) : null };
}

/** Checks with the contract's schema: a consent needs the number and how it was given. */
export function validarWhatsappCliente(
  v: ValoresWhatsappCliente,
): Validacion<CampoWhatsappCliente, GuardarWhatsappCliente> {
  const r = zGuardarWhatsappCliente.safeParse({ numero: v.numero, optIn: v.optIn, origen: v.optIn ? v.origen : null });
  if (r.success)
    return { ok: true, datos: { numero: r.data.numero, optIn: r.data.optIn, origen: r.data.origen ?? null } };
  const errores: ErroresCampos<CampoWhatsappCliente> = {};
  for (const i of r.error.issues) {
    const campo = CAMPOS_WHATSAPP_CLIENTE.find((c) => c === i.path[0]) ?? 'numero';
    errores[campo] ??= i.message;
  }
  return { ok: false, errores };
}

/** Whether the values say what is saved already (then nothing is sent: a consent is not recorded twice). */
export function sinCambios(v: ValoresWhatsappCliente, w: WhatsappCliente): boolean {
  const inicial = valoresDeWhatsappCliente(w);
  const numero = (s: string) => (s.trim() === '' ? null : (normalizarWhatsapp(s) ?? s.trim()));
  return numero(v.numero) === numero(inicial.numero) && v.optIn === inicial.optIn && v.origen === inicial.origen;
}

/** «De palabra»: how a consent was given, without the examples in parentheses. */
export function origenCorto(origen: OrigenOptIn): string {
  return NOMBRES_ORIGEN_OPT_IN[origen].replace(/\s*\(.*\)$/, '');
}

/** «Aceptó el 12/11/2026 (De palabra), registrado por Ana Pérez». */
export function textoOptIn(optIn: NonNullable<WhatsappCliente['optIn']>, zona: string): string {
  const por = optIn.registradoPor ? `, registrado por ${optIn.registradoPor}` : '';
  return `Aceptó el ${textoFecha(optIn.fecha, zona)} (${origenCorto(optIn.origen)})${por}`;
}

/** «Dio de baja respondiendo BAJA el 13/11/2026» or «Baja registrada por la empresa el 13/11/2026». */
export function textoOptOut(optOut: NonNullable<WhatsappCliente['optOut']>, zona: string): string {
  const fecha = textoFecha(optOut.fecha, zona);
  return optOut.origen === 'baja'
    ? `Dio de baja respondiendo ${PALABRA_BAJA_WHATSAPP} el ${fecha}`
    : `Baja registrada por la empresa el ${fecha}`;
}
