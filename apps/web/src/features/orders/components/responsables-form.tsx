import { LIMITES_ORDEN, type OrdenDetalle } from '@delego/contract';
import { MensajeCampo } from '../../../components/campos';
import { EstadoError, EstadoRequiereSesion, FilasCargando } from '../../../components/estados-pantalla';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { useSession } from '../../auth';
import { useCambiarResponsables } from '../api/cambiar-responsables';
import { useOrdenDetalle, useResponsablesDisponibles, type ResponsableDisponible } from '../../../domain/orden';
import { useAviso } from '../../../components/avisos';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import { useVolver } from '../../../lib/navegacion';
import { nombrePersona, textoResponsables } from '../model/formato';
import { errorDeLargo } from '../../../components/campo-con-limite';
import { useFormulario, type ErroresCampos, type Validacion } from '../../../lib/formularios';
import { OpcionesVarias, OpcionUnica } from './opciones';
import { CampoComentario, FormularioDeOrden } from './formulario-de-orden';
import '../orders.css';

interface Props {
  /** responsables-multiples: several (checkboxes); cambio-responsable: one (radio). */
  multiple: boolean;
}

/** cambio-responsable?id=42 and responsables-multiples?id=42: who works the order. */
export function PantallaResponsables({ multiple }: Props) {
  const { usuario } = useSession();
  const id = useIdDeConsulta(multiple ? '/responsables-multiples' : '/cambio-responsable');
  const detalle = useOrdenDetalle(usuario ? id : null);
  const vez = useReinicioAlSalir();
  return (
    <PantallaDeOrden
      titulo={multiple ? 'Varios responsables' : 'Cambiar responsable'}
      id={id}
      ambito="ordenes"
      consulta={detalle}
      antes={
        // SPEC §2 lists responsables-multiples among the routes without login; its calls need one.
        !usuario && (
          <EstadoRequiereSesion ambito="ordenes">
            Para ver y cambiar los responsables de una orden ingrese con su usuario.
          </EstadoRequiereSesion>
        )
      }
      sinPermiso={(orden) =>
        orden.acciones.soloLectura
          ? 'No puede cambiar los responsables de esta orden: necesita el permiso «Modificar órdenes» o ser su responsable.'
          : !orden.acciones.cambiarResponsable
            ? 'No puede cambiar los responsables de esta orden: necesita el permiso «Delegar órdenes» para su cliente.'
            : null
      }
    >
      {(orden) => <FormularioResponsables key={vez} orden={orden} multiple={multiple} />}
    </PantallaDeOrden>
  );
}

interface ValoresResponsables {
  responsable: number[];
  comentarios: string;
}

interface CambioResponsables {
  responsable: number[];
  comentarios: string | null;
}

function validarResponsables(
  { responsable, comentarios }: ValoresResponsables,
  multiple: boolean,
): Validacion<keyof ValoresResponsables, CambioResponsables> {
  const errores: ErroresCampos<keyof ValoresResponsables> = {};
  if (responsable.length === 0)
    errores.responsable = multiple ? 'Elija al menos un responsable.' : 'Elija el responsable.';
  else if (responsable.length > LIMITES_ORDEN.responsables) {
    errores.responsable = `Hasta ${LIMITES_ORDEN.responsables} responsables.`;
  }
  const largo = errorDeLargo(comentarios, LIMITES_ORDEN.comentario);
  if (largo) errores.comentarios = largo;
  if (errores.responsable || errores.comentarios) return { ok: false, errores };
  return { ok: true, datos: { responsable, comentarios: comentarios.trim() || null } };
}

export function FormularioResponsables({ orden, multiple }: { orden: OrdenDetalle; multiple: boolean }) {
  const disponibles = useResponsablesDisponibles(orden.cliente?.id ?? 'todos');
  const cambiar = useCambiarResponsables();
  const aviso = useAviso();
  const volver = useVolver(`/orden/${orden.id}`);
  const f = useFormulario({
    inicial: (): ValoresResponsables => {
      const actuales = orden.responsables.map((r) => r.id);
      return { responsable: multiple ? actuales : actuales.slice(0, 1), comentarios: '' };
    },
    validar: (v: ValoresResponsables) => validarResponsables(v, multiple),
    limites: { comentarios: LIMITES_ORDEN.comentario },
    habilitado: !cambiar.isPending,
  });
  const elegidos = f.valores.responsable;

  // The current responsables stay choosable even if they are no longer in the list.
  const opciones: ResponsableDisponible[] = [...(disponibles.data ?? [])];
  for (const r of orden.responsables) {
    if (!opciones.some((o) => o.id === r.id)) opciones.push({ ...r, email: null });
  }

  function enviar({ responsable, comentarios }: CambioResponsables) {
    cambiar.mutate(
      { id: orden.id, responsable: multiple ? responsable : (responsable[0] as number), comentarios },
      {
        onSuccess: (actualizada) => {
          aviso(`Responsables de la orden #${actualizada.numero}: ${textoResponsables(actualizada.responsables)}.`);
          f.guardado();
          volver();
        },
        onError: (error) => f.falloAlGuardar(error, ['responsable', 'comentarios'], { soloDatosInvalidos: true }),
      },
    );
  }

  const lista = opciones.map((u) => ({
    valor: u.id,
    etiqueta: (
      <span className="ordenes-opcion ordenes-opcion--persona">
        <span>{nombrePersona(u)}</span>
        <span className="ordenes-opcion__detalle">@{u.usuario}</span>
      </span>
    ),
    testId: `responsable-${u.usuario}`,
  }));

  return (
    <FormularioDeOrden
      orden={orden}
      form={f.props(enviar)}
      sucio={f.sucio}
      nombre={multiple ? 'Varios responsables' : 'Cambiar responsable'}
      onCancelar={volver}
      ocupado={cambiar.isPending}
      deshabilitado={disponibles.isPending}
      testId="responsables-guardar"
    >
      <p className="ordenes-formulario__actual">Ahora: {textoResponsables(orden.responsables)}</p>
      <fieldset className="ordenes-fieldset">
        <legend>{multiple ? 'Responsables' : 'Responsable'}</legend>
        {disponibles.isPending ? (
          <FilasCargando ambito="ordenes" filas={3} />
        ) : disponibles.isError ? (
          <EstadoError ambito="ordenes" error={disponibles.error} onReintentar={() => void disponibles.refetch()} />
        ) : multiple ? (
          <OpcionesVarias
            opciones={lista}
            elegidas={elegidos}
            onCambiar={(responsable) => f.cambiar('responsable', responsable)}
            testId="responsables-opciones"
          />
        ) : (
          <OpcionUnica
            opciones={lista}
            valor={elegidos[0] ?? null}
            onElegir={(id) => f.cambiar('responsable', [id])}
            testId="responsables-opciones"
          />
        )}
        {multiple && elegidos.length > 0 && (
          <p className="ordenes-formulario__ayuda">
            {elegidos.length === 1 ? '1 elegido' : `${elegidos.length} elegidos`}
          </p>
        )}
        <MensajeCampo error={f.error('responsable')} className="ordenes-error-campo" />
      </fieldset>
      <CampoComentario {...f.campo('comentarios')} obligatorio={false} rows={3} data-testid="responsables-comentario" />
    </FormularioDeOrden>
  );
}
