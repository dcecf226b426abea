import {
  esDia,
  hoyEn,
  horasTexto,
  LIMITES_REGISTRO,
  mediodiaDelDia,
  MONEDA_DEFECTO,
  textoFecha,
  zGastoEntrada,
  zHorasEntrada,
  type VistaExterno,
} from '@delego/contract';
import { IonButton } from '@ionic/react';
import type { ReactNode } from 'react';
import { type z } from 'zod';
import { CampoFecha } from '../../../components/campo-fecha';
import { CampoTexto, CampoTextoLargo } from '../../../components/campos';
import { erroresDeProblemas, useFormulario, type Formulario, type Validacion } from '../../../lib/formularios';
import type { NuevoCambioExterno } from '../model/bandeja';
import { formatearMonto } from '../model/textos';
import { useExterno } from './contexto';
import { MarcaCambio, useCambiosDe } from './marca-cambio';

type EntradaHoras = z.input<typeof zHorasEntrada>;
type EntradaGasto = z.input<typeof zGastoEntrada>;

const SIN_DIA = 'Indique el día.';

interface ValoresHoras {
  dia: string;
  horas: string;
  minutos: string;
  descripcion: string;
}

interface ValoresGasto {
  dia: string;
  concepto: string;
  monto: string;
  moneda: string;
}

