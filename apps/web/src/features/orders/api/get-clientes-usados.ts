import { RUTAS, type zClienteUsado } from '@delego/contract';
import type { z } from 'zod';
import { consultaDe } from '../../../lib/consultas';
import { ordenesKeys } from '../../../domain/orden';

export type ClienteUsado = z.output<typeof zClienteUsado>;

/** GET /api/v3/test/clientes-usados: the clients that have orders this user can see (the filter). */
export const { useConsulta: useClientesUsados } = consultaDe(
  RUTAS.clientesUsados,
  ordenesKeys.catalogo('clientes-usados'),
  { staleTime: 5 * 60_000 },
);
