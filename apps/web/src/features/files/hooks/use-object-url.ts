import { useEffect, useState } from 'react';

/**
 * An object URL for a Blob while the component shows it; revoked when the Blob changes or the
 * component goes away, so the browser can free the bytes.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const creada = URL.createObjectURL(blob);
    setUrl({ blob, url: creada });
    return () => URL.revokeObjectURL(creada);
  }, [blob]);
  // Until the effect runs for a new Blob, the old URL (about to be revoked) is not offered.
  return blob && url?.blob === blob ? url.url : null;
}
