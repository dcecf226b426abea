import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/** GET /api/v2/roles: the roles an administrator can assign. */
export const { useConsulta: useRoles } = consultaDe(RUTAS.roles, adminKeys.roles(), { staleTime: 10 * 60_000 });
