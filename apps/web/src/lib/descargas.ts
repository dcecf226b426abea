/**
 * Files the app hands to the person: saved to disk or opened in another tab. Downloads need the
 * Authorization header, so they arrive as Blobs through the HTTP client and leave through object
 * URLs, which are released (revoked) once the browser no longer needs them.
 */

/** How long a saved file's object URL is kept: the browser starts reading it right after the click. */
const ESPERA_REVOCAR_MS = 60_000;

/** Saves a Blob with this name, as a link with `download` would. */
export function guardarArchivo(blob: Blob, nombre: string): void {
  const url = URL.createObjectURL(blob);
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  enlace.rel = 'noopener';
  enlace.style.display = 'none';
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), ESPERA_REVOCAR_MS);
}

/**
 * The page a PDF report opens in (public/visor-pdf.html). The server gives it a policy of its own
 * that lets the browser's PDF viewer show object URLs created in it; the app's pages allow no
 * plugins (object-src 'none'), and an object URL carries the policy of the page that created it.
 */
export const VISOR_PDF = '/visor-pdf.html';

/** How long to wait for the viewer tab to load before giving up on it. */
const ESPERA_VISOR_MS = 10_000;

/** A tab opened during a click (so no pop-up blocker stops it) that shows a PDF once it arrives. */
export interface PestaniaPendiente {
  /**
   * Shows the PDF in the tab, through an object URL the tab itself creates; answers that URL (to
   * release it later), or null when the tab was blocked, closed or never loaded.
   */
  mostrar(pdf: Blob): Promise<string | null>;
  /** Closes the tab (the file could not be made). */
  cerrar(): void;
}

/** Opens the viewer tab now, while the click still counts as the person's gesture. */
export function abrirPestania(): PestaniaPendiente {
  let pestania: Window | null = null;
  try {
    pestania = window.open(VISOR_PDF, '_blank');
  } catch {
    pestania = null;
  }

  /** True once the tab shows the viewer page (not the blank page it starts on). */
  const cargada = (p: Window): boolean => {
    try {
      return p.location.pathname === VISOR_PDF && p.document.readyState === 'complete';
    } catch {
      return false;
    }
  };

  return {
    async mostrar(pdf) {
      const p = pestania;
      if (!p) return null;
      const hasta = Date.now() + ESPERA_VISOR_MS;
      while (!p.closed && !cargada(p) && Date.now() < hasta) {
        await new Promise((r) => setTimeout(r, 50));
      }
      if (p.closed || !cargada(p)) return null;
      try {
        const url = (p as Window & typeof globalThis).URL.createObjectURL(pdf);
        p.location.href = url;
        return url;
      } catch {
        return null;
      }
    },
    cerrar() {
      if (pestania && !pestania.closed) pestania.close();
    },
  };
}
