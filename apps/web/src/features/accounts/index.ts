/** Accounts (issue 12): sign-up, confirmation, recovery, invitations; the screens without login. */
export { mensajeDeExito, PARAM_USUARIO } from './exitos';
export { ReenviarCorreo } from './components/reenviar-correo';
