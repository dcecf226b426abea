import { useIonViewDidLeave } from '@ionic/react';
import { useState } from 'react';

/**
 * A key that changes each time the person leaves this screen. Ionic keeps a left screen mounted
 * (hidden) and shows that same instance when its address is opened again; keying a form with
 * this makes it start over from the saved data instead of showing what was typed last time.
 */
export function useReinicioAlSalir(): number {
  const [vez, setVez] = useState(0);
  useIonViewDidLeave(() => setVez((v) => v + 1));
  return vez;
}
