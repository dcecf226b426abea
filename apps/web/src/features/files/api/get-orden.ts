/**
 * GET /api/v3/ordenDTO/{id}: the order these screens belong to (number and title for the header).
 * It is the order detail's query (same key and answer), so a change refreshes both.
 */
export { useOrdenDetalle as useOrden } from '../../../domain/orden';
