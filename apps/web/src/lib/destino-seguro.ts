/** Where to send someone after login (apart from return-path.ts: the first-stage login needs only this). */

export const PARAM_VOLVER = 'volver';

/** Only paths inside this app are accepted (no `//host` or absolute URLs: no open redirect). */
export function destinoSeguro(valor: string | null | undefined): string | null {
  if (!valor || !valor.startsWith('/') || valor.startsWith('//') || valor.includes('\\')) return null;
  if (valor === '/login' || valor.startsWith('/login/') || valor.startsWith('/login?')) return null;
  return valor;
}
