import {
  LIMITES_REGISTRO,
  MONEDA_DEFECTO,
  centavosDe,
  horasTexto,
  mediodiaDelDia,
  zGastoEntrada,
  zHorasEntrada,
  type RegistroCambios,
} from '@delego/contract';
import { errorDeFecha } from '../../../lib/fechas';
import { esDiaValido } from './dias';

/**
 * The hours and expenses forms: what a person types, checked with the contract's own schemas
 * (the server's rules, word for word) before anything is sent, and the totals as they read.
 */

export type HorasEntrada = NonNullable<RegistroCambios['horas']>[number];
export type GastoEntrada = NonNullable<RegistroCambios['gastos']>[number];

export interface FormularioHoras {
  id?: number;
  /** 'YYYY-MM-DD'. */
  fecha: string;
  horas: string;
  minutos: string;
  /** Whose hours; null: the person logging them. */
  usuarioId: number | null;
  descripcion: string;
}

export interface FormularioGasto {
  id?: number;
  fecha: string;
  concepto: string;
  /** As typed: '1500', '1500,50', '1.500,50'. */
  monto: string;
  moneda: string;
  comprobanteArchivoId: number | null;
}

export type CampoHoras = 'fecha' | 'horas' | 'minutos' | 'usuarioId' | 'descripcion';
export type CampoGasto = 'fecha' | 'concepto' | 'monto' | 'moneda' | 'comprobanteArchivoId';

export type Resultado<E, C extends string> =
  { ok: true; entrada: E } | { ok: false; errores: Partial<Record<C, string>> };

/** Currencies offered first; any ISO code the server accepts can be kept. */
export const MONEDAS = ['ARS', 'USD', 'EUR', 'BRL', 'UYU', 'CLP'] as const;

export const MENSAJE_FECHA = 'Indique una fecha válida.';

/**
 * '1500', '1500,5', '1.500,50' and '1500.50' as '1500.50'-style text (dot for decimals, no
 * thousands separator); null when it is not an amount. A comma is the decimal mark (es-AR); dots
 * are thousands separators, except a single dot not followed by exactly three digits ('12.5').
 */
export function normalizarMonto(texto: string): string | null {
  let t = texto.replace(/[\s$]/g, '');
  if (!t) return null;
  if (t.includes(',')) {
    const [entero = '', decimales = '', ...resto] = t.split(',');
    if (resto.length > 0) return null;
    // Dots before the comma can only be thousands separators: '1.500,50'.
    if (entero.includes('.') && !/^\d{1,3}(\.\d{3})+$/.test(entero)) return null;
    t = `${entero.replace(/\./g, '')}.${decimales}`;
  } else if (/^\d{1,3}(\.\d{3})+$/.test(t)) {
    // '1.500' or '1.500.000': thousands.
    t = t.replace(/\./g, '');
  }
  return /^\d+(\.\d+)?$/.test(t) ? t : null;
}

/** A whole number typed in a field; '' is 0; anything else (2.5, 'dos') passes through as NaN or a fraction for the schema to refuse. */
function numeroDe(texto: string): number {
  const t = texto.trim();
  if (t === '') return 0;
  return /^-?\d+([.,]\d+)?$/.test(t) ? Number(t.replace(',', '.')) : Number.NaN;
}

function primerosErrores<C extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  campos: readonly C[],
) {
  const errores: Partial<Record<C, string>> = {};
  for (const { path, message } of issues) {
    const campo = String(path[0] ?? '') as C;
    const destino = campos.includes(campo) ? campo : campos[0];
    if (destino && !(destino in errores)) errores[destino] = message;
  }
  return errores;
}

const CAMPOS_HORAS: readonly CampoHoras[] = ['horas', 'minutos', 'fecha', 'usuarioId', 'descripcion'];
const CAMPOS_GASTO: readonly CampoGasto[] = ['concepto', 'monto', 'fecha', 'moneda', 'comprobanteArchivoId'];

