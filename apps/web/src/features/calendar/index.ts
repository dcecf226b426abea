/**
 * The calendar of everyone's workload (issue 32, docs/CALENDARIO.md): month and week views, the
 * phone's agenda, moving an order's due date. Its screen is reached through the router.
 */
export { calendarioKeys } from './keys';
