/** Query keys of the client's side of an order (issue 16). */
export const clientePublicoKeys = {
  all: ['cliente-publico'] as const,
  /** The share link of an order (the company's view). */
  enlace: (ordenId: number) => [...clientePublicoKeys.all, 'enlace', ordenId] as const,
  /** The public summary behind a link's token. */
  resumen: (k: string) => [...clientePublicoKeys.all, 'resumen', k] as const,
};
