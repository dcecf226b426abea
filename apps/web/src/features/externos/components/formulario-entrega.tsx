import { LIMITES_EXTERNO, type EnlaceExterno, type EntregaExterno } from '@delego/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useAviso } from '../../../components/avisos';
import { BotonesFormulario } from '../../../components/botones-formulario';
import { CampoEmail, CampoTelefono, CampoTexto, CampoTextoLargo } from '../../../components/campos';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { useFormulario } from '../../../lib/formularios';
import { useEntregarAExterno } from '../api/entregar';
import { externosKeys } from '../keys';
import { CAMPOS_ENTREGA, ENTREGA_VACIA, validarEntrega, type ValoresEntrega } from '../model/enlace';

/**
 * «Entregar a un externo»: whom to hand the order to (a name, and an email or a WhatsApp number
 * to get the link to them) and an optional note. The contract's check shows per field; so does a
 * 400 of the server that names one, anything else goes to the «Atención» alert.
 */
export function FormularioEntrega({
  ordenId,
  onCancelar,
  onEntregado,
}: {
  ordenId: number;
  onCancelar: () => void;
  onEntregado: (enlace: EnlaceExterno) => void;
}) {
  const entregar = useEntregarAExterno();
  const avisar = useAviso();
  const queryClient = useQueryClient();
  const f = useFormulario<ValoresEntrega, EntregaExterno>({
    inicial: ENTREGA_VACIA,
    validar: validarEntrega,
    limites: { nombre: LIMITES_EXTERNO.nombre, email: LIMITES_EXTERNO.email, mensaje: LIMITES_EXTERNO.motivo },
    habilitado: !entregar.isPending,
    // «Deje un email o un número de WhatsApp» sits on the email: a number settles it too.
    vinculados: { whatsapp: ['email'] },
  });
  useCambiosSinGuardar(f.sucio);

  function enviar(cuerpo: EntregaExterno) {
    entregar.mutate(
      { ordenId, cuerpo },
      {
        onSuccess: (enlace) => {
          f.guardado();
          avisar(`Se entregó la orden a ${enlace.nombre}.`);
          onEntregado(enlace);
        },
        onError: (e) => {
          f.falloAlGuardar(e, CAMPOS_ENTREGA, { soloDatosInvalidos: true });
          // Someone else may have handed it over meanwhile (409): the list shows their link.
          void queryClient.invalidateQueries({ queryKey: externosKeys.orden(ordenId) });
        },
      },
    );
  }

  return (
    <form
      {...f.props(enviar)}
      className="externos__formulario"
      aria-label="Entregar a un externo"
      data-testid="externos-formulario"
    >
      <p className="externos__ayuda">
        Trabaja esta orden desde un enlace, sin cuenta: la acepta o la rechaza, cambia su estado, suma fotos, horas y
        gastos. Todo queda en el historial a su nombre.
      </p>
      <CampoTexto {...f.texto('nombre', 'Nombre', 'externos-nombre')} autocomplete="off" />
      <CampoEmail {...f.texto('email', 'Email', 'externos-email')} autocomplete="off" />
      <CampoTelefono {...f.texto('whatsapp', 'WhatsApp', 'externos-whatsapp')} />
      <CampoTextoLargo
        {...f.texto('mensaje', 'Mensaje (opcional)', 'externos-mensaje')}
        helperText="Va con el enlace en el correo y queda en el historial."
      />
      <BotonesFormulario
        clase="externos__botones"
        onCancelar={onCancelar}
        cancelar="clear"
        ocupado={entregar.isPending}
        texto="Entregar"
        textoOcupado="Entregando…"
        testId="externos-confirmar"
      />
    </form>
  );
}
