import {
  CANALES_AVISO,
  EVENTOS_USUARIO,
  MENSAJE_WHATSAPP_SIN_NUMERO,
  zGuardarCanalesUsuario,
  type Canales,
  type CanalesUsuario,
  type EventoUsuario,
  type GuardarCanalesUsuario,
} from '@delego/contract';
import type { ErroresCampos, Validacion } from '../../../lib/formularios';

/** A user's channels as their form holds them (issue 35). */
export interface ValoresCanales {
  numero: string;
  acepta: boolean;
  eventos: Record<EventoUsuario, Canales>;
}

export type CampoCanales = keyof ValoresCanales;
export const CAMPOS_CANALES: readonly CampoCanales[] = ['numero', 'acepta', 'eventos'];

/** The message of a number given to accept messages on it, when it is missing. */
export const MENSAJE_ACEPTA_SIN_NUMERO = 'Ingrese el número en el que acepta recibir avisos.';

/** The saved channels: the number as stored (E.164), the consent given when it has a date. */
export function valoresDeCanales(c: CanalesUsuario): ValoresCanales {
  return { numero: c.numero ?? '', acepta: c.optIn !== null, eventos: c.eventos };
}

/** Whether WhatsApp is chosen for any kind of event. */
export function eligeWhatsapp(eventos: Record<EventoUsuario, Canales>): boolean {
  return EVENTOS_USUARIO.some((e) => eventos[e].whatsapp);
}

/** Whether the values let a WhatsApp message go: a number typed and the consent ticked. */
export function whatsappHabilitado(v: Pick<ValoresCanales, 'numero' | 'acepta'>): boolean {
  return v.numero.trim() !== '' && v.acepta;
}

/**
 * Checks with the contract's schema (the number normalised to E.164), then what the server also
 * refuses: WhatsApp chosen without a number and consent, consent without a number.
 */
export function validarCanales(v: ValoresCanales): Validacion<CampoCanales, GuardarCanalesUsuario> {
  const r = zGuardarCanalesUsuario.safeParse({ numero: v.numero, acepta: v.acepta, eventos: v.eventos });
  const errores: ErroresCampos<CampoCanales> = {};
  if (!r.success) {
    for (const i of r.error.issues) {
      const campo = CAMPOS_CANALES.find((c) => c === i.path[0]) ?? 'eventos';
      errores[campo] ??= i.message;
    }
    return { ok: false, errores };
  }
  const { numero, acepta, eventos } = r.data;
  if (eligeWhatsapp(eventos) && (!numero || !acepta)) {
    errores[numero ? 'acepta' : 'numero'] = MENSAJE_WHATSAPP_SIN_NUMERO;
  } else if (acepta && !numero) {
    errores.numero = MENSAJE_ACEPTA_SIN_NUMERO;
  }
  if (Object.keys(errores).length) return { ok: false, errores };
  return { ok: true, datos: { numero, acepta, eventos } };
}

/**
 * The server's name of a field of this form: a box of the grid (`eventos.ORDEN_ASIGNADA.whatsapp`)
 * is the grid's message.
 */
export const ALIAS_CAMPOS_CANALES: Readonly<Record<string, CampoCanales>> = Object.fromEntries(
  EVENTOS_USUARIO.flatMap((e) => [
    [`eventos.${e}`, 'eventos' as const],
    ...CANALES_AVISO.map((c) => [`eventos.${e}.${c}`, 'eventos' as const]),
  ]),
);
