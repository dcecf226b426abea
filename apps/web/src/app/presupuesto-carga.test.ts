/**
 * The first-load budget (issue 17): the JavaScript the login screen loads is at most 150 kB gzip
 * in total. Reads the build (apps/web/dist and the Vite manifest), so it needs `npm run build`
 * first: npm test builds before the unit tests. Without a build it fails, it never passes blind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** 150 kB as the build reports sizes (1 kB = 1000 bytes). */
export const PRESUPUESTO_LOGIN_GZIP = 150_000;

/** The build to measure: apps/web/dist, or WEB_DIST (a build made with `vite build --outDir`). */
const DIST = process.env.WEB_DIST
  ? pathToFileURL(`${process.env.WEB_DIST.replace(/\/$/, '')}/`)
  : new URL('../../dist/', import.meta.url);
const MANIFIESTO = new URL('.vite/manifest.json', DIST);

/**
 * The first-stage login (main.tsx renders it; the full app loads on demand, after it). Imported
 * statically by the entry it has no manifest entry of its own; if it ever becomes its own chunk,
 * that chunk counts too.
 */
const PANTALLA_LOGIN = 'src/features/auth/login-ligero/login-ligero.tsx';
/** The service worker's registration (app/registro-pwa.ts), loaded once the page has loaded. */
// Its own chunk (vite.config.ts group 'workbox-window'), or the package's module when split alone.
const REGISTRO_SERVICE_WORKER = /workbox-window/;

interface EntradaManifiesto {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifiesto = Record<string, EntradaManifiesto>;

function leerManifiesto(): Manifiesto {
  if (!existsSync(MANIFIESTO)) {
    throw new Error(
      `No hay una compilación de la web (falta ${MANIFIESTO.pathname}): ejecute "npm run build" ` +
        'antes de esta prueba (npm test compila antes de las pruebas unitarias).',
    );
  }
  return JSON.parse(readFileSync(MANIFIESTO, 'utf8')) as Manifiesto;
}

/** The files a manifest entry loads before it runs: itself and its static imports, transitively. */
function cierreEstatico(manifiesto: Manifiesto, clave: string, archivos = new Set<string>()): Set<string> {
  const entrada = manifiesto[clave];
  if (!entrada) throw new Error(`La compilación no tiene ${clave} (¿cambió de lugar?)`);
  if (archivos.has(entrada.file)) return archivos;
  archivos.add(entrada.file);
  for (const importado of entrada.imports ?? []) cierreEstatico(manifiesto, importado, archivos);
  return archivos;
}

/** Every JS file the login screen loads, from a fresh browser: page, screen, worker registration. */
export function archivosDelLogin(manifiesto: Manifiesto): string[] {
  const archivos = cierreEstatico(manifiesto, 'index.html');
  if (manifiesto[PANTALLA_LOGIN]) cierreEstatico(manifiesto, PANTALLA_LOGIN, archivos);
  const registro = Object.keys(manifiesto).find((clave) => REGISTRO_SERVICE_WORKER.test(clave));
  if (!registro) throw new Error('La compilación no tiene workbox-window (registro del service worker)');
  cierreEstatico(manifiesto, registro, archivos);
  return [...archivos].filter((archivo) => archivo.endsWith('.js'));
}

function gzipBytes(archivo: string): number {
  return gzipSync(readFileSync(new URL(archivo, DIST)), { level: 9 }).length;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe('first-load budget (issue 17)', () => {
  it('the login screen loads at most 150 kB of JavaScript, gzip', () => {
    const manifiesto = leerManifiesto();
    const archivos = archivosDelLogin(manifiesto);
    const tamanos = archivos.map((archivo) => ({ archivo, gzip: gzipBytes(archivo) }));
    const total = tamanos.reduce((suma, t) => suma + t.gzip, 0);
    const detalle = tamanos
      .sort((a, b) => b.gzip - a.gzip)
      .map((t) => `  ${kB(t.gzip).padStart(9)}  ${t.archivo}`)
      .join('\n');
    expect(manifiesto['index.html']?.isEntry).toBe(true);
    expect(archivos.length).toBeGreaterThan(1);
    expect(
      total,
      `El login carga ${kB(total)} de JavaScript (gzip), más que el presupuesto de ${kB(PRESUPUESTO_LOGIN_GZIP)}:\n${detalle}\n` +
        'Vea docs/APP-DE-CAMPO.md, "Carga inicial".',
    ).toBeLessThanOrEqual(PRESUPUESTO_LOGIN_GZIP);
  });
});
