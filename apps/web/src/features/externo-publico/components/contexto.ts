import { createContext, use } from 'react';
import type { BandejaExterno, EstadoBandejaExterno } from '../model/bandeja';

/** What every part of the contractor's page needs: the link, its key, its outbox, the order and the zone. */
export interface Externo {
  k: string;
  enlace: string;
  bandeja: BandejaExterno;
  pendientes: EstadoBandejaExterno;
  ordenId: number;
  /** The company's time zone: every date on the page is in it. */
  zona: string;
}

export const ContextoExterno = createContext<Externo | null>(null);

export function useExterno(): Externo {
  const v = use(ContextoExterno);
  if (!v) throw new Error('useExterno fuera de la página del externo');
  return v;
}
