import { LIMITES_ADMIN, type Cliente } from '@delego/contract';
import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardTitle,
  IonContent,
  IonInput,
  IonItem,
  IonLabel,
  IonList,
  IonSkeletonText,
  IonSpinner,
  IonTextarea,
  IonToggle,
} from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { useRef, useState, type FormEvent } from 'react';
import { CampoConLimite, errorDeLargo } from '../../../../components/campo-con-limite';
import { EstadoError, EstadoPantalla } from '../../../../components/estados-pantalla';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import {
  claseInvalida,
  enfocarPrimerError,
  enviarConEnter,
  erroresDeGuardado,
  valorDe,
  type ErroresCampos,
} from '../../../../lib/formularios';
import { useVolver } from '../../shared/navegacion';
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
const LIMITES_CLIENTE: Partial<Record<Exclude<CampoCliente, 'activo'>, number>> = {
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
    <PantallaAdmin titulo={id === null ? 'Nuevo cliente' : 'Editar cliente'} volverA="/clientes" permiso="altaClientes" para="administrar clientes">
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
  const [valores, setValores] = useState<ValoresCliente>(() => valoresCliente(cliente ?? undefined));
  const [errores, setErrores] = useState<ErroresCampos<CampoCliente>>({});
  const formulario = useRef<HTMLFormElement>(null);
  const guardar = useGuardarCliente();
  const confirmar = useConfirmar();
  const avisar = useAviso();
  const volver = useVolver('/clientes');
  const ocupado = guardar.isPending;

  function cambiar<K extends keyof ValoresCliente>(campo: K, valor: ValoresCliente[K]) {
    setValores((v) => ({ ...v, [campo]: valor }));
    if (errores[campo]) setErrores((e) => ({ ...e, [campo]: undefined }));
  }

  function enviar() {
    if (ocupado) return;
    const resultado = validarCliente(valores, id);
    if (!resultado.ok) {
      setErrores(resultado.errores);
      enfocarPrimerError(formulario.current);
      return;
    }
    setErrores({});
    guardar.mutate(resultado.datos, {
      onSuccess: (guardado) => {
        avisar(id === null ? `Se creó el cliente ${guardado.nombre}.` : `Se guardaron los cambios de ${guardado.nombre}.`);
        volver();
      },
      onError: (error) => setErrores(erroresDeGuardado(error, CAMPOS_CLIENTE)),
    });
  }

  async function cambiarActivo(activo: boolean) {
    cambiar('activo', activo);
    if (activo || !cliente) return;
    const seguro = await confirmar({
      titulo: 'Desactivar cliente',
      mensaje: `${cliente.nombre} dejará de ofrecerse para órdenes nuevas. Sus órdenes se conservan. El cambio se aplica al guardar.`,
      aceptar: 'Desactivar',
    });
    if (!seguro) cambiar('activo', true);
  }

  // Over its limit a field says so as it happens; saving is refused by validarCliente (the contract).
  const errorDe = (campo: Exclude<CampoCliente, 'activo'>) => {
    const max = LIMITES_CLIENTE[campo];
    return (max === undefined ? undefined : errorDeLargo(valores[campo], max)) ?? errores[campo];
  };

  const texto = (campo: Exclude<CampoCliente, 'activo' | 'notas'>, etiqueta: string, extra: object = {}, ancho = false) => {
    const max = LIMITES_CLIENTE[campo];
    const campoInput = (
      <IonInput
        className={`${ancho && max === undefined ? 'admin-campos__ancho ' : ''}${claseInvalida(errorDe(campo)) ?? ''}`}
        label={etiqueta}
        labelPlacement="floating"
        fill="outline"
        name={campo}
        value={valores[campo]}
        errorText={errorDe(campo)}
        disabled={ocupado}
        onIonInput={(e) => cambiar(campo, valorDe(e))}
        data-testid={`cliente-${campo}`}
        {...extra}
      />
    );
    if (max === undefined) return campoInput;
    return (
      <CampoConLimite valor={valores[campo]} max={max} className={ancho ? 'admin-campos__ancho' : undefined}>
        {campoInput}
      </CampoConLimite>
    );
  };

  return (
    <form
      ref={formulario}
      className="delego-container admin-pagina admin-pagina--angosta"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        enviar();
      }}
      onKeyDown={enviarConEnter(enviar)}
      aria-label={id === null ? 'Nuevo cliente' : `Editar cliente ${cliente?.nombre ?? ''}`}
      data-testid="cliente-form"
    >
      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">Datos del cliente</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-campos admin-campos--dos">
          {texto('nombre', 'Nombre o razón social', { autocomplete: 'organization' }, true)}
          {texto('cuit', 'CUIT (opcional)', {
            inputmode: 'numeric',
            placeholder: '30-12345678-9',
            helperText: 'Con o sin guiones.',
            autocomplete: 'off',
          })}
          {texto('contacto', 'Contacto (opcional)', { autocomplete: 'name' })}
        </IonCardContent>
      </IonCard>

      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">Cómo comunicarse</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-campos admin-campos--dos">
          {texto('email', 'Email (opcional)', {
            type: 'email',
            inputmode: 'email',
            autocapitalize: 'off',
            spellcheck: false,
            autocomplete: 'email',
          })}
          {texto('telefono', 'Teléfono (opcional)', { type: 'tel', inputmode: 'tel', autocomplete: 'tel' })}
          {texto('direccion', 'Dirección (opcional)', { autocomplete: 'street-address' }, true)}
          <CampoConLimite valor={valores.notas} max={LIMITES_ADMIN.clienteNotas} className="admin-campos__ancho">
            <IonTextarea
              className={claseInvalida(errorDe('notas'))}
              label="Notas (opcional)"
              labelPlacement="floating"
              fill="outline"
              name="notas"
              autoGrow
              rows={3}
              value={valores.notas}
              errorText={errorDe('notas')}
              disabled={ocupado}
              onIonInput={(e) => cambiar('notas', valorDe(e))}
              data-testid="cliente-notas"
            />
          </CampoConLimite>
        </IonCardContent>
      </IonCard>

      {cliente && (
        <IonCard className="delego-card">
          <IonCardContent className="admin-sin-relleno">
            <IonList lines="none" className="admin-lista-plana">
              <IonItem>
                <IonToggle
                  checked={valores.activo}
                  disabled={ocupado}
                  onIonChange={(e) => void cambiarActivo(e.detail.checked)}
                  data-testid="cliente-activo"
                >
                  <IonLabel>
                    Cliente activo
                    <p className="admin-ayuda">Un cliente inactivo no se ofrece para órdenes nuevas.</p>
                  </IonLabel>
                </IonToggle>
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