/** A whole number as typed ('' is 0); NaN for anything else, which the contract refuses in Spanish. */
const entero = (v: string) => (v.trim() === '' ? 0 : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

function validarHoras(zona: string) {
  return (v: ValoresHoras): Validacion<keyof ValoresHoras, EntradaHoras> => {
    if (!esDia(v.dia)) return { ok: false, errores: { dia: SIN_DIA } };
    // What goes out is what was checked, as typed (the server parses it again).
    const entrada: EntradaHoras = {
      fecha: mediodiaDelDia(v.dia, zona),
      horas: entero(v.horas),
      minutos: entero(v.minutos),
      descripcion: v.descripcion.trim(),
    };
    const r = zHorasEntrada.safeParse(entrada);
    return r.success ? { ok: true, datos: entrada } : { ok: false, errores: erroresDeProblemas(r.error.issues) };
  };
}

function validarGasto(zona: string) {
  return (v: ValoresGasto): Validacion<keyof ValoresGasto, EntradaGasto> => {
    if (!esDia(v.dia)) return { ok: false, errores: { dia: SIN_DIA } };
    const entrada: EntradaGasto = {
      fecha: mediodiaDelDia(v.dia, zona),
      concepto: v.concepto.trim(),
      monto: v.monto.trim().replace(',', '.'),
      moneda: v.moneda.trim().toUpperCase() || MONEDA_DEFECTO,
    };
    const r = zGastoEntrada.safeParse(entrada);
    return r.success ? { ok: true, datos: entrada } : { ok: false, errores: erroresDeProblemas(r.error.issues) };
  };
}

/** «Horas y gastos»: the contractor's own entries, those still waiting to go, and the two forms. */
export function SeccionRegistro({ vista }: { vista: VistaExterno }) {
  const { zona } = useExterno();
  const pendientes = useCambiosDe('registro');
  return (
    <section className="externo-seccion" aria-labelledby="externo-registro-titulo">
      <h2 id="externo-registro-titulo">Horas y gastos</h2>
      <ul className="externo-lista" data-testid="externo-registro">
        {vista.horas.map((h) => (
          <li key={`h${h.id}`} data-testid="externo-horas-entrada">
            {textoFecha(h.fecha, zona)} · {horasTexto(h.horas * 60 + h.minutos)} h
            {h.descripcion ? ` · ${h.descripcion}` : ''}
          </li>
        ))}
        {vista.gastos.map((g) => (
          <li key={`g${g.id}`} data-testid="externo-gasto-entrada">
            {textoFecha(g.fecha, zona)} · {g.concepto} · {formatearMonto(g.monto, g.moneda)}
          </li>
        ))}
        {pendientes.map((c) => {
          const cuerpo = c.cuerpo as { horas?: EntradaHoras[]; gastos?: EntradaGasto[] };
          const h = cuerpo.horas?.[0];
          const g = cuerpo.gastos?.[0];
          return (
            <li key={c.id} data-testid={h ? 'externo-horas-entrada' : 'externo-gasto-entrada'}>
              {h &&
                `${textoFecha(h.fecha, zona)} · ${horasTexto(h.horas * 60 + (h.minutos ?? 0))} h${h.descripcion ? ` · ${h.descripcion}` : ''}`}
              {g &&
                `${textoFecha(g.fecha, zona)} · ${g.concepto} · ${formatearMonto(Number(g.monto), g.moneda ?? MONEDA_DEFECTO)}`}{' '}
              <MarcaCambio cambio={c} />
            </li>
          );
        })}
      </ul>
      {vista.horas.length + vista.gastos.length + pendientes.length === 0 && (
        <p className="externo-vacio">Todavía no registró horas ni gastos.</p>
      )}
      <div className="externo-formularios">
        <FormularioHoras />
        <FormularioGasto />
      </div>
    </section>
  );
}

interface FormularioRegistroProps<D> {
  f: { props: Formulario<object, D>['props']; reiniciar: () => void };
  /** The form's name, heading and button: 'Registrar horas'. */
  titulo: string;
  /** Prefixes the test ids: `${testId}-form`, `${testId}-guardar`. */
  testId: string;
  /** What waits in the outbox (model/bandeja.ts) for what was checked. */
  anotar: (datos: D) => Pick<NuevoCambioExterno, 'descripcion' | 'cuerpo'>;
  children: ReactNode;
}

/** One of the forms of hours and expenses: what was checked waits in the outbox and the form empties. */
function FormularioRegistro<D>({ f, titulo, testId, anotar, children }: FormularioRegistroProps<D>) {
  const { bandeja, ordenId } = useExterno();
  async function enviar(datos: D) {
    await bandeja.agregar({ tipo: 'registro', ordenId, ...anotar(datos) });
    f.reiniciar();
  }
  return (
    <form {...f.props((e) => void enviar(e))} aria-label={titulo} data-testid={`${testId}-form`}>
      <h3>{titulo}</h3>
      {children}
      <IonButton type="submit" data-testid={`${testId}-guardar`}>
        {titulo}
      </IonButton>
    </form>
  );
}

function FormularioHoras() {
  const { zona } = useExterno();
  const f = useFormulario({
    inicial: () => ({ dia: hoyEn(zona), horas: '', minutos: '', descripcion: '' }),
    validar: validarHoras(zona),
    limites: { descripcion: LIMITES_REGISTRO.descripcion },
  });
  return (
    <FormularioRegistro
      f={f}
      titulo="Registrar horas"
      testId="externo-horas"
      anotar={(entrada) => ({
        descripcion: `Horas: ${horasTexto(entrada.horas * 60 + (entrada.minutos ?? 0))}`,
        cuerpo: { horas: [entrada] },
      })}
    >
      <CampoFecha label="Día" {...f.campo('dia')} data-testid="externo-horas-dia" />
      <div className="externo-campos-fila">
        <CampoTexto {...f.texto('horas', 'Horas', 'externo-horas-horas')} inputmode="numeric" />
        <CampoTexto {...f.texto('minutos', 'Minutos', 'externo-horas-minutos')} inputmode="numeric" />
      </div>
      <CampoTextoLargo {...f.texto('descripcion', 'Descripción', 'externo-horas-descripcion')} rows={2} />
    </FormularioRegistro>
  );
}

function FormularioGasto() {
  const { zona } = useExterno();
  const f = useFormulario({
    inicial: () => ({ dia: hoyEn(zona), concepto: '', monto: '', moneda: MONEDA_DEFECTO }),
    validar: validarGasto(zona),
    limites: { concepto: LIMITES_REGISTRO.concepto },
  });
  return (
    <FormularioRegistro
      f={f}
      titulo="Registrar gasto"
      testId="externo-gasto"
      anotar={(entrada) => ({ descripcion: `Gasto: ${entrada.concepto}`, cuerpo: { gastos: [entrada] } })}
    >
      <CampoFecha label="Día" {...f.campo('dia')} data-testid="externo-gasto-dia" />
      <CampoTexto {...f.texto('concepto', 'Concepto', 'externo-gasto-concepto')} />
      <div className="externo-campos-fila">
        <CampoTexto {...f.texto('monto', 'Monto', 'externo-gasto-monto')} inputmode="decimal" />
        <CampoTexto {...f.texto('moneda', 'Moneda', 'externo-gasto-moneda')} />
      </div>
    </FormularioRegistro>
  );
}
