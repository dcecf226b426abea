import {
  MARCAS_TARJETA,
  PREFIJO_TOKEN_PRUEBA,
  TARJETAS_DE_PRUEBA,
  TOKEN_PRUEBA,
  type IdMarcaTarjeta,
} from '@delego/contract';

/**
 * The test-mode card form (issue 15): its checks, with a Spanish message per field, and the
 * test token it makes in the browser. Only `{token, marca, ultimosCuatro, titular}` ever leaves
 * the browser: the number, the expiry, the security code and the document never do.
 */

export type MarcaTarjeta = 'visa' | 'master' | 'amex' | 'naranja' | 'cabal' | 'otra';

/** What the person types, as typed. */
export interface ValoresTarjeta {
  numero: string;
  vencimiento: string;
  cvv: string;
  titular: string;
  documento: string;
}

export type CampoTarjeta = keyof ValoresTarjeta;

/** The card, checked: digits only, the expiry as month and full year. Never sent anywhere. */
export interface TarjetaValida {
  numero: string;
  mes: number;
  anio: number;
  cvv: string;
  titular: string;
  documento: string;
  marca: MarcaTarjeta;
}

/** What the card form hands to the subscription: the token and what a person reads of the card. */
export interface DatosTarjetaToken {
  token: string;
  /** MercadoPago's payment_method_id ('visa', 'debmaster'): the server takes only the contract's list. */
  marca: IdMarcaTarjeta;
  ultimosCuatro: string;
  titular: string;
}

export const TITULAR_MAXIMO = 60;

export const TARJETA_VACIA: ValoresTarjeta = { numero: '', vencimiento: '', cvv: '', titular: '', documento: '' };

/** The digits of a typed value: spaces, dashes and dots are how people write numbers, not part of them. */
export function soloDigitos(valor: string): string {
  return valor.replace(/[\s.-]/g, '');
}

/** The Luhn check every card number passes (ISO/IEC 7812). */
export function pasaLuhn(numero: string): boolean {
  if (!/^\d+$/.test(numero)) return false;
  let suma = 0;
  for (let i = 0; i < numero.length; i++) {
    let digito = Number(numero[numero.length - 1 - i]);
    if (i % 2 === 1) {
      digito *= 2;
      if (digito > 9) digito -= 9;
    }
    suma += digito;
  }
  return suma % 10 === 0;
}

/** Test mode takes only MercadoPago's documented test cards (the contract's list). */
export function esTarjetaDePrueba(numero: string): boolean {
  const n = soloDigitos(numero);
  return TARJETAS_DE_PRUEBA.some((t) => t.numero === n);
}

