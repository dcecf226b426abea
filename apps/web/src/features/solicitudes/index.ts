/**
 * Requests from outside the company (issue 33): the public form (by a client's link or a label's
 * QR) and the tracking page, the «Solicitudes» inbox and its decisions, and a client's request
 * link. The screens are reached through the router (app/routes.ts, app/composicion/qr-page.tsx);
 * the side menu shows the count of pending ones; a client's admin page, the link's section; app/live-config.ts
 * refreshes the keys when a request arrives.
 */
export { EnlaceSolicitudesDeCliente } from './components/enlace-cliente';
export { usePendientesSolicitudes } from './api/get-pendientes';
export { solicitudesKeys } from './keys';
export { refrescarSolicitudes } from './model/cache';
