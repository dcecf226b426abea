import {
  LIMITES_ENCUESTAS,
  textoFechaHora,
  tienePermiso,
  zEnviarEncuesta,
  type EncuestaEnviada,
  type EncuestasDeOrden,
} from '@delego/contract';
import { IonBadge } from '@ionic/react';
import { sendOutline, statsChartOutline } from 'ionicons/icons';
import type { FormEvent } from 'react';
import { BotonConIcono } from '../../../components/boton-icono';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { CampoEmail } from '../../../components/campos';
import { EstadoRequiereSesion } from '../../../components/estados-pantalla';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { ApiError, notificarError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useCampoSuelto } from '../../../lib/formularios';
import { useSession } from '../../auth';
import { useEncuestasDeOrden } from '../api/get-encuestas-orden';
import { useEnviarEncuesta } from '../api/enviar-encuesta';
import { textoPuntaje } from '../model/puntajes';
import './encuestas.css';

const RUTA = '/enviar-encuesta';

/**
 * enviar-encuesta?id=42 (opened from the order's detail): sends the satisfaction survey of the
 * order by mail, to the client's contact address (prefilled, editable). Shows the surveys already
 * sent, their answers, and how many of the 3 sends are left.
 */
export default function EnviarEncuestaPage() {
  const { usuario } = useSession();
  const id = useIdDeConsulta(RUTA);
  const consulta = useEncuestasDeOrden(id, { habilitada: Boolean(usuario) });
  return (
    <PantallaDeOrden
      titulo="Enviar encuesta"
      id={id}
      ambito="ordenes"
      consulta={consulta}
      filas={3}
      clase="encuestas-pagina"
      antes={
        usuario ? undefined : (
          <EstadoRequiereSesion ambito="ordenes">Ingrese para enviar la encuesta de la orden.</EstadoRequiereSesion>
        )
      }
    >
      {(datos) => <EnvioEncuesta datos={datos} />}
    </PantallaDeOrden>
  );
}

