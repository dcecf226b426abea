import { PUNTAJES } from '@delego/contract';

/** The rating a mail link carries (`?puntaje=N`, 1 to 5), or null when there is none or it is not one. */
export function puntajeDeConsulta(search: string): number | null {
  const valor = new URLSearchParams(search).get('puntaje');
  if (valor === null || !/^[1-5]$/.test(valor)) return null;
  return Number(valor);
}

/** '4 de 5 (Bueno)', or '—' without a rating. */
export function textoPuntaje(puntaje: number | null): string {
  const p = PUNTAJES.find((x) => x.valor === puntaje);
  return p ? `${p.valor} de 5 (${p.texto})` : '—';
}
