/**
 * The orders feature's public face: what other features may use. Its screens are reached through
 * the router (app/routes.ts); its query keys let the order's paperwork refresh what it shows.
 */
export { ordenesKeys } from './keys';
