/** Query keys of the reports feature (issue 5). */
export const reportesKeys = {
  all: ['reportes'] as const,
  /** Hours per user and client between two days ('YYYY-MM-DD'). */
  horas: (desde: string, hasta: string) => [...reportesKeys.all, 'horas', desde, hasta] as const,
};
