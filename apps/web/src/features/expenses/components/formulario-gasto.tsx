import { ACEPTAR_ARCHIVOS, MONEDA_DEFECTO, diaDeMs, hoyEn, type Archivo, type RegistroGasto } from '@delego/contract';

import { attachOutline } from 'ionicons/icons';
import { useRef, type ChangeEvent } from 'react';
import { BotonConIcono } from '../../../components/boton-icono';
import { CampoSeleccion, CampoTexto } from '../../../components/campos';
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
import { FormularioRegistro, useFormularioRegistro, type PropsEntrada } from './formulario-registro';

interface Props extends PropsEntrada<RegistroGasto> {
  /** The reader may attach files to the order (a receipt can be uploaded from here). */
  puedeAdjuntar: boolean;
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
  // The receipt just uploaded becomes the expense's (the queue keeps the latest callback).
  const cola = useSubidas(ordenId, {
    alTerminar: (lista: Archivo[], archivo: File) => {
      const nuevo = archivoSubido(lista, archivo.name);
      if (nuevo) f.cambiar('comprobanteArchivoId', nuevo.id);
    },
  });

  function alElegir(e: ChangeEvent<HTMLInputElement>) {
    const elegidos = [...(e.target.files ?? [])].slice(0, 1);
    e.target.value = '';
    cola.agregar(elegidos);
  }

  const moneda = f.valores.moneda;
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
      <CampoTexto
        {...f.campo('concepto')}
        label="Concepto"
        labelPlacement="stacked"
        placeholder="Repuestos, viáticos, combustible…"
        max={LIMITE_CONCEPTO}
        data-testid="gasto-concepto"
      />
      <div className="registro-form__fila registro-form__fila--monto">
        <CampoTexto
          {...f.campo('monto')}
          type="text"
          inputmode="decimal"
          label="Monto"
          labelPlacement="stacked"
          placeholder="0,00"
          helperText="Con hasta 2 decimales, p. ej. 1500,50"
          data-testid="gasto-monto"
        />
        <CampoSeleccion
          labelPlacement="stacked"
          {...f.campo('moneda')}
          label="Moneda"
          opciones={monedas.map((m) => ({ valor: m, texto: m }))}
          data-testid="gasto-moneda"
        />
      </div>
      <div className="registro-form__comprobante">
        <CampoSeleccion
          labelPlacement="stacked"
          {...f.campo('comprobanteArchivoId')}
          label="Comprobante"
          ninguno="Sin comprobante"
          opciones={lista.map((a) => ({ valor: a.id, texto: a.nombre }))}
          data-testid="gasto-comprobante"
        />
        {puedeAdjuntar && (
          <>
            <BotonConIcono
              icono={attachOutline}
              fill="clear"
              size="small"
              onClick={() => elegir.current?.click()}
              disabled={cola.estaSubiendo}
              testId="gasto-subir-comprobante"
            >
              Subir comprobante
            </BotonConIcono>
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