/** The card's brand from its first digits (the brands accepted in Argentina). */
export function marcaDe(numero: string): MarcaTarjeta {
  const n = soloDigitos(numero);
  if (/^3[47]/.test(n)) return 'amex';
  if (/^589562/.test(n)) return 'naranja';
  if (/^(589657|6042|6043|6271)/.test(n)) return 'cabal';
  if (/^4/.test(n)) return 'visa';
  if (/^(5[0-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'master';
  return 'otra';
}

export const NOMBRE_MARCA: Record<MarcaTarjeta, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  naranja: 'Naranja',
  cabal: 'Cabal',
  otra: 'Tarjeta',
};

/** The contract's id of MercadoPago's payment_method_id (the Brick gives those); null for one the server does not take. */
export function idMetodoPago(id: string): IdMarcaTarjeta | null {
  const limpio = id.trim().toLowerCase();
  return Object.hasOwn(MARCAS_TARJETA, limpio) ? (limpio as IdMarcaTarjeta) : null;
}

/** 'visa' → 'Visa'; an id we do not know stays as it came (at most 30 characters). */
export function nombreMetodoPago(id: string): string {
  const conocido = idMetodoPago(id);
  const nombre = conocido ? MARCAS_TARJETA[conocido] : id.trim();
  return (nombre || 'Tarjeta').slice(0, 30);
}

/** The payment method of a test card: the contract's list says which (a debit card is not a credit one). */
function medioDeTarjetaDePrueba(numero: string): IdMarcaTarjeta {
  const t = TARJETAS_DE_PRUEBA.find((x) => x.numero === numero);
  if (!t) throw new Error('Solo las tarjetas de prueba de la lista generan un token de prueba');
  return t.medio;
}

/** The number in groups as printed on the card: '4509 9535 6623 3704', '3711 803032 57522' (American Express). */
export function formatearNumeroTarjeta(valor: string): string {
  const n = valor.replace(/\D/g, '').slice(0, 19);
  const grupos = marcaDe(n) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const partes: string[] = [];
  let desde = 0;
  for (const largo of grupos) {
    if (desde >= n.length) break;
    partes.push(n.slice(desde, desde + largo));
    desde += largo;
  }
  return partes.join(' ');
}

/** The expiry as it is typed: '1130' → '11/30', '1' → '1'. */
export function formatearVencimiento(valor: string): string {
  const n = valor.replace(/\D/g, '').slice(0, 4);
  return n.length > 2 ? `${n.slice(0, 2)}/${n.slice(2)}` : n;
}

function errorNumero(valor: string): string | undefined {
  const n = soloDigitos(valor);
  if (!n) return 'Ingrese el número de la tarjeta.';
  if (!/^\d+$/.test(n)) return 'El número de la tarjeta solo lleva dígitos.';
  if (marcaDe(n) === 'amex' ? n.length !== 15 : n.length < 13 || n.length > 19) {
    return marcaDe(n) === 'amex'
      ? 'El número de una American Express tiene 15 dígitos.'
      : 'El número de la tarjeta tiene entre 13 y 19 dígitos.';
  }
  if (!pasaLuhn(n)) return 'El número de la tarjeta no es válido: revíselo.';
  if (!esTarjetaDePrueba(n)) return 'En modo de prueba use una de las tarjetas de prueba de la lista.';
  return undefined;
}

/** The month and full year of 'MM/AA' (or 'MM/AAAA'), or the message of what is wrong. */
function leerVencimiento(valor: string, ahora: Date): { mes: number; anio: number } | string {
  const texto = valor.replace(/\s/g, '');
  if (!texto) return 'Ingrese el vencimiento.';
  const partes = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(texto);
  if (!partes) return 'Escriba el vencimiento como MM/AA (por ejemplo 11/30).';
  const mes = Number(partes[1]);
  const anio = partes[2]!.length === 2 ? 2000 + Number(partes[2]) : Number(partes[2]);
  if (mes < 1 || mes > 12) return 'El mes del vencimiento va de 01 a 12.';
  // A card is valid through the last day of its month.
  const actual = ahora.getFullYear() * 12 + ahora.getMonth();
  if (anio * 12 + (mes - 1) < actual) return 'La tarjeta está vencida.';
  if (anio > ahora.getFullYear() + 20) return 'El año del vencimiento no es válido.';
  return { mes, anio };
}

function errorCvv(valor: string, marca: MarcaTarjeta): string | undefined {
  const cvv = valor.trim();
  const largo = marca === 'amex' ? 4 : 3;
  if (!cvv) return 'Ingrese el código de seguridad.';
  if (!new RegExp(`^\\d{${largo}}$`).test(cvv)) {
    return `El código de seguridad tiene ${largo} dígitos${marca === 'amex' ? ' (al frente de la tarjeta)' : ''}.`;
  }
  return undefined;
}

function errorTitular(valor: string): string | undefined {
  const titular = valor.trim();
  if (!titular) return 'Ingrese el nombre del titular como figura en la tarjeta.';
  if (titular.length > TITULAR_MAXIMO) return `Máximo ${TITULAR_MAXIMO} caracteres.`;
  if (!/^[\p{L}' .-]+$/u.test(titular)) return 'El nombre del titular solo lleva letras y espacios.';
  return undefined;
}

function errorDocumento(valor: string): string | undefined {
  const documento = soloDigitos(valor);
  if (!documento) return 'Ingrese el DNI del titular.';
  if (!/^\d{7,8}$/.test(documento)) return 'El DNI tiene 7 u 8 dígitos.';
  return undefined;
}

export type ValidacionTarjeta =
  { ok: true; datos: TarjetaValida } | { ok: false; errores: Partial<Record<CampoTarjeta, string>> };

/** Checks every field; the messages say what to fix, in Spanish. `ahora` decides whether the card expired. */
export function validarTarjeta(valores: ValoresTarjeta, ahora: Date = new Date()): ValidacionTarjeta {
  const numero = soloDigitos(valores.numero);
  const marca = marcaDe(numero);
  const vencimiento = leerVencimiento(valores.vencimiento, ahora);
  const errores: Partial<Record<CampoTarjeta, string>> = {
    numero: errorNumero(valores.numero),
    vencimiento: typeof vencimiento === 'string' ? vencimiento : undefined,
    cvv: errorCvv(valores.cvv, marca),
    titular: errorTitular(valores.titular),
    documento: errorDocumento(valores.documento),
  };
  if (Object.values(errores).some(Boolean) || typeof vencimiento === 'string') {
    return { ok: false, errores: Object.fromEntries(Object.entries(errores).filter(([, e]) => e)) };
  }
  return {
    ok: true,
    datos: {
      numero,
      mes: vencimiento.mes,
      anio: vencimiento.anio,
      cvv: valores.cvv.trim(),
      titular: valores.titular.trim().replace(/\s+/g, ' '),
      documento: soloDigitos(valores.documento),
      marca,
    },
  };
}

/** Random bytes (the browser's `crypto`); tests give their own. */
export type Aleatorio = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

const aleatorioDelNavegador: Aleatorio = (bytes) => crypto.getRandomValues(bytes);

/**
 * The test token of a checked card, made here, as MercadoPago's form makes its own: random, so it
 * says nothing of the number. The card's data stays in the browser; only this object is sent.
 */
export function crearTokenDePrueba(
  tarjeta: TarjetaValida,
  aleatorio: Aleatorio = aleatorioDelNavegador,
): DatosTarjetaToken {
  const bytes = aleatorio(new Uint8Array(16));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const token = `${PREFIJO_TOKEN_PRUEBA}${hex}`;
  if (!TOKEN_PRUEBA.test(token)) throw new Error('Token de prueba mal formado');
  return {
    token,
    marca: medioDeTarjetaDePrueba(tarjeta.numero),
    ultimosCuatro: tarjeta.numero.slice(-4),
    titular: tarjeta.titular,
  };
}
