/**
 * The client's side of an order (issue 16): what the order detail shows (billing data, the
 * delegation line, "Compartir con el cliente") and the query keys live messages refresh. Its
 * screens (datos-facturacion, ordersummary/:id) are reached through the router.
 */
export { ClienteDeOrden } from './components/cliente-de-orden';
export { clientePublicoKeys } from './keys';
