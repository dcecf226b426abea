import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The query string of this screen's own address. Ionic keeps earlier screens mounted (hidden)
 * under the current one, and they all see the current address: a hidden screen keeps the query it
 * had while it was on top (archivos stays as it was while image-modal shows one of its images), so its data does not
 * change behind the person's back.
 */
export function useConsultaDeRuta(ruta: string): URLSearchParams {
  const { pathname, search } = useLocation();
  const esPropia = pathname === ruta;
  const [ultima, setUltima] = useState(esPropia ? search : '');
  if (esPropia && search !== ultima) setUltima(search);
  const consulta = esPropia ? search : ultima;
  return useMemo(() => new URLSearchParams(consulta), [consulta]);
}

/** True while the screen of `ruta` is the one on top. */
export function useEsRutaActual(ruta: string): boolean {
  return useLocation().pathname === ruta;
}

/** A positive integer id from the query string (`/archivos?id=42`), or null when absent or invalid. */
export function leerId(valor: string | null | undefined): number | null {
  if (valor == null || !/^\d{1,10}$/.test(valor)) return null;
  const n = Number(valor);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The order id of screens that take it as `?id=` (SPEC §2 lists them without one). */
export function useIdDeConsulta(ruta: string): number | null {
  return leerId(useConsultaDeRuta(ruta).get('id'));
}
