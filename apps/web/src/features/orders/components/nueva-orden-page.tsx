import { LIMITES_ORDEN, esDia, puedeCrearOrden, type OrdenDetalle, type OrdenGuardada } from '@delego/contract';
import {
  IonButton,
  IonContent,
  IonInput,
  IonSelect,
  IonSelectOption,
  IonSpinner,
  IonTextarea,
  useIonRouter,
} from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { CampoConLimite, errorDeLargo } from '../../../components/campo-con-limite';
import { CampoFecha } from '../../../components/campo-fecha';
import { PageHeader } from '../../../components/page-header';
import { EstadoError, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { useSession } from '../../auth';
import { useAreas } from '../api/get-areas';
import { useE5sAreas } from '../api/get-e5s-areas';
import { useEmpresasAsignables } from '../api/get-empresas-asignables';
import { useOrdenDetalle } from '../api/get-orden-detalle';
import { useOrdenGuardada } from '../api/get-orden-guardada';
import { usePrioridades } from '../api/get-prioridades';
import { useResponsablesDisponibles } from '../api/get-responsables-disponibles';
import { useTiposOrden } from '../api/get-tipos-orden';
import { useGuardarOrden } from '../api/guardar-orden';
import { useAviso } from '../../../components/avisos';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import { useVolver } from '../../../lib/navegacion';
import {
  CAMPOS_ORDEN,
  MENSAJE_FECHAS,
  VALORES_VACIOS,
  validarOrden,
  valoresDeOrden,
  type CampoOrden,
  type ValoresOrden,
} from '../model/formulario-orden';
import { nombrePersona } from '../model/formato';
import {
  claseInvalida,
  enviarConEnter,
  erroresDeGuardado,
  valorDe,
  type ErroresCampos,
} from '../../../lib/formularios';
import '../orders.css';

const NINGUNO = 0;
const NINGUNA_E5S = '';

/** nueva-orden (create) and nueva-orden?id=42 (edit). */
export default function NuevaOrdenPage() {
  const { usuario } = useSession();
  const id = useIdDeConsulta('/nueva-orden');
  const guardada = useOrdenGuardada(id);
  const detalle = useOrdenDetalle(id);
  const vez = useReinicioAlSalir();
  const titulo = id === null ? 'Nueva orden' : detalle.data ? `Editar orden #${detalle.data.numero}` : 'Editar orden';

  let contenido;
  if (id === null) {
    contenido =
      usuario && puedeCrearOrden(usuario) ? (
        <FormularioOrden key={vez} />
      ) : (
        <EstadoSinPermiso ambito="ordenes" volverA="/home">
          No tiene permiso para crear órdenes.
        </EstadoSinPermiso>
      );
  } else if (guardada.isPending || detalle.isPending) {
    contenido = <FilasCargando ambito="ordenes" filas={5} />;
  } else if (detalle.isError || guardada.isError) {
    const error = detalle.error ?? guardada.error;
    contenido = (
      <EstadoError
        ambito="ordenes"
        error={error}
        onReintentar={() => {
          void detalle.refetch();
          void guardada.refetch();
        }}
      />
    );
  } else if (!detalle.data.acciones.modificar || detalle.data.acciones.soloLectura) {
    contenido = (
      <EstadoSinPermiso ambito="ordenes" volverA={`/orden/${id}`}>
        Esta orden es de solo lectura para usted: necesita el permiso modificarOrden o ser su responsable.
      </EstadoSinPermiso>
    );
  } else {
    contenido = <FormularioOrden key={`${id}-${vez}`} original={guardada.data} detalle={detalle.data} />;
  }

  return (
    <>
      <PageHeader titulo={titulo} volverA={id ? `/orden/${id}` : '/home'} />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container ordenes-formulario">{contenido}</div>
      </IonContent>
    </>
  );
}

interface FormularioProps {
  /** The saved order and its detail, when editing. */
  original?: OrdenGuardada;
  detalle?: OrdenDetalle;
}

export function FormularioOrden({ original, detalle }: FormularioProps) {
  const router = useIonRouter();
  const aviso = useAviso();
  const volver = useVolver(original ? `/orden/${original.id}` : '/home');
  const guardar = useGuardarOrden();
  const zona = useZonaEmpresa();
  const [valores, setValores] = useState<ValoresOrden>(() =>
    original ? valoresDeOrden(original, zona) : VALORES_VACIOS,
  );
  const [errores, setErrores] = useState<ErroresCampos<CampoOrden>>({});

  const asignables = useEmpresasAsignables();
  const tipos = useTiposOrden();
  const areas = useAreas();
  const prioridades = usePrioridades();
  const e5s = useE5sAreas();
  const disponibles = useResponsablesDisponibles(valores.cliente ?? 'todos');

  // Editing keeps what the order already has even if it is no longer offered for new orders
  // (a client without delegarOrden for this user, an archived type or area).
  const clientes = [...(asignables.data ?? [])];
  if (detalle?.cliente && !clientes.some((c) => c.id === detalle.cliente?.id)) clientes.push(detalle.cliente);
  const opcionesTipos = [...(tipos.data ?? [])];
  if (detalle?.tipoOrden && !opcionesTipos.some((t) => t.id === detalle.tipoOrden?.id)) {
    opcionesTipos.push({ ...detalle.tipoOrden, archivado: true });
  }
  const opcionesAreas = [...(areas.data ?? [])];
  if (detalle?.area && !opcionesAreas.some((a) => a.id === detalle.area?.id)) {
    opcionesAreas.push({ ...detalle.area, archivado: true });
  }
  const opcionesE5s = [...(e5s.data ?? [])];
  if (original?.e5sAreaKey && !opcionesE5s.some((a) => a.clave === original.e5sAreaKey)) {
    opcionesE5s.push({ clave: original.e5sAreaKey, nombre: original.e5sAreaName ?? original.e5sAreaKey });
  }
  const usuarios = [...(disponibles.data ?? [])];
  for (const r of detalle?.responsables ?? []) {
    if (!usuarios.some((u) => u.id === r.id)) usuarios.push({ ...r, email: null });
  }

  function cambiar<K extends keyof ValoresOrden>(
    campo: K,
    valor: ValoresOrden[K],
    error: CampoOrden = campo as CampoOrden,
  ) {
    setValores((v) => ({ ...v, [campo]: valor }));
    setErrores((e) => (e[error] ? { ...e, [error]: undefined } : e));
  }

  function enviar() {
    if (guardar.isPending) return;
    const { errores: nuevos, cuerpo } = validarOrden(valores, { original, e5s: e5s.data, zona });
    setErrores(nuevos);
    if (!cuerpo) return;
    guardar.mutate(cuerpo, {
      onSuccess: (orden) => {
        if (original) {
          aviso(`Orden #${orden.numero} guardada.`);
          volver();
        } else {
          aviso(`Orden #${orden.numero} creada.`);
          // The form is left behind: back from the new order goes to the list.
          router.push(`/orden/${orden.id}`, 'forward', 'replace');
        }
      },
      onError: (error) => setErrores(erroresDeGuardado(error, CAMPOS_ORDEN, { soloDatosInvalidos: true })),
    });
  }

  function alEnviar(e: FormEvent) {
    e.preventDefault();
    enviar();
  }

  const sinClientes = asignables.isSuccess && clientes.length === 0;
  // Over the limit is said as it happens; saving is refused by the check (the contract's schema).
  const errorTitulo = errorDeLargo(valores.titulo, LIMITES_ORDEN.titulo) ?? errores.titulo;
  const errorDetalle = errorDeLargo(valores.detalle, LIMITES_ORDEN.detalle) ?? errores.detalle;
  // Dates are checked as they change, not only on Guardar.
  const errorFechaFin =
    errores.fechaFin ??
    (esDia(valores.fechaInicio) && esDia(valores.fechaFin) && valores.fechaFin < valores.fechaInicio
      ? MENSAJE_FECHAS
      : undefined);

  return (
    <form
      onSubmit={alEnviar}
      onKeyDown={enviarConEnter(enviar)}
      noValidate
      aria-label={original ? 'Editar orden' : 'Nueva orden'}
    >
      <section className="delego-card ordenes-formulario__tarjeta ordenes-formulario__campos">
        <CampoConLimite valor={valores.titulo} max={LIMITES_ORDEN.titulo}>
          <IonInput
            className={claseInvalida(errorTitulo)}
            label="Título"
            labelPlacement="floating"
            fill="outline"
            required
            value={valores.titulo}
            errorText={errorTitulo}
            onIonInput={(e) => cambiar('titulo', valorDe(e))}
            data-testid="orden-form-titulo"
          />
        </CampoConLimite>
        <CampoConLimite valor={valores.detalle} max={LIMITES_ORDEN.detalle}>
          <IonTextarea
            className={claseInvalida(errorDetalle)}
            label="Detalle"
            labelPlacement="floating"
            fill="outline"
            autoGrow
            rows={4}
            value={valores.detalle}
            errorText={errorDetalle}
            onIonInput={(e) => cambiar('detalle', valorDe(e))}
            data-testid="orden-form-detalle"
          />
        </CampoConLimite>
      </section>

      <section className="delego-card ordenes-formulario__tarjeta ordenes-formulario__grilla">
        <IonSelect
          className={claseInvalida(errores.cliente)}
          label="Cliente"
          labelPlacement="floating"
          fill="outline"
          interface="popover"
          placeholder={asignables.isPending ? 'Cargando…' : 'Elija el cliente'}
          value={valores.cliente}
          disabled={sinClientes}
          errorText={errores.cliente}
          helperText={sinClientes ? 'No tiene clientes a los que delegar órdenes.' : undefined}
          onIonChange={(e) => cambiar('cliente', (e.detail.value as number) || null)}
          data-testid="orden-form-cliente"
        >
          {clientes.map((c) => (
            <IonSelectOption key={c.id} value={c.id}>
              {c.nombre}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonSelect
          className={claseInvalida(errores.responsable)}
          label="Responsables"
          labelPlacement="floating"
          fill="outline"
          multiple
          interface="alert"
          interfaceOptions={{ header: 'Responsables' }}
          cancelText="Cancelar"
          okText="Aceptar"
          placeholder="Sin responsable"
          value={valores.responsables}
          errorText={errores.responsable}
          onIonChange={(e) => cambiar('responsables', (e.detail.value as number[] | null) ?? [], 'responsable')}
          data-testid="orden-form-responsables"
        >
          {usuarios.map((u) => (
            <IonSelectOption key={u.id} value={u.id}>
              {nombrePersona(u)}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonSelect
          className={claseInvalida(errores.tipoOrden)}
          label="Tipo de orden"
          labelPlacement="floating"
          fill="outline"
          interface="popover"
          value={valores.tipoOrden ?? NINGUNO}
          errorText={errores.tipoOrden}
          onIonChange={(e) => cambiar('tipoOrden', (e.detail.value as number) || null)}
          data-testid="orden-form-tipo"
        >
          <IonSelectOption value={NINGUNO}>Sin tipo</IonSelectOption>
          {opcionesTipos.map((t) => (
            <IonSelectOption key={t.id} value={t.id}>
              {t.nombre}
              {t.archivado ? ' (archivado)' : ''}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonSelect
          className={claseInvalida(errores.area)}
          label="Área"
          labelPlacement="floating"
          fill="outline"
          interface="popover"
          value={valores.area ?? NINGUNO}
          errorText={errores.area}
          onIonChange={(e) => cambiar('area', (e.detail.value as number) || null)}
          data-testid="orden-form-area"
        >
          <IonSelectOption value={NINGUNO}>Sin área</IonSelectOption>
          {opcionesAreas.map((a) => (
            <IonSelectOption key={a.id} value={a.id}>
              {a.nombre}
              {a.archivado ? ' (archivada)' : ''}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonSelect
          className={claseInvalida(errores.prioridad)}
          label="Prioridad"
          labelPlacement="floating"
          fill="outline"
          interface="popover"
          value={valores.prioridad ?? NINGUNO}
          errorText={errores.prioridad}
          onIonChange={(e) => cambiar('prioridad', (e.detail.value as number) || null)}
          data-testid="orden-form-prioridad"
        >
          <IonSelectOption value={NINGUNO}>Sin prioridad</IonSelectOption>
          {(prioridades.data ?? []).map((p) => (
            <IonSelectOption key={p.id} value={p.id}>
              {p.nombre}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonSelect
          className={claseInvalida(errores.e5sAreaKey)}
          label="Área E5S (opcional)"
          labelPlacement="floating"
          fill="outline"
          interface="popover"
          value={valores.e5sAreaKey ?? NINGUNA_E5S}
          disabled={e5s.isSuccess && opcionesE5s.length === 0}
          helperText={e5s.isSuccess && opcionesE5s.length === 0 ? 'Su empresa no cargó áreas E5S.' : undefined}
          errorText={errores.e5sAreaKey}
          onIonChange={(e) => cambiar('e5sAreaKey', (e.detail.value as string) || null)}
          data-testid="orden-form-e5s"
        >
          <IonSelectOption value={NINGUNA_E5S}>Ninguna</IonSelectOption>
          {opcionesE5s.map((a) => (
            <IonSelectOption key={a.clave} value={a.clave}>
              {a.nombre} ({a.clave})
            </IonSelectOption>
          ))}
        </IonSelect>
        <CampoFecha
          label="Fecha de inicio"
          value={valores.fechaInicio}
          error={errores.fechaInicio}
          onChange={(dia) => {
            cambiar('fechaInicio', dia);
            // The end's message may be about this start ('anterior a la fecha de inicio').
            setErrores((e) => (e.fechaFin ? { ...e, fechaFin: undefined } : e));
          }}
          data-testid="orden-form-inicio"
        />
        <CampoFecha
          label="Fecha de fin"
          value={valores.fechaFin}
          min={esDia(valores.fechaInicio) ? valores.fechaInicio : undefined}
          error={errorFechaFin}
          onChange={(dia) => cambiar('fechaFin', dia)}
          data-testid="orden-form-fin"
        />
      </section>

      <div className="ordenes-formulario__botones">
        <IonButton type="button" fill="outline" color="medium" onClick={volver}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={guardar.isPending} data-testid="orden-form-guardar">
          {guardar.isPending ? (
            <>
              <IonSpinner name="crescent" slot="start" aria-hidden="true" />
              Guardando…
            </>
          ) : (
            'Guardar'
          )}
        </IonButton>
      </div>
    </form>
  );
}
