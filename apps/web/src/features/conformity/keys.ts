/** Query keys of the client's conformity (issue 31). */
export const conformidadKeys = {
  all: ['conformidad'] as const,
  /** One order's conformity. */
  orden: (ordenId: number) => [...conformidadKeys.all, 'orden', ordenId] as const,
  /** The image of one order's signature (changes when it is signed again). */
  imagen: (ordenId: number, registrada: number) => [...conformidadKeys.all, 'imagen', ordenId, registrada] as const,
  /** What each order type requires. */
  tipos: () => [...conformidadKeys.all, 'tipos'] as const,
};
