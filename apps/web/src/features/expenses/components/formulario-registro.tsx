import { hoyEn, type RegistroCambios } from '@delego/contract';
import { useState, type ReactNode } from 'react';
import { BotonesFormulario } from '../../../components/botones-formulario';
import { CampoFecha } from '../../../components/campo-fecha';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { enviarConEnter, useFormulario, type Formulario, type PropsCampo } from '../../../lib/formularios';
import { MENSAJE_SIN_CONEXION } from '../../../lib/outbox';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { useGuardarRegistro } from '../api/guardar-registro';
import { campoDelServidor, type Resultado } from '../model/registro';

/**
 * What the hours and the expense forms share: the form kit's state and checks, saving, how a
 * refusal of the server lands on a field or above the form, and the frame around their own fields
 * (the date first, Cancelar and Guardar last).
 */

/** What every entry form holds: its id when it corrects one, and the day, 'YYYY-MM-DD'. */
export interface DatosRegistro {
  id?: number;
  fecha: string;
}

/** What the page gives an hours or expense form. */
export interface PropsEntrada<T> {
  ordenId: number;
  /** The entry to correct; a new one when absent. */
  inicial?: T;
  /** Once saved, with what to tell the person ('Horas registradas.'). */
  onListo: (mensaje: string) => void;
  onCancelar: () => void;
}

/** A field of the form, as the name of its value and of its message. */
type Campo<D> = Extract<keyof D, string>;

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
  props: ReturnType<Formulario<DatosRegistro, unknown>['props']>;
  /** A refusal that names no field of the form: shown above it until something changes. */
  error: string | undefined;
  fecha: PropsCampo<string>;
  guardando: boolean;
  /** Whether the values differ from the ones it opened with: leaving asks first. */
  sucio: boolean;
}

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
  const [general, setGeneral] = useState<string>();
  const f = useFormulario<D, E>({
    inicial,
    validar: (datos) => {
      const r = validar(datos);
      return r.ok ? { ok: true, datos: r.entrada } : r;
    },
    habilitado: !guardar.isPending,
    alCambiar: () => setGeneral(undefined),
  });

  function enviar(entrada: E) {
    guardar.mutate(
      { ordenId, cambios: cambios(entrada) },
      {
        onSuccess: (r) => {
          // Saved, or kept in the outbox: either way closing the form no longer asks.
          f.guardado();
          onListo(r.tipo === 'enviado' ? exito : MENSAJE_SIN_CONEXION);
        },
        onError: (falla) => {
          const culpable =
            falla instanceof ApiError && falla.status === 400 ? campoDelServidor(falla.field, campos) : null;
          f.mostrarErrores(culpable ? ({ [culpable]: falla.message } as Partial<Record<Campo<D>, string>>) : {});
          setGeneral(culpable ? undefined : mensajeDeError(falla));
        },
      },
    );
  }

  const marco: MarcoRegistro = {
    props: f.props(enviar),
    error: general,
    // Every entry's `fecha` is a day as text (DatosRegistro), whatever else D holds.
    fecha: f.campo('fecha' as Campo<D>) as unknown as PropsCampo<string>,
    guardando: guardar.isPending,
    sucio: f.sucio,
  };
  return { ...f, marco };
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
  const { props } = marco;
  useCambiosSinGuardar(marco.sucio);
  return (
    <form
      {...props}
      className="registro-form"
      onSubmit={(e) => (esperar ? e.preventDefault() : props.onSubmit(e))}
      onKeyDown={esperar ? enviarConEnter(() => undefined) : props.onKeyDown}
      aria-label={nombre}
    >
      {marco.error && (
        <p className="registro-form__error delego-aviso-error" role="alert" data-testid={`${prefijo}-error`}>
          {marco.error}
        </p>
      )}
      <CampoFecha {...marco.fecha} label="Fecha" max={hoy} data-testid={`${prefijo}-fecha`} />
      {children}
      <BotonesFormulario
        clase="registro-form__botones"
        onCancelar={onCancelar}
        ocupado={marco.guardando}
        deshabilitado={esperar}
        testId={`${prefijo}-guardar`}
      />
    </form>
  );
}
