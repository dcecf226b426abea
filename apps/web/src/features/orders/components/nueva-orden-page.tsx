import {
  LIMITES_ORDEN,
  esDia,
  puedeCrearOrden,
  tienePermiso,
  type OrdenDetalle,
  type OrdenGuardada,
  type OrdenGuardar,
} from '@delego/contract';
import { IonButton, IonContent, IonNote, useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BotonesFormulario } from '../../../components/botones-formulario';
import { CampoFecha } from '../../../components/campo-fecha';
import { CampoSeleccion, CampoSeleccionMultiple } from '../../../components/campos';
import { PageHeader } from '../../../components/page-header';
import { EstadoError, EstadoSinConexion, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { esperaConexionSinDatos } from '../../../lib/conexion';
import { useSession } from '../../auth';
import { adjuntarAOrden, CampoAdjuntos, useAdjuntos, type ResultadoAdjuntos } from '../../files';
import { CupoAgotado, cupoAgotado, usePlanEstado } from '../../plans';
import { useAreas, useE5sAreas, usePrioridades, useTiposOrden } from '../../../lib/catalogos';
import { useEmpresasAsignables } from '../api/get-empresas-asignables';
import { useOrdenDetalle, useResponsablesDisponibles } from '../../../domain/orden';
import { leerOrdenGuardada, useOrdenGuardada } from '../api/get-orden-guardada';
import { useGuardarOrden } from '../api/guardar-orden';
import { MENSAJE_SIN_CONEXION } from '../../../lib/outbox';
import { useAviso } from '../../../components/avisos';
import { useConsultaDeRuta, useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { CamposUbicacionEquipo } from '../../../domain/equipo';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import { CampoDetalleOrden, CampoTituloOrden } from './campos-orden';
import { useVolver } from '../../../lib/navegacion';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import {
  CAMPOS_ORDEN,
  MENSAJE_FECHAS,
  valoresPrevios,
  sobreLoGuardadoAhora,
  validarOrden,
  valoresDeOrden,
  type ValoresOrden,
} from '../model/formulario-orden';
import { nombrePersona } from '../model/formato';
import { useFormulario } from '../../../lib/formularios';
import { notificarError } from '../../../lib/errors';
import '../orders.css';

const LIMITES = { titulo: LIMITES_ORDEN.titulo, detalle: LIMITES_ORDEN.detalle };

/** nueva-orden (create) and nueva-orden?id=42 (edit). */
export default function NuevaOrdenPage() {
  const { usuario } = useSession();
  const id = useIdDeConsulta('/nueva-orden');
  const guardada = useOrdenGuardada(id);
  const detalle = useOrdenDetalle(id);
  const vez = useReinicioAlSalir();
  // An exhausted quota is said before the form is filled (issue 36); the plan is the menu's, usually in memory.
  const plan = usePlanEstado(id === null ? usuario : null);
  const titulo = id === null ? 'Nueva orden' : detalle.data ? `Editar orden #${detalle.data.numero}` : 'Editar orden';

  let contenido;
  if (id === null) {
    contenido =
      usuario && puedeCrearOrden(usuario) ? (
        cupoAgotado(plan.data) ? (
          <CupoAgotado usuario={usuario} plan={plan.data} />
        ) : (
          <FormularioOrden key={vez} />
        )
      ) : (
        <EstadoSinPermiso ambito="ordenes" volverA="/home">
          No tiene permiso para crear órdenes.
        </EstadoSinPermiso>
      );
  } else if (esperaConexionSinDatos(guardada) || esperaConexionSinDatos(detalle)) {
    // Editing starts from the order as saved now, which needs the connection (its copy is never used).
    contenido = <EstadoSinConexion ambito="ordenes" />;
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
        Esta orden es de solo lectura para usted: necesita el permiso «Modificar órdenes» o ser su responsable.
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

/** «Orden #12 creada.», and what happened to the files chosen with it. */
function textoCreada(numero: number, r: ResultadoAdjuntos): string {
  const partes = [`Orden #${numero} creada.`];
  if (r.encolados > 0) {
    partes.push(
      r.encolados === 1
        ? '1 archivo quedó pendiente y se enviará al volver la conexión.'
        : `${r.encolados} archivos quedaron pendientes y se enviarán al volver la conexión.`,
    );
  }
  if (r.rechazados.length > 0) partes.push(`No se adjuntó ${r.rechazados.join('; ')}`);
  return partes.join(' ');
}

interface FormularioProps {
  /** The saved order and its detail, when editing. */
  original?: OrdenGuardada;
  detalle?: OrdenDetalle;
}

const mismoId = (a: { id: number }, b: { id: number }) => a.id === b.id;

/** The options offered, plus the one the order already has when it is no longer among them. */
function conLaActual<E>(lista: readonly E[] | undefined, actual: E | null | undefined, mismo: (a: E, b: E) => boolean) {
  const todas = [...(lista ?? [])];
  if (actual && !todas.some((e) => mismo(e, actual))) todas.push(actual);
  return todas;
}

export function FormularioOrden({ original, detalle }: FormularioProps) {
  const router = useIonRouter();
  const { usuario } = useSession();
  const aviso = useAviso();
  const volver = useVolver(original ? `/orden/${original.id}` : '/home');
  const guardar = useGuardarOrden();
  const queryClient = useQueryClient();
  // A new order's photos and files (issue 36): sent to it once it is saved.
  const adjuntos = useAdjuntos();
  const [adjuntando, setAdjuntando] = useState(false);
  const ocupado = guardar.isPending || adjuntando;
  const zona = useZonaEmpresa();
  const e5s = useE5sAreas();
  const consulta = useConsultaDeRuta('/nueva-orden');
  const f = useFormulario({
    inicial: () => (original ? valoresDeOrden(original, zona) : valoresPrevios(consulta)),
    validar: (v: ValoresOrden) => {
      const { errores, cuerpo } = validarOrden(v, { original, e5s: e5s.data, zona });
      return cuerpo ? { ok: true, datos: cuerpo } : { ok: false, errores };
    },
    limites: LIMITES,
    habilitado: !ocupado,
    // The end's message may be about this start ('anterior a la fecha de inicio').
    vinculados: { fechaInicio: ['fechaFin'] },
  });
  const { valores } = f;
  // Files chosen for a new order are work too.
  useCambiosSinGuardar(f.sucio || adjuntos.adjuntos.length > 0);

  const asignables = useEmpresasAsignables();
  const tipos = useTiposOrden();
  const areas = useAreas();
  const prioridades = usePrioridades();
  const disponibles = useResponsablesDisponibles(valores.cliente ?? 'todos');

  // Editing keeps what the order already has even if it is no longer offered for new orders
  // (a client without delegarOrden for this user, an archived type or area).
  const clientes = conLaActual(asignables.data, detalle?.cliente, mismoId);
  const opcionesE5s = conLaActual(
    e5s.data,
    original?.e5sAreaKey ? { clave: original.e5sAreaKey, nombre: original.e5sAreaName ?? original.e5sAreaKey } : null,
    (a, b) => a.clave === b.clave,
  );
  // Changing who does an existing order is delegating it: the server says whether this user may.
  const sinDelegar = detalle ? !detalle.acciones.cambiarResponsable : false;
  const usuarios = (detalle?.responsables ?? []).reduce(
    (lista, r) => conLaActual(lista, { ...r, email: null }, mismoId),
    disponibles.data ?? [],
  );
  const catalogos = [
    {
      campo: 'tipoOrden',
      etiqueta: 'Tipo de orden',
      ninguno: 'Sin tipo',
      lista: conLaActual(tipos.data, detalle?.tipoOrden && { ...detalle.tipoOrden, archivado: true }, mismoId),
      archivado: 'archivado',
      testId: 'orden-form-tipo',
    },
    {
      campo: 'area',
      etiqueta: 'Área',
      ninguno: 'Sin área',
      lista: conLaActual(areas.data, detalle?.area && { ...detalle.area, archivado: true }, mismoId),
      archivado: 'archivada',
      testId: 'orden-form-area',
    },
    {
      campo: 'prioridad',
      etiqueta: 'Prioridad',
      ninguno: 'Sin prioridad',
      lista: prioridades.data ?? [],
      archivado: '',
      testId: 'orden-form-prioridad',
    },
  ] as const;

  /** The edit as a body over the order saved now (read again): only what this person changed moves. */
  async function sobreLoDeAhora(abierta: OrdenGuardada, cuerpo: OrdenGuardar): Promise<OrdenGuardar> {
    // Asked once, outside the screen's own query: offline it fails at once with the save's alert,
    // and a failure leaves the form (and what was typed) on screen.
    const ahora = await leerOrdenGuardada(abierta.id);
    const valores = sobreLoGuardadoAhora(f.valores, valoresDeOrden(abierta, zona), valoresDeOrden(ahora, zona));
    return validarOrden(valores, { original: ahora, e5s: e5s.data, zona }).cuerpo ?? cuerpo;
  }

  async function enviar(cuerpo: OrdenGuardar) {
    setAdjuntando(true);
    try {
      // Photos still being made smaller are waited for; files refused by the rules stay out.
      const archivos = original ? [] : await adjuntos.listos();
      let r;
      try {
        r = await guardar.mutateAsync(original ? await sobreLoDeAhora(original, cuerpo) : cuerpo);
      } catch (error) {
        f.falloAlGuardar(error, CAMPOS_ORDEN, { soloDatosInvalidos: true });
        return;
      }
      // Saved, or kept in the outbox to be sent: either way leaving no longer asks.
      f.guardado();
      if (r.tipo === 'encolado') {
        // Behind the order in the outbox, linked to it: sent once it is created.
        await adjuntarAOrden(queryClient, { ordenClave: r.cambio.id }, archivos);
        aviso(MENSAJE_SIN_CONEXION, 'info');
        router.push('/home', 'back', 'replace');
        return;
      }
      const orden = r.respuesta;
      if (original) {
        aviso(`Orden #${orden.numero} guardada.`);
        volver();
        return;
      }
      const subidos = await adjuntarAOrden(queryClient, { ordenId: orden.id }, archivos);
      aviso(textoCreada(orden.numero, subidos), subidos.rechazados.length ? 'advertencia' : 'exito');
      // The form is left behind: back from the new order goes to the list.
      router.push(`/orden/${orden.id}`, 'forward', 'replace');
    } catch (error) {
      // The outbox could not keep the files (storage full): said, the form stays.
      notificarError(error);
    } finally {
      setAdjuntando(false);
    }
  }

  const sinClientes = asignables.isSuccess && clientes.length === 0;
  // A company that just signed up has no clients yet: whoever may create one is shown the way.
  const guiarPrimerCliente = sinClientes && !!usuario && tienePermiso(usuario, 'altaClientes');
  const sinE5s = e5s.isSuccess && opcionesE5s.length === 0;
  // Dates are checked as they change, not only on Guardar.
  const errorFechaFin =
    f.error('fechaFin') ??
    (esDia(valores.fechaInicio) && esDia(valores.fechaFin) && valores.fechaFin < valores.fechaInicio
      ? MENSAJE_FECHAS
      : undefined);

  return (
    <form {...f.props((cuerpo) => void enviar(cuerpo))} aria-label={original ? 'Editar orden' : 'Nueva orden'}>
      <section className="delego-card ordenes-formulario__tarjeta ordenes-formulario__campos">
        <CampoTituloOrden {...f.campo('titulo')} required data-testid="orden-form-titulo" />
        <CampoDetalleOrden {...f.campo('detalle')} rows={4} data-testid="orden-form-detalle" />
      </section>

      <section className="delego-card ordenes-formulario__tarjeta ordenes-formulario__grilla delego-columnas delego-columnas--640">
        <CampoSeleccion
          {...f.campo('cliente')}
          label="Cliente"
          placeholder={asignables.isPending ? 'Cargando…' : 'Elija el cliente'}
          disabled={!f.habilitado || sinClientes}
          helperText={sinClientes && !guiarPrimerCliente ? 'No tiene clientes a los que delegar órdenes.' : undefined}
          opciones={clientes.map((c) => ({ valor: c.id, texto: c.nombre }))}
          onChange={(cliente) => {
            f.cambiar('cliente', cliente);
            // A site and an equipo belong to one client.
            if (cliente !== valores.cliente) {
              f.cambiar('ubicacion', null);
              f.cambiar('equipo', null);
            }
          }}
          data-testid="orden-form-cliente"
        />
        <CamposUbicacionEquipo
          cliente={valores.cliente}
          ubicacion={f.campo('ubicacion')}
          equipo={f.campo('equipo')}
          actuales={detalle}
          testId="orden-form"
        />
        {guiarPrimerCliente && (
          <div className="ordenes-formulario__primer-cliente" data-testid="orden-form-primer-cliente">
            <IonNote>Todavía no hay clientes: cree el primero para poder delegarle órdenes.</IonNote>
            <IonButton size="small" fill="outline" routerLink="/cliente">
              Crear un cliente
            </IonButton>
          </div>
        )}
        <CampoSeleccionMultiple
          {...f.campo('responsable')}
          label="Responsables"
          interfaceOptions={{ header: 'Responsables' }}
          placeholder="Sin responsable"
          opciones={usuarios.map((u) => ({ valor: u.id, texto: nombrePersona(u) }))}
          disabled={sinDelegar}
          data-testid="orden-form-responsables"
        />
        {sinDelegar && (
          <IonNote data-testid="orden-form-sin-delegar">
            Para cambiar los responsables necesita el permiso «Delegar órdenes» para el cliente de la orden.
          </IonNote>
        )}
        {catalogos.map(({ campo, etiqueta, ninguno, lista, archivado, testId }) => (
          <CampoSeleccion
            key={campo}
            {...f.campo(campo)}
            label={etiqueta}
            ninguno={ninguno}
            opciones={lista.map((e) => ({
              valor: e.id,
              texto: 'archivado' in e && e.archivado ? `${e.nombre} (${archivado})` : e.nombre,
            }))}
            data-testid={testId}
          />
        ))}
        <CampoSeleccion
          {...f.campo('e5sAreaKey')}
          label="Área E5S (opcional)"
          ninguno="Ninguna"
          disabled={!f.habilitado || sinE5s}
          helperText={sinE5s ? 'Su empresa no cargó áreas E5S.' : undefined}
          opciones={opcionesE5s.map((a) => ({ valor: a.clave, texto: `${a.nombre} (${a.clave})` }))}
          data-testid="orden-form-e5s"
        />
        <CampoFecha {...f.campo('fechaInicio')} label="Fecha de inicio" data-testid="orden-form-inicio" />
        <CampoFecha
          {...f.campo('fechaFin')}
          label="Fecha de fin"
          min={esDia(valores.fechaInicio) ? valores.fechaInicio : undefined}
          error={errorFechaFin}
          data-testid="orden-form-fin"
        />
      </section>

      {!original && <CampoAdjuntos adjuntos={adjuntos} disabled={ocupado} />}

      <BotonesFormulario
        clase="ordenes-formulario__botones"
        onCancelar={volver}
        ocupado={ocupado}
        textoOcupado="Guardando…"
        testId="orden-form-guardar"
      />
    </form>
  );
}
