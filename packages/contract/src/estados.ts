import { z } from 'zod';

export * from './estados-tabla.js';

export const zEstado = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nombre: z.string(),
  color: z.string(),
  cerrado: z.boolean(),
  siguientes: z.array(z.number().int()),
});
export type Estado = z.infer<typeof zEstado>;
