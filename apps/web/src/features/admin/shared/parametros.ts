import { useSearchParams } from 'react-router-dom';

/** A positive integer id from the query string (`/usuario?id=12`), or null when absent or invalid. */
export function leerId(valor: string | null): number | null {
  if (valor === null || !/^\d{1,10}$/.test(valor)) return null;
  const n = Number(valor);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function useIdParam(nombre: string): number | null {
  const [params] = useSearchParams();
  return leerId(params.get(nombre));
}
