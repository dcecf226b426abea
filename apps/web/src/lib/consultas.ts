import type { RespuestaDe, zParamId } from '@delego/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationKey,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { llamar, type OpcionesRuta, type RutaJson } from './http';

/**
 * The shapes every `api/` file repeated, built once from a route of the contract's table: a query
 * (its TanStack Query options and its hook) and a mutation (its call and its hook). Method, path
 * and answer schema come from the route; the file says only its key, its params and what the
 * answer changes in the cache.
 */

/** What a call takes besides its route and the query's AbortSignal: params, body, query string. */
export type LlamadaDe<R extends RutaJson> = Omit<OpcionesRuta<R>, 'signal'>;

export interface OpcionesConsulta {
  /** How long an answer stays fresh; without it, the app's default (query-client.ts). */
  staleTime?: number;
  /** The screen shows its own error state (with a retry button): no alert. */
  errorSilencioso?: boolean;
}

/** What a query hook takes: with `habilitada: false` nothing is fetched yet. */
export interface OpcionesHook {
  habilitada?: boolean;
}

/** The key of a query with nothing to ask yet (its argument is null): it is never fetched. */
const SIN_CONSULTA = ['sin-consulta'] as const;

/** `llamar`, for a route this file knows only as generic: each caller typed its options against its route. */
const llamarRuta = llamar as unknown as <R extends RutaJson>(ruta: R, opciones: object) => Promise<RespuestaDe<R>>;

/**
 * The answer as given, fresh for `staleTime` only if the file says so: an explicit `undefined`
 * would replace the app's default instead of falling back to it.
 */
function ajustes({ staleTime, errorSilencioso }: OpcionesConsulta) {
  return {
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(errorSilencioso ? { meta: { errorSilencioso: true } } : {}),
  };
}

/**
 * A query of `ruta` for each argument (an id, a client): `clave(arg)` is its key, `llamada(arg)`
 * its params. Its hook fetches nothing while the argument is null (a new order has no detail yet)
 * or `habilitada` is false.
 */
export function consultaPor<R extends RutaJson, A>(
  ruta: R,
  clave: (arg: A) => QueryKey,
  llamada: (arg: A) => LlamadaDe<R>,
  opciones: OpcionesConsulta = {},
) {
  const definir = (arg: A | null) =>
    queryOptions({
      queryKey: arg === null ? [...SIN_CONSULTA, ruta.path] : clave(arg),
      queryFn: arg === null ? skipToken : ({ signal }) => llamarRuta(ruta, { ...llamada(arg), signal }),
      ...ajustes(opciones),
    });
  return {
    opciones: (arg: A) => definir(arg),
    useConsulta: (arg: A | null, { habilitada = true }: OpcionesHook = {}) =>
      useQuery({ ...definir(arg), enabled: habilitada }),
  };
}

/** A query of a route whose only param is the `id` of its path (`/api/v3/ordenDTO/:id`). */
export function consultaPorId<R extends RutaJson & { readonly params: typeof zParamId }>(
  ruta: R,
  clave: (id: number) => QueryKey,
  opciones: OpcionesConsulta = {},
) {
  return consultaPor(ruta, clave, (id: number) => ({ params: { id } }) as unknown as LlamadaDe<R>, opciones);
}

/** A query of a route without params, under one key; `llamada` gives its query string if it has one. */
export function consultaDe<R extends RutaJson>(
  ruta: R,
  clave: QueryKey,
  { llamada, ...opciones }: OpcionesConsulta & { llamada?: LlamadaDe<R> } = {},
) {
  const consulta = consultaPor(
    ruta,
    () => clave,
    () => llamada ?? ({} as LlamadaDe<R>),
    opciones,
  );
  return {
    opciones: () => consulta.opciones(undefined),
    useConsulta: (hook?: OpcionesHook) => consulta.useConsulta(undefined, hook),
  };
}

export interface OpcionesMutacion<T, V> {
  /** The screen shows the errors (on a field, or in its alert): the mutation does not report them. */
  errorSilencioso?: boolean;
  /** What the answer changes in the cache (the server answers each change with the new state). */
  alResponder?: (queryClient: QueryClient, respuesta: T, variables: V) => unknown;
  /** Its key in the mutation cache, for whoever needs to know it is running or has run. */
  clave?: MutationKey;
}

/** A call that changes data through `ruta`, with `llamada(variables)` its params and body. */
export function mutacionDe<R extends RutaJson, V>(
  ruta: R,
  llamada: (variables: V) => OpcionesRuta<R>,
  { errorSilencioso = false, alResponder, clave }: OpcionesMutacion<RespuestaDe<R>, V> = {},
) {
  const llamarCon = (variables: V) => llamarRuta(ruta, llamada(variables));
  return {
    llamar: llamarCon,
    useMutacion: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: llamarCon,
        ...(clave ? { mutationKey: clave } : {}),
        ...(errorSilencioso ? { meta: { errorSilencioso: true } } : {}),
        onSuccess: (respuesta: RespuestaDe<R>, variables: V) => alResponder?.(queryClient, respuesta, variables),
      });
    },
  };
}

/** A page of a list the server answers a page at a time (the orders, the delays). */
interface Pagina {
  pagina: number;
  porPagina: number;
  total: number;
  ordenes: readonly unknown[];
}

/** The next page number, or undefined once the last page is loaded. */
function siguientePagina(ultima: Pagina): number | undefined {
  const cargadas = (ultima.pagina + 1) * ultima.porPagina;
  return cargadas < ultima.total && ultima.ordenes.length > 0 ? ultima.pagina + 1 : undefined;
}

/**
 * A list read a page at a time (`pagina` in the body, from 0; infinite scroll): `pedir` asks for
 * one page of `consulta`, the next page follows while the last one says there are more, and the
 * screen shows its own error state with a retry button (no alert).
 */
export function consultaPaginada<C extends object, P extends Pagina, K extends QueryKey>(
  queryKey: K,
  pedir: (consulta: C & { pagina: number }, signal: AbortSignal) => Promise<P>,
  consulta: C,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => pedir({ ...consulta, pagina: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: siguientePagina,
    meta: { errorSilencioso: true },
  });
}
