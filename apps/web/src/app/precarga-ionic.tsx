import { useEffect } from 'react';
import { precargarIonic } from 'virtual:ionic-perezoso';
import { useSession } from '../features/auth';

/**
 * Once someone is logged in (at start with a stored session, or right after the login), the Ionic
 * components the login never needs (apps/web/ionic-perezoso.ts) load at once, beside the first
 * screen's code instead of after it. The login screen alone never loads them.
 */
export function PrecargaIonic({ precargar = precargarIonic }: { precargar?: () => void }) {
  const { usuario } = useSession();
  const conSesion = !!usuario;
  useEffect(() => {
    if (conSesion) precargar();
  }, [conSesion, precargar]);
  return null;
}
