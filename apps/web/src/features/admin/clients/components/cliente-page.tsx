import { LIMITES_ADMIN, type Cliente, type ClienteGuardar } from '@delego/contract';
import { IonItem, IonLabel, IonList } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { BotonesFormulario } from '../../../../components/botones-formulario';
import { CampoCuit, CampoEmail, CampoInterruptor, CampoTexto, CampoTextoLargo } from '../../../../components/campos';
import { EstadoNoEncontrado } from '../../../../components/estados-pantalla';
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
import { PantallaFormularioAdmin } from '../../shared/pantalla-formulario';
import { FormularioSinDatos, Tarjeta } from '../../shared/tarjeta';
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
  return <PantallaFormularioAdmin recurso={CLIENTES}>{(id) => <CargaCliente id={id} />}</PantallaFormularioAdmin>;
}

function CargaCliente({ id }: { id: number | null }) {
  const clientes = useClientes();
  if (id === null) return <ClienteForm cliente={null} />;
  if (!clientes.data) return <FormularioSinDatos consulta={clientes} anchos={[60, 40, 70, 50]} />;
  const cliente = clientes.data.find((c) => c.id === id);
  if (!cliente) {
    return (
      <EstadoNoEncontrado
        icono={businessOutline}
        titulo="Cliente no encontrado"
        volverA={{ ruta: '/clientes', texto: 'Ver clientes' }}
      >
        El cliente no existe o no pertenece a su empresa.
      </EstadoNoEncontrado>
    );
  }
  return (
    <>
      <ClienteForm cliente={cliente} />
      {/* Their own forms (issues 35, 33): each saved on its own, administrators only. */}
      <div className="delego-container admin-pagina admin-pagina--angosta admin-pagina--extra">
        <WhatsappDeCliente clienteId={cliente.id} nombre={cliente.nombre} />
        <EnlaceSolicitudesDeCliente clienteId={cliente.id} nombre={cliente.nombre} />
      </div>
    </>
  );
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
    <form
      {...f.props(enviar)}
      className="delego-container admin-pagina admin-pagina--angosta"
      aria-label={id === null ? 'Nuevo cliente' : `Editar cliente ${cliente?.nombre ?? ''}`}
      data-testid="cliente-form"
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

      <BotonesFormulario
        clase="admin-acciones"
        cancelar="clear"
        onCancelar={volver}
        ocupado={ocupado}
        texto={id === null ? 'Crear cliente' : 'Guardar cambios'}
        textoOcupado="Guardando…"
        testId="cliente-guardar"
      />
    </form>
  );
}
