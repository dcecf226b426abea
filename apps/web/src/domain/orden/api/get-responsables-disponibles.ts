import { RUTAS, type zResponsableDisponible } from '@delego/contract';
import type { z } from 'zod';
import { consultaPor } from '../../../lib/consultas';
import { ordenesKeys } from '../keys';

export type ResponsableDisponible = z.output<typeof zResponsableDisponible>;

/** GET /api/v2/usuarios/{clientId|todos}: who can be made responsable (of a client, or of any). */
export const { useConsulta: useResponsablesDisponibles } = consultaPor(
  RUTAS.responsablesDisponibles,
  ordenesKeys.responsablesDisponibles,
  (cliente: number | 'todos') => ({ params: { cliente } }),
  { staleTime: 5 * 60_000 },
);
