/** Query keys of service levels (issue 34) that more than one feature reads: the business calendar. */
export const slaKeys = {
  all: ['sla'] as const,
  /** The company's business calendar: its week and its holidays. */
  calendario: () => [...slaKeys.all, 'calendario'] as const,
};
