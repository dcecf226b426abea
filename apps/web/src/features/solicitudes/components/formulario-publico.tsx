import { LIMITES_SOLICITUD, MENSAJES_SOLICITUD, type SolicitudEnviada } from '@delego/contract';
import { IonSpinner } from '@ionic/react';
import { useMutation } from '@tanstack/react-query';
import { cameraOutline, closeOutline, imagesOutline } from 'ionicons/icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { BotonConIcono, BotonIcono } from '../../../components/boton-icono';
import { BotonGuardar } from '../../../components/botones-formulario';
import { CampoEmail, CampoTexto, CampoTextoLargo } from '../../../components/campos';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useFormulario } from '../../../lib/formularios';
import { tomarFoto } from '../../../lib/nativo/camara';
import { tieneCamara } from '../../../lib/nativo/plataforma';
import { nuevaClave } from '../../../lib/outbox';
import { formatearTamanio } from '../../../lib/numeros';
import { useAdjuntos, useObjectUrl, type Adjuntos } from '../../files';
import { enviarSolicitud } from '../api/enviar-solicitud';
import { enviarSolicitudQr } from '../api/enviar-solicitud-qr';
import {
  CAMPOS_SOLICITUD,
  cuerpoSolicitud,
  LIMITES_CAMPOS,
  revisarFotos,
  validarSolicitud,
  VALORES_VACIOS,
  type CampoSolicitud,
  type SolicitudLista,
  type ValoresSolicitud,
} from '../model/formulario';

/** Where a request goes: a client's link (its token) or a site's or equipo's label (its code). */
export type DestinoSolicitud = { tipo: 'enlace'; k: string } | { tipo: 'qr'; codigo: string };

interface Props {
  destino: DestinoSolicitud;
  /** The request went: what the server answered (the message and the tracking link). */
  alEnviar: (enviada: SolicitudEnviada) => void;
  /** The link stopped existing (404) or working (410) while the form was open. */
  alCerrarse: (estado: 404 | 410) => void;
}

function enviar({ destino, cuerpo }: { destino: DestinoSolicitud; cuerpo: FormData }) {
  return destino.tipo === 'enlace' ? enviarSolicitud(cuerpo) : enviarSolicitudQr(destino.codigo, cuerpo);
}

/**
 * The request form without an account (issue 33): what is needed, where (from a QR, the label's
 * place, not asked), up to 5 photos made smaller on the device, a contact, and a honeypot field
 * people never see. The send has an id (`clave`) made once per filled form and kept for every
 * retry, so a double tap or a retry after a lost answer is one request.
 */
