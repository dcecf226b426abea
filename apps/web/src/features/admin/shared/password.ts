/** The password rules live in lib/password.ts (registration and password-reset use them too). */
export { PASSWORD_MAX, PASSWORD_MIN, problemaPassword } from '../../../lib/password';
