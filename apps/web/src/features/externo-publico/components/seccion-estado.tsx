import { estadoVisible, LIMITES_ORDEN, zCambioEstado, type VistaExterno } from '@delego/contract';
import { IonButton } from '@ionic/react';
import { useId } from 'react';
import { CampoTextoLargo, MensajeCampo } from '../../../components/campos';
import { erroresDeProblemas, useFormulario, type Validacion } from '../../../lib/formularios';
import type { CuerpoEstadoExterno } from '../model/enviar';
import { useExterno } from './contexto';
import { MarcaCambio, useCambiosDe } from './marca-cambio';

interface Valores {
  estado: number | null;
  comentarios: string;
}

function validar(v: Valores): Validacion<'estado' | 'comentarios', CuerpoEstadoExterno> {
  if (v.estado === null) return { ok: false, errores: { estado: 'Elija el estado nuevo.' } };
  const r = zCambioEstado.safeParse(v);
  return r.success ? { ok: true, datos: r.data } : { ok: false, errores: erroresDeProblemas(r.error.issues) };
}

/** «Estado»: the states the order may go to now, a comment, and the changes still waiting to go. */
export function SeccionEstado({ vista }: { vista: VistaExterno }) {
  const { bandeja, ordenId } = useExterno();
  const pendientes = useCambiosDe('estado');
  const idGrupo = useId();
  const f = useFormulario<Valores, CuerpoEstadoExterno, never>({
    inicial: { estado: null, comentarios: '' },
    validar,
    limites: { comentarios: LIMITES_ORDEN.comentario },
  });

  async function enviar(cuerpo: CuerpoEstadoExterno) {
    await bandeja.agregar({
      tipo: 'estado',
      ordenId,
      descripcion: `Estado: ${estadoVisible(cuerpo.estado).nombre}`,
      cuerpo,
    });
    f.reiniciar();
  }

  return (
    <section className="externo-seccion" aria-labelledby="externo-estado-titulo" data-testid="externo-seccion-estado">
      <h2 id="externo-estado-titulo">Estado</h2>
      {vista.estadosSiguientes.length === 0 ? (
        <p className="externo-vacio">Ahora no puede cambiar el estado de esta orden.</p>
      ) : (
        <form {...f.props((c) => void enviar(c))} aria-label="Cambiar el estado">
          <fieldset className="externo-opciones" aria-describedby={`${idGrupo}-error`}>
            <legend>Estado nuevo</legend>
            {vista.estadosSiguientes.map((id) => (
              <label key={id} className="externo-opcion">
                <input
                  type="radio"
                  name="externo-estado"
                  value={id}
                  checked={f.valores.estado === id}
                  onChange={() => f.cambiar('estado', id)}
                  data-testid={`externo-estado-${id}`}
                />
                {estadoVisible(id).nombre}
              </label>
            ))}
            <span id={`${idGrupo}-error`}>
              <MensajeCampo error={f.error('estado')} />
            </span>
          </fieldset>
          <CampoTextoLargo {...f.texto('comentarios', 'Comentario', 'externo-comentario')} rows={3} />
          <IonButton type="submit" data-testid="externo-cambiar-estado">
            Cambiar estado
          </IonButton>
        </form>
      )}
      {pendientes.length > 0 && (
        <ul className="externo-lista" data-testid="externo-estados-pendientes">
          {pendientes.map((c) => {
            const cuerpo = c.cuerpo as CuerpoEstadoExterno;
            return (
              <li key={c.id}>
                <span>
                  {estadoVisible(cuerpo.estado).nombre}: {cuerpo.comentarios}
                </span>{' '}
                <MarcaCambio cambio={c} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
