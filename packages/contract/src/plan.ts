import { z } from 'zod';

/** GET /api/v2/plan/estado. An empty (null) quota means unlimited orders. */
export const zPlanEstado = z.object({
  nombre: z.string(),
  quota: z.number().int().nullable(),
  quotaDisponible: z.number().int().nullable(),
  fechaProximoVencimiento: z.number().int().nullable(),
});
export type PlanEstado = z.infer<typeof zPlanEstado>;
