import { MAX_RESPUESTAS_ENCUESTAS, diaDeMs, type PromedioGrupo, type ResultadosEncuestas } from '@delego/contract';

/** One survey as the summary needs it. */
export interface EncuestaParaResumen {
  id: number;
  ordenId: number;
  numero: number;
  titulo: string;
  clienteId: number | null;
  cliente: string | null;
  responsables: number[];
  puntaje: number | null;
  comentario: string | null;
  respondidaEn: number | null;
}

interface Acumulado {
  nombre: string;
  suma: number;
  cantidad: number;
}

const redondear = (n: number) => Math.round(n * 100) / 100;

function sumar(m: Map<number | string, Acumulado>, clave: number | string, nombre: string, puntaje: number): void {
  const a = m.get(clave) ?? { nombre, suma: 0, cantidad: 0 };
  a.suma += puntaje;
  a.cantidad += 1;
  m.set(clave, a);
}

/** Groups by average, best first (ties: more answers first, then by name). */
function grupos(m: Map<number | string, Acumulado>): PromedioGrupo[] {
  return [...m.entries()]
    .map(([id, a]) => ({
      id: typeof id === 'number' ? id : null,
      nombre: a.nombre,
      cantidad: a.cantidad,
      promedio: redondear(a.suma / a.cantidad),
    }))
    .sort((x, y) => y.promedio - x.promedio || y.cantidad - x.cantidad || x.nombre.localeCompare(y.nombre, 'es'));
}

/**
 * The results of GET /api/v2/encuestas from the surveys sent in the range: counts, average,
 * distribution of the five ratings, response rate, the monthly trend (month of the answer in the
 * company's zone), the averages by responsable (an answer counts for every responsable of its
 * order) and by client, and the latest answers. Pure: the repository gives the rows.
 */
export function resumirEncuestas(
  filas: readonly EncuestaParaResumen[],
  nombres: ReadonlyMap<number, string>,
  zona: string,
): ResultadosEncuestas {
  const respondidas = filas.filter(
    (f): f is EncuestaParaResumen & { puntaje: number; respondidaEn: number } =>
      f.puntaje !== null && f.respondidaEn !== null,
  );
  const distribucion = [0, 0, 0, 0, 0];
  let suma = 0;
  const meses = new Map<number | string, Acumulado>();
  const responsables = new Map<number | string, Acumulado>();
  const clientes = new Map<number | string, Acumulado>();
  for (const f of respondidas) {
    distribucion[f.puntaje - 1] = (distribucion[f.puntaje - 1] ?? 0) + 1;
    suma += f.puntaje;
    const mes = diaDeMs(f.respondidaEn, zona).slice(0, 7);
    sumar(meses, mes, mes, f.puntaje);
    for (const r of f.responsables) sumar(responsables, r, nombres.get(r) ?? `Usuario ${r}`, f.puntaje);
    if (f.clienteId !== null) sumar(clientes, f.clienteId, f.cliente ?? `Cliente ${f.clienteId}`, f.puntaje);
  }
  const ordenadas = [...respondidas].sort((a, b) => b.respondidaEn - a.respondidaEn || b.id - a.id);
  return {
    enviadas: filas.length,
    respondidas: respondidas.length,
    promedio: respondidas.length ? redondear(suma / respondidas.length) : null,
    distribucion,
    tasaRespuesta: filas.length ? redondear(respondidas.length / filas.length) : null,
    porMes: [...meses.entries()]
      .map(([mes, a]) => ({ mes: String(mes), cantidad: a.cantidad, promedio: redondear(a.suma / a.cantidad) }))
      .sort((a, b) => a.mes.localeCompare(b.mes)),
    porResponsable: grupos(responsables),
    porCliente: grupos(clientes),
    respuestas: ordenadas.slice(0, MAX_RESPUESTAS_ENCUESTAS).map((f) => ({
      id: f.id,
      ordenId: f.ordenId,
      numero: f.numero,
      titulo: f.titulo,
      cliente: f.cliente,
      responsables: f.responsables.map((r) => nombres.get(r) ?? `Usuario ${r}`),
      puntaje: f.puntaje,
      comentario: f.comentario,
      respondidaEn: f.respondidaEn,
    })),
  };
}
