import { ordenesKeys } from '../../domain/orden';

/** Query keys of the contractor links (issue 33 part 2): the company's side. */
export const externosKeys = {
  /**
   * The links of an order, under the order's detail key: whatever refreshes the detail (a change
   * of the order, its live channel, a pull to refresh) refreshes them too, and whatever drops the
   * order drops them.
   */
  orden: (ordenId: number) => [...ordenesKeys.detalle(ordenId), 'externos'] as const,
};
