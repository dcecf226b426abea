/**
 * The company's plan as several features see it: the login publishes it, the logout clears it, a
 * new order takes from its quota. The plan's own screens are features/plans.
 */
export { planKeys } from './keys';
