import { useConfirmar } from '../../../components/avisos';

/**
 * The "activo" switch of a client's or a user's form: switching it off asks first (the change
 * applies when the form is saved), and a "Cancelar" turns it back on. `pregunta` gives the
 * confirmation's title and message, or null when there is nothing to ask (a record not saved yet).
 */
export function useCambiarActivo(
  cambiar: (activo: boolean) => void,
  pregunta: () => { titulo: string; mensaje: string } | null,
): (activo: boolean) => Promise<void> {
  const confirmar = useConfirmar();
  return async (activo) => {
    cambiar(activo);
    const confirmacion = activo ? null : pregunta();
    if (!confirmacion) return;
    const seguro = await confirmar({ ...confirmacion, aceptar: 'Desactivar' });
    if (!seguro) cambiar(true);
  };
}
