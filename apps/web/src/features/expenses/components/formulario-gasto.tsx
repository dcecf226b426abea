import { ACEPTAR_ARCHIVOS, MONEDA_DEFECTO, type Archivo, type RegistroGasto } from '@delego/contract';
import { IonButton, IonIcon, IonInput, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { attachOutline } from 'ionicons/icons';
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { ColaSubidas, useArchivos, useSubidas } from '../../files';
import { useGuardarRegistro } from '../api/guardar-registro';
import { diaAR, hoyAR } from '../model/dias';
import {
  CAMPOS_FORMULARIO_GASTO,
  LIMITE_CONCEPTO,
  MONEDAS,
  campoDelServidor,
  montoParaEditar,
  validarGasto,
  type CampoGasto,
  type FormularioGasto as Datos,
} from '../model/registro';
import { enviarConEnter } from './enviar-con-enter';

type Errores = Partial<Record<CampoGasto | 'general', string>>;

interface Props {
  ordenId: number;
  /** The expense to correct; a new one when absent. */
  inicial?: RegistroGasto;
  /** The reader may attach files to the order (a receipt can be uploaded from here). */
  puedeAdjuntar: boolean;
  onListo: (mensaje: string) => void;
  onCancelar: () => void;
}

function datosIniciales(inicial: RegistroGasto | undefined, hoy: string): Datos {
  if (!inicial) return { fecha: hoy, concepto: '', monto: '', moneda: MONEDA_DEFECTO, comprobanteArchivoId: null };
  return {
    id: inicial.id,
    fecha: diaAR(inicial.fecha),
    concepto: inicial.concepto,
    monto: montoParaEditar(inicial.monto),
    moneda: inicial.moneda,
    comprobanteArchivoId: inicial.comprobante?.id ?? null,
  };
}

const invalida = (e: string | undefined) => (e ? 'ion-invalid ion-touched' : undefined);
const valor = (e: { detail: { value?: string | number | null } }) => String(e.detail.value ?? '');
/** IonSelect needs a value for 'Sin comprobante'. */
const SIN_COMPROBANTE = 0;

/** The file just uploaded: the newest of the order's files with that name. */
function archivoSubido(lista: readonly Archivo[], nombre: string): Archivo | undefined {
  const buscado = nombre.normalize('NFC').trim();
  const candidatos = lista.filter((a) => a.nombre === buscado);
  return (candidatos.length ? candidatos : lista).reduce<Archivo | undefined>((max, a) => (!max || a.id > max.id ? a : max), undefined);
}

/** Date, concept, amount and currency (ARS by default), and an optional receipt among the order's files. */
export function FormularioGastoRegistro({ ordenId, inicial, puedeAdjuntar, onListo, onCancelar }: Props) {
  const guardar = useGuardarRegistro();
  const archivos = useArchivos(ordenId);
  const [datos, setDatos] = useState<Datos>(() => datosIniciales(inicial, hoyAR()));
  const [errores, setErrores] = useState<Errores>({});
  const elegir = useRef<HTMLInputElement>(null);

  const cambiar = useCallback(<K extends keyof Datos>(campo: K, v: Datos[K]) => {
    setDatos((d) => ({ ...d, [campo]: v }));
    setErrores((e) => ({ ...e, [campo]: undefined, general: undefined }));
  }, []);

  const alSubir = useCallback(
    (lista: Archivo[], archivo: File) => {
      const nuevo = archivoSubido(lista, archivo.name);
      if (nuevo) cambiar('comprobanteArchivoId', nuevo.id);
    },
    [cambiar],
  );
  const cola = useSubidas(ordenId, { alTerminar: alSubir });

  function alElegir(e: ChangeEvent<HTMLInputElement>) {
    const elegidos = [...(e.target.files ?? [])].slice(0, 1);
    e.target.value = '';
    cola.agregar(elegidos);
  }

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (guardar.isPending || cola.estaSubiendo) return;
    const r = validarGasto(datos);
    if (!r.ok) {
      setErrores(r.errores);
      return;
    }
    guardar.mutate(
      { ordenId, cambios: { gastos: [r.entrada] } },
      {
        onSuccess: () => onListo(inicial ? 'Gasto corregido.' : 'Gasto registrado.'),
        onError: (error) => {
          const campo = error instanceof ApiError && error.status === 400 ? campoDelServidor(error.field, CAMPOS_FORMULARIO_GASTO) : null;
          setErrores(campo ? { [campo]: error.message } : { general: mensajeDeError(error) });
        },
      },
    );
  }

  const monedas = MONEDAS.includes(datos.moneda as (typeof MONEDAS)[number]) ? MONEDAS : [...MONEDAS, datos.moneda];
  const lista = archivos.data ?? [];
  return (
    <form
      className="registro-form"
      onSubmit={enviar}
      onKeyDown={enviarConEnter}
      noValidate
      aria-label={inicial ? 'Corregir gasto' : 'Registrar gasto'}
    >
      {errores.general && (
        <p className="registro-form__error" role="alert" data-testid="gasto-error">
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
        data-testid="gasto-fecha"
      />
      <IonInput
        label="Concepto"
        labelPlacement="stacked"
        fill="outline"
        maxlength={LIMITE_CONCEPTO}
        placeholder="Repuestos, viáticos, combustible…"
        value={datos.concepto}
        className={invalida(errores.concepto)}
        errorText={errores.concepto}
        onIonInput={(e) => cambiar('concepto', valor(e))}
        data-testid="gasto-concepto"
      />
      <div className="registro-form__fila registro-form__fila--monto">
        <IonInput
          type="text"
          inputmode="decimal"
          label="Monto"
          labelPlacement="stacked"
          fill="outline"
          placeholder="0,00"
          value={datos.monto}
          className={invalida(errores.monto)}
          errorText={errores.monto}
          helperText="Con hasta 2 decimales, p. ej. 1500,50"
          onIonInput={(e) => cambiar('monto', valor(e))}
          data-testid="gasto-monto"
        />
        <IonSelect
          label="Moneda"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={datos.moneda}
          className={invalida(errores.moneda)}
          errorText={errores.moneda}
          onIonChange={(e) => cambiar('moneda', String(e.detail.value))}
          data-testid="gasto-moneda"
        >
          {monedas.map((m) => (
            <IonSelectOption key={m} value={m}>
              {m}
            </IonSelectOption>
          ))}
        </IonSelect>
      </div>
      <div className="registro-form__comprobante">
        <IonSelect
          label="Comprobante"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={datos.comprobanteArchivoId ?? SIN_COMPROBANTE}
          className={invalida(errores.comprobanteArchivoId)}
          errorText={errores.comprobanteArchivoId}
          onIonChange={(e) => {
            const id = Number(e.detail.value);
            cambiar('comprobanteArchivoId', id === SIN_COMPROBANTE ? null : id);
          }}
          data-testid="gasto-comprobante"
        >
          <IonSelectOption value={SIN_COMPROBANTE}>Sin comprobante</IonSelectOption>
          {lista.map((a) => (
            <IonSelectOption key={a.id} value={a.id}>
              {a.nombre}
            </IonSelectOption>
          ))}
        </IonSelect>
        {puedeAdjuntar && (
          <>
            <IonButton
              fill="clear"
              size="small"
              onClick={() => elegir.current?.click()}
              disabled={cola.estaSubiendo}
              data-testid="gasto-subir-comprobante"
            >
              <IonIcon slot="start" icon={attachOutline} aria-hidden="true" />
              Subir comprobante
            </IonButton>
            <input ref={elegir} type="file" accept={ACEPTAR_ARCHIVOS} hidden onChange={alElegir} data-testid="gasto-comprobante-input" />
          </>
        )}
      </div>
      <ColaSubidas subidas={cola.subidas} onQuitar={cola.quitar} />
      <div className="registro-form__botones">
        <IonButton type="button" fill="outline" color="medium" onClick={onCancelar}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={guardar.isPending || cola.estaSubiendo} data-testid="gasto-guardar">
          {guardar.isPending ? <IonSpinner name="crescent" aria-hidden="true" /> : 'Guardar'}
        </IonButton>
      </div>
    </form>
  );
}
