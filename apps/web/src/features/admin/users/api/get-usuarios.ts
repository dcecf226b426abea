import { RUTAS } from '@delego/contract';
import { consultaDe } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/** GET /api/v2/usuarios: every user of the company, active or not (needs altaUsuarios). */
export const { useConsulta: useUsuarios } = consultaDe(RUTAS.usuarios, adminKeys.listaUsuarios());
