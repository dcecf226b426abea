import { diaDeMs, hoyEn, type RegistroHoras } from '@delego/contract';
import { IonInput, IonSelect, IonSelectOption, IonTextarea } from '@ionic/react';
import { CampoConLimite } from '../../../components/campo-con-limite';
import { useSession } from '../../auth';
import { usePersonas } from '../api/get-personas';
import { useZonaEmpresa } from '../../../lib/fechas';
import {
  CAMPOS_FORMULARIO_HORAS,
  LIMITE_DESCRIPCION,
  validarHoras,
  type FormularioHoras as Datos,
} from '../model/registro';
import { FormularioRegistro, useFormularioRegistro } from './formulario-registro';

interface Props {
  ordenId: number;
  /** The entry to correct; a new one when absent. */
  inicial?: RegistroHoras;
  /** The reader may log hours for others: 'Horas de' lets them choose whose. */
  puedeCargarAOtros: boolean;
  onListo: (mensaje: string) => void;
  onCancelar: () => void;
}

function datosIniciales(inicial: RegistroHoras | undefined, hoy: string, zona: string): Datos {
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
export function FormularioHorasRegistro({ ordenId, inicial, puedeCargarAOtros, onListo, onCancelar }: Props) {
  const { usuario } = useSession();
  const personas = usePersonas(puedeCargarAOtros);
  const zona = useZonaEmpresa();
  const f = useFormularioRegistro({
    ordenId,
    inicial: () => datosIniciales(inicial, hoyEn(zona), zona),
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
  const elegido = f.datos.usuarioId ?? usuario?.id ?? null;
  return (
    <FormularioRegistro
      prefijo="horas"
      nombre={inicial ? 'Corregir horas' : 'Registrar horas'}
      marco={f.marco}
      onCancelar={onCancelar}
    >
      <div className="registro-form__fila">
        <IonInput
          type="number"
          inputmode="numeric"
          label="Horas"
          labelPlacement="stacked"
          fill="outline"
          min={0}
          max={24}
          step="1"
          placeholder="0"
          {...f.campo('horas')}
          helperText="De 0 a 24"
          data-testid="horas-horas"
        />
        <IonInput
          type="number"
          inputmode="numeric"
          label="Minutos"
          labelPlacement="stacked"
          fill="outline"
          min={0}
          max={59}
          step="1"
          placeholder="0"
          {...f.campo('minutos')}
          helperText="De 0 a 59"
          data-testid="horas-minutos"
        />
      </div>
      {puedeCargarAOtros && opciones.length > 0 && (
        <IonSelect
          label="Horas de"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={elegido}
          {...f.error('usuarioId')}
          onIonChange={(e) => f.cambiar('usuarioId', Number(e.detail.value))}
          data-testid="horas-usuario"
        >
          {opciones.map((p) => (
            <IonSelectOption key={p.id} value={p.id}>
              {`${p.nombre} ${p.apellido}`.trim() || p.usuario}
              {p.id === usuario?.id ? ' (usted)' : ''}
            </IonSelectOption>
          ))}
        </IonSelect>
      )}
      <CampoConLimite valor={f.datos.descripcion} max={LIMITE_DESCRIPCION}>
        <IonTextarea
          label="Descripción"
          labelPlacement="stacked"
          fill="outline"
          autoGrow
          rows={3}
          placeholder="Qué se hizo (opcional)"
          {...f.campo('descripcion', LIMITE_DESCRIPCION)}
          data-testid="horas-descripcion"
        />
      </CampoConLimite>
    </FormularioRegistro>
  );
}
