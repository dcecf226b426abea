import { LIMITES_EQUIPOS, type Equipo, type EquipoGuardar } from '@delego/contract';
import { useSearchParams } from 'react-router-dom';
import { CampoSeleccion, CampoTexto, CampoTextoLargo } from '../../../components/campos';
import { useAviso } from '../../../components/avisos';
import { leerId } from '../../../lib/consulta-de-ruta';
import { useFormulario } from '../../../lib/formularios';
import { useVolver } from '../../../lib/navegacion';
import { useUbicaciones } from '../../../domain/equipo';
import { FormularioAdmin, PantallaFormularioDeRegistro, Tarjeta } from '../../admin';
import { useEquipo, useGuardarEquipo } from '../api/equipos';
import {
  CAMPOS_EQUIPO,
  validarEquipo,
  valoresEquipo,
  type CampoEquipo,
  type ValoresEquipo,
} from '../model/formularios';
import { EQUIPOS, rutaEquipo } from '../recurso';
import { EquipoNoEncontrado } from './fila';
import { CampoClienteDelRegistro } from './filtro-cliente';
import '../equipment.css';

const LIMITES: Partial<Record<CampoEquipo, number>> = {
  nombre: LIMITES_EQUIPOS.nombre,
  codigo: LIMITES_EQUIPOS.codigo,
  ubicacionInterna: LIMITES_EQUIPOS.ubicacionInterna,
  marca: LIMITES_EQUIPOS.dato,
  modelo: LIMITES_EQUIPOS.dato,
  serie: LIMITES_EQUIPOS.dato,
  notas: LIMITES_EQUIPOS.notas,
};

/** equipo-form: create (`/equipo-form?cliente=2&ubicacion=5`) or edit (`/equipo-form?id=3`) an equipo. */
export default function EquipoFormPage() {
  return (
    <PantallaFormularioDeRegistro
      recurso={EQUIPOS}
      usarRegistro={useEquipo}
      anchos={[60, 40, 70, 50]}
      noEncontrado={<EquipoNoEncontrado />}
    >
      {(equipo) => <EquipoForm equipo={equipo} />}
    </PantallaFormularioDeRegistro>
  );
}

function EquipoForm({ equipo }: { equipo: Equipo | null }) {
  const id = equipo?.id ?? null;
  const [params] = useSearchParams();
  const guardar = useGuardarEquipo();
  const f = useFormulario({
    inicial: () =>
      valoresEquipo(equipo, { cliente: leerId(params.get('cliente')), ubicacion: leerId(params.get('ubicacion')) }),
    validar: (v: ValoresEquipo) => validarEquipo(v),
    limites: LIMITES,
    habilitado: !guardar.isPending,
    vinculados: { cliente: ['ubicacion'] },
  });
  const ubicaciones = useUbicaciones(f.valores.cliente, { habilitada: f.valores.cliente !== null });
  const avisar = useAviso();
  const volver = useVolver(id === null ? EQUIPOS.rutaLista : rutaEquipo(id));

  function enviar(datos: EquipoGuardar) {
    guardar.mutate(
      { id, datos },
      {
        onSuccess: (g) => {
          avisar(id === null ? `Se creó el equipo ${g.nombre}.` : `Se guardaron los cambios de ${g.nombre}.`);
          f.guardado();
          volver();
        },
        onError: (error) => f.falloAlGuardar(error, CAMPOS_EQUIPO),
      },
    );
  }

  const texto = (campo: Exclude<CampoEquipo, 'cliente' | 'ubicacion' | 'notas'>, etiqueta: string) =>
    f.texto(campo, etiqueta, `equipo-form-${campo}`);

  return (
    <FormularioAdmin
      recurso={EQUIPOS}
      editando={equipo && equipo.nombre}
      formulario={f.props(enviar)}
      sucio={f.sucio}
      onCancelar={volver}
      ocupado={guardar.isPending}
      testId="equipo-form"
      testIdGuardar="equipo-form-guardar"
    >
      <Tarjeta titulo="Datos del equipo" contenido="admin-campos admin-campos--dos">
        <CampoTexto {...texto('nombre', 'Nombre')} ubicacion="admin-campos__ancho" />
        <CampoTexto {...texto('codigo', 'Código (opcional)')} helperText="Único en la empresa." />
        <CampoTexto {...texto('serie', 'Número de serie (opcional)')} />
        <CampoTexto {...texto('marca', 'Marca (opcional)')} />
        <CampoTexto {...texto('modelo', 'Modelo (opcional)')} />
      </Tarjeta>
      <Tarjeta titulo="Dónde está" contenido="admin-campos admin-campos--dos">
        <CampoClienteDelRegistro
          {...f.campo('cliente')}
          onChange={(c) => {
            f.cambiar('cliente', c);
            f.cambiar('ubicacion', null);
          }}
          data-testid="equipo-form-cliente"
        />
        <CampoSeleccion<number, number | null>
          {...f.campo('ubicacion')}
          label="Ubicación (opcional)"
          ninguno="Sin ubicación"
          disabled={!f.habilitado || f.valores.cliente === null}
          opciones={(ubicaciones.data ?? []).map((u) => ({ valor: u.id, texto: u.nombre }))}
          data-testid="equipo-form-ubicacion"
        />
        <CampoTexto
          {...texto('ubicacionInterna', 'Dentro de la ubicación (opcional)')}
          helperText="Por ejemplo: Sala de máquinas, 2º piso."
          ubicacion="admin-campos__ancho"
        />
      </Tarjeta>
      <Tarjeta contenido="admin-campos">
        <CampoTextoLargo
          {...f.campo('notas')}
          label="Notas (opcional)"
          max={LIMITES_EQUIPOS.notas}
          rows={3}
          data-testid="equipo-form-notas"
        />
      </Tarjeta>
    </FormularioAdmin>
  );
}
