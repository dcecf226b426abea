/** Query keys of scheduled maintenance (issue 32). */
export const mantenimientoKeys = {
  all: ['mantenimiento'] as const,
  lista: () => [...mantenimientoKeys.all, 'lista'] as const,
  proyeccion: () => [...mantenimientoKeys.all, 'proyeccion'] as const,
};
