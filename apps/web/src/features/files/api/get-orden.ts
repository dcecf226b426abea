import { API_ORDENES, zOrdenDetalle } from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenesKeys } from '../../orders';

/**
 * GET /api/v3/ordenDTO/{id}: the order these screens belong to (number and title for the header).
 * Same key and answer as the order detail, so the detail's cache serves it and a change refreshes both.
 */
export function useOrden(id: number | null) {
  return useQuery({
    queryKey: ordenesKeys.detalle(id ?? 0),
    queryFn: ({ signal }) => http.get(API_ORDENES.detalle(id ?? 0), { esquema: zOrdenDetalle, signal }),
    enabled: id !== null,
    meta: { errorSilencioso: true },
  });
}
