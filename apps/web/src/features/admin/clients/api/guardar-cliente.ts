import { RUTAS, type Cliente, type ClienteGuardar } from '@delego/contract';
import { ordenesKeys } from '../../../../domain/orden';
import { mutacionDe } from '../../../../lib/consultas';
import { adminKeys } from '../../keys';

/**
 * POST /api/v2/cliente {cliente}: creates (no id) or updates (id) a client. The screen shows the
 * errors (on a field or in the alert).
 */
export const { useMutacion: useGuardarCliente } = mutacionDe(
  RUTAS.guardarCliente,
  (cuerpo: ClienteGuardar) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: async (queryClient, cliente) => {
      queryClient.setQueryData<Cliente[]>(adminKeys.clientes(), (lista) => {
        if (!lista) return lista;
        return lista.some((c) => c.id === cliente.id)
          ? lista.map((c) => (c.id === cliente.id ? cliente : c))
          : [...lista, cliente];
      });
      // A first client ticks Inicio's «Primeros pasos» (kept mounted under this screen).
      void queryClient.invalidateQueries({ queryKey: ordenesKeys.primerosPasos() });
      await queryClient.invalidateQueries({ queryKey: adminKeys.clientes() });
    },
  },
);
