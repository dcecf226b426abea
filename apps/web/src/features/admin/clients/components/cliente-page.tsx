import { LIMITES_ADMIN, type Cliente, type ClienteGuardar } from '@delego/contract';
import { IonItem, IonLabel, IonList } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { CampoCuit, CampoEmail, CampoInterruptor, CampoTexto, CampoTextoLargo } from '../../../../components/campos';
import { useAviso } from '../../../../components/avisos';
import { useFormulario } from '../../../../lib/formularios';
import { useVolver } from '../../../../lib/navegacion';
import { useClientes } from '../api/get-clientes';
import { useGuardarCliente } from '../api/guardar-cliente';
import {
  CAMPOS_CLIENTE,
  validarCliente,
  valoresCliente,
  type CampoCliente,
  type ValoresCliente,
} from '../cliente-validacion';
import { useCambiarActivo } from '../../shared/cambiar-activo';
import { FormularioAdmin } from '../../shared/formulario-admin';
import { PantallaFormularioDeRegistro, type ConsultaDeRegistro } from '../../shared/pantalla-formulario';
import { RegistroNoEncontrado } from '../../shared/registro-no-encontrado';
import { Tarjeta } from '../../shared/tarjeta';
import { CLIENTES } from '../recurso';
import { WhatsappDeCliente } from '../../../whatsapp';
import { EnlaceSolicitudesDeCliente } from '../../../solicitudes';
import '../../shared/admin.css';

/** The contract's length limit of each text field of a client (the CUIT has its own pattern). */
const LIMITES_CLIENTE: Partial<Record<CampoCliente, number>> = {
  nombre: LIMITES_ADMIN.clienteNombre,
  contacto: LIMITES_ADMIN.clienteNombre,
  email: LIMITES_ADMIN.email,
  telefono: LIMITES_ADMIN.clienteTelefono,
  direccion: LIMITES_ADMIN.clienteTexto,
  notas: LIMITES_ADMIN.clienteNotas,
};

/** cliente: the form to create (`/cliente`) or edit (`/cliente?id=3`) a client. */
export default function ClientePage() {
  return (
    <PantallaFormularioDeRegistro
      recurso={CLIENTES}
      usarRegistro={useClienteDeLaLista}
      anchos={[60, 40, 70, 50]}
      noEncontrado={
        <RegistroNoEncontrado recurso={CLIENTES} icono={businessOutline} titulo="Cliente no encontrado">
          El cliente no existe o no pertenece a su empresa.
        </RegistroNoEncontrado>
      }
    >
      {(cliente) => (
        <>
          <ClienteForm cliente={cliente} />
          {/* Their own forms (issues 35, 33): each saved on its own, administrators only. */}
          {cliente && (
            <div className="delego-container admin-pagina admin-pagina--angosta admin-pagina--extra">
              <WhatsappDeCliente clienteId={cliente.id} nombre={cliente.nombre} />
              <EnlaceSolicitudesDeCliente clienteId={cliente.id} nombre={cliente.nombre} />
            </div>
          )}
        </>
      )}
    </PantallaFormularioDeRegistro>
  );
}

/** The client `id` names, from the list of clients (there is no query of one): null if it is not there. */
function useClienteDeLaLista(id: number | null): ConsultaDeRegistro<Cliente> {
  const clientes = useClientes();
  return {
    data: clientes.data && (clientes.data.find((c) => c.id === id) ?? null),
    isError: clientes.isError,
    error: clientes.error,
    refetch: clientes.refetch,
  };
}

function ClienteForm({ cliente }: { cliente: Cliente | null }) {
  const id = cliente?.id ?? null;
  const guardar = useGuardarCliente();
  const f = useFormulario({
    inicial: () => valoresCliente(cliente ?? undefined),
    validar: (v: ValoresCliente) => validarCliente(v, id),
    limites: LIMITES_CLIENTE,
    habilitado: !guardar.isPending,
  });
  const avisar = useAviso();
  const volver = useVolver('/clientes');
  const ocupado = guardar.isPending;

  function enviar(datos: ClienteGuardar) {
    guardar.mutate(datos, {
      onSuccess: (guardado) => {
        avisar(
          id === null ? `Se creó el cliente ${guardado.nombre}.` : `Se guardaron los cambios de ${guardado.nombre}.`,
        );
        f.guardado();
        volver();
      },
      onError: (error) => f.falloAlGuardar(error, CAMPOS_CLIENTE),
    });
  }

  const cambiarActivo = useCambiarActivo(
    (activo) => f.cambiar('activo', activo),
    () =>
      cliente && {
        titulo: 'Desactivar cliente',
        mensaje: `${cliente.nombre} dejará de ofrecerse para órdenes nuevas. Sus órdenes se conservan. El cambio se aplica al guardar.`,
      },
  );

  const texto = (campo: Exclude<CampoCliente, 'activo' | 'notas'>, etiqueta: string) =>
    f.texto(campo, etiqueta, `cliente-${campo}`);

  return (
    <FormularioAdmin
      recurso={CLIENTES}
      editando={cliente && cliente.nombre}
      formulario={f.props(enviar)}
      sucio={f.sucio}
      onCancelar={volver}
      ocupado={ocupado}
      testId="cliente-form"
      testIdGuardar="cliente-guardar"
    >
      <Tarjeta titulo="Datos del cliente" contenido="admin-campos admin-campos--dos">
        <CampoTexto
          {...texto('nombre', 'Nombre o razón social')}
          autocomplete="organization"
          ubicacion="admin-campos__ancho"
        />
        <CampoCuit {...texto('cuit', 'CUIT (opcional)')} helperText="Con o sin guiones." autocomplete="off" />
        <CampoTexto {...texto('contacto', 'Contacto (opcional)')} autocomplete="name" />
      </Tarjeta>

      <Tarjeta titulo="Cómo comunicarse" contenido="admin-campos admin-campos--dos">
        <CampoEmail {...texto('email', 'Email (opcional)')} />
        <CampoTexto {...texto('telefono', 'Teléfono (opcional)')} type="tel" inputmode="tel" autocomplete="tel" />
        <CampoTexto
          {...texto('direccion', 'Dirección (opcional)')}
          autocomplete="street-address"
          ubicacion="admin-campos__ancho"
        />
        <CampoTextoLargo
          {...f.campo('notas')}
          label="Notas (opcional)"
          max={LIMITES_ADMIN.clienteNotas}
          ubicacion="admin-campos__ancho"
          rows={3}
          data-testid="cliente-notas"
        />
      </Tarjeta>

      {cliente && (
        <Tarjeta contenido="admin-sin-relleno">
          <IonList lines="none" className="admin-lista-plana">
            <IonItem>
              <CampoInterruptor
                {...f.campo('activo')}
                alCambiar={(activo) => void cambiarActivo(activo)}
                data-testid="cliente-activo"
              >
                <IonLabel>
                  Cliente activo
                  <p className="admin-ayuda">Un cliente inactivo no se ofrece para órdenes nuevas.</p>
                </IonLabel>
              </CampoInterruptor>
            </IonItem>
          </IonList>
        </Tarjeta>
      )}
    </FormularioAdmin>
  );
}
