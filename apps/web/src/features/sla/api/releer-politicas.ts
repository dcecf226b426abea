import type { QueryClient } from '@tanstack/react-query';
import { slaKeys } from '../keys';

/** A policy created, changed (an edit is a new version, maybe with a new id) or removed: the list is read again. */
export const releerPoliticas = (qc: QueryClient) => qc.invalidateQueries({ queryKey: slaKeys.politicas() });
