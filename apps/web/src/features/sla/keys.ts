/** Query keys of service levels (issue 34). */
export const slaKeys = {
  all: ['sla'] as const,
  /** The company's business calendar: its week and its holidays. */
  calendario: () => [...slaKeys.all, 'calendario'] as const,
};
