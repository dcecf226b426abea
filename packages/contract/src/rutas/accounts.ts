import * as cuentas from '../accounts.js';
import { rutaDeGrupo } from './definir.js';

const rutaDeCuentas = rutaDeGrupo({ tags: ['cuentas'], publica: true });

/**
 * Sign-up, confirmation, recovery and invitations (issue 12; SPEC §7 "Registration and
 * password"). All public: no Authorization, each limited per address and per account (429 with
 * Retry-After). The links in the mails are web pages (PUBLIC_URL/confirmacion/<k>,
 * PUBLIC_URL/password-reset/<k>) that call these routes with the `k` of their path.
 */
export const RUTAS_CUENTAS = {
  registrarUsuario: rutaDeCuentas({
    metodo: 'POST',
    path: '/api/v2/registrar/usuario',
    summary:
      'Alta de una empresa y su propietario (sin autenticación). Responde 201 y envía el correo de confirmación; si el usuario o el email ya existen responde igual, no crea nada y el email recibe un aviso',
    body: cuentas.zRegistroUsuario,
    response: { 201: cuentas.zRegistroHecho },
  }),
  reenviarConfirmacion: rutaDeCuentas({
    metodo: 'POST',
    path: '/api/v2/registrar/reenviar',
    summary:
      'Reenvía el correo de confirmación a una cuenta sin confirmar, por {usuario} (usuario o email) o {k} (un enlace vencido). Siempre la misma respuesta',
    body: cuentas.zReenviarConfirmacion,
    response: { 200: cuentas.zAvisoCuenta },
  }),
  confirmarCuenta: rutaDeCuentas({
    metodo: 'GET',
    path: '/api/v2/confirmar',
    summary:
      'Confirma la cuenta del enlace ?k= (estado confirmada, o yaConfirmada en un segundo clic); ENLACE_VENCIDO (410) o ENLACE_INVALIDO (404)',
    querystring: cuentas.zConfirmarQuery,
    response: { 200: cuentas.zConfirmacion },
  }),
  recuperarPassword: rutaDeCuentas({
    metodo: 'GET',
    path: '/api/v2/recuperarPassword',
    summary:
      'Envía un enlace para elegir una contraseña nueva a la cuenta de ?username= (usuario o email). Siempre la misma respuesta',
    querystring: cuentas.zRecuperarPasswordQuery,
    response: { 200: cuentas.zAvisoCuenta },
  }),
  enlaceRecuperarPassword: rutaDeCuentas({
    metodo: 'GET',
    path: '/api/v2/recuperarPassword/enlace',
    summary:
      'Para qué es el enlace ?k= de password-reset: recuperacion o invitacion, el nombre de pila, la empresa y el vencimiento (no lo gasta)',
    querystring: cuentas.zEnlaceQuery,
    response: { 200: cuentas.zEnlaceInfo },
  }),
  confirmarRecuperarPassword: rutaDeCuentas({
    metodo: 'GET',
    path: '/api/v2/confirmarRecuperarPassword',
    summary:
      'Fija la contraseña (?k&password&confirmPassword, MD5 hex iguales), gasta los enlaces del usuario y cierra sus sesiones',
    querystring: cuentas.zConfirmarRecuperarPasswordQuery,
    response: { 200: cuentas.zPasswordRestablecida },
  }),
} as const;
