import { ZONA_HORARIA_EMPRESA_POR_DEFECTO } from '@delego/contract/ligero';

/**
 * The company's time zone. One place: when companies get their own setting, this hook reads it
 * (from the session or the plan) and every screen follows.
 */
export function useZonaEmpresa(): string {
  return zonaEmpresa();
}

/** The same, outside a component (the full app's start, app/app-completa.tsx). */
export function zonaEmpresa(): string {
  return ZONA_HORARIA_EMPRESA_POR_DEFECTO;
}
