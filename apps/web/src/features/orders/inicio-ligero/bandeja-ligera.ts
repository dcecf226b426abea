import { ALMACEN_BANDEJA, BASE_BANDEJA } from '../../../lib/outbox/nombres';

/**
 * Whether the outbox (lib/outbox) holds a change of this user, pending or rejected. The
 * first-stage Inicio neither sends the outbox nor shows «N cambios pendientes»: with something
 * waiting, the start goes to the full app, which sends it at once and shows it (a change made
 * offline, the app closed and opened again with a connection, otherwise waited until the person
 * tapped something, and the list showed the order as the server had it).
 *
 * Bare IndexedDB (no idb-keyval, no Zod: this runs in the first load). It never creates the
 * database: were it created here without its store, idb-keyval would open it later without an
 * upgrade and the outbox would have nowhere to write. Any failure answers false (the first stage,
 * as before).
 */
export function hayCambiosEnBandeja(usuarioId: number): Promise<boolean> {
  return new Promise((resolve) => {
    let pedido: IDBOpenDBRequest;
    try {
      pedido = indexedDB.open(BASE_BANDEJA);
    } catch {
      resolve(false);
      return;
    }
    // No database yet: nothing ever waited. Aborting the upgrade leaves it uncreated.
    pedido.onupgradeneeded = () => pedido.transaction?.abort();
    pedido.onerror = () => resolve(false);
    pedido.onblocked = () => resolve(false);
    pedido.onsuccess = () => {
      const base = pedido.result;
      const responder = (hay: boolean) => {
        base.close();
        resolve(hay);
      };
      try {
        if (!base.objectStoreNames.contains(ALMACEN_BANDEJA)) {
          responder(false);
          return;
        }
        const cursor = base.transaction(ALMACEN_BANDEJA, 'readonly').objectStore(ALMACEN_BANDEJA).openCursor();
        cursor.onerror = () => responder(false);
        cursor.onsuccess = () => {
          const actual = cursor.result;
          if (!actual) responder(false);
          else if ((actual.value as { usuarioId?: unknown } | null)?.usuarioId === usuarioId) responder(true);
          else actual.continue();
        };
      } catch {
        responder(false);
      }
    };
  });
}
