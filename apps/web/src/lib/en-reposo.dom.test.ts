import { afterEach, describe, expect, it, vi } from 'vitest';
import { enReposo } from './en-reposo';

/** document.readyState as the test says, for one test. */
function estadoDelDocumento(estado: DocumentReadyState) {
  return vi.spyOn(document, 'readyState', 'get').mockReturnValue(estado);
}

describe('enReposo (issue 17: work that waits for the first screen)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits for the load event, then for idle time', () => {
    estadoDelDocumento('interactive');
    let alEstarLibre: (() => void) | undefined;
    const pedirReposo = vi.fn((fn: () => void, _opciones?: { timeout: number }) => {
      alEstarLibre = fn;
      return 7;
    });
    vi.stubGlobal('requestIdleCallback', pedirReposo);
    const tarea = vi.fn();
    enReposo(tarea, 2500);
    expect(pedirReposo).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(pedirReposo).toHaveBeenCalledWith(expect.any(Function), { timeout: 2500 });
    expect(tarea).not.toHaveBeenCalled();
    alEstarLibre?.();
    expect(tarea).toHaveBeenCalledTimes(1);
  });

  it('a page already loaded only waits for idle time; without requestIdleCallback, the next turn', async () => {
    estadoDelDocumento('complete');
    vi.stubGlobal('requestIdleCallback', undefined);
    const tarea = vi.fn();
    enReposo(tarea);
    expect(tarea).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(tarea).toHaveBeenCalledTimes(1));
  });

  it('cancelled before it runs, it never runs', async () => {
    estadoDelDocumento('interactive');
    const tarea = vi.fn();
    const cancelar = enReposo(tarea);
    cancelar();
    window.dispatchEvent(new Event('load'));
    await new Promise((r) => setTimeout(r, 10));
    expect(tarea).not.toHaveBeenCalled();

    estadoDelDocumento('complete');
    vi.stubGlobal('requestIdleCallback', undefined);
    const otra = vi.fn();
    enReposo(otra)();
    await new Promise((r) => setTimeout(r, 10));
    expect(otra).not.toHaveBeenCalled();
  });
});
