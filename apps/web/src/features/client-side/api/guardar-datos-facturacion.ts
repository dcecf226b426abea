import { RUTAS, type DatosFacturacion } from '@delego/contract';
import { mutacionDe } from '../../../lib/consultas';
import { detalleCambiado } from '../model/cache';

/** POST /api/v2/datosFacturacion/{id} {datosFacturacion}: answers with the order's detail. */
export const { useMutacion: useGuardarDatosFacturacion } = mutacionDe(
  RUTAS.guardarDatosFacturacion,
  ({ id, datos }: { id: number; datos: DatosFacturacion }) => ({ params: { id }, cuerpo: { datosFacturacion: datos } }),
  { errorSilencioso: true, alResponder: detalleCambiado },
);
