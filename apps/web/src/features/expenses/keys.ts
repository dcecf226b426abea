/** Query keys of the hours and expenses feature (issue 5). */
export const registroKeys = {
  all: ['registro-gastos'] as const,
  registro: (ordenId: number) => [...registroKeys.all, ordenId] as const,
};
