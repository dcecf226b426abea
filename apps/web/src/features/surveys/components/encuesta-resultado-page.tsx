import { LIMITES_ENCUESTAS, MENSAJES_ENCUESTAS, zComentarioEncuesta, type EncuestaPublica } from '@delego/contract';
import { IonButton, IonSpinner } from '@ionic/react';
import { alertCircleOutline, checkmarkCircleOutline, linkOutline, timeOutline } from 'ionicons/icons';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { CampoTextoLargo } from '../../../components/campos';
import { BotonEstado, EstadoPantalla } from '../../../components/estados-pantalla';
import { PantallaPublica } from '../../../components/pantalla-publica';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useEncuestaPublica, useResponderEncuesta } from '../api/encuesta-publica';
import { puntajeDeConsulta, textoPuntaje } from '../model/puntajes';
import { SelectorPuntaje } from './selector-puntaje';
import './encuestas.css';

/**
 * encuestas/:resultado (no login), the page the five links of the survey mail open
 * (`/encuestas/<k>?puntaje=N`): the rating of the link is recorded at once; then the person may
 * change it and add a comment until they press «Enviar» (or 24 hours pass). It also covers a link
 * already answered, an expired one and a broken one.
 */
export default function EncuestaResultadoPage() {
  const { resultado: k = '' } = useParams();
  const { search } = useLocation();
  const puntajeDelEnlace = puntajeDeConsulta(search);
  const encuesta = useEncuestaPublica(k || null);
  const responder = useResponderEncuesta();
  const editable = encuesta.data?.editable === true;
  const puntajeRegistrado = encuesta.data?.puntaje ?? null;

  // The click in the mail: the rating is recorded as soon as the page knows the survey is open.
  // While the answer is still editable, another link of the same mail changes it (not final);
  // a final, closed or expired survey records nothing, nor does a page opened without `puntaje`.
  // Each link is applied once in this tab: a reload does not undo a rating changed on the page.
  useEffect(() => {
    if (puntajeDelEnlace === null || !editable || puntajeDelEnlace === puntajeRegistrado) return;
    if (enlaceYaAplicado(k, puntajeDelEnlace)) return;
    marcarEnlaceAplicado(k, puntajeDelEnlace);
    responder.mutate({ k, puntaje: puntajeDelEnlace });
  }, [editable, k, puntajeDelEnlace, puntajeRegistrado, responder]);

  const registrando = responder.isPending && !responder.variables?.final;
  return (
    <PantallaPublica ancho="media" testId="encuesta">
      {encuesta.data && <Encabezado encuesta={encuesta.data} />}
      {!k ? (
        <EnlaceInvalido />
      ) : encuesta.isError ? (
        <Fallo error={encuesta.error} alReintentar={() => void encuesta.refetch()} />
      ) : !encuesta.data || registrando ? (
        <div className="encuesta-estado" role="status" data-testid="encuesta-cargando">
          <IonSpinner name="crescent" color="primary" aria-hidden="true" />
          <p>{registrando ? 'Registrando su calificación…' : 'Cargando la encuesta…'}</p>
        </div>
      ) : (
        <Contenido k={k} encuesta={encuesta.data} responder={responder} alReintentar={() => void encuesta.refetch()} />
      )}
    </PantallaPublica>
  );
}

function Encabezado({ encuesta }: { encuesta: EncuestaPublica }) {
  return (
    <header className="encuesta__encabezado">
      {encuesta.logo ? (
        <img className="encuesta__logo" src={encuesta.logo} alt={`Logo de ${encuesta.entidadNombre}`} />
      ) : null}
      <p className="encuesta__empresa" data-testid="encuesta-empresa">
        {encuesta.entidadNombre}
      </p>
      <p className="encuesta__orden" data-testid="encuesta-orden">
        Orden #{encuesta.orden.numero}: {encuesta.orden.titulo}
      </p>
    </header>
  );
}

interface ContenidoProps {
  k: string;
  encuesta: EncuestaPublica;
  responder: ReturnType<typeof useResponderEncuesta>;
  alReintentar: () => void;
}

function Contenido({ k, encuesta, responder, alReintentar }: ContenidoProps) {
  if (encuesta.estado === 'vencida') return <Vencida />;
  if (encuesta.estado === 'cerrada') return <Gracias encuesta={encuesta} />;
  const fallo = responder.error;
  if (fallo instanceof ApiError && (fallo.code === 'ENLACE_USADO' || fallo.code === 'ENLACE_VENCIDO')) {
    // Someone answered (or time ran out) between loading and sending: show where it stands now.
    return (
      <EstadoPantalla
        icono={timeOutline}
        color="warning"
        titulo={fallo.code === 'ENLACE_USADO' ? 'La encuesta ya fue respondida' : 'La encuesta venció'}
        testId="encuesta-no-disponible"
        accion={<BotonEstado onClick={alReintentar}>Ver la encuesta</BotonEstado>}
      >
        {fallo.message}
      </EstadoPantalla>
    );
  }
  // A new recorded rating (another link of the mail) starts the form again from it.
  return <Formulario key={`${encuesta.estado}:${encuesta.puntaje}`} k={k} encuesta={encuesta} responder={responder} />;
}

