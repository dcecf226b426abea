/**
 * WhatsApp and each user's channels (issue 35). The «WhatsApp» screen (the mode and the templates)
 * is reached through the router (app/routes.ts); Notificaciones shows each user's «Canales de
 * aviso»; a client's admin page, its WhatsApp number and consent; app/composicion puts an order's
 * messages in its history.
 */
export { CanalesDeAviso } from './components/canales-aviso';
export { WhatsappDeCliente } from './components/whatsapp-cliente';
export { useHistorialWhatsapp } from './hooks/use-historial-whatsapp';
export { whatsappKeys } from './keys';
