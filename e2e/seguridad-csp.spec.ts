import { expect, test, type Page } from '@playwright/test';
import { iniciarSesion, pantallaActual } from './helpers';

/**
 * The app keeps to its own Content-Security-Policy: no screen asks the browser for something the
 * policy refuses. A refusal breaks nothing the person sees (the libraries catch it), but it is an
 * error in the console of every visitor and hides a real one among them. Two did it: Zod probing
 * `new Function` on every load, and Ionic's React wrapper probing a camelCase event prop
 * (onPointerDown on the password field's button) with an inline handler attribute.
 */

/** Every `securitypolicyviolation` of the page, from before its first script runs. */
async function vigilarCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} en ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  const mensajes: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) mensajes.push(m.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...mensajes];
}

test('ninguna pantalla infringe la política de seguridad de contenido de la app', async ({ page }) => {
  const infracciones = await vigilarCsp(page);
  await iniciarSesion(page, 'admin');
  expect(await infracciones()).toEqual([]);

  // The profile has three password fields, each with its show/hide button.
  await page.goto('/perfil');
  const campo = pantallaActual(page)
    .locator('ion-input')
    .filter({ has: page.locator('ion-button') })
    .first();
  await expect(campo).toBeVisible();
  await campo.locator('input').fill('secreto123');
  await campo.getByRole('button', { name: 'Mostrar contraseña' }).click();
  await expect(campo.locator('input')).toHaveAttribute('type', 'text');
  // The button keeps the cursor in the field.
  await expect(campo.locator('input')).toBeFocused();

  for (const ruta of ['/nueva-orden', '/home?estados=1', '/usuarios']) {
    await page.goto(ruta);
    // On a phone Inicio starts as the first stage, without Ionic (e2e/inicio-ligero.spec.ts).
    await expect(page.locator('#root > *').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await infracciones(), ruta).toEqual([]);
  }
});
