/**
 * Lighthouse bench (issue 17): mobile performance and accessibility of /login and of /home after
 * login, measured by lighthouse 12.8 (Node API) on Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium) with Lighthouse's default mobile settings (a mid-range phone on slow 4G,
 * simulated). Targets: >= 95 in both categories on both pages.
 *
 * The built server runs on a fresh data folder with the demo data (PGlite: no PostgreSQL needed).
 * The login for /home goes through the real form, driven by Playwright over the same Chromium's
 * DevTools port; then the service worker, its caches and the HTTP cache are dropped, so /home is
 * measured cold like /login, with only the session (localStorage) kept.
 *
 * Each page is measured BENCH_LIGHTHOUSE_RONDAS times (3 by default; /home after a fresh login each
 * time) and the round with the median performance score is reported: one run on a shared machine
 * varies by several points. BENCH_LIGHTHOUSE_INFORMES=1 also keeps every full Lighthouse report
 * (.bench/lighthouse-<page>-<round>.json) to see what blocks the page.
 *
 *   BENCH_ONLY=lighthouse npm run bench      (also part of the full npm run bench)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from '../src/config.js';

const OBJETIVO = 95;
const USUARIO = 'operario';
const PASSWORD = 'Demo1234!';

export interface PuntajePagina {
  ruta: string;
  rendimiento: number;
  accesibilidad: number;
  /** Lighthouse's own figures for the page, in ms (LCP, TBT) and unitless (CLS). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the accessibility audit flags, if anything (audit ids). */
  fallasAccesibilidad: string[];
  /** The performance score of every round, in the order measured (the figures above are the median's). */
  rondas: number[];
}

export interface ResultadoLighthouse {
  version: string;
  paginas: PuntajePagina[];
  cumple: boolean;
}

