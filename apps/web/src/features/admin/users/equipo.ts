import type { UsuarioAdmin } from '@delego/contract';

type ConSupervisor = Pick<UsuarioAdmin, 'id' | 'supervisorId'>;

/** The users `id` supervises directly. */
export function equipoDe<U extends ConSupervisor>(usuarios: readonly U[], id: number): U[] {
  return usuarios.filter((u) => u.supervisorId === id);
}

/** Everyone under `id`, directly or through others (the server refuses them as its supervisor). */
export function idsDelEquipo(usuarios: readonly ConSupervisor[], id: number): Set<number> {
  const debajo = new Set<number>();
  let frontera = [id];
  while (frontera.length) {
    const siguientes: number[] = [];
    for (const u of usuarios) {
      if (u.supervisorId !== null && frontera.includes(u.supervisorId) && !debajo.has(u.id) && u.id !== id) {
        debajo.add(u.id);
        siguientes.push(u.id);
      }
    }
    frontera = siguientes;
  }
  return debajo;
}

/**
 * Who can supervise `usuarioId` (null: a user being created): active users of the company
 * other than the user and the people under them, so no cycle forms.
 */
export function supervisoresPosibles<U extends ConSupervisor & { activo: boolean }>(
  usuarios: readonly U[],
  usuarioId: number | null,
): U[] {
  if (usuarioId === null) return usuarios.filter((u) => u.activo);
  const debajo = idsDelEquipo(usuarios, usuarioId);
  return usuarios.filter((u) => u.activo && u.id !== usuarioId && !debajo.has(u.id));
}

/** Who can join the team of `supervisorId`: active users not already in it, not above it, not itself. */
export function candidatosAlEquipo<U extends ConSupervisor & { activo: boolean }>(
  usuarios: readonly U[],
  supervisorId: number,
): U[] {
  // A user above the supervisor would form a cycle: walk up the chain.
  const arriba = new Set<number>();
  const porId = new Map(usuarios.map((u) => [u.id, u]));
  let actual = porId.get(supervisorId)?.supervisorId ?? null;
  while (actual !== null && !arriba.has(actual)) {
    arriba.add(actual);
    actual = porId.get(actual)?.supervisorId ?? null;
  }
  return usuarios.filter(
    (u) => u.activo && u.id !== supervisorId && u.supervisorId !== supervisorId && !arriba.has(u.id),
  );
}
