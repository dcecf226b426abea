import { zEtiqueta, type Etiqueta } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { catalogoKeys } from '../../../../lib/catalogo-keys';
import type { ClaseEtiqueta } from '../../keys';
import { RUTAS_ETIQUETA } from './get-etiquetas';

/** POST /api/v2/tipoOrden {nombre} or POST /api/v3/areas {nombre}. */
export function crearEtiqueta(clase: ClaseEtiqueta, nombre: string): Promise<Etiqueta> {
  return http.post(RUTAS_ETIQUETA[clase].crear, { nombre }, { esquema: zEtiqueta });
}

/** The form shows the errors (on the field or in the alert). */
export function useCrearEtiqueta(clase: ClaseEtiqueta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nombre: string) => crearEtiqueta(clase, nombre),
    meta: { errorSilencioso: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoKeys.de(clase) }),
  });
}
