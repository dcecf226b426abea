import { esDia, hoyEn, LIMITES_SLA, zNuevoFeriado, type Feriado } from '@delego/contract';
import { IonButton, IonChip, IonItem, IonLabel, IonList } from '@ionic/react';
import { useState } from 'react';
import { calendarOutline } from 'ionicons/icons';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { BotonGuardar } from '../../../components/botones-formulario';
import { CampoFecha } from '../../../components/campo-fecha';
import { CampoTexto } from '../../../components/campos';
import { useAviso } from '../../../components/avisos';
import { EstadoPantalla } from '../../../components/estados-pantalla';
import { Texto } from '../../../components/texto';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { ApiError, notificarError } from '../../../lib/errors';
import { errorDeFecha } from '../../../lib/fechas';
import { erroresDeProblemas, useFormulario, type ErroresCampos, type Validacion } from '../../../lib/formularios';
import { useAgregarFeriado, useQuitarFeriado } from '../api/calendario';
import { textoDeFeriado } from '../model/semana';
import { plural } from '../../admin';

interface Props {
  /** The years the list covers (this one and the next). */
  anios: readonly number[];
  feriados: readonly Feriado[];
  /** The company's zone: which days are already past. */
  zona: string;
  puedeCambiar: boolean;
}

/**
 * «Feriados» by year: the country's (the company may work on one, and take it back) and the
 * company's own (added here, removed after a confirmation).
 */
export function Feriados({ anios, feriados, zona, puedeCambiar }: Props) {
  const hoy = hoyEn(zona);
  return (
    <section className="delego-card horario-seccion" aria-labelledby="horario-feriados-titulo">
      <h2 className="delego-subtitulo" id="horario-feriados-titulo">
        Feriados
      </h2>
      {puedeCambiar && <NuevoFeriado />}
      {!feriados.length ? (
        <EstadoPantalla icono={calendarOutline} titulo="Sin feriados" testId="feriados-vacio">
          No hay feriados cargados para {anios.join(' ni ')}.
        </EstadoPantalla>
      ) : (
        anios.map((anio) => (
          <FeriadosDelAnio
            key={anio}
            anio={anio}
            feriados={feriados.filter((f) => f.dia.startsWith(`${anio}-`))}
            hoy={hoy}
            puedeCambiar={puedeCambiar}
          />
        ))
      )}
    </section>
  );
}

interface PropsAnio {
  anio: number;
  feriados: readonly Feriado[];
  hoy: string;
  puedeCambiar: boolean;
}

/** A year's holidays: the ones to come, and the past ones folded behind a button (what is left of the year matters). */
function FeriadosDelAnio({ anio, feriados, hoy, puedeCambiar }: PropsAnio) {
  const [verPasados, setVerPasados] = useState(false);
  const ordenados = [...feriados].sort((a, b) => a.dia.localeCompare(b.dia));
  const pasados = ordenados.filter((f) => f.dia < hoy).length;
  const visibles = verPasados ? ordenados : ordenados.slice(pasados);
  return (
    <section className="horario-anio" aria-labelledby={`feriados-${anio}-titulo`} data-testid={`feriados-${anio}`}>
      <h3 id={`feriados-${anio}-titulo`}>{anio}</h3>
      {pasados > 0 && (
        <IonButton
          fill="clear"
          size="small"
          aria-expanded={verPasados}
          onClick={() => setVerPasados((v) => !v)}
          data-testid={`feriados-${anio}-pasados`}
        >
          {verPasados ? 'Ocultar los feriados pasados' : `Ver ${plural(pasados, 'feriado pasado', 'feriados pasados')}`}
        </IonButton>
      )}
      {visibles.length ? (
        <IonList lines="full" className="delego-card-lista">
          {visibles.map((f) => (
            <FilaFeriado key={f.dia} feriado={f} pasado={f.dia < hoy} puedeCambiar={puedeCambiar} />
          ))}
        </IonList>
      ) : (
        <p className="horario__ayuda">{pasados ? `No quedan feriados en ${anio}.` : `Sin feriados en ${anio}.`}</p>
      )}
    </section>
  );
}

interface PropsFila {
  feriado: Feriado;
  /** Already past: dimmed. */
  pasado: boolean;
  puedeCambiar: boolean;
}

