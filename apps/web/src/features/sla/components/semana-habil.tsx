import { DIAS_HABILES, LIMITES_SLA, type SemanaHabilContrato } from '@delego/contract';
import { addOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { BotonConIcono, BotonIcono } from '../../../components/boton-icono';
import { BotonGuardar } from '../../../components/botones-formulario';
import { CampoTexto, MensajeCampo } from '../../../components/campos';
import { useAviso } from '../../../components/avisos';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { ApiError, notificarError } from '../../../lib/errors';
import { enviarConEnter } from '../../../lib/formularios';
import { useGuardarSemana } from '../api/calendario';
import {
  LUGAR_SEMANA,
  TRAMO_NUEVO,
  lugarDeCampo,
  lugarDeTramo,
  nombreDeDia,
  semanaEnFormulario,
  textoDeTramos,
  validarSemana,
  type DiaHabil,
  type TramoEnFormulario,
} from '../model/semana';

interface Props {
  semana: SemanaHabilContrato;
  /** An administrator: the week is a form; anyone else reads it. */
  puedeCambiar: boolean;
}

/** «La semana»: the shifts of each weekday, Lunes to Domingo. */
export function SemanaHabil({ semana, puedeCambiar }: Props) {
  return (
    <section className="delego-card horario-seccion" aria-labelledby="horario-semana-titulo">
      <h2 className="delego-subtitulo" id="horario-semana-titulo">
        La semana
      </h2>
      {puedeCambiar ? <FormularioSemana semana={semana} /> : <SemanaLeida semana={semana} />}
    </section>
  );
}

function SemanaLeida({ semana }: { semana: SemanaHabilContrato }) {
  return (
    <dl className="horario-lectura" data-testid="horario-semana">
      {DIAS_HABILES.map((d) => (
        <div key={d} className="horario-lectura__dia" data-testid={`horario-dia-${d}`}>
          <dt>{nombreDeDia(d)}</dt>
          <dd>{textoDeTramos(semana[d])}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The week as a form: each day's shifts as two time inputs, added up to the contract's limit and
 * removed one by one. Checked as the server checks it before sending; a refusal of the server goes
 * to the shift it names. Saved whole (PUT); the screen then shows the week the server answered.
 */
function FormularioSemana({ semana }: { semana: SemanaHabilContrato }) {
  const [inicial] = useState(() => semanaEnFormulario(semana));
  const [valores, setValores] = useState(inicial);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const guardar = useGuardarSemana();
  const avisar = useAviso();
  const ocupado = guardar.isPending;
  const cambiado = JSON.stringify(valores) !== JSON.stringify(inicial);
  // Saved, the week the server answered opens the form again: only shifts not saved ask.
  useCambiosSinGuardar(cambiado);

  const cambiarDia = (dia: DiaHabil, tramos: TramoEnFormulario[]) => {
    setValores((v) => ({ ...v, [dia]: tramos }));
    // The day's messages and the week's are settled by the change; the other days' stay.
    setErrores((e) =>
      Object.fromEntries(Object.entries(e).filter(([lugar]) => lugar !== LUGAR_SEMANA && lugar.split('.')[0] !== dia)),
    );
  };

  function enviar() {
    if (ocupado || !cambiado) return;
    const resultado = validarSemana(valores);
    if (!resultado.ok) {
      setErrores(resultado.errores);
      return;
    }
    setErrores({});
    guardar.mutate(resultado.semana, {
      onSuccess: () => avisar('Se guardó el horario.'),
      onError: (e) => {
        const lugar = e instanceof ApiError && e.status === 400 ? lugarDeCampo(e.field) : null;
        if (lugar === null) notificarError(e);
        else setErrores({ [lugar]: e.message });
      },
    });
  }

  return (
    <form
      className="horario-semana"
      aria-label="Horario de la semana"
      data-testid="horario-semana"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        enviar();
      }}
      onKeyDown={enviarConEnter(enviar)}
    >
      <p className="horario__ayuda">
        Un día puede tener hasta {LIMITES_SLA.tramosPorDia} horarios (turno partido: dos). Un horario que termina a las
        00:00 termina a la medianoche.
      </p>
      {DIAS_HABILES.map((d) => (
        <DiaDelFormulario
          key={d}
          dia={d}
          tramos={valores[d]}
          errores={errores}
          ocupado={ocupado}
          alCambiar={(tramos) => cambiarDia(d, tramos)}
        />
      ))}
      <MensajeCampo error={errores[LUGAR_SEMANA]} className="horario-semana__error" />
      <div className="horario-semana__botones">
        <BotonGuardar
          ocupado={ocupado}
          deshabilitado={!cambiado}
          texto="Guardar horario"
          textoOcupado="Guardando…"
          testId="horario-guardar"
        />
      </div>
    </form>
  );
}

interface PropsDia {
  dia: DiaHabil;
  tramos: TramoEnFormulario[];
  errores: Record<string, string>;
  ocupado: boolean;
  alCambiar: (tramos: TramoEnFormulario[]) => void;
}

function DiaDelFormulario({ dia, tramos, errores, ocupado, alCambiar }: PropsDia) {
  const nombre = nombreDeDia(dia);
  const cambiarTramo = (i: number, cambio: Partial<TramoEnFormulario>) =>
    alCambiar(tramos.map((t, j) => (j === i ? { ...t, ...cambio } : t)));
  const agregar = () => alCambiar([...tramos, tramos.length ? { desde: '', hasta: '' } : TRAMO_NUEVO]);
  return (
    <fieldset className="horario-dia" data-testid={`horario-dia-${dia}`}>
      <legend className="horario-dia__nombre">{nombre}</legend>
      <div className="horario-dia__tramos">
        {!tramos.length && <p className="horario-dia__libre">No se trabaja</p>}
        {tramos.map((t, i) => (
          <div key={i} className="horario-tramo" data-testid={`horario-tramo-${dia}-${i}`}>
            <div className="horario-tramo__horas">
              {(['desde', 'hasta'] as const).map((borde) => (
                <CampoTexto
                  key={borde}
                  type="time"
                  labelPlacement="stacked"
                  label={borde === 'desde' ? 'Desde' : 'Hasta'}
                  name={`${borde}-${dia}-${i}`}
                  value={t[borde]}
                  onChange={(valor) => cambiarTramo(i, { [borde]: valor })}
                  error={undefined}
                  disabled={ocupado}
                  data-testid={`horario-${borde}-${dia}-${i}`}
                />
              ))}
              <BotonIcono
                icono={trashOutline}
                etiqueta={`Quitar el horario ${i + 1} del ${nombre.toLocaleLowerCase('es')}`}
                color="medium"
                disabled={ocupado}
                onClick={() => alCambiar(tramos.filter((_, j) => j !== i))}
                testId={`horario-quitar-${dia}-${i}`}
              />
            </div>
            <MensajeCampo error={errores[lugarDeTramo(dia, i)]} />
          </div>
        ))}
        <MensajeCampo error={errores[dia]} />
        {tramos.length < LIMITES_SLA.tramosPorDia && (
          <BotonConIcono
            icono={addOutline}
            fill="clear"
            size="small"
            disabled={ocupado}
            onClick={agregar}
            aria-label={`Agregar horario al ${nombre.toLocaleLowerCase('es')}`}
            testId={`horario-agregar-${dia}`}
          >
            Agregar horario
          </BotonConIcono>
        )}
      </div>
    </fieldset>
  );
}
