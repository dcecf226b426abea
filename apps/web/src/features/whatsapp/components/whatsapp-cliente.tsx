import {
  esAdmin,
  NOMBRES_ORIGEN_OPT_IN,
  ORIGENES_OPT_IN,
  type GuardarWhatsappCliente,
  type OrigenOptIn,
  type WhatsappCliente,
} from '@delego/contract';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { BotonGuardar } from '../../../components/botones-formulario';
import { CampoCasilla, CampoSeleccion, CampoTelefono, type Opcion } from '../../../components/campos';
import { TarjetaDeConsulta } from '../../../components/tarjeta-de-consulta';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useFormulario } from '../../../lib/formularios';
import { useSession } from '../../auth';
import { useGuardarWhatsappCliente } from '../api/guardar-whatsapp-cliente';
import { useWhatsappCliente } from '../api/get-whatsapp-cliente';
import {
  CAMPOS_WHATSAPP_CLIENTE,
  consentimientoVigente,
  sinCambios,
  textoOptIn,
  textoOptOut,
  validarWhatsappCliente,
  valoresDeWhatsappCliente,
  type ValoresWhatsappCliente,
} from '../model/cliente';
import './whatsapp.css';

const OPCIONES_ORIGEN: readonly Opcion<OrigenOptIn>[] = ORIGENES_OPT_IN.map((o) => ({
  valor: o,
  texto: NOMBRES_ORIGEN_OPT_IN[o],
}));

/** The longest number the contract takes (zNumeroWhatsapp). */
const LARGO_NUMERO = 30;

/**
 * «WhatsApp» of a client (issue 35), on its admin page: the number, the consent with how it was
 * given, and its opt-out. Administrators only (the server refuses the others): nothing for them.
 */
export function WhatsappDeCliente({ clienteId, nombre }: { clienteId: number; nombre: string }) {
  const { usuario } = useSession();
  const admin = !!usuario && esAdmin(usuario);
  const whatsapp = useWhatsappCliente(admin ? clienteId : null);
  if (!admin) return null;
  return (
    <TarjetaDeConsulta
      titulo="WhatsApp"
      subtitulo="Avisos de sus órdenes por WhatsApp, solo con su consentimiento."
      clase="whatsapp-cliente"
      testId="whatsapp-cliente"
      consulta={whatsapp}
      fallo="No se pudo leer el WhatsApp de este cliente."
      claseCargando="whatsapp-cliente__cargando"
    >
      {(datos) => <FormularioWhatsappCliente key={clienteId} whatsapp={datos} nombre={nombre} />}
    </TarjetaDeConsulta>
  );
}

function FormularioWhatsappCliente({ whatsapp, nombre }: { whatsapp: WhatsappCliente; nombre: string }) {
  const guardar = useGuardarWhatsappCliente();
  const avisar = useAviso();
  const confirmar = useConfirmar();
  const zona = useZonaEmpresa();
  const f = useFormulario<ValoresWhatsappCliente, GuardarWhatsappCliente>({
    inicial: () => valoresDeWhatsappCliente(whatsapp),
    validar: validarWhatsappCliente,
    limites: { numero: LARGO_NUMERO },
    habilitado: !guardar.isPending,
    vinculados: { optIn: ['numero', 'origen'] },
  });
  // A number typed or a consent ticked is lost by leaving the client's page: it asks first.
  useCambiosSinGuardar(f.sucio);
  const vigente = consentimientoVigente(whatsapp);

  /** Turning a consent in force off asks first; the opt-out is recorded when saved. */
  async function cambiarConsentimiento(acepta: boolean) {
    f.cambiar('optIn', acepta);
    if (acepta || !vigente) return;
    const seguro = await confirmar({
      titulo: 'Dar de baja el WhatsApp',
      mensaje: `${nombre} dejará de recibir avisos por WhatsApp hasta que vuelva a dar su consentimiento. La baja se registra al guardar.`,
      aceptar: 'Dar de baja',
    });
    if (!seguro) f.cambiar('optIn', true);
  }

  function enviar(cuerpo: GuardarWhatsappCliente) {
    if (sinCambios(f.valores, whatsapp)) {
      avisar('No hay cambios para guardar.', 'info');
      return;
    }
    guardar.mutate(
      { id: whatsapp.clienteId, cuerpo },
      {
        onSuccess: (guardado) => {
          f.reiniciar(valoresDeWhatsappCliente(guardado));
          avisar(
            consentimientoVigente(guardado)
              ? `Se guardó el WhatsApp de ${nombre}.`
              : `${nombre} no recibirá avisos por WhatsApp.`,
          );
        },
        onError: (e) => f.falloAlGuardar(e, CAMPOS_WHATSAPP_CLIENTE, { soloDatosInvalidos: true }),
      },
    );
  }

  // The consent and the opt-out as a story, oldest first.
  const registro = [
    whatsapp.optIn && { fecha: whatsapp.optIn.fecha, texto: textoOptIn(whatsapp.optIn, zona), testId: 'opt-in' },
    whatsapp.optOut && { fecha: whatsapp.optOut.fecha, texto: textoOptOut(whatsapp.optOut, zona), testId: 'opt-out' },
  ]
    .filter((r) => !!r)
    .sort((a, b) => a.fecha - b.fecha);

  return (
    <form {...f.props(enviar)} className="whatsapp-cliente__formulario" aria-label={`WhatsApp de ${nombre}`}>
      <CampoTelefono {...f.texto('numero', 'Número de WhatsApp', 'whatsapp-cliente-numero')} />
      <CampoCasilla
        {...f.campo('optIn')}
        alCambiar={(acepta) => void cambiarConsentimiento(acepta)}
        className="whatsapp-cliente__consentimiento"
        data-testid="whatsapp-cliente-acepta"
      >
        <span>El cliente aceptó recibir avisos por WhatsApp</span>
      </CampoCasilla>
      {f.valores.optIn && (
        <CampoSeleccion<OrigenOptIn, OrigenOptIn | null>
          {...f.campo('origen')}
          label="¿Cómo lo dio?"
          placeholder="Elija una opción"
          opciones={OPCIONES_ORIGEN}
          data-testid="whatsapp-cliente-origen"
        />
      )}
      {registro.length > 0 ? (
        <ul className="whatsapp-cliente__registro" data-testid="whatsapp-cliente-registro">
          {registro.map((r) => (
            <li key={r.testId} data-testid={`whatsapp-cliente-${r.testId}`}>
              {r.texto}.
            </li>
          ))}
        </ul>
      ) : (
        <p className="whatsapp-cliente__registro" data-testid="whatsapp-cliente-sin-consentimiento">
          Sin consentimiento registrado: no se le envían avisos por WhatsApp.
        </p>
      )}
      <div className="whatsapp-cliente__acciones">
        <BotonGuardar
          ocupado={guardar.isPending}
          texto="Guardar WhatsApp"
          textoOcupado="Guardando…"
          testId="whatsapp-cliente-guardar"
        />
      </div>
    </form>
  );
}
