import type { Archivo } from '@delego/contract';
import { IonIcon, IonSkeletonText } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import {
  documentAttachOutline,
  documentOutline,
  documentTextOutline,
  easelOutline,
  gridOutline,
  imageOutline,
  readerOutline,
} from 'ionicons/icons';
import type { ReactNode } from 'react';
import { miniaturaQueryOptions } from '../api/descargar-archivo';
import { useObjectUrl } from '../hooks/use-object-url';
import { claseDeArchivo, extensionDe, type ClaseArchivo } from '../model/archivos';

const ICONOS: Record<ClaseArchivo, string> = {
  imagen: imageOutline,
  pdf: documentTextOutline,
  planilla: gridOutline,
  documento: documentOutline,
  presentacion: easelOutline,
  texto: readerOutline,
  otro: documentAttachOutline,
};

/** The file's kind as an icon with its extension ('PDF', 'XLSX'). */
export function IconoArchivo({ archivo }: { archivo: Pick<Archivo, 'nombre' | 'tipo'> }) {
  const clase = claseDeArchivo(archivo.tipo);
  return (
    <span className={`archivo-icono archivo-icono--${clase}`} aria-hidden="true">
      <IonIcon icon={ICONOS[clase]} />
      <span className="archivo-icono__ext">{extensionDe(archivo.nombre)?.toUpperCase() ?? ''}</span>
    </span>
  );
}

/**
 * The thumbnail of an image, fetched with the session's Authorization and shown through an
 * object URL; the file's icon for anything else, or while the thumbnail cannot be had. `dueno`:
 * the order's id, or another owner's key ('equipo-3').
 */
export function Miniatura({ dueno, archivo }: { dueno: number | string; archivo: Archivo }) {
  const ruta = archivo.esImagen ? archivo.miniatura : null;
  const consulta = useQuery({ ...miniaturaQueryOptions(dueno, archivo.id, ruta ?? ''), enabled: ruta !== null });
  const url = useObjectUrl(consulta.data);
  if (ruta === null || consulta.isError) return <IconoArchivo archivo={archivo} />;
  if (!url) return <IonSkeletonText animated className="archivo-miniatura__cargando" />;
  return <img className="archivo-miniatura" src={url} alt={`Miniatura de ${archivo.nombre}`} draggable={false} />;
}

/**
 * The preview of a file still on this device (waiting to be sent, or attached to a new order): its
 * thumbnail if it is an image, else its type's icon.
 */
export function VistaLocal({
  datos,
  nombre,
  tipo,
  testId,
}: {
  datos: Blob | null | undefined;
  nombre: string;
  tipo: string;
  /** The thumbnail's test id. */
  testId: string;
}) {
  const url = useObjectUrl(tipo.startsWith('image/') ? datos : null);
  return (
    <span className="archivo__vista">
      {url ? (
        <img
          className="archivo-miniatura"
          src={url}
          alt={`Miniatura de ${nombre}`}
          draggable={false}
          data-testid={testId}
        />
      ) : (
        <IconoArchivo archivo={{ nombre, tipo }} />
      )}
    </span>
  );
}

/**
 * A file still on this device, in a row of files: its preview and its name, then what `children`
 * says about it (its size, its state).
 */
export function ArchivoLocal({
  datos,
  nombre,
  tipo,
  testIds,
  children,
}: {
  datos: Blob | null | undefined;
  nombre: string;
  tipo: string;
  testIds: { miniatura: string; nombre: string };
  children: ReactNode;
}) {
  return (
    <>
      <VistaLocal datos={datos} nombre={nombre} tipo={tipo} testId={testIds.miniatura} />
      <div className="archivo__datos">
        <span className="archivo__nombre" title={nombre} data-testid={testIds.nombre}>
          {nombre}
        </span>
        {children}
      </div>
    </>
  );
}
