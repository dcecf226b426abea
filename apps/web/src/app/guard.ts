import { esAdmin, type SujetoPermisos } from '@delego/contract';
import type { Guardia } from './routes';

export interface SesionGuardia {
  usuario: Pick<SujetoPermisos, 'roles'> | null;
}

export type DecisionGuardia =
  | { tipo: 'permitir' }
  /** 'login' when nobody is logged in; 'home' when the user lacks the role. */
  | { tipo: 'redirigir'; destino: 'login' | 'home' };

const PERMITIR: DecisionGuardia = { tipo: 'permitir' };

/** What happens when `session` visits `route` (SPEC §2 Routes, §6). */
export function resolveGuard(route: { guardia: Guardia }, session: SesionGuardia): DecisionGuardia {
  if (route.guardia === 'public') return PERMITIR;
  if (!session.usuario) return { tipo: 'redirigir', destino: 'login' };
  if (route.guardia === 'admin' && !esAdmin(session.usuario)) {
    return { tipo: 'redirigir', destino: 'home' };
  }
  return PERMITIR;
}
