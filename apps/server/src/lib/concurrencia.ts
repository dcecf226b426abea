/**
 * At most `maximo` of the given tasks run at once; the others wait their turn, first come first
 * served, except that a task given as not `prioritaria` goes after every waiting task that is
 * (the login's password checks from addresses and accounts that failed lately, AuthService).
 * A task that fails frees its place like one that succeeds.
 */
export function limitarConcurrencia(maximo: number): <T>(tarea: () => Promise<T>, prioritaria?: boolean) => Promise<T> {
  if (!Number.isInteger(maximo) || maximo < 1) throw new Error('El máximo de tareas a la vez debe ser un entero ≥ 1');
  let enCurso = 0;
  const esperando: (() => void)[] = [];
  const despues: (() => void)[] = [];
  return async <T>(tarea: () => Promise<T>, prioritaria = true): Promise<T> => {
    if (enCurso < maximo) enCurso++;
    // The place is handed over by the task that ends (enCurso stays the same).
    else await new Promise<void>((turno) => (prioritaria ? esperando : despues).push(turno));
    try {
      return await tarea();
    } finally {
      const siguiente = esperando.shift() ?? despues.shift();
      if (siguiente) siguiente();
      else enCurso--;
    }
  };
}
