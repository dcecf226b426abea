import { LIMITES_ADMIN, type Cliente, type ClienteGuardar } from '@delego/contract';
import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardTitle,
  IonContent,
  IonItem,
  IonLabel,
  IonList,
  IonSkeletonText,
  IonSpinner,
} from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { CampoInterruptor, CampoTexto, CampoTextoLargo } from '../../../../components/campos';
import { EstadoError, EstadoPantalla } from '../../../../components/estados-pantalla';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import { useFormulario } from '../../../../lib/formularios';
import { useVolver } from '../../../../lib/navegacion';
import { useIdParam } from '../../shared/parametros';
import { useClientes } from '../api/get-clientes';
import { useGuardarCliente } from '../api/guardar-cliente';
import {
  CAMPOS_CLIENTE,
  validarCliente,
  valoresCliente,
  type CampoCliente,
  type ValoresCliente,
} from '../cliente-validacion';
import { PantallaAdmin } from '../../shared/lista-admin';
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
  const id = useIdParam('id');
  return (
    <PantallaAdmin
      titulo={id === null ? 'Nuevo cliente' : 'Editar cliente'}
      volverA="/clientes"
      permiso="altaClientes"
      para="administrar clientes"
    >
      <IonContent className="delego-page-content">
        <CargaCliente key={id ?? 'nuevo'} id={id} />
      </IonContent>
    </PantallaAdmin>
  );
}

function CargaCliente({ id }: { id: number | null }) {
  const clientes = useClientes();
  if (id === null) return <ClienteForm cliente={null} />;
  if (!clientes.data) {
    if (clientes.isError) {
      return <EstadoError ambito="admin" error={clientes.error} onReintentar={() => void clientes.refetch()} />;
    }
    return (
      <div className="delego-container admin-pagina admin-pagina--angosta" aria-busy="true">
        <IonCard className="delego-card">
          <IonCardContent>
            {[60, 40, 70, 50].map((ancho) => (
              <IonSkeletonText key={ancho} animated style={{ width: `${ancho}%`, height: 20, marginBottom: 18 }} />
            ))}
          </IonCardContent>
        </IonCard>
      </div>
    );
  }
  const cliente = clientes.data.find((c) => c.id === id);
  if (!cliente) {
    return (
      <EstadoPantalla
        icono={businessOutline}
        titulo="Cliente no encontrado"
        accion={
          <IonButton routerLink="/clientes" routerDirection="back">
            Ver clientes
          </IonButton>
        }
      >
        El cliente no existe o no pertenece a su empresa.
      </EstadoPantalla>
    );
  }
  return <ClienteForm cliente={cliente} />;
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
  const confirmar = useConfirmar();
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

  async function cambiarActivo(activo: boolean) {
    f.cambiar('activo', activo);
    if (activo || !cliente) return;
    const seguro = await confirmar({
      titulo: 'Desactivar cliente',
      mensaje: `${cliente.nombre} dejará de ofrecerse para órdenes nuevas. Sus órdenes se conservan. El cambio se aplica al guardar.`,
      aceptar: 'Desactivar',
    });
    if (!seguro) f.cambiar('activo', true);
  }

  const texto = (campo: Exclude<CampoCliente, 'activo' | 'notas'>, etiqueta: string) => ({
    ...f.campo(campo),
    label: etiqueta,
    max: LIMITES_CLIENTE[campo],
    'data-testid': `cliente-${campo}`,
  });

  return (
    <form
      {...f.props(enviar)}
      className="delego-container admin-pagina admin-pagina--angosta"
      aria-label={id === null ? 'Nuevo cliente' : `Editar cliente ${cliente?.nombre ?? ''}`}
      data-testid="cliente-form"
    >
      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">Datos del cliente</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-campos admin-campos--dos">
          <CampoTexto
            {...texto('nombre', 'Nombre o razón social')}
            autocomplete="organization"
            ubicacion="admin-campos__ancho"
          />
          <CampoTexto
            {...texto('cuit', 'CUIT (opcional)')}
            inputmode="numeric"
            placeholder="30-12345678-9"
            helperText="Con o sin guiones."
            autocomplete="off"
          />
          <CampoTexto {...texto('contacto', 'Contacto (opcional)')} autocomplete="name" />
        </IonCardContent>
      </IonCard>

      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">Cómo comunicarse</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-campos admin-campos--dos">
          <CampoTexto
            {...texto('email', 'Email (opcional)')}
            type="email"
            inputmode="email"
            autocapitalize="off"
            spellcheck={false}
            autocomplete="email"
          />
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
        </IonCardContent>
      </IonCard>

      {cliente && (
        <IonCard className="delego-card">
          <IonCardContent className="admin-sin-relleno">
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
          </IonCardContent>
        </IonCard>
      )}

      <div className="admin-acciones">
        <IonButton fill="clear" color="medium" type="button" onClick={volver} disabled={ocupado}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={ocupado} data-testid="cliente-guardar">
          {ocupado ? (
            <>
              <IonSpinner name="crescent" slot="start" aria-hidden="true" />
              Guardando…
            </>
          ) : id === null ? (
            'Crear cliente'
          ) : (
            'Guardar cambios'
          )}
        </IonButton>
      </div>
    </form>
  );
}
