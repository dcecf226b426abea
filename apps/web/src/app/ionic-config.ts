import type { setupIonicReact } from '@ionic/react';

/** Ionic's config type (declared in @ionic/core, which the app does not depend on directly). */
type IonicConfig = NonNullable<Parameters<typeof setupIonicReact>[0]>;

/**
 * Ionic's global configuration (main.tsx and the unit tests' setup).
 *
 * `innerHTMLTemplatesEnabled: false` (Ionic's default since v7, set here so that nobody turns it
 * on by accident): the `message` of ion-alert, ion-toast and ion-loading, the texts of
 * ion-refresher-content and ion-infinite-scroll-content and the options of ion-select are shown as
 * text. With it on they would be parsed as HTML, and those messages carry names that users type.
 */
export const IONIC_CONFIG: IonicConfig = {
  innerHTMLTemplatesEnabled: false,
};
