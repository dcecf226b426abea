import { LIMITES_ORDEN } from '@delego/contract';
import type { ComponentProps, ReactNode } from 'react';
import { BotonesFormulario } from '../../../components/botones-formulario';
import { CampoTextoLargo } from '../../../components/campos';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { ResumenOrden } from './resumen-orden';

interface Props extends Pick<
  ComponentProps<typeof BotonesFormulario>,
  'onCancelar' | 'ocupado' | 'deshabilitado' | 'testId'
> {
  orden: { numero: number; titulo: string };
  /** The form's props (`f.props(enviar)`). */
  form: ComponentProps<'form'>;
  /** Its name for screen readers: the screen's title. */
  nombre: string;
  /** Whether what was chosen or typed differs from what it opened with (`f.sucio`): leaving asks first. */
  sucio: boolean;
  children: ReactNode;
}

/**
 * A form that changes one thing of an order (its state, a field, its responsables): the order it
 * is about and the fields in one card, then Cancelar and Guardar.
 */
export function FormularioDeOrden({ orden, form, nombre, sucio, children, ...botones }: Props) {
  useCambiosSinGuardar(sucio);
  return (
    <form {...form} aria-label={nombre}>
      <section className="delego-card ordenes-formulario__tarjeta">
        <ResumenOrden orden={orden} />
        {children}
      </section>
      <BotonesFormulario clase="ordenes-formulario__botones" {...botones} />
    </form>
  );
}

type PropsComentario = Omit<ComponentProps<typeof CampoTextoLargo>, 'label' | 'max' | 'helperText'> & {
  obligatorio: boolean;
};

/** The comment that goes with a change into the order's history: required for a new state. */
export function CampoComentario({ obligatorio, ...props }: PropsComentario) {
  return (
    <CampoTextoLargo
      {...props}
      label={obligatorio ? 'Comentario' : 'Comentario (opcional)'}
      max={LIMITES_ORDEN.comentario}
      helperText={obligatorio ? 'Obligatorio: queda en el historial de la orden.' : undefined}
    />
  );
}
