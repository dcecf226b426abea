/**
 * The contractor's page (issue 33 part 2, docs/EXTERNOS.md): `externo/:k`, without a session, the
 * one order a contractor link opens, with its own client (`Authorization: Externo <k>`), its own
 * offline copy and outbox (IndexedDB `delego-externo*`, keyed by the SHA-256 of the token). The
 * router loads the screen lazily (app/routes.ts); nothing else of the app uses this feature.
 */
export {};
