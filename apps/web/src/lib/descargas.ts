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

/** A tab opened during a click (so no pop-up blocker stops it) that shows a Blob once it arrives. */
export interface PestaniaPendiente {
  /** Shows the Blob through this object URL; false when the tab was blocked or closed meanwhile. */
  mostrar(url: string): boolean;
  /** Closes the tab (the file could not be made). */
  cerrar(): void;
}

/**
 * Opens an empty tab now, while the click still counts as the person's gesture, with a waiting
 * message; `mostrar` points it at the file later.
 */
export function abrirPestania(mensajeEspera: string): PestaniaPendiente {
  let pestania: Window | null = null;
  try {
    pestania = window.open('', '_blank');
  } catch {
    pestania = null;
  }
  if (pestania) {
    try {
      pestania.document.title = mensajeEspera;
      pestania.document.body.style.font = '16px system-ui, sans-serif';
      pestania.document.body.style.padding = '24px';
      pestania.document.body.textContent = mensajeEspera;
    } catch {
      // A browser that does not let us write in the new tab: it stays blank until the file arrives.
    }
  }
  return {
    mostrar(url) {
      if (!pestania || pestania.closed) return false;
      pestania.location.href = url;
      return true;
    },
    cerrar() {
      if (pestania && !pestania.closed) pestania.close();
    },
  };
}
