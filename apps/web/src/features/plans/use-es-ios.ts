import { isPlatform } from '@ionic/react';

/** True on iPhone and iPad, where the plan panel is not shown (SPEC §2). */
export function useEsIos(): boolean {
  return isPlatform('ios');
}
