/**
 * Zod on the web runs without compiling parsers (`jitless`). To compile them Zod first probes
 * `new Function('')`; the app's Content-Security-Policy refuses string evaluation (no
 * 'unsafe-eval'), so every load of the app printed a CSP violation in the console, although Zod
 * caught the refusal and parsed without compiling anyway. Zod reads this setting when a schema is
 * built, so it is set before any module that builds one: main.tsx imports this module first.
 * The global is where Zod keeps what `z.config()` sets (zod/v4/core/core.js): calling `z.config`
 * here would bring Zod into the first load, which the light login and Inicio do without. If an
 * update of Zod stopped reading it, e2e/seguridad-csp.spec.ts would fail. The server keeps the
 * compiled parsers (no CSP there).
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
