import { textoValor } from './formato';

/**
 * First-time fix and the client's conformity (issue 31) as the scorecard and the per-client table
 * write them: the share, then what it is a share of. Older servers leave the fields out: «—».
 */
export interface CifrasCalidad {
  finalizadas: number;
  sinSeguimiento?: number;
  porcentajePrimeraVez?: number | null;
  conformes?: number;
  noConformes?: number;
  porcentajeConformidad?: number | null;
}

/** A share and what it is a share of: «80 %» and «8 de 10»; «—» and null when there is nothing to measure. */
export interface Proporcion {
  valor: string;
  deCuantas: string | null;
}

const SIN_MEDIDA: Proporcion = { valor: '—', deCuantas: null };

/** Finished orders that needed no follow-up order, of the finished ones. */
export function primeraVez(c: CifrasCalidad): Proporcion {
  if (c.porcentajePrimeraVez == null || c.sinSeguimiento === undefined) return SIN_MEDIDA;
  return {
    valor: textoValor(c.porcentajePrimeraVez, 'porcentaje'),
    deCuantas: `${c.sinSeguimiento} de ${c.finalizadas}`,
  };
}

/** «Conforme» answers of the clients who answered. */
export function conformidad(c: CifrasCalidad): Proporcion {
  if (c.porcentajeConformidad == null) return SIN_MEDIDA;
  const conformes = c.conformes ?? 0;
  return {
    valor: textoValor(c.porcentajeConformidad, 'porcentaje'),
    deCuantas: `${conformes} de ${conformes + (c.noConformes ?? 0)}`,
  };
}

const enUnaLinea = (p: Proporcion) => (p.deCuantas ? `${p.valor} (${p.deCuantas})` : p.valor);

/** «80 % (8 de 10)». */
export const textoPrimeraVez = (c: CifrasCalidad): string => enUnaLinea(primeraVez(c));

/** «75 % (3 de 4)»; «—» when nobody answered. */
export const textoConformidad = (c: CifrasCalidad): string => enUnaLinea(conformidad(c));
