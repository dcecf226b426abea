/**
 * At most `maximo` of the given tasks run at once; the others wait their turn, first come first
 * served. A task that fails frees its place like one that succeeds.
 */
export function limitarConcurrencia(maximo: number): <T>(tarea: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(maximo) || maximo < 1) throw new Error('El máximo de tareas a la vez debe ser un entero ≥ 1');
  let enCurso = 0;
  const esperando: (() => void)[] = [];
  return async <T>(tarea: () => Promise<T>): Promise<T> => {
    if (enCurso < maximo) enCurso++;
    // The place is handed over by the task that ends (enCurso stays the same).
    else await new Promise<void>((turno) => esperando.push(turno));
    try {
      return await tarea();
    } finally {
      const siguiente = esperando.shift();
      if (siguiente) siguiente();
      else enCurso--;
    }
  };
}
