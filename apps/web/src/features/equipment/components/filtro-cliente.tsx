import { CampoSeleccion } from '../../../components/campos';
import type { PropsCampo } from '../../../lib/formularios';
import { useUbicaciones } from '../../../domain/equipo';
import { useClientes, useTienePermiso } from '../../admin';
import { useClientesUsados } from '../../orders';

/**
 * The clients a person can pick: all the company's with altaClientes (who creates equipos),
 * else those with orders they see.
 */
export function useClientesVisibles(): {
  data: readonly { id: number; nombre: string }[] | undefined;
  isPending: boolean;
} {
  const administra = useTienePermiso('altaClientes');
  const todos = useClientes({ habilitada: administra });
  const usados = useClientesUsados({ habilitada: !administra });
  return administra ? todos : usados;
}

/**
 * The client of an equipo or a site being created or edited: the company's active clients, and
 * the one it has even when inactive (it stays as it is).
 */
export function CampoClienteDelRegistro(props: PropsCampo<number | null> & { 'data-testid': string }) {
  const clientes = useClientes();
  return (
    <CampoSeleccion<number, number | null>
      {...props}
      label="Cliente"
      placeholder={clientes.isPending ? 'Cargando…' : 'Elija el cliente'}
      opciones={(clientes.data ?? [])
        .filter((c) => c.activo || c.id === props.value)
        .map((c) => ({ valor: c.id, texto: c.nombre }))}
    />
  );
}

interface Props {
  cliente: number | null;
  ubicacion: number | null;
  alCambiar: (cliente: number | null, ubicacion: number | null) => void;
  prefijo: string;
}

/** The client and site filters of a list: the site select offers the chosen client's sites. */
export function FiltroClienteUbicacion({ cliente, ubicacion, alCambiar, prefijo }: Props) {
  const clientes = useClientesVisibles();
  const ubicaciones = useUbicaciones(cliente, { habilitada: cliente !== null });
  const suelto = <T,>(name: string, value: T, onChange: (v: T) => void) => ({
    name,
    value,
    onChange,
    error: undefined,
    disabled: false,
  });
  return (
    <div className="equipos-filtros">
      <CampoSeleccion<number, number | null>
        {...suelto('cliente', cliente, (c) => alCambiar(c, null))}
        label="Cliente"
        ninguno="Todos los clientes"
        opciones={(clientes.data ?? []).map((c) => ({ valor: c.id, texto: c.nombre }))}
        data-testid={`${prefijo}-cliente`}
      />
      <CampoSeleccion<number, number | null>
        {...suelto('ubicacion', ubicacion, (u) => alCambiar(cliente, u))}
        label="Ubicación"
        ninguno={cliente === null ? 'Elija un cliente' : 'Todas las ubicaciones'}
        disabled={cliente === null}
        opciones={(ubicaciones.data ?? []).map((u) => ({ valor: u.id, texto: u.nombre }))}
        data-testid={`${prefijo}-ubicacion`}
      />
    </div>
  );
}
