import { mutacionDe } from '../../../../lib/consultas';
import { porClase, RUTAS_DE_ETIQUETA, type ClaseEtiqueta } from '../../../../lib/catalogos';
import { catalogoKeys } from '../../../../lib/catalogo-keys';

const CREAR = porClase((clase) =>
  mutacionDe(RUTAS_DE_ETIQUETA[clase].crear, (nombre: string) => ({ cuerpo: { nombre } }), {
    errorSilencioso: true,
    alResponder: (queryClient) => queryClient.invalidateQueries({ queryKey: catalogoKeys.de(clase) }),
  }),
);

/** POST /api/v2/tipoOrden {nombre} or POST /api/v3/areas {nombre}. The form shows the errors (on the field or in the alert). */
export function useCrearEtiqueta(clase: ClaseEtiqueta) {
  return CREAR[clase].useMutacion();
}
