import { IonButton, IonIcon } from '@ionic/react';
import { cameraOutline, closeOutline, folderOpenOutline } from 'ionicons/icons';
import { useRef, useState } from 'react';
import { BotonIcono } from '../../../components/boton-icono';
import { tieneCamara } from '../../../lib/nativo/plataforma';
import type { Adjunto, Adjuntos } from '../hooks/use-adjuntos';
import { formatoTamanio } from '../model/archivos';
import { EntradaArchivos, QUE_SE_ADJUNTA } from './entrada-archivos';
import { ArchivoLocal } from './miniatura';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo';
import './papeleo.css';
import { manejadoresDeEleccion } from '../hooks/elegir-archivos';

/**
 * «Adjuntar fotos o archivos» in the new order's form (issue 36): the phone's camera («Tomar
 * foto», lib/nativo/camara.ts) or several files, each with its thumbnail from the device and
 * «Quitar» until the order is saved. The rules are the files screen's (the contract's kinds and
 * size per file); a refused file says why and is not sent.
 */
export function CampoAdjuntos({ adjuntos, disabled = false }: { adjuntos: Adjuntos; disabled?: boolean }) {
  const elegir = useRef<HTMLInputElement>(null);
  const [conCamara] = useState(tieneCamara);

  const { alElegir, alTomarFoto } = manejadoresDeEleccion((archivos) => adjuntos.agregar(archivos));

  return (
    <SeccionConTitulo
      id="adjuntos-orden-titulo"
      titulo="Adjuntar fotos o archivos"
      clase="delego-card ordenes-formulario__tarjeta adjuntos-orden"
      claseTitulo="adjuntos-orden__titulo"
      testId="orden-form-adjuntos"
    >
      <div className="archivos-agregar__botones">
        {conCamara && (
          <IonButton onClick={alTomarFoto} disabled={disabled} data-testid="orden-form-camara">
            <IonIcon slot="start" icon={cameraOutline} aria-hidden="true" />
            Tomar foto
          </IonButton>
        )}
        <IonButton
          fill={conCamara ? 'outline' : 'solid'}
          onClick={() => elegir.current?.click()}
          disabled={disabled}
          data-testid="orden-form-elegir-archivos"
        >
          <IonIcon slot="start" icon={folderOpenOutline} aria-hidden="true" />
          Elegir archivos
        </IonButton>
      </div>
      <p className="archivos-agregar__ayuda">
        {QUE_SE_ADJUNTA} Se adjuntan al guardar la orden; sin conexión, se envían con ella al volver la conexión.
      </p>
      <EntradaArchivos ref={elegir} onChange={alElegir} testId="orden-form-archivos-input" />
      {adjuntos.adjuntos.length > 0 && (
        <ul
          className="archivos adjuntos-orden__lista"
          aria-label="Archivos para adjuntar"
          data-testid="orden-form-adjuntos-lista"
        >
          {adjuntos.adjuntos.map((a) => (
            <FilaAdjunto key={a.clave} adjunto={a} onQuitar={() => adjuntos.quitar(a.clave)} disabled={disabled} />
          ))}
        </ul>
      )}
    </SeccionConTitulo>
  );
}

function FilaAdjunto({ adjunto, onQuitar, disabled }: { adjunto: Adjunto; onQuitar: () => void; disabled: boolean }) {
  return (
    <li className="archivo" data-testid="orden-form-adjunto" data-estado={adjunto.estado}>
      <ArchivoLocal
        datos={adjunto.archivo}
        nombre={adjunto.nombre}
        tipo={adjunto.archivo?.type ?? ''}
        testIds={{ miniatura: 'orden-form-adjunto-miniatura', nombre: 'orden-form-adjunto-nombre' }}
      >
        <span className="archivo__meta">
          {adjunto.estado === 'preparando' ? 'Reduciendo la foto…' : formatoTamanio(adjunto.tamanio)}
        </span>
        {adjunto.estado === 'error' && (
          <span className="archivo__meta adjuntos-orden__error" role="alert">
            {adjunto.error}
          </span>
        )}
      </ArchivoLocal>
      <div className="archivo__acciones">
        <BotonIcono
          size="small"
          color="medium"
          icono={closeOutline}
          etiqueta={`Quitar ${adjunto.nombre}`}
          onClick={onQuitar}
          disabled={disabled}
          testId="orden-form-adjunto-quitar"
        />
      </div>
    </li>
  );
}
