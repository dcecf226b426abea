import { describe, expect, it } from 'vitest';
import { limitarConcurrencia } from './concurrencia.js';

/** A task that runs until `soltar` is called, recording how many ran at once. */
function tareas(n: number) {
  let enCurso = 0;
  let maximoVisto = 0;
  const orden: number[] = [];
  const soltar: (() => void)[] = [];
  const crear =
    (i: number, falla = false) =>
    () =>
      new Promise<number>((resolve, reject) => {
        enCurso++;
        maximoVisto = Math.max(maximoVisto, enCurso);
        orden.push(i);
        soltar[i] = () => {
          enCurso--;
          if (falla) reject(new Error(`falló ${i}`));
          else resolve(i);
        };
      });
  return { crear, soltar, orden, maximo: () => maximoVisto, enCurso: () => enCurso, n };
}

const turno = () => new Promise((r) => setImmediate(r));

describe('limitarConcurrencia', () => {
  it('no deja correr más de las permitidas y da el turno en orden de llegada', async () => {
    const limitar = limitarConcurrencia(2);
    const t = tareas(5);
    const resultados = [0, 1, 2, 3, 4].map((i) => limitar(t.crear(i)));
    await turno();
    expect(t.orden).toEqual([0, 1]);
    t.soltar[1]!();
    await turno();
    expect(t.orden).toEqual([0, 1, 2]);
    t.soltar[0]!();
    t.soltar[2]!();
    await turno();
    expect(t.orden).toEqual([0, 1, 2, 3, 4]);
    t.soltar[3]!();
    t.soltar[4]!();
    expect(await Promise.all(resultados)).toEqual([0, 1, 2, 3, 4]);
    expect(t.maximo()).toBe(2);
  });

  it('una tarea que falla libera su lugar y su error llega a quien la pidió', async () => {
    const limitar = limitarConcurrencia(1);
    const t = tareas(2);
    const primera = limitar(t.crear(0, true));
    const segunda = limitar(t.crear(1));
    await turno();
    expect(t.orden).toEqual([0]);
    t.soltar[0]!();
    await expect(primera).rejects.toThrow('falló 0');
    await turno();
    expect(t.orden).toEqual([0, 1]);
    t.soltar[1]!();
    expect(await segunda).toBe(1);
    expect(t.maximo()).toBe(1);
  });

  it('rechaza un máximo que no es un entero positivo', () => {
    expect(() => limitarConcurrencia(0)).toThrow();
    expect(() => limitarConcurrencia(1.5)).toThrow();
  });

  it('las tareas no prioritarias esperan detrás de todas las prioritarias', async () => {
    const limitar = limitarConcurrencia(1);
    const t = tareas(5);
    const hechas: Promise<number>[] = [limitar(t.crear(0))];
    hechas.push(limitar(t.crear(1), false), limitar(t.crear(2), false), limitar(t.crear(3)), limitar(t.crear(4)));
    for (const i of [0, 3, 4, 1, 2]) {
      await turno();
      t.soltar[i]?.();
    }
    expect(await Promise.all(hechas)).toEqual([0, 1, 2, 3, 4]);
    expect(t.orden).toEqual([0, 3, 4, 1, 2]);
    expect(t.maximo()).toBe(1);
  });
});
