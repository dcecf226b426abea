/**
 * A login the first-stage login hands to the full app's LoginPage, in memory only (never stored):
 * an account not confirmed yet, whose message and 'Reenviar correo' only LoginPage shows.
 */
export interface IngresoPendiente {
  usuario: string;
  password: string;
}

let pendiente: IngresoPendiente | null = null;

export function dejarIngresoPendiente(ingreso: IngresoPendiente): void {
  pendiente = ingreso;
}

/** The pending login, once: it is forgotten as it is taken. */
export function tomarIngresoPendiente(): IngresoPendiente | null {
  const ingreso = pendiente;
  pendiente = null;
  return ingreso;
}
