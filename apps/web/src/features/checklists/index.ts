/**
 * Checklists (issue 31): the order's checklist on its detail (answers, ad-hoc items, follow-ups,
 * the template applied again), an order type's template in «Tipos de Orden», and what the outbox
 * and the live channel update.
 */
export { ChecklistDeOrden } from './components/checklist-de-orden';
export { PlantillaDeTipo } from './components/plantilla-de-tipo';
export { checklistKeys } from './keys';
export { itemGuardado } from './api/cache';
export { useChecklist } from './api/get-checklist';
