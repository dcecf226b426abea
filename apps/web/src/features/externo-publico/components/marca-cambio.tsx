import { trashOutline } from 'ionicons/icons';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import type { CambioExterno } from '../model/almacen';
import { useExterno } from './contexto';

/** The text of a change made here that the server does not have yet. */
export const TEXTO_PENDIENTE = 'Pendiente: se enviará al volver la conexión';

/**
 * Where a change made on this device stands, next to it: waiting («Pendiente: …»), or refused by
 * the server (in red, with its message and «Descartar», which asks first).
 */
export function MarcaCambio({ cambio }: { cambio: CambioExterno }) {
  const { bandeja } = useExterno();
  if (cambio.estado === 'pendiente') {
    return (
      <span className="externo-marca externo-marca--pendiente" data-testid="externo-pendiente">
        {TEXTO_PENDIENTE}
      </span>
    );
  }
  return (
    <span className="externo-marca externo-marca--rechazado" role="alert" data-testid="externo-rechazado">
      No se pudo enviar: {cambio.error?.mensaje ?? 'el servidor no lo aceptó.'}
      <BotonPeligroso
        pregunta={{
          titulo: 'Descartar el cambio',
          mensaje: 'El cambio no se enviará y se borrará de este dispositivo.',
        }}
        alConfirmar={() => bandeja.descartar(cambio.id)}
        icono={trashOutline}
        testId="externo-descartar"
      >
        Descartar
      </BotonPeligroso>
    </span>
  );
}

/** The changes of one kind made on this device, in order. */
export function useCambiosDe(tipo: CambioExterno['tipo']): CambioExterno[] {
  return useExterno().pendientes.cambios.filter((c) => c.tipo === tipo);
}
