import { LIMITES_ADMIN, RUTAS } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consultaPor } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/** The search text as sent: trimmed and within the server's limit. */
export function textoDeBusqueda(texto: string): string {
  return texto.trim().slice(0, LIMITES_ADMIN.buscar);
}

/** GET /api/v4/buscar/{texto}: users whose login, name or email contains the text. */
const busqueda = consultaPor(RUTAS.buscarUsuarios, adminKeys.busquedaUsuarios, (texto: string) => ({
  params: { texto },
}));

/** Searches once `texto` (already debounced) is not empty; keeps the last results while typing. */
export function useBuscarUsuarios(texto: string) {
  const limpio = textoDeBusqueda(texto);
  return useQuery({ ...busqueda.opciones(limpio), enabled: limpio.length > 0, placeholderData: keepPreviousData });
}
