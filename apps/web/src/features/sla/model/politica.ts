import {
  especificidad,
  zPoliticaGuardar,
  type Politica,
  type PoliticaGuardar,
  type UnidadObjetivo,
} from '@delego/contract';
import { erroresDeProblemas, type ErroresCampos, type Validacion } from '../../../lib/formularios';

/**
 * A service-level policy as its form holds it (issue 34): what it applies to (null = «Cualquiera»)
 * and each target as a quantity typed and a unit; an empty quantity is no target.
 */
export interface ValoresPolitica {
  nombre: string;
  clienteId: number | null;
  tipoOrdenId: number | null;
  prioridadId: number | null;
  respuestaCantidad: string;
  respuestaUnidad: UnidadObjetivo;
  resolucionCantidad: string;
  resolucionUnidad: UnidadObjetivo;
  pausaEnEspera: boolean;
}

export type CampoPolitica = keyof ValoresPolitica;

/** Messages of the form that belong to no single field: the 409 of a repeated combination. */
export type MensajePolitica = 'combinacion';

export const POLITICA_NUEVA: ValoresPolitica = {
  nombre: '',
  clienteId: null,
  tipoOrdenId: null,
  prioridadId: null,
  respuestaCantidad: '',
  respuestaUnidad: 'horas',
  resolucionCantidad: '',
  resolucionUnidad: 'dias',
  pausaEnEspera: true,
};

export function valoresDePolitica(p: Politica): ValoresPolitica {
  return {
    nombre: p.nombre,
    clienteId: p.cliente?.id ?? null,
    tipoOrdenId: p.tipoOrden?.id ?? null,
    prioridadId: p.prioridad?.id ?? null,
    respuestaCantidad: p.respuesta ? String(p.respuesta.cantidad) : '',
    respuestaUnidad: p.respuesta?.unidad ?? 'horas',
    resolucionCantidad: p.resolucion ? String(p.resolucion.cantidad) : '',
    resolucionUnidad: p.resolucion?.unidad ?? 'dias',
    pausaEnEspera: p.pausaEnEspera,
  };
}

/** A quantity as typed: empty is no target; anything else goes to the contract as a number (it says what is wrong). */
function objetivo(cantidad: string, unidad: UnidadObjetivo) {
  const texto = cantidad.trim();
  return texto ? { cantidad: /^\d+$/.test(texto) ? Number(texto) : Number.NaN, unidad } : null;
}

export function cuerpoDePolitica(v: ValoresPolitica): PoliticaGuardar {
  return {
    nombre: v.nombre,
    clienteId: v.clienteId,
    tipoOrdenId: v.tipoOrdenId,
    prioridadId: v.prioridadId,
    respuesta: objetivo(v.respuestaCantidad, v.respuestaUnidad),
    resolucion: objetivo(v.resolucionCantidad, v.resolucionUnidad),
    pausaEnEspera: v.pausaEnEspera,
  };
}

/** Where the contract's (and the server's) field names go in the form. */
export const ALIAS_POLITICA: Readonly<Record<string, CampoPolitica>> = {
  respuesta: 'respuestaCantidad',
  'respuesta.cantidad': 'respuestaCantidad',
  'respuesta.unidad': 'respuestaUnidad',
  resolucion: 'resolucionCantidad',
  'resolucion.cantidad': 'resolucionCantidad',
  'resolucion.unidad': 'resolucionUnidad',
};

/** Checks the policy with the contract's schema and its Spanish messages, each on its field. */
export function validarPolitica(v: ValoresPolitica): Validacion<CampoPolitica | MensajePolitica, PoliticaGuardar> {
  const cuerpo = cuerpoDePolitica(v);
  const resultado = zPoliticaGuardar.safeParse(cuerpo);
  if (resultado.success) return { ok: true, datos: { ...cuerpo, nombre: resultado.data.nombre } };
  const errores: ErroresCampos<CampoPolitica> = {};
  for (const issue of resultado.error.issues) {
    const ruta = issue.path.map(String);
    const campo = ALIAS_POLITICA[ruta.slice(0, 2).join('.')] ?? ALIAS_POLITICA[ruta[0] ?? ''];
    const nombre = campo ?? (Object.keys(erroresDeProblemas([issue]))[0] as CampoPolitica | undefined);
    if (nombre && !errores[nombre]) errores[nombre] = issue.message;
  }
  return { ok: false, errores };
}

/** The most specific first (client, then type, then priority), then by name: the order in which they win. */
export function ordenarPoliticas(politicas: readonly Politica[]): Politica[] {
  const peso = (p: Politica) =>
    especificidad({
      clienteId: p.cliente?.id ?? null,
      tipoOrdenId: p.tipoOrden?.id ?? null,
      prioridadId: p.prioridad?.id ?? null,
    });
  return [...politicas].sort((a, b) => peso(b) - peso(a) || a.nombre.localeCompare(b.nombre, 'es'));
}
