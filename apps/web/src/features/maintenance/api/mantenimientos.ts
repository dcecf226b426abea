import { RUTAS, type MantenimientoGuardar } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { consultaDe, mutacionDe } from '../../../lib/consultas';
import { mantenimientoKeys } from '../keys';

/** A plan changed: the list and the quota's projection are read again. */
const releer = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: mantenimientoKeys.all }),
    qc.invalidateQueries({ queryKey: mantenimientoKeys.proyeccion() }),
  ]);

/** GET /api/v2/mantenimientos: the plans the user schedules, with their next dates. */
export const { useConsulta: useMantenimientos } = consultaDe(RUTAS.mantenimientos, mantenimientoKeys.lista(), {
  errorSilencioso: true,
});

/** GET /api/v2/mantenimientos/proyeccion: orders the schedules will still create in the period. */
export const { useConsulta: useProyeccionCupo } = consultaDe(RUTAS.proyeccionCupo, mantenimientoKeys.proyeccion(), {
  errorSilencioso: true,
});

/**
 * POST /api/v2/mantenimiento: a new plan (the form shows the field's error), with the form's
 * `Idempotency-Key`: sent again after a cut, the server creates it once.
 */
export const { useMutacion: useCrearMantenimiento } = mutacionDe(
  RUTAS.crearMantenimiento,
  ({ cuerpo, clave }: { cuerpo: MantenimientoGuardar; clave: string }) => ({ cuerpo, idempotencia: clave }),
  { errorSilencioso: true, alResponder: releer },
);

/** PUT /api/v2/mantenimiento/{id}: a plan changed (the form shows the field's error). */
export const { useMutacion: useGuardarMantenimiento } = mutacionDe(
  RUTAS.guardarMantenimiento,
  ({ id, cuerpo }: { id: number; cuerpo: MantenimientoGuardar }) => ({ params: { id }, cuerpo }),
  { errorSilencioso: true, alResponder: releer },
);

/** POST /api/v2/mantenimiento/{id}/pausar or /reanudar. */
export const { useMutacion: usePausarMantenimiento } = mutacionDe(
  RUTAS.pausarMantenimiento,
  (id: number) => ({ params: { id } }),
  { alResponder: releer },
);
export const { useMutacion: useReanudarMantenimiento } = mutacionDe(
  RUTAS.reanudarMantenimiento,
  (id: number) => ({ params: { id } }),
  { alResponder: releer },
);

/** DELETE /api/v2/mantenimiento/{id}: the plan and its occurrences (orders already created stay). */
export const { useMutacion: useBorrarMantenimiento } = mutacionDe(
  RUTAS.borrarMantenimiento,
  (id: number) => ({ params: { id } }),
  { alResponder: releer },
);
