import { diaDeMs, hoyEn, type RegistroHoras } from '@delego/contract';
import { CampoSeleccion, CampoTexto, CampoTextoLargo } from '../../../components/campos';
import { useSession } from '../../auth';
import { usePersonas } from '../api/get-personas';
import { useZonaEmpresa } from '../../../lib/fechas';
import {
  CAMPOS_FORMULARIO_HORAS,
  LIMITE_DESCRIPCION,
  validarHoras,
  type FormularioHoras as Datos,
} from '../model/registro';
import { FormularioRegistro, useFormularioRegistro, type PropsEntrada } from './formulario-registro';

interface Props extends PropsEntrada<RegistroHoras> {
  /** The reader may log hours for others: 'Horas de' lets them choose whose. */
  puedeCargarAOtros: boolean;
  /** New hours from the timer: the day it started and the time worked. */
  prellenado?: { fecha: string; horas: number; minutos: number };
}

function datosIniciales(
  inicial: RegistroHoras | undefined,
  hoy: string,
  zona: string,
  prellenado?: Props['prellenado'],
): Datos {
  if (!inicial && prellenado) {
    const { fecha, horas, minutos } = prellenado;
    return { fecha, horas: String(horas), minutos: String(minutos), usuarioId: null, descripcion: '' };
  }
  if (!inicial) return { fecha: hoy, horas: '', minutos: '', usuarioId: null, descripcion: '' };
  return {
    id: inicial.id,
    fecha: diaDeMs(inicial.fecha, zona),
    horas: String(inicial.horas),
    minutos: String(inicial.minutos),
    usuarioId: inicial.usuario.id,
    descripcion: inicial.descripcion,
  };
}

/** Date, hours and minutes, whose (when allowed) and what was done; checked as the server checks. */
export function FormularioHorasRegistro({
  ordenId,
  inicial,
  puedeCargarAOtros,
  prellenado,
  onListo,
  onCancelar,
}: Props) {
  const { usuario } = useSession();
  const personas = usePersonas(puedeCargarAOtros);
  const zona = useZonaEmpresa();
  const f = useFormularioRegistro({
    ordenId,
    inicial: () => datosIniciales(inicial, hoyEn(zona), zona, prellenado),
    // New hours of one's own go without usuarioId (the server's default); a correction always
    // says whose they are, or the server would keep the previous person.
    validar: (d: Datos) =>
      validarHoras({ ...d, usuarioId: !d.id && d.usuarioId === usuario?.id ? null : d.usuarioId }, zona),
    cambios: (entrada) => ({ horas: [entrada] }),
    campos: CAMPOS_FORMULARIO_HORAS,
    exito: inicial ? 'Horas corregidas.' : 'Horas registradas.',
    onListo,
  });

  const opciones = personas.data ?? [];
  const numero = (campo: 'horas' | 'minutos', etiqueta: string, max: number) => ({
    ...f.campo(campo),
    type: 'number' as const,
    inputmode: 'numeric' as const,
    label: etiqueta,
    labelPlacement: 'stacked' as const,
    min: 0,
    max,
    step: '1',
    placeholder: '0',
    helperText: `De 0 a ${max}`,
    'data-testid': `horas-${campo}`,
  });
  return (
    <FormularioRegistro
      prefijo="horas"
      nombre={inicial ? 'Corregir horas' : 'Registrar horas'}
      marco={f.marco}
      onCancelar={onCancelar}
    >
      <div className="registro-form__fila">
        <CampoTexto {...numero('horas', 'Horas', 24)} />
        <CampoTexto {...numero('minutos', 'Minutos', 59)} />
      </div>
      {puedeCargarAOtros && opciones.length > 0 && (
        <CampoSeleccion
          {...f.campo('usuarioId')}
          value={f.valores.usuarioId ?? usuario?.id ?? null}
          label="Horas de"
          labelPlacement="stacked"
          opciones={opciones.map((p) => ({
            valor: p.id,
            texto: `${`${p.nombre} ${p.apellido}`.trim() || p.usuario}${p.id === usuario?.id ? ' (usted)' : ''}`,
          }))}
          data-testid="horas-usuario"
        />
      )}
      <CampoTextoLargo
        {...f.campo('descripcion')}
        label="Descripción"
        labelPlacement="stacked"
        rows={3}
        placeholder="Qué se hizo (opcional)"
        max={LIMITE_DESCRIPCION}
        data-testid="horas-descripcion"
      />
    </FormularioRegistro>
  );
}
