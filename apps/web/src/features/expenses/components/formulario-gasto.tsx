import { ACEPTAR_ARCHIVOS, MONEDA_DEFECTO, diaDeMs, hoyEn, type Archivo, type RegistroGasto } from '@delego/contract';
import { IonButton, IonIcon, IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { attachOutline } from 'ionicons/icons';
import { useCallback, useRef, type ChangeEvent } from 'react';
import { CampoConLimite } from '../../../components/campo-con-limite';
import { ColaSubidas, useArchivos, useSubidas } from '../../files';
import { useZonaEmpresa } from '../../../lib/fechas';
import {
  CAMPOS_FORMULARIO_GASTO,
  LIMITE_CONCEPTO,
  MONEDAS,
  montoParaEditar,
  validarGasto,
  type FormularioGasto as Datos,
} from '../model/registro';
import { FormularioRegistro, useFormularioRegistro } from './formulario-registro';

interface Props {
  ordenId: number;
  /** The expense to correct; a new one when absent. */
  inicial?: RegistroGasto;
  /** The reader may attach files to the order (a receipt can be uploaded from here). */
  puedeAdjuntar: boolean;
  onListo: (mensaje: string) => void;
  onCancelar: () => void;
}

function datosIniciales(inicial: RegistroGasto | undefined, hoy: string, zona: string): Datos {
  if (!inicial) return { fecha: hoy, concepto: '', monto: '', moneda: MONEDA_DEFECTO, comprobanteArchivoId: null };
  return {
    id: inicial.id,
    fecha: diaDeMs(inicial.fecha, zona),
    concepto: inicial.concepto,
    monto: montoParaEditar(inicial.monto),
    moneda: inicial.moneda,
    comprobanteArchivoId: inicial.comprobante?.id ?? null,
  };
}

/** IonSelect needs a value for 'Sin comprobante'. */
const SIN_COMPROBANTE = 0;

/** The file just uploaded: the newest of the order's files with that name. */
function archivoSubido(lista: readonly Archivo[], nombre: string): Archivo | undefined {
  const buscado = nombre.normalize('NFC').trim();
  const candidatos = lista.filter((a) => a.nombre === buscado);
  return (candidatos.length ? candidatos : lista).reduce<Archivo | undefined>(
    (max, a) => (!max || a.id > max.id ? a : max),
    undefined,
  );
}

/** Date, concept, amount and currency (ARS by default), and an optional receipt among the order's files. */
export function FormularioGastoRegistro({ ordenId, inicial, puedeAdjuntar, onListo, onCancelar }: Props) {
  const archivos = useArchivos(ordenId);
  const elegir = useRef<HTMLInputElement>(null);
  const zona = useZonaEmpresa();
  const f = useFormularioRegistro({
    ordenId,
    inicial: () => datosIniciales(inicial, hoyEn(zona), zona),
    validar: (d: Datos) => validarGasto(d, zona),
    cambios: (entrada) => ({ gastos: [entrada] }),
    campos: CAMPOS_FORMULARIO_GASTO,
    exito: inicial ? 'Gasto corregido.' : 'Gasto registrado.',
    onListo,
  });
  const { cambiar } = f;

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

  const moneda = f.datos.moneda;
  const monedas = MONEDAS.includes(moneda as (typeof MONEDAS)[number]) ? MONEDAS : [...MONEDAS, moneda];
  const lista = archivos.data ?? [];
  return (
    <FormularioRegistro
      prefijo="gasto"
      nombre={inicial ? 'Corregir gasto' : 'Registrar gasto'}
      marco={f.marco}
      esperar={cola.estaSubiendo}
      onCancelar={onCancelar}
    >
      <CampoConLimite valor={f.datos.concepto} max={LIMITE_CONCEPTO}>
        <IonInput
          label="Concepto"
          labelPlacement="stacked"
          fill="outline"
          placeholder="Repuestos, viáticos, combustible…"
          {...f.campo('concepto', LIMITE_CONCEPTO)}
          data-testid="gasto-concepto"
        />
      </CampoConLimite>
      <div className="registro-form__fila registro-form__fila--monto">
        <IonInput
          type="text"
          inputmode="decimal"
          label="Monto"
          labelPlacement="stacked"
          fill="outline"
          placeholder="0,00"
          {...f.campo('monto')}
          helperText="Con hasta 2 decimales, p. ej. 1500,50"
          data-testid="gasto-monto"
        />
        <IonSelect
          label="Moneda"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={moneda}
          {...f.error('moneda')}
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
          value={f.datos.comprobanteArchivoId ?? SIN_COMPROBANTE}
          {...f.error('comprobanteArchivoId')}
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
            <input
              ref={elegir}
              type="file"
              accept={ACEPTAR_ARCHIVOS}
              hidden
              onChange={alElegir}
              data-testid="gasto-comprobante-input"
            />
          </>
        )}
      </div>
      <ColaSubidas subidas={cola.subidas} onQuitar={cola.quitar} />
    </FormularioRegistro>
  );
}
