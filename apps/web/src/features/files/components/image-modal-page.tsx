import type { Archivo } from '@delego/contract';
import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonSpinner,
  IonTitle,
  IonToolbar,
  useIonRouter,
} from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addOutline,
  chevronBackOutline,
  chevronForwardOutline,
  closeOutline,
  downloadOutline,
  expandOutline,
  imageOutline,
  removeOutline,
} from 'ionicons/icons';
import { BotonIcono } from '../../../components/boton-icono';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  BotonEstado,
  EstadoError,
  EstadoPantalla,
  EstadoRequiereSesion,
  EstadoSinOrden,
} from '../../../components/estados-pantalla';
import { guardarArchivo } from '../../../lib/descargas';
import { mensajeDeError, notificarError } from '../../../lib/errors';
import { useSession } from '../../auth';
import { contenidoQueryOptions } from '../api/descargar-archivo';
import { useArchivos } from '../api/get-archivos';
import { leerId, useConsultaDeRuta, useEsRutaActual } from '../../../lib/consulta-de-ruta';
import { useGestosVisor } from '../hooks/use-gestos-visor';
import { useObjectUrl } from '../hooks/use-object-url';
import { ESCALA_MAXIMA, ESCALA_MINIMA, textoPosicion, vecino } from '../model/visor';
import './papeleo.css';

const RUTA = '/image-modal';

/**
 * image-modal?id=42&archivo=7: an image of the order at full size, with zoom (pinch, wheel,
 * double tap, buttons) and swipe or arrow keys between the order's images.
 */
export default function ImageModalPage() {
  const consulta = useConsultaDeRuta(RUTA);
  const ordenId = leerId(consulta.get('id'));
  const archivoId = leerId(consulta.get('archivo'));
  const { usuario } = useSession();
  const router = useIonRouter();
  const esActual = useEsRutaActual(RUTA);
  const archivos = useArchivos(usuario ? ordenId : null);
  const imagenes = (archivos.data ?? []).filter((a) => a.esImagen);

  const cerrar = useCallback(() => {
    if (router.canGoBack()) router.goBack();
    else router.push(ordenId ? `/archivos?id=${ordenId}` : '/home', 'back', 'replace');
  }, [router, ordenId]);

  const cambiar = useCallback(
    (id: number) => router.push(`${RUTA}?id=${ordenId ?? ''}&archivo=${id}`, 'none', 'replace'),
    [router, ordenId],
  );

  let contenido;
  if (!usuario) {
    contenido = (
      <EstadoRequiereSesion ambito="papeleo">
        Para ver las imágenes de una orden ingrese con su usuario.
      </EstadoRequiereSesion>
    );
  } else if (ordenId === null || archivoId === null) {
    contenido = <EstadoSinOrden ambito="papeleo" />;
  } else if (archivos.isPending) {
    contenido = <IonSpinner name="crescent" className="visor__espera" aria-label="Cargando la imagen" />;
  } else if (archivos.isError) {
    contenido = <EstadoError ambito="papeleo" error={archivos.error} onReintentar={() => void archivos.refetch()} />;
  } else if (!imagenes.some((a) => a.id === archivoId)) {
    contenido = (
      <EstadoPantalla
        icono={imageOutline}
        titulo="Imagen no encontrada"
        testId="visor-sin-imagen"
        accion={<BotonEstado onClick={cerrar}>Volver</BotonEstado>}
      >
        La imagen no existe o fue eliminada de la orden.
      </EstadoPantalla>
    );
  }

  if (contenido) {
    return (
      <>
        <CabeceraVisor titulo="Imagen" onCerrar={cerrar} />
        <IonContent className="visor visor--aviso">{contenido}</IonContent>
      </>
    );
  }
  return (
    <VisorImagenes
      ordenId={ordenId ?? 0}
      imagenes={imagenes}
      actualId={archivoId ?? 0}
      onCambiar={cambiar}
      onCerrar={cerrar}
      conTeclado={esActual}
    />
  );
}

function CabeceraVisor({
  titulo,
  posicion,
  onCerrar,
  children,
}: {
  titulo: string;
  posicion?: string;
  onCerrar: () => void;
  children?: ReactNode;
}) {
  return (
    <IonHeader className="visor__cabecera">
      <IonToolbar color="dark">
        <IonButtons slot="start">
          <IonButton onClick={onCerrar} aria-label="Cerrar" data-testid="visor-cerrar">
            <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
          </IonButton>
        </IonButtons>
        <IonTitle>
          <span className="visor__titulo" data-testid="visor-titulo">
            {titulo}
          </span>
          {posicion && (
            <span className="visor__posicion" data-testid="visor-posicion">
              {posicion}
            </span>
          )}
        </IonTitle>
        {children && (
          <IonButtons slot="end">
            <>{children}</>
          </IonButtons>
        )}
      </IonToolbar>
    </IonHeader>
  );
}

interface VisorProps {
  ordenId: number;
  /** The order's images, in the list's order. */
  imagenes: readonly Archivo[];
  actualId: number;
  onCambiar: (archivoId: number) => void;
  onCerrar: () => void;
  /** Arrow keys, Escape, + and − act only while the viewer is the screen on top. */
  conTeclado: boolean;
}