/** An hours entry ready to send, or the message of each field (0–24 h, 0–59 min, at least one minute, at most 24 h). */
export function validarHoras(f: FormularioHoras, zona: string): Resultado<HorasEntrada, CampoHoras> {
  const fechaValida = esDiaValido(f.fecha);
  const candidato = {
    ...(f.id ? { id: f.id } : {}),
    fecha: fechaValida ? mediodiaDelDia(f.fecha, zona) : Date.UTC(2000, 0, 1),
    horas: numeroDe(f.horas),
    minutos: numeroDe(f.minutos),
    ...(f.usuarioId ? { usuarioId: f.usuarioId } : {}),
    descripcion: f.descripcion,
  };
  const r = zHorasEntrada.safeParse(candidato);
  const errores = r.success ? {} : primerosErrores(r.error.issues, CAMPOS_HORAS);
  if (!fechaValida) errores.fecha = errorDeFecha(f.fecha) ?? MENSAJE_FECHA;
  if (!r.success || !fechaValida) return { ok: false, errores };
  return { ok: true, entrada: { ...candidato, descripcion: r.data.descripcion } };
}

/** An expense ready to send, or the message of each field (concept, amount > 0 with up to 2 decimals, currency). */
export function validarGasto(f: FormularioGasto, zona: string): Resultado<GastoEntrada, CampoGasto> {
  const fechaValida = esDiaValido(f.fecha);
  const monto = normalizarMonto(f.monto);
  const candidato = {
    ...(f.id ? { id: f.id } : {}),
    fecha: fechaValida ? mediodiaDelDia(f.fecha, zona) : Date.UTC(2000, 0, 1),
    concepto: f.concepto,
    // Text the schema cannot read gets its own message ('…con hasta 2 decimales').
    monto: monto ?? (f.monto.trim() || 'x'),
    moneda: f.moneda || MONEDA_DEFECTO,
    comprobanteArchivoId: f.comprobanteArchivoId,
  };
  const r = zGastoEntrada.safeParse(candidato);
  const errores = r.success ? {} : primerosErrores(r.error.issues, CAMPOS_GASTO);
  if (!f.monto.trim()) errores.monto = 'Indique el monto.';
  if (!fechaValida) errores.fecha = errorDeFecha(f.fecha) ?? MENSAJE_FECHA;
  if (!r.success || !fechaValida || !monto) return { ok: false, errores };
  return {
    ok: true,
    entrada: { ...candidato, concepto: r.data.concepto, moneda: r.data.moneda, monto: Number(monto) },
  };
}

/** '2:30 h'. */
export function textoHoras(horas: number, minutos: number): string {
  return `${horasTexto(horas * 60 + minutos)} h`;
}

const formatos = new Map<string, Intl.NumberFormat | null>();
const numeroAR = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function formatoDe(moneda: string): Intl.NumberFormat | null {
  if (!formatos.has(moneda)) {
    try {
      formatos.set(
        moneda,
        new Intl.NumberFormat('es-AR', {
          style: 'currency',
          currency: moneda,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
      );
    } catch {
      formatos.set(moneda, null);
    }
  }
  return formatos.get(moneda) ?? null;
}

/** An amount as people in Argentina read it: '$ 1.500,50' (ARS), 'US$ 20,00'; 'XYZ 1.500,50' for codes Intl does not know. */
export function formatoMonto(monto: number, moneda: string): string {
  const f = formatoDe(moneda);
  // Intl puts a no-break space between the symbol and the number; a plain one reads the same.
  return f ? f.format(monto).replace(/\u00a0/g, ' ') : `${moneda} ${numeroAR.format(monto)}`;
}

/** The amount of an expense as the form shows it to edit: '1500,5' → '1500,50'. */
export function montoParaEditar(monto: number): string {
  const c = centavosDe(monto) ?? Math.round(monto * 100);
  return `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
}

export const LIMITE_DESCRIPCION = LIMITES_REGISTRO.descripcion;
export const LIMITE_CONCEPTO = LIMITES_REGISTRO.concepto;

/**
 * The form field a refused save blames: the server's `field` is a path ('horas.0.minutos',
 * 'comprobanteArchivoId'); its last segment that names a field of this form, else null (the
 * message then shows above the form).
 */
export function campoDelServidor<C extends string>(field: string | undefined, campos: readonly C[]): C | null {
  if (!field) return null;
  const partes = field.split('.').filter((p) => !/^\d+$/.test(p));
  for (let i = partes.length - 1; i >= 0; i--) {
    const p = partes[i] as C;
    if (campos.includes(p)) return p;
  }
  return null;
}

export const CAMPOS_FORMULARIO_HORAS = CAMPOS_HORAS;
export const CAMPOS_FORMULARIO_GASTO = CAMPOS_GASTO;
