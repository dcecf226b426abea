/**
 * A test factory of records with an id: each call without `id` takes the next one from `desde`,
 * `base` gives the other fields for that id (and the test's own values, when a field depends on
 * them), and the test's values go on top.
 */
export function fabricaConId<T extends { id: number }>(
  desde: number,
  base: (id: number, parcial: Partial<T>) => Omit<T, 'id'>,
): (parcial?: Partial<T>) => T {
  let siguiente = desde;
  return (parcial = {}) => {
    const id = parcial.id ?? siguiente++;
    return { id, ...base(id, parcial), ...parcial } as T;
  };
}