export function FormularioPublico({ destino, alEnviar, alCerrarse }: Props) {
  const [clave] = useState(nuevaClave);
  const envio = useMutation({ mutationFn: enviar, meta: { errorSilencioso: true } });
  const fotos = useAdjuntos(LIMITES_SOLICITUD.fotoBytes);
  const [preparando, setPreparando] = useState(false);
  const [falla, setFalla] = useState<string | null>(null);
  // The server's 400 about the photos (a photo that is not an image, too large): shown at them.
  const [errorFotos, setErrorFotos] = useState<string | null>(null);
  // A second tap before React re-renders the button as busy must not send again.
  const enCurso = useRef(false);
  const conDonde = destino.tipo === 'enlace';
  const ocupado = envio.isPending || preparando;
  const f = useFormulario<ValoresSolicitud, SolicitudLista>({
    inicial: VALORES_VACIOS,
    validar: (v) => validarSolicitud(v, clave, conDonde),
    limites: LIMITES_CAMPOS,
    habilitado: !ocupado,
    // «Deje un email o un teléfono» is said at the email: a phone settles it too.
    vinculados: { telefono: ['email'] },
  });

  async function mandar(datos: SolicitudLista) {
    if (enCurso.current) return;
    enCurso.current = true;
    setFalla(null);
    setErrorFotos(null);
    setPreparando(true);
    try {
      // The photos still being made smaller are waited for; those refused stay out.
      const listas = await fotos.listos();
      const cuerpo = cuerpoSolicitud(datos, clave, listas, destino.tipo === 'enlace' ? destino.k : null);
      setPreparando(false);
      const enviada = await envio.mutateAsync({ destino, cuerpo });
      alEnviar(enviada);
    } catch (error) {
      setPreparando(false);
      fallo(error);
    } finally {
      enCurso.current = false;
    }
  }

  function fallo(error: unknown) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
      alCerrarse(error.status);
      return;
    }
    // A photo refused (not an image, too large: 400, 413 or 415) is said at the photos; bad data, at its field.
    if (error instanceof ApiError && error.field === 'fotos' && error.status >= 400 && error.status < 500) {
      setErrorFotos(error.message);
      return;
    }
    if (error instanceof ApiError && error.status === 400 && error.field) {
      if ((CAMPOS_SOLICITUD as readonly string[]).includes(error.field)) {
        f.mostrarErrores({ [error.field as CampoSolicitud]: error.message });
        return;
      }
    }
    const reintentable = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
    setFalla(
      reintentable
        ? `${mensajeDeError(error)} Puede volver a enviarlo: su pedido no se registrará dos veces.`
        : mensajeDeError(error),
    );
  }

  return (
    <form {...f.props((d) => void mandar(d))} className="solicitud-publica__formulario" aria-label="Pedido de trabajo">
      <CampoTextoLargo
        {...f.texto('que', '¿Qué necesita?', 'solicitud-que')}
        placeholder="Cuéntenos qué pasa o qué trabajo necesita."
        rows={4}
      />
      {conDonde && (
        <CampoTexto
          {...f.texto('donde', '¿Dónde? (opcional)', 'solicitud-donde')}
          helperText="Dirección, piso, sector o equipo."
          autocomplete="off"
        />
      )}

      <FotosDelPedido fotos={fotos} deshabilitado={ocupado} error={errorFotos} alCambiar={() => setErrorFotos(null)} />

      <fieldset className="solicitud-publica__contacto">
        <legend>Sus datos</legend>
        <CampoTexto {...f.texto('nombre', 'Su nombre', 'solicitud-nombre')} autocomplete="name" />
        <CampoEmail {...f.texto('email', 'Email', 'solicitud-email')} />
        <CampoTexto
          {...f.texto('telefono', 'Teléfono', 'solicitud-telefono')}
          type="tel"
          inputmode="tel"
          autocomplete="tel"
        />
        {/* Said at the email when both are missing: not twice. */}
        {f.error('email') !== MENSAJES_SOLICITUD.sinContacto && (
          <p className="solicitud-publica__ayuda">{MENSAJES_SOLICITUD.sinContacto}</p>
        )}
      </fieldset>

      <CampoTrampa valor={f.valores.sitio} alCambiar={(v) => f.cambiar('sitio', v)} />

      {falla && (
        <p className="solicitud-publica__falla" role="alert" data-testid="solicitud-falla">
          {falla}
        </p>
      )}
      <div className="solicitud-publica__acciones">
        <BotonGuardar
          ocupado={ocupado}
          texto="Enviar pedido"
          textoOcupado={preparando ? 'Preparando las fotos…' : 'Enviando…'}
          testId="solicitud-enviar"
        />
      </div>
    </form>
  );
}

/**
 * The honeypot (`sitio`): a plain input a robot fills in and a person never meets. It is off the
 * screen (not `display: none`, which some robots skip), out of the tab order, hidden from screen
 * readers, and no browser autofills it.
 */
function CampoTrampa({ valor, alCambiar }: { valor: string; alCambiar: (v: string) => void }) {
  return (
    <div
      className="solicitud-publica__trampa"
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' }}
      data-testid="solicitud-trampa"
    >
      <label htmlFor="solicitud-sitio">Sitio web</label>
      <input
        id="solicitud-sitio"
        name="sitio"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={valor}
        onChange={(e) => alCambiar(e.target.value)}
        data-testid="solicitud-sitio"
      />
    </div>
  );
}

interface FotosProps {
  fotos: Adjuntos;
  deshabilitado: boolean;
  /** The server's 400 about the photos. */
  error: string | null;
  /** Told when the photos change (their server message then goes). */
  alCambiar: () => void;
}

