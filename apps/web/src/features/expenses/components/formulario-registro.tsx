import { hoyEn, type RegistroCambios } from '@delego/contract';
import { IonButton, IonSpinner } from '@ionic/react';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useGuardarRegistro } from '../api/guardar-registro';
import { errorDeLargo } from '../../../components/campo-con-limite';
import { CampoFecha } from '../../../components/campo-fecha';
import { useZonaEmpresa } from '../../../lib/fechas';
import { campoDelServidor, type Resultado } from '../model/registro';
import { enviarConEnter } from './enviar-con-enter';

/**
 * What the hours and the expense forms share: their state and checks before saving, how a refusal
 * of the server lands on a field or above the form, and the frame around their own fields (the
 * date first, Cancelar and Guardar last).
 */

/** What every entry form holds: its id when it corrects one, and the day, 'YYYY-MM-DD'. */
export interface DatosRegistro {
  id?: number;
  fecha: string;
}

/** A field of the form, as the name of its value and of its error. */
type Campo<D> = keyof D & string;

/** The fields whose value is text, typed in an input or a text area. */
type CampoTexto<D> = { [K in Campo<D>]-?: D[K] extends string ? K : never }[Campo<D>];

/** The message of each field that is wrong. */
type ErroresRegistro<D> = Partial<Record<Campo<D>, string>>;

/** How a field shows its error: Ionic's invalid look and the message under it. */
export interface PropsError {
  className: string | undefined;
  errorText: string | undefined;
}

/** The props that bind an IonInput or IonTextarea to a text field of the form. */
export interface PropsCampo extends PropsError {
  value: string;
  onIonInput: (e: { detail: { value?: string | number | null } }) => void;
}

interface OpcionesFormulario<D extends DatosRegistro, E> {
  ordenId: number;
  /** The values the form starts with (read once). */
  inicial: () => D;
  /** Checks the form as the server would: the entry to send or the message of each field. */
  validar: (datos: D) => Resultado<E, Campo<D>>;
  /** The change sent for a valid entry: `{ horas: [entrada] }`. */
  cambios: (entrada: E) => RegistroCambios;
  /** The fields a refusal of the server (400 with `field`) may name. */
  campos: readonly Campo<D>[];
  /** Told to `onListo` once saved: 'Horas registradas.' */
  exito: string;
  onListo: (mensaje: string) => void;
}

/** What the frame of the form needs: see `FormularioRegistro`. */
export interface MarcoRegistro {
  enviar: (e: FormEvent) => void;
  error: string | undefined;
  fecha: PropsCampo;
  guardando: boolean;
}

const claseInvalida = (error: string | undefined) => (error ? 'ion-invalid ion-touched' : undefined);
const texto = (e: { detail: { value?: string | number | null } }) => String(e.detail.value ?? '');

/** State, checks and saving of an hours or expense form of the order `ordenId`. */
export function useFormularioRegistro<D extends DatosRegistro, E>({
  ordenId,
  inicial,
  validar,
  cambios,
  campos,
  exito,
  onListo,
}: OpcionesFormulario<D, E>) {
  const guardar = useGuardarRegistro();
  const [datos, setDatos] = useState<D>(inicial);
  const [errores, setErrores] = useState<ErroresRegistro<D>>({});
  /** A refusal that names no field of the form: shown above it. */
  const [general, setGeneral] = useState<string>();

  /** Sets a field; its error and the general one go away. */
  const cambiar = useCallback(<K extends Campo<D>>(campo: K, valor: D[K]) => {
    setDatos((d) => ({ ...d, [campo]: valor }));
    setErrores((e) => ({ ...e, [campo]: undefined }));
    setGeneral(undefined);
  }, []);

  const error = (campo: Campo<D>): PropsError => ({
    className: claseInvalida(errores[campo]),
    errorText: errores[campo],
  });

  /** A text field's props; with `max`, over the limit is said as it happens (`validar` refuses it). */
  const campo = (nombre: CampoTexto<D>, max?: number): PropsCampo => {
    const valor = datos[nombre] as string;
    const largo = max === undefined ? undefined : errorDeLargo(valor, max);
    return {
      ...(largo ? { className: claseInvalida(largo), errorText: largo } : error(nombre)),
      value: valor,
      onIonInput: (e) => cambiar(nombre, texto(e) as D[CampoTexto<D>]),
    };
  };

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (guardar.isPending) return;
    const r = validar(datos);
    if (!r.ok) {
      setErrores(r.errores);
      setGeneral(undefined);
      return;
    }
    guardar.mutate(
      { ordenId, cambios: cambios(r.entrada) },
      {
        onSuccess: () => onListo(exito),
        onError: (falla) => {
          const culpable =
            falla instanceof ApiError && falla.status === 400 ? campoDelServidor(falla.field, campos) : null;
          const enCampo: ErroresRegistro<D> = {};
          if (culpable) enCampo[culpable] = falla.message;
          setErrores(enCampo);
          setGeneral(culpable ? undefined : mensajeDeError(falla));
        },
      },
    );
  }

  const marco: MarcoRegistro = {
    enviar,
    error: general,
    fecha: campo('fecha' as CampoTexto<D>),
    guardando: guardar.isPending,
  };
  return { datos, cambiar, campo, error, marco };
}

interface FormularioRegistroProps {
  /** Prefix of the test ids: `${prefijo}-error`, `-fecha` and `-guardar`. */
  prefijo: string;
  /** The form's accessible name: 'Registrar horas', 'Corregir gasto'. */
  nombre: string;
  marco: MarcoRegistro;
  /** Saving waits while this is true (a receipt still uploading): Guardar is off, Enter does nothing. */
  esperar?: boolean;
  onCancelar: () => void;
  /** The form's own fields, between the date and the buttons. */
  children: ReactNode;
}

/**
 * The frame of an entry form: the error that belongs to no field, the date (today at most), the
 * form's fields and Cancelar / Guardar. Enter submits from a one-line field, Ctrl+Enter from a
 * text area.
 */
export function FormularioRegistro({
  prefijo,
  nombre,
  marco,
  esperar = false,
  onCancelar,
  children,
}: FormularioRegistroProps) {
  const hoy = hoyEn(useZonaEmpresa());
  function enviar(e: FormEvent) {
    if (esperar) e.preventDefault();
    else marco.enviar(e);
  }

  return (
    <form className="registro-form" onSubmit={enviar} onKeyDown={enviarConEnter} noValidate aria-label={nombre}>
      {marco.error && (
        <p className="registro-form__error" role="alert" data-testid={`${prefijo}-error`}>
          {marco.error}
        </p>
      )}
      <CampoFecha
        label="Fecha"
        max={hoy}
        value={marco.fecha.value}
        error={marco.fecha.errorText}
        onChange={(dia) => marco.fecha.onIonInput({ detail: { value: dia } })}
        data-testid={`${prefijo}-fecha`}
      />
      {children}
      <div className="registro-form__botones">
        <IonButton type="button" fill="outline" color="medium" onClick={onCancelar}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={marco.guardando || esperar} data-testid={`${prefijo}-guardar`}>
          {marco.guardando ? <IonSpinner name="crescent" aria-hidden="true" /> : 'Guardar'}
        </IonButton>
      </div>
    </form>
  );
}
