import { useIonRouter } from '@ionic/react';
import { useCallback } from 'react';

/** Goes back to the previous screen, or to `destino` when the screen was opened directly. */
export function useVolver(destino: string): () => void {
  const router = useIonRouter();
  return useCallback(() => {
    if (router.canGoBack()) router.goBack();
    else router.push(destino, 'back', 'replace');
  }, [router, destino]);
}
