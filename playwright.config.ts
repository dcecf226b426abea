import { defineConfig } from '@playwright/test';

/** The built server (apps/server/dist) serving the built web app (apps/web/dist) on this port. */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const BASE_URL = `http://127.0.0.1:${PORT}`;

const ESCRITORIO = { viewport: { width: 1280, height: 800 } };
const TELEFONO = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/** Journeys that change the demo data; see `projects`. */
const CAMBIAN_DATOS = [
  '**/orders.spec.ts',
  '**/live.spec.ts',
  '**/admin.spec.ts',
  '**/paperwork.spec.ts',
  '**/seguridad-xss.spec.ts',
  '**/fechas-zona.spec.ts',
  '**/surveys.spec.ts',
  '**/client-side.spec.ts',
  '**/plans.spec.ts',
  '**/app-de-campo-fotos.spec.ts',
  '**/sin-conexion.spec.ts',
  '**/sin-conexion-alta-foto.spec.ts',
  '**/sin-conexion-recarga.spec.ts',
  '**/temporizador.spec.ts',
  '**/checklists.spec.ts',
  '**/checklists-en-vivo.spec.ts',
  '**/calendar.spec.ts',
  '**/equipment.spec.ts',
  '**/mantenimiento.spec.ts',
  '**/mantenimiento-ordenes.spec.ts',
  '**/sla-horario.spec.ts',
  '**/whatsapp.spec.ts',
  '**/solicitudes.spec.ts',
];
// e2e/mantenimiento-reloj.spec.ts moves the server's clock: it starts a second built server of its
// own (e2e/reloj.ts, under libfaketime, on a fresh demo) on E2E_RELOJ_PORT, by default the port after
// this one's, so it changes nothing the other journeys read and runs with the desktop ones.
/** Journeys that change the demo company's plan (its quota stops being 100): after every other one. */
const CAMBIA_PLAN = ['**/plans.spec.ts'];
/** Journeys tagged @una-pantalla do not depend on the screen size: only the desktop projects run them. */
const UNA_PANTALLA = /@una-pantalla/;
/** Journeys tagged @solo-telefono need the touch screen and its camera button: only the phone projects run them. */
const SOLO_TELEFONO = /@solo-telefono/;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; browser downloads by test tools do not work on these machines.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'escritorio', testIgnore: CAMBIAN_DATOS, grepInvert: SOLO_TELEFONO, use: ESCRITORIO },
    { name: 'telefono', testIgnore: CAMBIAN_DATOS, grepInvert: UNA_PANTALLA, use: TELEFONO },
    // Journeys that change the demo data (they create orders, so the plan's quota goes down) run
    // after every journey that reads it as seeded (menu.spec expects '100 de 100'). With one
    // worker, projects run in this order.
    {
      name: 'escritorio-cambios',
      testMatch: CAMBIAN_DATOS,
      testIgnore: CAMBIA_PLAN,
      grepInvert: SOLO_TELEFONO,
      use: ESCRITORIO,
    },
    {
      name: 'telefono-cambios',
      testMatch: CAMBIAN_DATOS,
      testIgnore: CAMBIA_PLAN,
      grepInvert: UNA_PANTALLA,
      use: TELEFONO,
    },
    // Last: orders.spec and live.spec (both sizes) expect the demo plan's '… de 100'.
    { name: 'escritorio-plan', testMatch: CAMBIA_PLAN, grepInvert: SOLO_TELEFONO, use: ESCRITORIO },
  ],
  webServer: {
    // Starts apps/server/dist/main.js on a fresh data folder (.data-e2e) with the demo data.
    command: 'node e2e/serve.mjs',
    url: `${BASE_URL}/api/health`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
