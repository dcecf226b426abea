import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every response: the API's, the web app's (index.html and its
 * assets), the documentation's (/docs) and the error pages. Only the app's own files may run.
 */
export const CSP_DIRECTIVES = {
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
  // The server may be reached over plain HTTP (a local network, the tests): do not force HTTPS.
  upgradeInsecureRequests: null,
};

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
 * Security headers on every response (registered first in buildApp): CSP above,
 * X-Content-Type-Options: nosniff, Referrer-Policy: same-origin, X-Frame-Options: DENY,
 * Cross-Origin-Opener-Policy and the rest of helmet's defaults.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // HTTPS is the proxy's business; the header is ignored over plain HTTP. Subdomains are not ours.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    // Attachments are fetched by the app itself (same origin); the mobile client is not a browser.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.split('?')[0] === VISOR_PDF) reply.header('content-security-policy', CSP_VISOR_PDF);
    done(null, payload);
  });
}
