import { LIMITES_ORDEN } from '@delego/contract';
import type { ComponentProps } from 'react';
import { CampoTexto, CampoTextoLargo } from '../../../components/campos';

/** The order's title field, wherever it is written (a new order, its edit): its label and the contract's limit. */
export function CampoTituloOrden(props: Omit<ComponentProps<typeof CampoTexto>, 'label' | 'max'>) {
  return <CampoTexto {...props} label="Título" max={LIMITES_ORDEN.titulo} />;
}

/** The order's detail field, wherever it is written: its label and the contract's limit. */
export function CampoDetalleOrden(props: Omit<ComponentProps<typeof CampoTextoLargo>, 'label' | 'max'>) {
  return <CampoTextoLargo {...props} label="Detalle" max={LIMITES_ORDEN.detalle} />;
}
