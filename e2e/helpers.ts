import { createHash } from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';

/** Wide screens show the menu beside the content (split pane); phones open it as an overlay. */
export function esTelefono(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 992;
}

export function campoUsuario(page: Page): Locator {
  return page.getByTestId('login-usuario').locator('input');
}

export function campoPassword(page: Page): Locator {
  return page.getByTestId('login-password').locator('input');
}

/** Fills the login form and submits it with Enter. */
export async function ingresar(page: Page, usuario: string, password = DEMO_PASSWORD): Promise<void> {
  await campoUsuario(page).fill(usuario);
  await campoPassword(page).fill(password);
  await campoPassword(page).press('Enter');
}

/**
 * The screen on top. Ionic keeps earlier screens mounted (hidden) in the outlet; ion-app itself
 * also has the class ion-page, hence the outlet in the selector.
 */
export function pantallaActual(page: Page): Locator {
  return page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden)');
}

/** Inicio: the order list. */
export function listaOrdenes(page: Page): Locator {
  return pantallaActual(page).getByTestId('ordenes-lista');
}

/**
 * Inicio right after the page loads with a session: on a phone the first stage
 * (e2e/inicio-ligero.spec.ts), on a desktop the full app's list.
 */
export function inicioAlCargar(page: Page): Locator {
  return esTelefono(page) ? page.getByTestId('inicio-ligero') : listaOrdenes(page);
}

/** Opens the login screen and logs in; waits for Inicio (the order list). */
export async function iniciarSesion(page: Page, usuario: string): Promise<void> {
  await page.goto('/login');
  await ingresar(page, usuario);
  await expect(page).toHaveURL(/\/home$/);
  await expect(listaOrdenes(page)).toBeVisible();
}

/**
 * Waits until the service worker controls the page (docs/APP-DE-CAMPO.md, "PWA"): from then on it
 * serves the app offline. Its install fetches every asset of the app first, which on a loaded CI
 * machine has taken more than the 10 s of a plain expect.
 */
export async function esperarServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker?.controller != null), { timeout: 30_000 })
    .toBe(true);
}

/** The side menu, opened first on phones. */
export async function abrirMenu(page: Page): Promise<Locator> {
  const menu = page.locator('ion-menu');
  if (esTelefono(page)) {
    await pantallaActual(page).locator('ion-menu-button').click();
    await expect(menu).toHaveClass(/show-menu/);
  }
  await expect(menu.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  return menu;
}

/** The titles of the menu entries, in order. */
export function entradasMenu(menu: Locator): Locator {
  return menu.getByRole('navigation', { name: 'Menú principal' }).locator('ion-label');
}

/** A second person's phone in a journey: a 390×844 touch screen in Buenos Aires, in Spanish. */
export function contextoTelefono(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
}

/**
 * The side menu's plan panel says what the server projects for the period (nothing when nothing
 * is left); `request` reaches the server as the demo's admin. Gives the projection.
 */
export async function panelSegunElServidor(
  page: Page,
  request: APIRequestContext,
): Promise<{ programadas: number; disponibles: number | null }> {
  const r = await request.get('/api/v2/mantenimientos/proyeccion', {
    headers: { Authorization: `admin#${createHash('md5').update(DEMO_PASSWORD).digest('hex')}` },
  });
  expect(r.ok(), `GET proyeccion: ${r.status()}`).toBe(true);
  const p = (await r.json()) as { programadas: number; disponibles: number | null };
  const menu = await abrirMenu(page);
  if (p.programadas === 0) await expect(menu.getByTestId('plan-programadas')).toHaveCount(0);
  else
    await expect(menu.getByTestId('plan-programadas')).toHaveText(
      new RegExp(`^${p.programadas} programadas? de ${p.disponibles} disponibles`),
    );
  return p;
}
