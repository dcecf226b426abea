import { IonIcon, IonProgressBar } from '@ionic/react';
import {
  alertCircle,
  checkmarkCircle,
  closeOutline,
  cloudOfflineOutline,
  cloudUploadOutline,
  imageOutline,
  timeOutline,
} from 'ionicons/icons';
import { BotonIcono } from '../../../components/boton-icono';
import type { Subida } from '../hooks/use-subidas';
import { formatoTamanio } from '../model/archivos';

function textoEstado(s: Subida): string {
  switch (s.estado) {
    case 'esperando':
      return 'En espera';
    case 'preparando':
      return 'Reduciendo la foto…';
    case 'subiendo':
      // Every byte went out: the server is checking and storing it.
      return s.progreso >= 1 ? 'Guardando…' : `Subiendo… ${Math.round(s.progreso * 100)} %`;
    case 'lista':
      return 'Adjuntado';
    case 'encolada':
      return 'Pendiente: se enviará al volver la conexión';
    case 'error':
      return s.error ?? 'No se pudo adjuntar.';
  }
}

const ICONO = {
  esperando: timeOutline,
  preparando: imageOutline,
  subiendo: cloudUploadOutline,
  lista: checkmarkCircle,
  encolada: cloudOfflineOutline,
  error: alertCircle,
} as const;
const COLOR = {
  esperando: 'medium',
  preparando: 'medium',
  subiendo: 'primary',
  lista: 'success',
  encolada: 'warning',
  error: 'danger',
} as const;

/** The files on their way: each with its state and progress; refused ones say why. */
export function ColaSubidas({ subidas, onQuitar }: { subidas: readonly Subida[]; onQuitar: (clave: number) => void }) {
  if (subidas.length === 0) return null;
  return (
    <ul className="subidas" aria-label="Archivos que se están adjuntando" data-testid="archivos-subidas">
      {subidas.map((s) => (
        <li key={s.clave} className={`subida subida--${s.estado}`} data-testid="archivos-subida" data-estado={s.estado}>
          <IonIcon icon={ICONO[s.estado]} color={COLOR[s.estado]} className="subida__icono" aria-hidden="true" />
          <div className="subida__datos">
            <span className="subida__nombre">
              {s.nombre} <span className="subida__tamanio">· {formatoTamanio(s.tamanio)}</span>
            </span>
            <span className="subida__estado" role={s.estado === 'error' ? 'alert' : undefined} aria-live="polite">
              {textoEstado(s)}
            </span>
            {s.estado === 'subiendo' && (
              <IonProgressBar
                value={s.progreso}
                type={s.progreso >= 1 ? 'indeterminate' : 'determinate'}
                className="subida__barra"
                aria-label={`Progreso de ${s.nombre}`}
              />
            )}
          </div>
          {s.estado !== 'lista' && s.estado !== 'encolada' && (
            <BotonIcono
              color="medium"
              size="small"
              icono={closeOutline}
              etiqueta={s.estado === 'error' ? `Descartar ${s.nombre}` : `Cancelar ${s.nombre}`}
              onClick={() => onQuitar(s.clave)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
