import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every response: the API's, the web app's (index.html and its
 * assets), the documentation's (/docs) and the error pages. Only the app's own files may run.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  // Vite's build loads everything from files (index.html has no inline script): an injected
  // `<script>` or `onerror=` attribute does not run even if some text reaches the page as HTML.
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Ionic's runtime (Stencil) adds each component's CSS as <style> elements while the app runs,
  // and the components set inline styles; without 'unsafe-inline' the screens render unstyled.
  // Styles cannot run script, so this does not weaken the protection against XSS.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Photos and attachments are shown through object URLs (blob:); Ionic's icons and Swagger UI
  // use data: images.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // The API and the live channel (STOMP on ws:/wss: at /api/v2/delegoWS) are on the same origin;
  // in CSP Level 3 'self' also matches ws: and wss: of the page's own host.
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  // No plugins. The PDF reports open in a tab of their own (VISOR_PDF below), whose policy lets
  // Chrome's PDF viewer show them.
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // No upgrade-insecure-requests: the server may be reached over plain HTTP (a local network,
  // the tests), and forcing HTTPS there would break every call.
};

/** `defaultSrc` → `default-src`. */
function nombreDeDirectiva(clave: string): string {
  return clave.replace(/[A-Z]/g, (letra) => `-${letra.toLowerCase()}`);
}

/** The header value of a set of directives: `default-src 'self';script-src 'self';…`. */
export function politicaCsp(directivas: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directivas)
    .map(([clave, valores]) => [nombreDeDirectiva(clave), ...valores].join(' '))
    .join(';');
}

/**
 * The page the app opens a PDF report in (apps/web/public/visor-pdf.html). The app creates the
 * PDF's object URL through that tab's own URL object, so the PDF document inherits this policy
 * instead of the app's: Chrome checks the PDF viewer against object-src, and a blob: PDF under
 * object-src 'none' shows as blocked. The page itself runs nothing and loads only the icon.
 */
export const VISOR_PDF = '/visor-pdf.html';
export const CSP_VISOR_PDF =
  "default-src 'none'; object-src blob:; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The headers of every response, computed once at start-up. They are static, so nothing is
 * parsed or built per request (a general-purpose middleware re-derived the CSP string on every
 * response, which cost about 5 % of the throughput of the lightest calls; see BENCHMARKS.md).
 */
export const CABECERAS_DE_SEGURIDAD: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': politicaCsp(CSP_DIRECTIVES),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  // A page of ours opened from elsewhere cannot reach back into the opener, and vice versa.
  'cross-origin-opener-policy': 'same-origin',
  // Attachments are fetched by the app itself (same origin); the mobile client is not a browser.
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  // HTTPS is the proxy's business; the header is ignored over plain HTTP. Subdomains are not ours.
  'strict-transport-security': 'max-age=15552000',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  // The legacy XSS auditor is off: it could be abused to blank parts of a page; CSP replaces it.
  'x-xss-protection': '0',
});

/**
 * Security headers on every response (registered first in buildApp, so 404s, errors, the web
 * app, /docs and the live channel's refusals carry them too); the PDF viewer tab gets its own CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(CABECERAS_DE_SEGURIDAD);
    if (req.url.startsWith(VISOR_PDF) && req.url.split('?')[0] === VISOR_PDF) {
      reply.header('content-security-policy', CSP_VISOR_PDF);
    }
    done();
  });
}
