import type { ComponentProps } from 'react';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo';

type Props = Omit<ComponentProps<typeof SeccionConTitulo>, 'claseTitulo' | 'claseCabecera' | 'junto'>;

/**
 * One part of the order's public summary: a section named by its heading, in the summary's heading
 * style. `clase` is 'resumen__facturacion' for the parts in a box of their own (a form, the survey).
 */
export function SeccionResumen(props: Props) {
  return <SeccionConTitulo {...props} claseTitulo="resumen__subtitulo" />;
}