export function EnvioEncuesta({ datos }: { datos: EncuestasDeOrden }) {
  const { usuario } = useSession();
  const email = useCampoSuelto('email', datos.emailSugerido ?? '');
  const enviar = useEnviarEncuesta();
  const confirmar = useConfirmar();
  const aviso = useAviso();
  const agotado = datos.enviosRestantes <= 0;

  async function alEnviar(e: FormEvent) {
    e.preventDefault();
    const validado = zEnviarEncuesta.safeParse({ ordenId: datos.ordenId, email: email.value });
    if (!validado.success) {
      email.setError(validado.error.issues[0]?.message);
      return;
    }
    const destino = validado.data.email;
    if (!destino) {
      email.setError('Escriba a qué email enviar la encuesta.');
      return;
    }
    email.setError(undefined);
    const ok = await confirmar({
      titulo: '¿Enviar la encuesta?',
      mensaje: `Le llegará a ${destino} un correo para calificar el trabajo de la orden #${datos.numero}. Quedarán ${datos.enviosRestantes - 1} de ${LIMITES_ENCUESTAS.enviosPorOrden} envíos.`,
      aceptar: 'Enviar',
      peligroso: false,
    });
    if (!ok) return;
    enviar.mutate(
      { ordenId: datos.ordenId, email: destino },
      {
        onSuccess: (r) => aviso(r.mensaje),
        onError: (err) => {
          if (err instanceof ApiError && err.field === 'email') email.setError(err.message);
          else notificarError(err);
        },
      },
    );
  }

  return (
    <>
      <section className="delego-card encuestas-envio" aria-labelledby="encuesta-envio">
        <h2 id="encuesta-envio" className="encuestas-seccion-titulo">
          Encuesta de satisfacción
        </h2>
        <p className="encuestas-envio__orden" data-testid="encuesta-envio-orden">
          Orden #{datos.numero}: {datos.titulo}
        </p>
        <p className="encuestas-envio__nota">
          {datos.clienteNombre ? `Cliente: ${datos.clienteNombre}. ` : ''}
          El cliente recibe un correo con cinco botones, del 1 (muy malo) al 5 (excelente); su respuesta les llega a los
          responsables de la orden.
        </p>
        {agotado ? (
          <p className="encuesta-error" role="status" data-testid="encuesta-envio-agotado">
            Esta orden ya tiene {LIMITES_ENCUESTAS.enviosPorOrden} encuestas enviadas: no se pueden enviar más.
          </p>
        ) : !datos.puedeEnviar ? (
          <p className="encuesta-error" role="status" data-testid="encuesta-envio-sin-permiso">
            No puede enviar encuestas de esta orden: necesita el permiso «Modificar órdenes» o ser su responsable.
          </p>
        ) : (
          <form className="encuestas-envio" onSubmit={(e) => void alEnviar(e)} noValidate aria-label="Enviar encuesta">
            <CampoEmail
              {...email.props(enviar.isPending)}
              label="Email del cliente"
              helperText={
                datos.emailSugerido
                  ? 'Es el email de contacto del cliente; puede cambiarlo.'
                  : 'El cliente no tiene email cargado.'
              }
              data-testid="encuesta-envio-email"
            />
            <p className="encuestas-envio__nota" data-testid="encuesta-envio-restantes">
              Quedan {datos.enviosRestantes} de {LIMITES_ENCUESTAS.enviosPorOrden} envíos para esta orden.
            </p>
            <BotonConIcono
              icono={sendOutline}
              ocupado={enviar.isPending}
              type="submit"
              disabled={enviar.isPending}
              testId="encuesta-envio-enviar"
            >
              Enviar encuesta
            </BotonConIcono>
          </form>
        )}
      </section>
      <EncuestasEnviadas encuestas={datos.encuestas} />
      {usuario && tienePermiso(usuario, 'verEstadisticas') && (
        <BotonConIcono
          icono={statsChartOutline}
          fill="clear"
          routerLink="/grafico-encuestas"
          testId="encuesta-ver-resultados"
        >
          Ver los resultados de todas las encuestas
        </BotonConIcono>
      )}
    </>
  );
}

const ESTADOS: Record<EncuestaEnviada['estado'], { texto: string; color: string }> = {
  pendiente: { texto: 'Sin responder', color: 'medium' },
  respondida: { texto: 'Respondida', color: 'success' },
  vencida: { texto: 'Vencida', color: 'warning' },
};

function EncuestasEnviadas({ encuestas }: { encuestas: EncuestaEnviada[] }) {
  const zona = useZonaEmpresa();
  return (
    <section className="delego-card" aria-labelledby="encuestas-enviadas">
      <h2 id="encuestas-enviadas" className="encuestas-seccion-titulo">
        Encuestas enviadas
      </h2>
      {encuestas.length === 0 ? (
        <p className="encuestas-envio__nota" data-testid="encuestas-enviadas-vacio">
          Todavía no se envió ninguna encuesta de esta orden.
        </p>
      ) : (
        <ul className="encuestas-lista" data-testid="encuestas-enviadas">
          {encuestas.map((e) => (
            <li key={e.id} className="encuestas-lista__item" data-testid="encuesta-enviada">
              <div className="encuestas-lista__fila">
                <strong>{e.email}</strong>
                <IonBadge color={ESTADOS[e.estado].color}>{ESTADOS[e.estado].texto}</IonBadge>
              </div>
              <p className="encuestas-lista__detalle">
                {e.automatica ? 'Enviada automáticamente' : `Enviada por ${e.enviadaPor}`} el{' '}
                {textoFechaHora(e.enviadaEn, zona)}
                {e.estado === 'pendiente' ? ` · vence el ${textoFechaHora(e.vence, zona)}` : ''}
              </p>
              {e.puntaje !== null && (
                <p className="encuestas-lista__detalle" data-testid="encuesta-enviada-puntaje">
                  Calificación: {textoPuntaje(e.puntaje)}
                </p>
              )}
              {e.comentario && <p className="encuestas-lista__comentario">«{e.comentario}»</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
