import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/** GET /api/v4/clientes: the company's clients, active and not. */
export const { useConsulta: useClientes } = consultaDe(RUTAS.clientes, adminKeys.clientes());
