import type { UsuarioAdmin } from '@delego/contract';
import { type ComponentProps } from 'react';
import { CampoSeleccion } from '../../../../components/campos';
import { nombreCompleto } from '../../shared/nombres';

type Props = Omit<ComponentProps<typeof CampoSeleccion<number, number | null>>, 'opciones'> & {
  /** The people offered, in this order. */
  personas: readonly UsuarioAdmin[];
};

/** A choice of one person of the company (a supervisor, a new team member): 'Diego Sosa (@dsosa)'. */
export function CampoPersona({ personas, ...props }: Props) {
  return (
    <CampoSeleccion<number, number | null>
      labelPlacement="stacked"
      // Inside a list item: no outline.
      fill={undefined}
      {...props}
      opciones={personas.map((u) => ({ valor: u.id, texto: `${nombreCompleto(u)} (@${u.usuario})` }))}
    />
  );
}
