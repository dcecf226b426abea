import { API_ADMIN, zCliente, type Cliente, type ClienteGuardar } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';

/** POST /api/v2/cliente {cliente}: creates (no id) or updates (id) a client. */
export function guardarCliente(datos: ClienteGuardar): Promise<Cliente> {
  return http.post(API_ADMIN.guardarCliente, datos, { esquema: zCliente });
}

/** The screen shows the errors (on a field or in the alert). */
export function useGuardarCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarCliente,
    meta: { errorSilencioso: true },
    onSuccess: async (cliente) => {
      queryClient.setQueryData<Cliente[]>(adminKeys.clientes(), (lista) => {
        if (!lista) return lista;
        return lista.some((c) => c.id === cliente.id)
          ? lista.map((c) => (c.id === cliente.id ? cliente : c))
          : [...lista, cliente];
      });
      await queryClient.invalidateQueries({ queryKey: adminKeys.clientes() });
    },
  });
}
