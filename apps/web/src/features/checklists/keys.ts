/** Query keys of checklists (issue 31). */
export const checklistKeys = {
  all: ['checklists'] as const,
  /** One order's checklist. */
  orden: (ordenId: number) => [...checklistKeys.all, 'orden', ordenId] as const,
  /** An order type's template. */
  plantilla: (tipoOrdenId: number) => [...checklistKeys.all, 'plantilla', tipoOrdenId] as const,
  /** The image of a signature item's answer (changes with each answer). */
  firma: (ordenId: number, itemId: number, en: number) => [...checklistKeys.all, 'firma', ordenId, itemId, en] as const,
};
