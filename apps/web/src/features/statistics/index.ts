/**
 * The statistics feature's public face (issue 14). Its screens are reached through the router
 * (app/routes.ts); its query keys let a live message refresh the figures on screen.
 */
export { estadisticasKeys } from './keys';
