import type { RegistroHoras } from '@delego/contract';
import { IonButton, IonInput, IonSelect, IonSelectOption, IonSpinner, IonTextarea } from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useSession } from '../../auth';
import { usePersonas } from '../api/get-personas';
import { useGuardarRegistro } from '../api/guardar-registro';
import { diaAR, hoyAR } from '../model/dias';
import { enviarConEnter } from './enviar-con-enter';
import {
  CAMPOS_FORMULARIO_HORAS,
  LIMITE_DESCRIPCION,
  campoDelServidor,
  validarHoras,
  type CampoHoras,
  type FormularioHoras as Datos,
} from '../model/registro';

type Errores = Partial<Record<CampoHoras | 'general', string>>;

interface Props {
  ordenId: number;
  /** The entry to correct; a new one when absent. */
  inicial?: RegistroHoras;
  /** The reader may log hours for others: 'Horas de' lets them choose whose. */
  puedeCargarAOtros: boolean;
  onListo: (mensaje: string) => void;
  onCancelar: () => void;
}

function datosIniciales(inicial: RegistroHoras | undefined, hoy: string): Datos {
  if (!inicial) return { fecha: hoy, horas: '', minutos: '', usuarioId: null, descripcion: '' };
  return {
    id: inicial.id,
    fecha: diaAR(inicial.fecha),
    horas: String(inicial.horas),
    minutos: String(inicial.minutos),
    usuarioId: inicial.usuario.id,
    descripcion: inicial.descripcion,
  };
}

const invalida = (e: string | undefined) => (e ? 'ion-invalid ion-touched' : undefined);
const valor = (e: { detail: { value?: string | number | null } }) => String(e.detail.value ?? '');

/** Date, hours and minutes, whose (when allowed) and what was done; checked as the server checks. */
export function FormularioHorasRegistro({ ordenId, inicial, puedeCargarAOtros, onListo, onCancelar }: Props) {
  const { usuario } = useSession();
  const guardar = useGuardarRegistro();
  const personas = usePersonas(puedeCargarAOtros);
  const [datos, setDatos] = useState<Datos>(() => datosIniciales(inicial, hoyAR()));
  const [errores, setErrores] = useState<Errores>({});

  function cambiar<K extends keyof Datos>(campo: K, v: Datos[K]) {
    setDatos((d) => ({ ...d, [campo]: v }));
    setErrores((e) => ({ ...e, [campo]: undefined, general: undefined }));
  }

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (guardar.isPending) return;
    // New hours of one's own go without usuarioId (the server's default); a correction always
    // says whose they are, or the server would keep the previous person.
    const quien = !datos.id && datos.usuarioId === usuario?.id ? null : datos.usuarioId;
    const r = validarHoras({ ...datos, usuarioId: quien });
    if (!r.ok) {
      setErrores(r.errores);
      return;
    }
    guardar.mutate(
      { ordenId, cambios: { horas: [r.entrada] } },
      {
        onSuccess: () => onListo(inicial ? 'Horas corregidas.' : 'Horas registradas.'),
        onError: (error) => {
          const campo = error instanceof ApiError && error.status === 400 ? campoDelServidor(error.field, CAMPOS_FORMULARIO_HORAS) : null;
          setErrores(campo ? { [campo]: error.message } : { general: mensajeDeError(error) });
        },
      },
    );
  }

  const opciones = personas.data ?? [];
  const elegido = datos.usuarioId ?? usuario?.id ?? null;
  return (
    <form
      className="registro-form"
      onSubmit={enviar}
      onKeyDown={enviarConEnter}
      noValidate
      aria-label={inicial ? 'Corregir horas' : 'Registrar horas'}
    >
      {errores.general && (
        <p className="registro-form__error" role="alert" data-testid="horas-error">
          {errores.general}
        </p>
      )}
      <IonInput
        type="date"
        label="Fecha"
        labelPlacement="stacked"
        fill="outline"
        value={datos.fecha}
        max={hoyAR()}
        className={invalida(errores.fecha)}
        errorText={errores.fecha}
        onIonInput={(e) => cambiar('fecha', valor(e))}
        data-testid="horas-fecha"
      />
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
          value={datos.horas}
          className={invalida(errores.horas)}
          errorText={errores.horas}
          helperText="De 0 a 24"
          onIonInput={(e) => cambiar('horas', valor(e))}
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
          value={datos.minutos}
          className={invalida(errores.minutos)}
          errorText={errores.minutos}
          helperText="De 0 a 59"
          onIonInput={(e) => cambiar('minutos', valor(e))}
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
          className={invalida(errores.usuarioId)}
          errorText={errores.usuarioId}
          onIonChange={(e) => cambiar('usuarioId', Number(e.detail.value))}
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
      <IonTextarea
        label="Descripción"
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        rows={3}
        maxlength={LIMITE_DESCRIPCION}
        placeholder="Qué se hizo (opcional)"
        value={datos.descripcion}
        className={invalida(errores.descripcion)}
        errorText={errores.descripcion}
        onIonInput={(e) => cambiar('descripcion', valor(e))}
        data-testid="horas-descripcion"
      />
      <div className="registro-form__botones">
        <IonButton type="button" fill="outline" color="medium" onClick={onCancelar}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={guardar.isPending} data-testid="horas-guardar">
          {guardar.isPending ? <IonSpinner name="crescent" aria-hidden="true" /> : 'Guardar'}
        </IonButton>
      </div>
    </form>
  );
}
