/**
 * What lib/http.ts and the first-stage login (features/auth/login-ligero) share about an answer.
 * No imports: the login's first load stays small (app/presupuesto-carga.test.ts).
 */

/** The body of an answer: parsed JSON, the text when it is not JSON, undefined when empty. */
export async function leerCuerpo(respuesta: Response): Promise<unknown> {
  const texto = await respuesta.text();
  if (!texto) return undefined;
  try {
    return JSON.parse(texto) as unknown;
  } catch {
    return texto;
  }
}

/** The SPEC §8 texts the rule below chooses from (the contract's MENSAJES has them). */
export interface TextosDeEstado {
  sinServidor: string;
  loginInvalido: string;
  errorInesperado: string;
}

/** The message to show for an error answer: the server's own, or the SPEC §8 text for its status. */
export function mensajeParaEstadoCon(textos: TextosDeEstado, status: number, mensajeServidor?: string | null): string {
  const delServidor = mensajeServidor?.trim() ? mensajeServidor : undefined;
  // No answer at all, or the gateway could not reach the server.
  if (status === 0 || status === 504) return textos.sinServidor;
  // A proxy in front of the server answering on its behalf (no JSON body of ours).
  if ((status === 502 || status === 503) && !delServidor) return textos.sinServidor;
  if (status === 403) return delServidor ?? textos.loginInvalido;
  return delServidor ?? textos.errorInesperado;
}
