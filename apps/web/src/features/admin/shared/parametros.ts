import { useSearchParams } from 'react-router-dom';
import { leerId } from '../../../lib/consulta-de-ruta';

/** The id in the query parameter `nombre` of the current address (`/usuario?id=12`), or null. */
export function useIdParam(nombre: string): number | null {
  const [params] = useSearchParams();
  return leerId(params.get(nombre));
}
