import { slaKeys as compartidas } from '../../domain/sla';

/** Query keys of service levels (issue 34): the calendar's (src/domain/sla, the orders read it too) and the policies. */
export const slaKeys = {
  ...compartidas,
  /** The company's service-level policies. */
  politicas: () => [...compartidas.all, 'politicas'] as const,
};