export function VisorImagenes({ ordenId, imagenes, actualId, onCambiar, onCerrar, conTeclado }: VisorProps) {
  const queryClient = useQueryClient();
  const actual = imagenes.find((a) => a.id === actualId) ?? imagenes[0];
  const anterior = vecino(imagenes, actualId, -1);
  const siguiente = vecino(imagenes, actualId, 1);
  const [bajando, setBajando] = useState(false);

  const ir = useCallback(
    (direccion: -1 | 1) => {
      const destino = direccion === 1 ? siguiente : anterior;
      if (destino) onCambiar(destino.id);
    },
    [anterior, siguiente, onCambiar],
  );

  // The neighbours load while this one is looked at, so a swipe shows them at once.
  useEffect(() => {
    for (const v of [anterior, siguiente]) {
      if (v) void queryClient.prefetchQuery(contenidoQueryOptions(ordenId, v));
    }
  }, [anterior, siguiente, ordenId, queryClient]);

  useEffect(() => {
    if (!conTeclado) return undefined;
    const alTeclear = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight') ir(1);
      else if (e.key === 'ArrowLeft') ir(-1);
      else if (e.key === 'Escape') onCerrar();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', alTeclear);
    return () => window.removeEventListener('keydown', alTeclear);
  }, [conTeclado, ir, onCerrar]);

  async function descargar() {
    if (!actual) return;
    setBajando(true);
    try {
      const blob = await queryClient.fetchQuery(contenidoQueryOptions(ordenId, actual));
      guardarArchivo(blob, actual.nombre);
    } catch (error) {
      notificarError(error);
    } finally {
      setBajando(false);
    }
  }

  if (!actual) return null;
  return (
    <>
      <CabeceraVisor titulo={actual.nombre} posicion={textoPosicion(imagenes, actual.id)} onCerrar={onCerrar}>
        <BotonIcono
          fill={undefined}
          icono={downloadOutline}
          etiqueta="Descargar imagen"
          onClick={() => void descargar()}
          disabled={bajando}
          ocupado={bajando}
          testId="visor-descargar"
        />
      </CabeceraVisor>
      <IonContent className="visor" scrollY={false} scrollX={false}>
        <LienzoImagen key={actual.id} ordenId={ordenId} imagen={actual} onDeslizar={ir} conTeclado={conTeclado} />
        <BotonIcono
          className="visor__flecha visor__flecha--anterior"
          color="light"
          icono={chevronBackOutline}
          etiqueta="Imagen anterior"
          onClick={() => ir(-1)}
          disabled={!anterior}
          testId="visor-anterior"
        />
        <BotonIcono
          className="visor__flecha visor__flecha--siguiente"
          color="light"
          icono={chevronForwardOutline}
          etiqueta="Imagen siguiente"
          onClick={() => ir(1)}
          disabled={!siguiente}
          testId="visor-siguiente"
        />
      </IonContent>
    </>
  );
}

/** One image, fetched with the session and shown through an object URL, with its zoom controls. */
function LienzoImagen({
  ordenId,
  imagen,
  onDeslizar,
  conTeclado,
}: {
  ordenId: number;
  imagen: Archivo;
  onDeslizar: (direccion: -1 | 1) => void;
  conTeclado: boolean;
}) {
  const contenido = useQuery(contenidoQueryOptions(ordenId, imagen));
  const url = useObjectUrl(contenido.data);
  const lienzo = useRef<HTMLDivElement>(null);
  const { vista, desliz, activo, acercar, alejar, restablecer, handlers } = useGestosVisor(lienzo, onDeslizar);

  useEffect(() => {
    if (!conTeclado) return undefined;
    const alTeclear = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === '+' || e.key === '=') acercar();
      else if (e.key === '-') alejar();
      else if (e.key === '0') restablecer();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', alTeclear);
    return () => window.removeEventListener('keydown', alTeclear);
  }, [conTeclado, acercar, alejar, restablecer]);

  const porcentaje = Math.round(vista.escala * 100);
  return (
    <>
      <div
        ref={lienzo}
        className={`visor__lienzo${vista.escala > 1 ? ' visor__lienzo--ampliado' : ''}`}
        data-testid="visor-lienzo"
        {...handlers}
      >
        {url ? (
          <img
            src={url}
            alt={imagen.nombre}
            className={`visor__imagen${activo ? ' visor__imagen--gesto' : ''}`}
            style={{ transform: `translate(${vista.x + desliz}px, ${vista.y}px) scale(${vista.escala})` }}
            draggable={false}
            data-testid="visor-imagen"
            data-escala={vista.escala.toFixed(2)}
          />
        ) : contenido.isError ? (
          <p className="visor__error" role="alert">
            No se pudo cargar la imagen. {mensajeDeError(contenido.error)}
            <IonButton fill="outline" color="light" size="small" onClick={() => void contenido.refetch()}>
              Reintentar
            </IonButton>
          </p>
        ) : (
          <IonSpinner name="crescent" color="light" className="visor__espera" aria-label="Cargando la imagen" />
        )}
      </div>
      <div className="visor__controles" role="toolbar" aria-label="Zoom">
        <BotonIcono
          color="light"
          icono={removeOutline}
          etiqueta="Alejar"
          onClick={alejar}
          disabled={vista.escala <= ESCALA_MINIMA}
          testId="visor-alejar"
        />
        <span className="visor__zoom" aria-live="polite" data-testid="visor-zoom">
          {porcentaje} %
        </span>
        <BotonIcono
          color="light"
          icono={addOutline}
          etiqueta="Acercar"
          onClick={acercar}
          disabled={vista.escala >= ESCALA_MAXIMA}
          testId="visor-acercar"
        />
        <BotonIcono
          color="light"
          icono={expandOutline}
          etiqueta="Ajustar a la pantalla"
          onClick={restablecer}
          disabled={vista.escala === 1 && vista.x === 0 && vista.y === 0}
        />
      </div>
    </>
  );
}
