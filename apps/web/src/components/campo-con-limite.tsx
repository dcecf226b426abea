import type { ReactNode } from 'react';
import { formatearEntero } from '../lib/numeros';
import './campo-con-limite.css';

/**
 * Text fields with a length limit in the contract (title, detail, comments, names, notes, …).
 * They never cut what is typed or pasted (an input's `maxlength` silently drops the excess of a
 * paste): the field takes it all, shows its count against the limit, says 'Máximo N caracteres.'
 * once it is over, and the form's check (the contract's schema) refuses to save it.
 */

/** From this limit on a field is long: its counter is always shown. */
export const LIMITE_CAMPO_LARGO = 1000;
/** A shorter field shows its counter from this share of its limit on. */
export const UMBRAL_CONTADOR = 0.8;

/** 'Máximo 5.000 caracteres.' */
export function mensajeMaximo(max: number): string {
  return `Máximo ${formatearEntero(max)} caracteres.`;
}

/** The message of a value over its limit (counted as the contract counts: UTF-16 units), or undefined. */
export function errorDeLargo(valor: string | null | undefined, max: number): string | undefined {
  return (valor?.length ?? 0) > max ? mensajeMaximo(max) : undefined;
}

/** '1.234 / 5.000' when the counter shows (long field, near or over the limit), else null. */
export function textoContador(largo: number, max: number): string | null {
  const visible = max >= LIMITE_CAMPO_LARGO || largo >= max * UMBRAL_CONTADOR;
  return visible ? `${formatearEntero(largo)} / ${formatearEntero(max)}` : null;
}

interface Props {
  valor: string | null | undefined;
  max: number;
  /** Classes of the field's place in the form (a grid cell that spans, …). */
  className?: string;
  /** The field itself: an IonInput or IonTextarea without `maxlength`. */
  children: ReactNode;
}

/** A capped field with its counter below, right-aligned; red once over the limit. */
export function CampoConLimite({ valor, max, className, children }: Props) {
  const largo = valor?.length ?? 0;
  const texto = textoContador(largo, max);
  const excedido = largo > max;
  return (
    <div className={className ? `delego-campo-limite ${className}` : 'delego-campo-limite'}>
      {children}
      {texto && (
        <div
          className={
            excedido
              ? 'delego-campo-limite__contador delego-campo-limite__contador--excedido'
              : 'delego-campo-limite__contador'
          }
          data-testid="contador-caracteres"
        >
          <span className="delego-visually-hidden">{excedido ? 'Demasiados caracteres: ' : 'Caracteres: '}</span>
          {texto}
        </div>
      )}
    </div>
  );
}
