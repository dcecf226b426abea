import type { UsuarioLogueado } from '@delego/contract';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { leerSesion, suscribirSesion } from '../../lib/session';

/** Who is logged in. The stored session (src/lib/session.ts) is the source; this mirrors it. */
export interface EstadoSesion {
  usuario: UsuarioLogueado | null;
}

export const SessionContext = createContext<EstadoSesion>({ usuario: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const sesion = useSyncExternalStore(suscribirSesion, leerSesion, () => null);
  const usuario = sesion?.usuario ?? null;
  const valor = useMemo(() => ({ usuario }), [usuario]);
  return <SessionContext value={valor}>{children}</SessionContext>;
}

export function useSession(): EstadoSesion {
  return useContext(SessionContext);
}
