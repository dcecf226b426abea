import { LIMITES_ORDEN, zCambioDetalle, zCambioTitulo, type OrdenDetalle } from '@delego/contract';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { useCambiarDetalle } from '../api/cambiar-detalle';
import { useCambiarTitulo } from '../api/cambiar-titulo';
import { useOrdenDetalle } from '../../../domain/orden';
import { useAviso } from '../../../components/avisos';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import { useVolver } from '../../../lib/navegacion';
import { erroresDeProblemas, useFormulario, type Validacion } from '../../../lib/formularios';
import { motivoSinModificar } from '../model/acciones';
import { CampoDetalleOrden, CampoTituloOrden } from './campos-orden';
import { FormularioDeOrden } from './formulario-de-orden';
import '../orders.css';

type Campo = 'titulo' | 'detalle';

const TEXTOS: Record<Campo, { pantalla: string; ruta: string; exito: string }> = {
  titulo: { pantalla: 'Editar título', ruta: '/edicion-titulo', exito: 'Título guardado.' },
  detalle: { pantalla: 'Editar detalle', ruta: '/edicion-detalle', exito: 'Detalle guardado.' },
};

/** edicion-titulo?id=42 and edicion-detalle?id=42: one field of an order. */
export function PantallaEdicionCampo({ campo }: { campo: Campo }) {
  const textos = TEXTOS[campo];
  const id = useIdDeConsulta(textos.ruta);
  const detalle = useOrdenDetalle(id);
  const vez = useReinicioAlSalir();
  return (
    <PantallaDeOrden
      titulo={textos.pantalla}
      id={id}
      ambito="ordenes"
      consulta={detalle}
      filas={2}
      sinPermiso={motivoSinModificar}
    >
      {(orden) => <FormularioCampo key={`${orden.id}-${vez}`} orden={orden} campo={campo} />}
    </PantallaDeOrden>
  );
}

/** The field's value as the contract accepts it (trimmed), or its Spanish message. */
function validarCampo(campo: Campo, valor: string): Validacion<Campo, string> {
  const v =
    campo === 'titulo' ? zCambioTitulo.safeParse({ titulo: valor }) : zCambioDetalle.safeParse({ detalle: valor });
  if (!v.success) return { ok: false, errores: { [campo]: erroresDeProblemas(v.error.issues)[campo] } };
  return { ok: true, datos: 'titulo' in v.data ? v.data.titulo : v.data.detalle };
}

export function FormularioCampo({ orden, campo }: { orden: OrdenDetalle; campo: Campo }) {
  const cambiarTitulo = useCambiarTitulo();
  const cambiarDetalle = useCambiarDetalle();
  const pendiente = cambiarTitulo.isPending || cambiarDetalle.isPending;
  const aviso = useAviso();
  const volver = useVolver(`/orden/${orden.id}`);
  const f = useFormulario({
    inicial: { titulo: orden.titulo, detalle: orden.detalle },
    validar: (v) => validarCampo(campo, v[campo]),
    limites: { titulo: LIMITES_ORDEN.titulo, detalle: LIMITES_ORDEN.detalle },
    habilitado: !pendiente,
  });

  function enviar(valor: string) {
    const opciones = {
      onSuccess: () => {
        aviso(TEXTOS[campo].exito);
        f.guardado();
        volver();
      },
      onError: (e: unknown) => f.falloAlGuardar(e, [campo], { soloDatosInvalidos: true }),
    };
    if (campo === 'titulo') cambiarTitulo.mutate({ id: orden.id, titulo: valor }, opciones);
    else cambiarDetalle.mutate({ id: orden.id, detalle: valor }, opciones);
  }

  return (
    <FormularioDeOrden
      orden={orden}
      form={f.props(enviar)}
      sucio={f.sucio}
      nombre={TEXTOS[campo].pantalla}
      onCancelar={volver}
      ocupado={pendiente}
      testId="edicion-guardar"
    >
      {campo === 'titulo' ? (
        <CampoTituloOrden {...f.campo('titulo')} enterkeyhint="done" data-testid="edicion-titulo" />
      ) : (
        <CampoDetalleOrden
          {...f.campo('detalle')}
          rows={8}
          helperText="Ctrl+Enter guarda."
          data-testid="edicion-detalle"
        />
      )}
    </FormularioDeOrden>
  );
}
