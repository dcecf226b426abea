import {
  RUTAS,
  type Equipo,
  type EquipoGuardar,
  type ImportarPedido,
  type PaginaEquipos,
  type QrResuelto,
  type UbicacionCliente,
  type UbicacionGuardar,
} from '@delego/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { consultaPorId, mutacionDe } from '../../../lib/consultas';
import { llamar, llamarArchivo, type Descarga } from '../../../lib/http';
import { equiposKeys, type FiltroEquipos } from '../../../domain/equipo';

/** GET /api/v4/equipos: one page of the list (25 unless asked). */
export function getEquipos(consulta: FiltroEquipos & { pagina: number }, signal?: AbortSignal): Promise<PaginaEquipos> {
  return llamar(RUTAS.equipos, { query: consulta, signal });
}

/** The next page, or undefined once every equipo is loaded. */
function siguiente(ultima: PaginaEquipos): number | undefined {
  const cargados = (ultima.pagina + 1) * ultima.porPagina;
  return cargados < ultima.total && ultima.equipos.length > 0 ? ultima.pagina + 1 : undefined;
}

/** The equipment list a page at a time, like the order list (infinite scroll). */
export function useEquipos(consulta: FiltroEquipos) {
  return useInfiniteQuery({
    queryKey: equiposKeys.lista(consulta),
    queryFn: ({ pageParam, signal }) => getEquipos({ ...consulta, pagina: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: siguiente,
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}

/** GET /api/v4/equipos/:id. */
export const { useConsulta: useEquipo } = consultaPorId(RUTAS.equipo, equiposKeys.equipo, { errorSilencioso: true });

/** GET /api/v4/ubicaciones/:id. */
export const { useConsulta: useUbicacion } = consultaPorId(RUTAS.ubicacion, equiposKeys.ubicacion, {
  errorSilencioso: true,
});

/** After a change, every list and the changed record are read again. */
async function releer(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: equiposKeys.all });
}

/** A record saved from its form: created (no id) or replaced (id). */
interface Guardado<D> {
  id: number | null;
  datos: D;
}

/** The save of a form: the screen shows the errors on their fields; the lists are read again. */
function useGuardar<D, T extends { id: number }>(
  guardar: (g: Guardado<D>) => Promise<T>,
  clave: (id: number) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardar,
    meta: { errorSilencioso: true },
    onSuccess: async (guardado: T) => {
      queryClient.setQueryData(clave(guardado.id), guardado);
      await releer(queryClient);
    },
  });
}

/** POST /api/v4/equipos (no id) or PUT /api/v4/equipos/:id (every field). */
export function guardarEquipo({ id, datos }: Guardado<EquipoGuardar>): Promise<Equipo> {
  return id === null
    ? llamar(RUTAS.crearEquipo, { cuerpo: datos })
    : llamar(RUTAS.guardarEquipo, { params: { id }, cuerpo: datos });
}

export const useGuardarEquipo = () => useGuardar(guardarEquipo, equiposKeys.equipo);

/** POST /api/v4/ubicaciones (no id) or PUT /api/v4/ubicaciones/:id (every field). */
export function guardarUbicacion({ id, datos }: Guardado<UbicacionGuardar>): Promise<UbicacionCliente> {
  return id === null
    ? llamar(RUTAS.crearUbicacion, { cuerpo: datos })
    : llamar(RUTAS.guardarUbicacion, { params: { id }, cuerpo: datos });
}

export const useGuardarUbicacion = () => useGuardar(guardarUbicacion, equiposKeys.ubicacion);

/** DELETE /api/v4/equipos/:id (409 when an order names it): the screen says why. */
export const { useMutacion: useBorrarEquipo } = mutacionDe(RUTAS.borrarEquipo, (id: number) => ({ params: { id } }), {
  errorSilencioso: true,
  alResponder: (queryClient, _ok, id) => {
    queryClient.removeQueries({ queryKey: equiposKeys.equipo(id) });
    return releer(queryClient);
  },
});

/** DELETE /api/v4/ubicaciones/:id (409 when it has equipos or orders). */
export const { useMutacion: useBorrarUbicacion } = mutacionDe(
  RUTAS.borrarUbicacion,
  (id: number) => ({ params: { id } }),
  { errorSilencioso: true, alResponder: (queryClient) => releer(queryClient) },
);

/** POST /api/v4/equipos/importar: the preview, or every row (all or none). */
export const { useMutacion: useImportarEquipos } = mutacionDe(
  RUTAS.importarEquipos,
  (cuerpo: ImportarPedido) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: async (queryClient, resultado) => {
      if (resultado.importadas > 0) await releer(queryClient);
    },
  },
);

/** POST /api/v4/equipos/etiquetas: the PDF of labels of these equipos, in this order. */
export function getEtiquetas(ids: readonly number[]): Promise<Descarga> {
  return llamarArchivo(RUTAS.etiquetasEquipos, { cuerpo: { ids: [...ids] } });
}

/** GET /api/v4/qr/:codigo: what a scanned label is (404: unknown, or another company's). */
export function resolverQr(codigo: string, signal?: AbortSignal): Promise<QrResuelto> {
  return llamar(RUTAS.resolverQr, { params: { codigo }, signal });
}
