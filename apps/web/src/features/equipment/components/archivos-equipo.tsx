import type { Archivo } from '@delego/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { cloudDownloadOutline, folderOpenOutline, trashOutline } from 'ionicons/icons';
import { useRef } from 'react';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { guardarArchivo } from '../../../lib/descargas';
import { notificarError } from '../../../lib/errors';
import { FalloDeAccion, Tarjeta, useTienePermiso } from '../../admin';
import { EntradaArchivos, formatoTamanio, getContenido, Miniatura, QUE_SE_ADJUNTA } from '../../files';
import '../equipment.css';
import { useArchivosEquipo, useBorrarArchivoEquipo, useSubirArchivosEquipo } from '../api/archivos';
import { SeccionSegunConsulta } from './seccion';

/** «Fotos y archivos» of an equipo: thumbnails, download, and (altaClientes) add and remove. */
export function ArchivosEquipo({ equipoId }: { equipoId: number }) {
  const archivos = useArchivosEquipo(equipoId);
  const administra = useTienePermiso('altaClientes');
  const subir = useSubirArchivosEquipo();
  const borrar = useBorrarArchivoEquipo();
  const elegir = useRef<HTMLInputElement>(null);

  async function descargar(a: Archivo) {
    try {
      guardarArchivo((await getContenido(a.url)).blob, a.nombre);
    } catch (e) {
      notificarError(e);
    }
  }

  return (
    <Tarjeta titulo="Fotos y archivos" testId="equipo-archivos">
      {administra && (
        <div className="equipo-acciones">
          <IonButton
            fill="outline"
            size="small"
            disabled={subir.isPending}
            onClick={() => elegir.current?.click()}
            data-testid="equipo-archivos-agregar"
          >
            <IonIcon slot="start" icon={folderOpenOutline} aria-hidden="true" />
            {subir.isPending ? 'Subiendo…' : 'Agregar archivos'}
          </IonButton>
          <EntradaArchivos
            ref={elegir}
            testId="equipo-archivos-input"
            onChange={(e) => {
              const lista = [...(e.target.files ?? [])];
              e.target.value = '';
              if (lista.length > 0) subir.mutate({ id: equipoId, archivos: lista });
            }}
          />
          <span className="equipo-ayuda">{QUE_SE_ADJUNTA}</span>
        </div>
      )}
      <FalloDeAccion accion={subir} titulo="No se subieron los archivos." testId="equipo-archivos-error" />
      <SeccionSegunConsulta
        consulta={archivos}
        filas={2}
        fallo="No se pudieron cargar los archivos."
        vacio="El equipo no tiene fotos ni archivos."
        estaVacia={(lista) => lista.length === 0}
      >
        {(lista) => (
          <ul className="equipo-archivos" aria-label="Archivos del equipo">
            {lista.map((a) => (
              <li key={a.id} className="equipo-archivo" data-testid={`equipo-archivo-${a.id}`}>
                <span className="equipo-archivo__vista">
                  <Miniatura dueno={`equipo-${equipoId}`} archivo={a} />
                </span>
                <span className="equipo-archivo__nombre" title={a.nombre}>
                  {a.nombre}
                </span>
                <span className="equipo-ayuda">{formatoTamanio(a.tamanio)}</span>
                <IonButton
                  size="small"
                  fill="clear"
                  onClick={() => void descargar(a)}
                  aria-label={`Descargar ${a.nombre}`}
                >
                  <IonIcon slot="icon-only" icon={cloudDownloadOutline} aria-hidden="true" />
                </IonButton>
                {administra && (
                  <BotonPeligroso
                    icono={trashOutline}
                    testId={`equipo-archivo-quitar-${a.id}`}
                    pregunta={{ titulo: 'Quitar archivo', mensaje: `Se quitará ${a.nombre} del equipo.` }}
                    alConfirmar={() => borrar.mutate({ id: equipoId, archivoId: a.id })}
                  >
                    Quitar
                  </BotonPeligroso>
                )}
              </li>
            ))}
          </ul>
        )}
      </SeccionSegunConsulta>
    </Tarjeta>
  );
}
