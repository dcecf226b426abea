import { slaKeys as compartidas } from '../../domain/sla';

/** Query keys of service levels (issue 34): the calendar's (src/domain/sla, the orders read it too) and the policies. */
export const slaKeys = {
  ...compartidas,
  /** The company's service-level policies. */
  politicas: () => [...compartidas.all, 'politicas'] as const,
  /** The monthly report of a client and month. */
  informe: (cliente: number, mes: string) => [...compartidas.all, 'informe', cliente, mes] as const,
  /** The monthly send of a client (on or off, the email). */
  envioInforme: (cliente: number) => [...compartidas.all, 'envio-informe', cliente] as const,
  /** The public report, by its link's token (no session). */
  informePublico: (k: string) => ['sla-publico', 'informe', k] as const,
};
