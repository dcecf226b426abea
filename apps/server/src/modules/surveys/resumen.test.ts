import { describe, expect, it } from 'vitest';
import { resumirEncuestas, type EncuestaParaResumen } from './resumen.js';

const ZONA = 'America/Argentina/Buenos_Aires';

let n = 0;
function fila(o: Partial<EncuestaParaResumen>): EncuestaParaResumen {
  n++;
  return {
    id: n,
    ordenId: n,
    numero: 100 + n,
    titulo: `Orden ${n}`,
    clienteId: 1,
    cliente: 'Clínica',
    responsables: [10],
    puntaje: null,
    comentario: null,
    respondidaEn: null,
    ...o,
  };
}

describe('resumirEncuestas', () => {
  it('sin encuestas: todo en cero y sin promedio ni tasa', () => {
    const r = resumirEncuestas([], new Map(), ZONA);
    expect(r).toMatchObject({ enviadas: 0, respondidas: 0, promedio: null, tasaRespuesta: null });
    expect(r.distribucion).toEqual([0, 0, 0, 0, 0]);
    expect(r.porMes).toEqual([]);
  });

  it('cuenta, promedia, distribuye y agrupa por mes de la zona, responsable y cliente', () => {
    // 2026-10-31 23:30 in Buenos Aires is 2026-11-01 02:30 UTC: it belongs to October.
    const octubre = Date.UTC(2026, 10, 1, 2, 30);
    const noviembre = Date.UTC(2026, 10, 15, 15);
    const filas = [
      fila({ puntaje: 5, respondidaEn: octubre, responsables: [10, 11], comentario: 'Excelente' }),
      fila({ puntaje: 2, respondidaEn: noviembre, responsables: [11], clienteId: 2, cliente: 'Hotel' }),
      fila({ puntaje: 4, respondidaEn: noviembre + 1000, responsables: [] }),
      fila({}),
    ];
    const r = resumirEncuestas(
      filas,
      new Map([
        [10, 'Diego Sosa'],
        [11, 'Carla Ruiz'],
      ]),
      ZONA,
    );
    expect(r.enviadas).toBe(4);
    expect(r.respondidas).toBe(3);
    expect(r.promedio).toBeCloseTo(3.67, 2);
    expect(r.tasaRespuesta).toBe(0.75);
    expect(r.distribucion).toEqual([0, 1, 0, 1, 1]);
    expect(r.porMes).toEqual([
      { mes: '2026-10', cantidad: 1, promedio: 5 },
      { mes: '2026-11', cantidad: 2, promedio: 3 },
    ]);
    expect(r.porResponsable).toEqual([
      { id: 10, nombre: 'Diego Sosa', cantidad: 1, promedio: 5 },
      { id: 11, nombre: 'Carla Ruiz', cantidad: 2, promedio: 3.5 },
    ]);
    expect(r.porCliente).toEqual([
      { id: 1, nombre: 'Clínica', cantidad: 2, promedio: 4.5 },
      { id: 2, nombre: 'Hotel', cantidad: 1, promedio: 2 },
    ]);
    // The latest answer first; unanswered surveys are not answers.
    expect(r.respuestas.map((x) => x.puntaje)).toEqual([4, 2, 5]);
    expect(r.respuestas[2]).toMatchObject({ comentario: 'Excelente', responsables: ['Diego Sosa', 'Carla Ruiz'] });
  });
});
