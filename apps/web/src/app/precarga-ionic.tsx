import { useEffect } from 'react';
import { precargarIonic } from 'virtual:ionic-perezoso';
import { useSession } from '../features/auth';
import { enReposo } from '../lib/en-reposo';

/**
 * Once someone is logged in (at start with a stored session, or right after the login), the Ionic
 * components the login never needs (apps/web/ionic-perezoso.ts) load in the background, as soon as
 * the first screen is drawn and the page is idle (lib/en-reposo.ts): a form opened later finds them
 * loaded, and they do not delay Inicio. The login screen alone never loads them.
 */
export function PrecargaIonic({ precargar = precargarIonic }: { precargar?: () => void }) {
  const { usuario } = useSession();
  const conSesion = !!usuario;
  useEffect(() => {
    if (conSesion) return enReposo(precargar);
  }, [conSesion, precargar]);
  return null;
}