function Formulario({ k, encuesta, responder }: Omit<ContenidoProps, 'alReintentar'>) {
  const [puntaje, setPuntaje] = useState<number | null>(encuesta.puntaje);
  const [comentario, setComentario] = useState(encuesta.comentario ?? '');
  const [errores, setErrores] = useState<{ puntaje?: string; comentario?: string }>({});
  const respondida = encuesta.estado === 'respondida';
  const enviando = responder.isPending;

  function enviar(e: FormEvent) {
    e.preventDefault();
    const nuevos: typeof errores = {};
    if (puntaje === null) nuevos.puntaje = 'Elija una calificación del 1 al 5.';
    const c = zComentarioEncuesta.safeParse(comentario);
    if (!c.success) nuevos.comentario = c.error.issues[0]?.message ?? MENSAJES_ENCUESTAS.comentarioLargo;
    setErrores(nuevos);
    if (puntaje === null || !c.success) return;
    responder.mutate(
      { k, puntaje, comentario: c.data, final: true },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'comentario') setErrores({ comentario: error.message });
          else if (error instanceof ApiError && error.field === 'puntaje') setErrores({ puntaje: error.message });
        },
      },
    );
  }

  const falloGeneral =
    responder.error && !(responder.error instanceof ApiError && responder.error.field) ? responder.error : null;
  return (
    <form className="encuesta-form" onSubmit={enviar} aria-label="Encuesta de satisfacción" noValidate>
      {respondida ? (
        <div className="encuesta-gracias" role="status" data-testid="encuesta-registrada">
          <h1 className="encuesta__titulo">¡Gracias!</h1>
          <p>
            Registramos su calificación: <strong>{textoPuntaje(encuesta.puntaje)}</strong>. Si quiere, cámbiela o
            agréguele un comentario y toque «Enviar».
          </p>
        </div>
      ) : (
        <h1 className="encuesta__titulo">¿Cómo calificaría el trabajo?</h1>
      )}
      <SelectorPuntaje valor={puntaje} onElegir={setPuntaje} disabled={enviando} error={errores.puntaje} />
      <CampoTextoLargo
        name="comentario"
        label="Comentario (opcional)"
        value={comentario}
        onChange={setComentario}
        error={errores.comentario}
        disabled={enviando}
        max={LIMITES_ENCUESTAS.comentario}
        rows={4}
        placeholder="¿Qué le pareció el trabajo? ¿Qué podríamos mejorar?"
        data-testid="encuesta-comentario"
      />
      {falloGeneral && (
        <p className="encuesta-error" role="alert" data-testid="encuesta-error">
          {mensajeDeError(falloGeneral)}
        </p>
      )}
      <IonButton type="submit" expand="block" disabled={enviando} data-testid="encuesta-enviar">
        {enviando ? <IonSpinner slot="start" name="crescent" aria-hidden="true" /> : null}
        Enviar
      </IonButton>
      {respondida && (
        <p className="encuesta-nota">Puede cambiar su respuesta durante 24 horas o hasta que toque «Enviar».</p>
      )}
    </form>
  );
}

function Gracias({ encuesta }: { encuesta: EncuestaPublica }) {
  return (
    <EstadoPantalla
      icono={checkmarkCircleOutline}
      color="success"
      titulo="¡Gracias por responder!"
      testId="encuesta-gracias"
    >
      Su calificación: {textoPuntaje(encuesta.puntaje)}.
      {encuesta.comentario ? ` Su comentario: «${encuesta.comentario}».` : ''} Esta encuesta ya fue respondida.
    </EstadoPantalla>
  );
}

function Vencida() {
  return (
    <EstadoPantalla icono={timeOutline} color="warning" titulo="La encuesta venció" testId="encuesta-vencida">
      {MENSAJES_ENCUESTAS.vencida} Si quiere contarnos cómo fue el trabajo, comuníquese con la empresa.
    </EstadoPantalla>
  );
}

function EnlaceInvalido() {
  return (
    <EstadoPantalla icono={linkOutline} color="danger" titulo="El enlace no es válido" testId="encuesta-invalida">
      Revise que el enlace esté completo: a veces el programa de correo lo corta en dos líneas.
    </EstadoPantalla>
  );
}

function Fallo({ error, alReintentar }: { error: unknown; alReintentar: () => void }) {
  if (error instanceof ApiError && error.code === 'ENLACE_INVALIDO') return <EnlaceInvalido />;
  if (error instanceof ApiError && error.code === 'DATOS_INVALIDOS') return <EnlaceInvalido />;
  return (
    <EstadoPantalla
      icono={alertCircleOutline}
      color="danger"
      titulo="No se pudo abrir la encuesta"
      testId="encuesta-error-carga"
      accion={<BotonEstado onClick={alReintentar}>Reintentar</BotonEstado>}
    >
      {mensajeDeError(error)}
    </EstadoPantalla>
  );
}

/** The rating link of survey `k` last applied in this tab (sessionStorage: it survives a reload). */
const claveEnlace = (k: string) => `delego-encuesta-enlace:${k}`;

function enlaceYaAplicado(k: string, puntaje: number): boolean {
  try {
    return sessionStorage.getItem(claveEnlace(k)) === String(puntaje);
  } catch {
    return false;
  }
}

function marcarEnlaceAplicado(k: string, puntaje: number): void {
  try {
    sessionStorage.setItem(claveEnlace(k), String(puntaje));
  } catch {
    // Without storage (private mode) a reload may apply the link again: the same rating the mail gave.
  }
}
