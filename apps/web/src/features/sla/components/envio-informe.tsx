import {
  LIMITES_CLIENTE_PUBLICO,
  textoFechaHora,
  textoMes,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type EnvioInformeSla,
  type GuardarEnvioInformeSla,
} from '@delego/contract';
import { IonLabel } from '@ionic/react';
import { BotonGuardar } from '../../../components/botones-formulario';
import { CampoEmail, CampoInterruptor } from '../../../components/campos';
import { useAviso } from '../../../components/avisos';
import { FalloDeSeccion } from '../../../components/estados-pantalla';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { useFormulario } from '../../../lib/formularios';
import { useEnvioInformeSla } from '../api/get-envio-informe';
import { useGuardarEnvioInformeSla } from '../api/guardar-envio-informe';
import { validarEnvio, valoresDeEnvio, type ValoresEnvio } from '../model/envio-informe';

/**
 * «Enviar el informe mensual de SLA» of one client (administrators): on, with the address, the
 * report of the previous month goes on the first working day of each month.
 */
export function EnvioInforme({ clienteId }: { clienteId: number }) {
  const envio = useEnvioInformeSla(clienteId);
  if (!envio.data) {
    if (envio.isError)
      return (
        <FalloDeSeccion onReintentar={() => void envio.refetch()} testId="envio-informe-error">
          No se pudo leer el envío mensual de este cliente.
        </FalloDeSeccion>
      );
    return null;
  }
  return <FormularioEnvio key={clienteId} envio={envio.data} />;
}

function FormularioEnvio({ envio }: { envio: EnvioInformeSla }) {
  const guardar = useGuardarEnvioInformeSla();
  const avisar = useAviso();
  const f = useFormulario<ValoresEnvio, GuardarEnvioInformeSla>({
    inicial: () => valoresDeEnvio(envio),
    validar: validarEnvio,
    limites: { email: LIMITES_CLIENTE_PUBLICO.email },
    habilitado: !guardar.isPending,
  });
  useCambiosSinGuardar(f.sucio);
  const enviar = (cuerpo: GuardarEnvioInformeSla) =>
    guardar.mutate(
      { id: envio.clienteId, cuerpo },
      {
        onSuccess: (e) => {
          // What the server keeps is the new starting point: leaving no longer asks.
          f.reiniciar(valoresDeEnvio(e));
          avisar(e.activo ? `El informe mensual se enviará a ${e.email ?? ''}.` : 'Se desactivó el envío mensual.');
        },
        onError: (e) => f.falloAlGuardar(e, ['activo', 'email']),
      },
    );
  return (
    <form
      {...f.props(enviar)}
      className="delego-card informe-sla-envio"
      aria-label="Envío mensual"
      data-testid="envio-informe"
    >
      <CampoInterruptor {...f.campo('activo')} justify="space-between" data-testid="envio-informe-activo">
        <IonLabel>Enviar el informe mensual de SLA</IonLabel>
      </CampoInterruptor>
      <CampoEmail {...f.texto('email', 'Email del cliente', 'envio-informe-email')} />
      <p className="informe-sla__nota" data-testid="envio-informe-ultimo">
        {envio.ultimoMes && envio.ultimoEnvio
          ? `Último enviado: ${textoMes(envio.ultimoMes)}, el ${textoFechaHora(envio.ultimoEnvio, ZONA_HORARIA_EMPRESA_POR_DEFECTO)}.`
          : 'Se envía el primer día hábil de cada mes, con el enlace al informe del mes anterior.'}
      </p>
      <div>
        <BotonGuardar ocupado={guardar.isPending} textoOcupado="Guardando…" testId="envio-informe-guardar" />
      </div>
    </form>
  );
}