function FilaFeriado({ feriado, pasado, puedeCambiar }: PropsFila) {
  const { dia, nombre, origen, seTrabaja } = feriado;
  const clases = ['horario-feriado', pasado && 'horario-feriado--pasado', seTrabaja && 'horario-feriado--trabajado'];
  return (
    <IonItem className={clases.filter(Boolean).join(' ')} data-testid={`feriado-${dia}`}>
      {/* One line on wide screens; on a phone the chip and the action go under the name. */}
      <div className="horario-feriado__fila">
        <IonLabel className="ion-text-wrap">
          <h3 className="horario-feriado__dia">
            <Texto>{textoDeFeriado(dia)}</Texto>
          </h3>
          <p className="horario-feriado__nombre">
            <Texto>{nombre}</Texto>
          </p>
          {seTrabaja && <p>La empresa trabaja este día.</p>}
        </IonLabel>
        <div className="horario-feriado__fin">
          <IonChip outline className="horario-feriado__origen" color={origen === 'nacional' ? 'primary' : 'tertiary'}>
            {origen === 'nacional' ? 'Nacional' : 'De la empresa'}
          </IonChip>
          {puedeCambiar && <AccionFeriado feriado={feriado} />}
        </div>
      </div>
    </IonItem>
  );
}

/**
 * What an administrator can do with a holiday: work on a national one (DELETE) or take it back
 * (POST with its day and name); remove a company one after a confirmation (DELETE).
 */
function AccionFeriado({ feriado }: { feriado: Feriado }) {
  const quitar = useQuitarFeriado();
  const agregar = useAgregarFeriado();
  const ocupado = quitar.isPending || agregar.isPending;
  const { dia, nombre } = feriado;
  if (feriado.origen === 'empresa') {
    return (
      <BotonPeligroso
        pregunta={{
          titulo: 'Quitar el feriado',
          mensaje: `«${nombre}» (${textoDeFeriado(dia)}) deja de ser feriado de la empresa.`,
        }}
        alConfirmar={() => quitar.mutateAsync(dia).then(() => undefined)}
        testId={`feriado-quitar-${dia}`}
      >
        Quitar
      </BotonPeligroso>
    );
  }
  return feriado.seTrabaja ? (
    <IonButton
      fill="outline"
      size="small"
      disabled={ocupado}
      onClick={() => agregar.mutate({ dia, nombre }, { onError: notificarError })}
      data-testid={`feriado-tomar-${dia}`}
    >
      Tomar como feriado
    </IonButton>
  ) : (
    <IonButton
      fill="outline"
      size="small"
      disabled={ocupado}
      onClick={() => quitar.mutate(dia)}
      data-testid={`feriado-trabajar-${dia}`}
    >
      La empresa trabaja este día
    </IonButton>
  );
}

interface ValoresFeriado {
  dia: string;
  nombre: string;
}

const VACIO: ValoresFeriado = { dia: '', nombre: '' };

/** A company holiday as typed: a real day (dd/mm/aaaa) and a name, checked as the server does. */
function validarFeriado(v: ValoresFeriado): Validacion<keyof ValoresFeriado, ValoresFeriado> {
  const resultado = zNuevoFeriado.safeParse(v);
  if (resultado.success && esDia(v.dia)) return { ok: true, datos: resultado.data };
  const errores: ErroresCampos<keyof ValoresFeriado> = resultado.success
    ? {}
    : erroresDeProblemas(resultado.error.issues);
  // The field reads dd/mm/aaaa: its own words, not the API's format.
  if (!esDia(v.dia)) errores.dia = errorDeFecha(v.dia) ?? 'Indique la fecha del feriado.';
  return { ok: false, errores };
}

/** The form that adds a company holiday; a day that already is one is refused (409) at the date. */
function NuevoFeriado() {
  const agregar = useAgregarFeriado();
  const avisar = useAviso();
  const f = useFormulario({
    inicial: VACIO,
    validar: validarFeriado,
    limites: { nombre: LIMITES_SLA.nombreFeriado },
    habilitado: !agregar.isPending,
  });
  // Added, the form empties (`reiniciar`): only a holiday typed and not added asks before leaving.
  useCambiosSinGuardar(f.sucio);
  const enviar = (datos: ValoresFeriado) =>
    agregar.mutate(datos, {
      onSuccess: () => {
        avisar(`Se agregó el feriado «${datos.nombre}».`);
        f.reiniciar();
      },
      onError: (e) =>
        e instanceof ApiError && e.status === 409
          ? f.mostrarErrores({ dia: e.message })
          : f.falloAlGuardar(e, ['dia', 'nombre']),
    });
  return (
    <form
      {...f.props(enviar)}
      className="horario-nuevo delego-columnas delego-columnas--640"
      aria-label="Agregar un feriado de la empresa"
      data-testid="feriado-nuevo"
    >
      <CampoFecha {...f.campo('dia')} label="Fecha" data-testid="feriado-nuevo-dia" />
      <CampoTexto
        {...f.campo('nombre')}
        label="Nombre del feriado"
        max={LIMITES_SLA.nombreFeriado}
        data-testid="feriado-nuevo-nombre"
      />
      <div className="horario-nuevo__botones">
        <BotonGuardar
          ocupado={agregar.isPending}
          texto="Agregar feriado"
          textoOcupado="Agregando…"
          testId="feriado-nuevo-agregar"
        />
      </div>
    </form>
  );
}
