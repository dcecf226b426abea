import { estadoInfo, LIMITES_ORDEN, zCambioEstado, type OrdenDetalle } from '@delego/contract';
import { MensajeCampo } from '../../../components/campos';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { useCambiarEstado } from '../api/cambiar-estado';
import { useOrdenDetalle } from '../../../domain/orden';
import { useAviso } from '../../../components/avisos';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import { useVolver } from '../../../lib/navegacion';
import { erroresDeProblemas, useFormulario, type ErroresCampos, type Validacion } from '../../../lib/formularios';
import { MENSAJE_SIN_CONEXION } from '../../../lib/outbox';
import { ApiError } from '../../../lib/errors';
import { useState } from 'react';
import { EstadoBadge } from './insignias';
import { OpcionUnica, opcionDeEstado } from './opciones';
import { CampoComentario, FormularioDeOrden } from './formulario-de-orden';
import '../orders.css';

const RUTA = '/cambio-estado';

/**
 * What blocks moving an order to a state, by state id, in Spanish (issue 31: required checklist
 * items, the client's conformity). Other features know it: app/composicion passes their hook in.
 */
export type UsarBloqueos = (ordenId: number | null) => Partial<Record<number, string>>;

const sinBloqueos: UsarBloqueos = () => ({});

/** cambio-estado?id=42: moves an order to one of the states this user may choose, with a comment. */
export default function CambioEstadoPage({ useBloqueos = sinBloqueos }: { useBloqueos?: UsarBloqueos }) {
  const id = useIdDeConsulta(RUTA);
  const detalle = useOrdenDetalle(id);
  const vez = useReinicioAlSalir();
  const bloqueos = useBloqueos(id);
  return (
    <PantallaDeOrden
      titulo="Cambiar estado"
      id={id}
      ambito="ordenes"
      consulta={detalle}
      filas={3}
      sinPermiso={(orden) =>
        orden.acciones.estadosSiguientes.length > 0
          ? null
          : orden.acciones.soloLectura
            ? 'Esta orden es de solo lectura para usted: no puede cambiar su estado.'
            : `No tiene a qué estado pasar la orden desde ${orden.estado.nombre}.`
      }
    >
      {(orden) => <FormularioCambioEstado key={vez} orden={orden} bloqueos={bloqueos} />}
    </PantallaDeOrden>
  );
}

interface ValoresEstado {
  estado: number | null;
  comentarios: string;
}

type CambioEstado = { estado: number; comentarios: string };

/** The new state is required and the comment too (the contract's schema and its messages). */
function validarCambio({ estado, comentarios }: ValoresEstado): Validacion<keyof ValoresEstado, CambioEstado> {
  const errores: ErroresCampos<keyof ValoresEstado> = {};
  if (estado === null) errores.estado = 'Elija el nuevo estado.';
  const validado = zCambioEstado.safeParse({ estado: estado ?? 1, comentarios });
  if (!validado.success) errores.comentarios = erroresDeProblemas(validado.error.issues).comentarios;
  if (estado === null || !validado.success) return { ok: false, errores };
  return { ok: true, datos: { estado, comentarios: validado.data.comentarios } };
}

export function FormularioCambioEstado({
  orden,
  bloqueos = {},
}: {
  orden: OrdenDetalle;
  bloqueos?: Partial<Record<number, string>>;
}) {
  const cambiar = useCambiarEstado();
  const [rechazo, setRechazo] = useState<string | null>(null);
  const aviso = useAviso();
  const volver = useVolver(`/orden/${orden.id}`);
  const f = useFormulario({
    inicial: (): ValoresEstado => ({ estado: null, comentarios: '' }),
    validar: validarCambio,
    limites: { comentarios: LIMITES_ORDEN.comentario },
    habilitado: !cambiar.isPending,
  });

  function enviar(datos: CambioEstado) {
    cambiar.mutate(
      { id: orden.id, numero: orden.numero, ...datos },
      {
        onSuccess: (r) => {
          if (r.tipo === 'enviado') {
            aviso(`La orden #${r.respuesta.numero} pasó a ${r.respuesta.estado.nombre}.`);
          } else {
            aviso(MENSAJE_SIN_CONEXION, 'info');
          }
          f.guardado();
          volver();
        },
        onError: (error) => {
          // Another rule blocked it meanwhile (a required checklist item, the client's
          // conformity): the server's reason, beside the states.
          if (error instanceof ApiError && error.code === 'TRANSICION_BLOQUEADA') {
            setRechazo(error.message);
            return;
          }
          f.falloAlGuardar(error, ['estado', 'comentarios'], { soloDatosInvalidos: true });
        },
      },
    );
  }

  return (
    <FormularioDeOrden
      orden={orden}
      form={f.props(enviar)}
      sucio={f.sucio}
      nombre="Cambiar estado"
      onCancelar={volver}
      ocupado={cambiar.isPending}
      testId="cambio-estado-guardar"
    >
      <p className="ordenes-formulario__actual">
        Estado actual: <EstadoBadge estado={orden.estado} />
      </p>

      <fieldset className="ordenes-fieldset">
        <legend>Nuevo estado</legend>
        <OpcionUnica
          opciones={orden.acciones.estadosSiguientes.map((siguiente) => {
            const info = estadoInfo(siguiente);
            const estado = {
              id: siguiente,
              nombre: info?.nombre ?? `Estado ${siguiente}`,
              color: info?.color ?? 'medium',
            };
            const bloqueo = bloqueos[siguiente];
            return { ...opcionDeEstado(estado, `estado-${siguiente}`), ...(bloqueo ? { bloqueo } : {}) };
          })}
          valor={f.valores.estado}
          onElegir={(estado) => {
            setRechazo(null);
            f.cambiar('estado', estado);
          }}
          disabled={!f.habilitado}
          testId="cambio-estado-opciones"
        />
        <MensajeCampo error={f.error('estado') ?? rechazo ?? undefined} className="ordenes-error-campo" />
      </fieldset>

      <CampoComentario {...f.campo('comentarios')} obligatorio rows={4} data-testid="cambio-estado-comentario" />
    </FormularioDeOrden>
  );
}
