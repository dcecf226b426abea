import { LIMITES_EQUIPOS, type UbicacionCliente, type UbicacionGuardar } from '@delego/contract';
import { locationOutline, trashOutline } from 'ionicons/icons';
import { useSearchParams } from 'react-router-dom';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { CampoTexto, CampoTextoLargo } from '../../../components/campos';
import { useAviso } from '../../../components/avisos';
import { leerId } from '../../../lib/consulta-de-ruta';
import { useFormulario } from '../../../lib/formularios';
import { useVolver } from '../../../lib/navegacion';
import {
  FalloDeAccion,
  FormularioAdmin,
  PantallaFormularioDeRegistro,
  RegistroNoEncontrado,
  Tarjeta,
} from '../../admin';
import { useBorrarUbicacion, useGuardarUbicacion, useUbicacion } from '../api/equipos';
import {
  CAMPOS_UBICACION,
  validarUbicacion,
  valoresUbicacion,
  type CampoUbicacion,
  type ValoresUbicacion,
} from '../model/formularios';
import { UBICACIONES } from '../recurso';
import { CampoClienteDelRegistro } from './filtro-cliente';

const LIMITES: Partial<Record<CampoUbicacion, number>> = {
  nombre: LIMITES_EQUIPOS.nombre,
  codigo: LIMITES_EQUIPOS.codigo,
  direccion: LIMITES_EQUIPOS.direccion,
  notas: LIMITES_EQUIPOS.notas,
};

/** ubicacion-form: create (`?cliente=2`) or edit (`?id=5`) a client's site; delete with confirmation. */
export default function UbicacionFormPage() {
  return (
    <PantallaFormularioDeRegistro
      recurso={UBICACIONES}
      usarRegistro={useUbicacion}
      anchos={[60, 40, 70]}
      noEncontrado={
        <RegistroNoEncontrado recurso={UBICACIONES} icono={locationOutline} titulo="Ubicación no encontrada">
          La ubicación no existe o no pertenece a su empresa.
        </RegistroNoEncontrado>
      }
    >
      {(ubicacion) => <UbicacionForm ubicacion={ubicacion} />}
    </PantallaFormularioDeRegistro>
  );
}

function UbicacionForm({ ubicacion }: { ubicacion: UbicacionCliente | null }) {
  const id = ubicacion?.id ?? null;
  const [params] = useSearchParams();
  const guardar = useGuardarUbicacion();
  const borrar = useBorrarUbicacion();
  const f = useFormulario({
    inicial: () => valoresUbicacion(ubicacion, leerId(params.get('cliente'))),
    validar: (v: ValoresUbicacion) => validarUbicacion(v),
    limites: LIMITES,
    habilitado: !guardar.isPending && !borrar.isPending,
  });
  const avisar = useAviso();
  const volver = useVolver(UBICACIONES.rutaLista);

  function enviar(datos: UbicacionGuardar) {
    guardar.mutate(
      { id, datos },
      {
        onSuccess: (g) => {
          avisar(id === null ? `Se creó la ubicación ${g.nombre}.` : `Se guardaron los cambios de ${g.nombre}.`);
          f.guardado();
          volver();
        },
        onError: (error) => f.falloAlGuardar(error, CAMPOS_UBICACION),
      },
    );
  }

  const texto = (campo: 'nombre' | 'codigo' | 'direccion', etiqueta: string) =>
    f.texto(campo, etiqueta, `ubicacion-form-${campo}`);

  return (
    <FormularioAdmin
      recurso={UBICACIONES}
      editando={ubicacion && ubicacion.nombre}
      formulario={f.props(enviar)}
      sucio={f.sucio}
      onCancelar={volver}
      ocupado={guardar.isPending}
      testId="ubicacion-form"
      testIdGuardar="ubicacion-form-guardar"
      despues={
        ubicacion && (
          <BotonPeligroso
            icono={trashOutline}
            testId="ubicacion-borrar"
            pregunta={{
              titulo: 'Borrar ubicación',
              mensaje: `Se borrará ${ubicacion.nombre}. Una ubicación con equipos u órdenes no se puede borrar.`,
            }}
            alConfirmar={() =>
              borrar.mutate(ubicacion.id, {
                onSuccess: () => {
                  avisar(`Se borró la ubicación ${ubicacion.nombre}.`);
                  volver();
                },
              })
            }
          >
            Borrar ubicación
          </BotonPeligroso>
        )
      }
    >
      <Tarjeta titulo="Datos de la ubicación" contenido="admin-campos admin-campos--dos">
        <CampoClienteDelRegistro {...f.campo('cliente')} data-testid="ubicacion-form-cliente" />
        <CampoTexto {...texto('nombre', 'Nombre')} />
        <CampoTexto {...texto('codigo', 'Código (opcional)')} helperText="Único en el cliente." />
        <CampoTexto {...texto('direccion', 'Dirección (opcional)')} ubicacion="admin-campos__ancho" />
        <CampoTextoLargo
          {...f.campo('notas')}
          label="Notas (opcional)"
          max={LIMITES_EQUIPOS.notas}
          rows={3}
          ubicacion="admin-campos__ancho"
          data-testid="ubicacion-form-notas"
        />
      </Tarjeta>
      <FalloDeAccion accion={borrar} titulo="No se borró la ubicación." testId="ubicacion-borrar-error" />
    </FormularioAdmin>
  );
}
