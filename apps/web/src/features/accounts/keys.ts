/** Query keys of the accounts feature (issue 12): what a mailed link says, by its token. */
export const cuentasKeys = {
  all: ['cuentas'] as const,
  /** The answer of confirming an account with the link's `k` (asked once per link). */
  confirmacion: (k: string) => [...cuentasKeys.all, 'confirmacion', k] as const,
  /** What a recovery or invitation link is for. */
  enlace: (k: string) => [...cuentasKeys.all, 'enlace', k] as const,
};