async function esperarSalud(url: string, hijo: ChildProcess): Promise<void> {
  const limite = Date.now() + 120_000;
  while (Date.now() < limite) {
    if (hijo.exitCode !== null) throw new Error(`El servidor terminó (código ${hijo.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('El servidor no respondió /api/health en 2 minutos');
}

/** The built server on a fresh data folder with the demo data (embedded PGlite). */
async function servidorDemo(puerto: number): Promise<{ url: string; detener: () => void }> {
  const datos = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-lighthouse-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(puerto), DATA_DIR: datos, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  // BENCH_SERVER: another build's main.js, as in the other sections (run.ts).
  const main = process.env.BENCH_SERVER ?? path.join(REPO_ROOT, 'apps/server/dist/main.js');
  const hijo = spawn(process.execPath, [main], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${puerto}`;
  await esperarSalud(url, hijo);
  return {
    url,
    detener: () => {
      hijo.kill('SIGTERM');
      fs.rmSync(datos, { recursive: true, force: true });
    },
  };
}

/** Logs in through the form in the running Chromium, then leaves only the session behind. */
async function iniciarSesion(puertoDevtools: number, url: string): Promise<void> {
  const navegador = await chromium.connectOverCDP(`http://127.0.0.1:${puertoDevtools}`);
  try {
    const contexto = navegador.contexts()[0] ?? (await navegador.newContext());
    const pagina = await contexto.newPage();
    await pagina.goto(`${url}/login`);
    await pagina.getByTestId('login-usuario').locator('input').fill(USUARIO);
    await pagina.getByTestId('login-password').locator('input').fill(PASSWORD);
    await pagina.getByTestId('login-password').locator('input').press('Enter');
    await pagina.waitForURL(/\/home$/, { timeout: 30_000 });
    await pagina.getByTestId('ordenes-lista').first().waitFor({ timeout: 30_000 });
    // The app registers its service worker late (after load, when idle): dropping it from the
    // app's own page could run before that, and /home was then measured from the service worker.
    // So the app's page closes first and the cleanup runs on a same-origin page without the app.
    await pagina.close();
    const limpia = await contexto.newPage();
    await limpia.goto(`${url}/api/health`);
    // Browser code, as text: the server's TypeScript has no DOM types.
    await limpia.evaluate(`(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      for (const clave of await caches.keys()) await caches.delete(clave);
    })()`);
    const cdp = await contexto.newCDPSession(limpia);
    await cdp.send('Network.clearBrowserCache');
    await limpia.close();
  } finally {
    await navegador.close();
  }
}

type Medicion = Omit<PuntajePagina, 'rondas'>;

/**
 * One more try when Lighthouse itself fails to record (e.g. NO_NAVSTART on a busy machine). The
 * failed try loaded the page, so `preparar` runs again before it: for /home, a new login that drops
 * the service worker and the caches (without it the retry measured /home warm, from the service
 * worker: every byte 0, FCP 0.3 s).
 */
async function medir(
  url: string,
  puertoDevtools: number,
  conservarSesion: boolean,
  informe?: string,
  preparar: () => Promise<void> = async () => undefined,
): Promise<Medicion> {
  await preparar();
  try {
    return await medirUnaVez(url, puertoDevtools, conservarSesion, informe);
  } catch (error) {
    console.warn(`  ${error instanceof Error ? error.message : String(error)}: otra vez`);
    await preparar();
    return medirUnaVez(url, puertoDevtools, conservarSesion, informe);
  }
}

async function medirUnaVez(
  url: string,
  puertoDevtools: number,
  conservarSesion: boolean,
  informe?: string,
): Promise<Medicion> {
  const resultado = await lighthouse(url, {
    port: puertoDevtools,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // /home needs the session in localStorage: keep the storage (the login already emptied caches).
    disableStorageReset: conservarSesion,
  });
  if (!resultado) throw new Error(`Lighthouse no devolvió resultados para ${url}`);
  const { lhr } = resultado;
  if (informe) fs.writeFileSync(informe, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse en ${url}: ${lhr.runtimeError.message}`);
  // Cold or not at all: a page whose code came from the service worker transfers almost nothing.
  const items = (lhr.audits['network-requests']?.details as { items?: { transferSize?: number }[] } | undefined)?.items;
  const bytes = (items ?? []).reduce((n, it) => n + (it.transferSize ?? 0), 0);
  if (bytes < 20_000) throw new Error(`Lighthouse en ${url}: ${bytes} bytes transferidos, se midió en caliente`);
  const cifra = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const fallas = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    ruta: new URL(lhr.finalDisplayedUrl).pathname,
    rendimiento: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accesibilidad: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: cifra('first-contentful-paint'),
    lcpMs: cifra('largest-contentful-paint'),
    tbtMs: cifra('total-blocking-time'),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    fallasAccesibilidad: fallas,
  };
}

/** The round with the median performance score, with every round's score. */
function mediana(mediciones: Medicion[]): PuntajePagina {
  const orden = [...mediciones].sort((a, b) => a.rendimiento - b.rendimiento);
  const central = orden[Math.floor((orden.length - 1) / 2)];
  if (!central) throw new Error('Sin mediciones');
  return { ...central, rondas: mediciones.map((m) => m.rendimiento) };
}

/** Measures /login and /home on a server of its own (port `puerto`). */
export async function benchLighthouse({
  puerto = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 8093),
  outDir = path.join(REPO_ROOT, '.bench'),
}: { puerto?: number; outDir?: string } = {}): Promise<ResultadoLighthouse> {
  const servidor = await servidorDemo(puerto);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const rondas = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RONDAS ?? 3));
    const informe = (pagina: string, ronda: number) =>
      process.env.BENCH_LIGHTHOUSE_INFORMES ? path.join(outDir, `lighthouse-${pagina}-${ronda}.json`) : undefined;
    fs.mkdirSync(outDir, { recursive: true });
    // Every /login round before the first login: Lighthouse's storage reset keeps localStorage, so
    // after a login /login would open the full app with the session.
    const login: Medicion[] = [];
    for (let ronda = 1; ronda <= rondas; ronda++) {
      login.push(await medir(`${servidor.url}/login`, chrome.port, false, informe('login', ronda)));
    }
    // A fresh login before each /home round: the previous round left the service worker behind.
    const home: Medicion[] = [];
    for (let ronda = 1; ronda <= rondas; ronda++) {
      home.push(
        await medir(`${servidor.url}/home`, chrome.port, true, informe('home', ronda), () =>
          iniciarSesion(chrome.port, servidor.url),
        ),
      );
    }
    const paginas = [mediana(login), mediana(home)];
    const version = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
    ) as { version: string };
    for (const p of paginas) {
      console.log(
        `  ${p.ruta.padEnd(8)} rendimiento ${p.rendimiento}  accesibilidad ${p.accesibilidad}   ` +
          `FCP ${p.fcpMs} ms  LCP ${p.lcpMs} ms  TBT ${p.tbtMs} ms  CLS ${p.cls}` +
          (p.rondas.length > 1 ? `   (mediana de ${p.rondas.join(', ')})` : '') +
          (p.fallasAccesibilidad.length ? `   fallas: ${p.fallasAccesibilidad.join(', ')}` : ''),
      );
    }
    const cumple = paginas.every((p) => p.rendimiento >= OBJETIVO && p.accesibilidad >= OBJETIVO);
    console.log(`  objetivo: rendimiento y accesibilidad >= ${OBJETIVO} en ambas (${cumple ? 'cumple' : 'NO cumple'})`);
    const resultado = { version: version.version, paginas, cumple };
    fs.writeFileSync(path.join(outDir, 'lighthouse.json'), JSON.stringify(resultado, null, 2));
    return resultado;
  } finally {
    chrome.kill();
    servidor.detener();
  }
}
