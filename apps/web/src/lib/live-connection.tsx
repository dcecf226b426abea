import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * State of the live-update socket (SPEC §4 Connection). The STOMP client arrives in a later
 * issue: it will provide `connected` here; until then nothing is connected.
 */
export interface EstadoConexionEnVivo {
  connected: boolean;
}

const ConexionEnVivoContext = createContext<EstadoConexionEnVivo>({ connected: false });

export function LiveConnectionProvider({
  children,
  connected = false,
}: {
  children: ReactNode;
  connected?: boolean;
}) {
  const valor = useMemo(() => ({ connected }), [connected]);
  return <ConexionEnVivoContext value={valor}>{children}</ConexionEnVivoContext>;
}

export function useLiveConnection(): EstadoConexionEnVivo {
  return useContext(ConexionEnVivoContext);
}
