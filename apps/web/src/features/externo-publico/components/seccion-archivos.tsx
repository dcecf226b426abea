import { RUTAS, textoFechaHora, type Archivo } from '@delego/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { attachOutline, cameraOutline, documentOutline, downloadOutline } from 'ionicons/icons';
import { useEffect, useRef, useState, type InputHTMLAttributes, type RefObject } from 'react';
import { BotonConIcono } from '../../../components/boton-icono';
import { guardarArchivo } from '../../../lib/descargas';
import { mensajeDeError } from '../../../lib/errors';
import { comprimirImagen } from '../../../lib/imagenes';
import { archivoExterno } from '../api/cliente';
import { useArchivosExterno, useMiniaturaExterno } from '../api/consultas';
import type { CambioExterno } from '../model/almacen';
import { useExterno } from './contexto';
import { MarcaCambio, useCambiosDe } from './marca-cambio';

/** An object URL for a Blob while the component shows it (none where the browser has no such API). */
function useUrlDeBlob(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return undefined;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function Miniatura({ url, nombre }: { url: string | null; nombre: string }) {
  return url ? (
    <img className="externo-archivo__miniatura" src={url} alt={nombre} />
  ) : (
    <IonIcon className="externo-archivo__icono" icon={documentOutline} aria-hidden="true" />
  );
}

function ArchivoDelServidor({ archivo }: { archivo: Archivo }) {
  const { k, enlace, ordenId, zona } = useExterno();
  const miniatura = useMiniaturaExterno(k, enlace, ordenId, archivo.id, archivo.esImagen && archivo.miniatura !== null);
  const url = useUrlDeBlob(miniatura.data);
  const [error, setError] = useState<string | null>(null);
  async function descargar() {
    setError(null);
    try {
      const blob = await archivoExterno(k, RUTAS.descargarArchivo, { params: { ordenId, archivoId: archivo.id } });
      guardarArchivo(blob, archivo.nombre);
    } catch (e) {
      setError(mensajeDeError(e));
    }
  }
  return (
    <li className="externo-archivo" data-testid="externo-archivo">
      <Miniatura url={url} nombre={archivo.nombre} />
      <div className="externo-archivo__datos">
        <span className="externo-archivo__nombre">{archivo.nombre}</span>
        <span className="externo-archivo__detalle">
          {archivo.usuario.nombre} · {textoFechaHora(archivo.fecha, zona)}
        </span>
        {error && (
          <span className="externo-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <IonButton fill="clear" size="small" onClick={() => void descargar()} aria-label={`Descargar ${archivo.nombre}`}>
        <IonIcon slot="icon-only" icon={downloadOutline} aria-hidden="true" />
      </IonButton>
    </li>
  );
}

function ArchivoPendiente({ cambio }: { cambio: CambioExterno }) {
  const primero = cambio.archivos?.[0];
  const url = useUrlDeBlob(primero && primero.tipo.startsWith('image/') ? primero.datos : undefined);
  const nombres = (cambio.archivos ?? []).map((a) => a.nombre).join(', ');
  return (
    <li className="externo-archivo externo-archivo--pendiente" data-testid="externo-archivo-pendiente">
      <Miniatura url={url} nombre={nombres} />
      <div className="externo-archivo__datos">
        <span className="externo-archivo__nombre">{nombres}</span>
        <MarcaCambio cambio={cambio} />
      </div>
    </li>
  );
}

interface EntradaArchivosProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'accept' | 'capture' | 'multiple'> {
  entrada: RefObject<HTMLInputElement | null>;
  alElegir: (elegidos: FileList | null) => Promise<void>;
  testId: string;
}

/**
 * The hidden file input that a button of the section opens. It empties once what was chosen is
 * queued, so that choosing the same file again is noticed.
 */
function EntradaArchivos({ entrada, alElegir, testId, ...tipo }: EntradaArchivosProps) {
  return (
    <input
      ref={entrada}
      type="file"
      {...tipo}
      className="delego-visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(e) => {
        const elegidos = e.target.files;
        void alElegir(elegidos).finally(() => {
          e.target.value = '';
        });
      }}
      data-testid={testId}
    />
  );
}

/** «Fotos y archivos»: the order's files, the ones still waiting to go up, and the buttons to add more. */
export function SeccionArchivos() {
  const { k, enlace, ordenId, bandeja } = useExterno();
  const archivos = useArchivosExterno(k, enlace, ordenId);
  const pendientes = useCambiosDe('archivos');
  const foto = useRef<HTMLInputElement>(null);
  const adjunto = useRef<HTMLInputElement>(null);

  async function agregar(lista: FileList | null, esFoto: boolean) {
    const elegidos = [...(lista ?? [])];
    for (const original of elegidos) {
      // Photos go smaller on the phone before they are kept and sent (lib/imagenes.ts; never throws).
      const archivo = await comprimirImagen(original);
      await bandeja.agregar({
        tipo: 'archivos',
        ordenId,
        descripcion: `${esFoto ? 'Foto' : 'Archivo'}: ${archivo.name}`,
        cuerpo: null,
        archivos: [{ nombre: archivo.name, tipo: archivo.type || 'application/octet-stream', datos: archivo }],
      });
    }
  }

  const lista = archivos.data?.dato ?? [];
  return (
    <section className="externo-seccion" aria-labelledby="externo-archivos-titulo">
      <h2 id="externo-archivos-titulo">Fotos y archivos</h2>
      <div className="externo-botones">
        <EntradaArchivos
          entrada={foto}
          accept="image/*"
          capture="environment"
          alElegir={(elegidos) => agregar(elegidos, true)}
          testId="externo-foto-input"
        />
        <EntradaArchivos
          entrada={adjunto}
          multiple
          alElegir={(elegidos) => agregar(elegidos, false)}
          testId="externo-archivo-input"
        />
        <BotonConIcono icono={cameraOutline} onClick={() => foto.current?.click()} testId="externo-tomar-foto">
          Tomar foto
        </BotonConIcono>
        <BotonConIcono
          icono={attachOutline}
          fill="outline"
          onClick={() => adjunto.current?.click()}
          testId="externo-adjuntar"
        >
          Adjuntar archivo
        </BotonConIcono>
      </div>
      {archivos.isError && (
        <p className="externo-vacio" role="status">
          No se pudo cargar la lista de archivos: {mensajeDeError(archivos.error)}{' '}
          <IonButton fill="clear" size="small" onClick={() => void archivos.refetch()}>
            Reintentar
          </IonButton>
        </p>
      )}
      <ul className="externo-archivos" data-testid="externo-archivos">
        {pendientes.map((c) => (
          <ArchivoPendiente key={c.id} cambio={c} />
        ))}
        {lista.map((a) => (
          <ArchivoDelServidor key={a.id} archivo={a} />
        ))}
      </ul>
      {archivos.isSuccess && lista.length === 0 && pendientes.length === 0 && (
        <p className="externo-vacio">Todavía no hay fotos ni archivos.</p>
      )}
    </section>
  );
}