/** «Fotos»: the camera on a phone, or the device's pictures; each with its thumbnail and «Quitar». */
function FotosDelPedido({ fotos, deshabilitado, error, alCambiar }: FotosProps) {
  const elegir = useRef<HTMLInputElement>(null);
  const [conCamara] = useState(tieneCamara);
  const [problemas, setProblemas] = useState<string[]>([]);
  const vigentes = fotos.adjuntos.filter((a) => a.estado !== 'error').length;
  const llenas = vigentes >= LIMITES_SOLICITUD.fotos;

  function agregar(elegidas: File[]) {
    const { aceptadas, problemas: nuevos } = revisarFotos(elegidas, vigentes);
    setProblemas(nuevos);
    if (aceptadas.length) fotos.agregar(aceptadas);
    alCambiar();
  }

  function alElegir(e: ChangeEvent<HTMLInputElement>) {
    const elegidas = [...(e.target.files ?? [])];
    // The same photo can be chosen again after removing it.
    e.target.value = '';
    agregar(elegidas);
  }

  // Straight from the tap: a browser opens the camera only during the gesture.
  function alTomarFoto() {
    tomarFoto()
      .then((foto) => {
        if (foto) agregar([foto]);
      })
      .catch((e: unknown) => setProblemas([mensajeDeError(e)]));
  }

  return (
    <section
      className="solicitud-publica__fotos"
      aria-labelledby="solicitud-fotos-titulo"
      data-testid="solicitud-fotos"
    >
      <h2 id="solicitud-fotos-titulo" className="solicitud-publica__subtitulo">
        Fotos (opcional)
      </h2>
      <p className="solicitud-publica__ayuda">
        Hasta {LIMITES_SOLICITUD.fotos} fotos. Las grandes se achican en su teléfono antes de enviarse.
      </p>
      <div className="solicitud-publica__botones-fotos">
        {conCamara && (
          <BotonConIcono
            icono={cameraOutline}
            type="button"
            onClick={alTomarFoto}
            disabled={deshabilitado || llenas}
            testId="solicitud-camara"
          >
            Tomar foto
          </BotonConIcono>
        )}
        <BotonConIcono
          icono={imagesOutline}
          type="button"
          fill={conCamara ? 'outline' : 'solid'}
          onClick={() => elegir.current?.click()}
          disabled={deshabilitado || llenas}
          testId="solicitud-elegir-fotos"
        >
          Elegir fotos
        </BotonConIcono>
        <input
          ref={elegir}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={alElegir}
          data-testid="solicitud-fotos-input"
        />
      </div>
      {[...problemas, ...(error ? [error] : [])].map((p) => (
        <p key={p} className="solicitud-publica__falla" role="alert" data-testid="solicitud-fotos-problema">
          {p}
        </p>
      ))}
      {fotos.adjuntos.length > 0 && (
        <ul className="solicitud-publica__miniaturas" aria-label="Fotos elegidas" data-testid="solicitud-fotos-lista">
          {fotos.adjuntos.map((a) => (
            <li key={a.clave} className="solicitud-foto" data-estado={a.estado} data-testid="solicitud-foto">
              <VistaPrevia archivo={a.archivo} nombre={a.nombre} />
              <span className="solicitud-foto__meta">
                {a.estado === 'preparando'
                  ? 'Achicando…'
                  : a.estado === 'error'
                    ? a.error
                    : formatearTamanio(a.tamanio)}
              </span>
              <BotonIcono
                icono={closeOutline}
                etiqueta={`Quitar ${a.nombre}`}
                className="solicitud-foto__quitar"
                disabled={deshabilitado}
                onClick={() => {
                  fotos.quitar(a.clave);
                  alCambiar();
                }}
                testId="solicitud-foto-quitar"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A chosen photo's thumbnail, from the device (nothing is sent yet). */
function VistaPrevia({ archivo, nombre }: { archivo: File | undefined; nombre: string }) {
  const url = useObjectUrl(archivo);
  if (!url) {
    return (
      <span className="solicitud-foto__imagen solicitud-foto__imagen--vacia" aria-hidden="true">
        {archivo === undefined && <IonSpinner name="crescent" />}
      </span>
    );
  }
  return <img className="solicitud-foto__imagen" src={url} alt={`Foto ${nombre}`} draggable={false} />;
}
