import { ESTADOS, LIMITES_ORDEN, textoFechaHora } from '@delego/contract';
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useState } from 'react';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { corregirCambio, descartarCambio, procesarBandeja, quitarDanados, type Cambio } from '../../../lib/outbox';
import { useZonaEmpresa } from '../../../lib/zona-empresa';
import { useBandeja } from '../use-bandeja';
import './hoja-pendientes.css';

/**
 * The list of the outbox (loaded the first time it opens): what waits, what the server refused
 * (with its reason), and for each what can be done: fix a refused state change, send it again as
 * it was, or discard it (after confirming). Damaged entries are listed apart.
 */
export default function HojaPendientes({ alCerrar }: { alCerrar: () => void }) {
  return (
    <IonModal isOpen onDidDismiss={alCerrar} data-testid="bandeja-hoja">
      <ListaPendientes alCerrar={alCerrar} />
    </IonModal>
  );
}

function ListaPendientes({ alCerrar }: { alCerrar: () => void }) {
  const { cambios, danados, enviando } = useBandeja();
  const enLinea = navigator.onLine !== false;
  return (
    <>
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>Cambios pendientes</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={alCerrar}>Cerrar</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <p className="bandeja__explicacion">
          {enLinea
            ? 'Estos cambios se hicieron sin conexión y se envían en orden, una sola vez cada uno.'
            : 'Sin conexión: estos cambios se guardaron en el dispositivo y se enviarán al volver la conexión.'}
        </p>
        {danados.length > 0 && (
          <div className="bandeja__danados" role="alert">
            <p>
              {danados.length === 1
                ? 'Un cambio guardado en el dispositivo está dañado y no se puede enviar.'
                : `${danados.length} cambios guardados en el dispositivo están dañados y no se pueden enviar.`}
            </p>
            <IonButton size="small" fill="outline" onClick={() => void quitarDanados()}>
              Quitar los dañados
            </IonButton>
          </div>
        )}
        {cambios.length === 0 ? (
          <p>No hay cambios pendientes.</p>
        ) : (
          <ol className="bandeja__lista" data-testid="bandeja-lista">
            {cambios.map((c) => (
              <ItemCambio key={c.id} cambio={c} />
            ))}
          </ol>
        )}
        <IonButton
          expand="block"
          disabled={enviando || cambios.every((c) => c.estado !== 'pendiente')}
          onClick={() => void procesarBandeja()}
          data-testid="bandeja-enviar"
        >
          {enviando ? 'Enviando…' : 'Enviar ahora'}
        </IonButton>
      </IonContent>
    </>
  );
}

function ItemCambio({ cambio }: { cambio: Cambio }) {
  const [corrigiendo, setCorrigiendo] = useState(false);
  const rechazado = cambio.estado === 'rechazado';
  // On the company's clock, as every other time in the app (the order, its history, «datos de …»).
  const zona = useZonaEmpresa();

  return (
    <li className={`bandeja__item${rechazado ? ' bandeja__item--rechazado' : ''}`} data-testid="bandeja-item">
      <p className="bandeja__descripcion">{cambio.descripcion}</p>
      <p className="bandeja__meta">
        {textoFechaHora(cambio.creado, zona)} · {rechazado ? 'Rechazado por el servidor' : 'Pendiente de envío'}
        {!rechazado && cambio.intentos > 0 ? ` · ${cambio.intentos} intento${cambio.intentos === 1 ? '' : 's'}` : ''}
      </p>
      {rechazado && cambio.error && (
        <p className="bandeja__error" role="alert" data-testid="bandeja-error">
          {cambio.error.mensaje}
        </p>
      )}
      {corrigiendo && cambio.tipo === 'estado' ? (
        <CorreccionEstado cambio={cambio} alTerminar={() => setCorrigiendo(false)} />
      ) : (
        <div className="bandeja__acciones">
          {rechazado && cambio.tipo === 'estado' && (
            <IonButton size="small" onClick={() => setCorrigiendo(true)} data-testid="bandeja-corregir">
              Corregir
            </IonButton>
          )}
          {rechazado && (
            <IonButton size="small" fill="outline" onClick={() => void corregirCambio(cambio.id)}>
              Reintentar igual
            </IonButton>
          )}
          <BotonPeligroso
            pregunta={{ titulo: 'Descartar cambio', mensaje: `"${cambio.descripcion}" no se enviará y se perderá.` }}
            alConfirmar={() => descartarCambio(cambio.id)}
            testId="bandeja-descartar"
          >
            Descartar
          </BotonPeligroso>
        </div>
      )}
    </li>
  );
}

/** A refused state change, fixed: another state or comment, sent again as a new request. */
function CorreccionEstado({ cambio, alTerminar }: { cambio: Cambio; alTerminar: () => void }) {
  const original = cambio.cuerpo as { estado: number; comentarios: string };
  const [estado, setEstado] = useState(original.estado);
  const [comentarios, setComentarios] = useState(original.comentarios);
  const valido = comentarios.trim().length > 0 && comentarios.length <= LIMITES_ORDEN.comentario;
  const nombre = ESTADOS.find((e) => e.id === estado)?.nombre ?? String(estado);

  async function enviar() {
    await corregirCambio(cambio.id, {
      cuerpo: { estado, comentarios: comentarios.trim() },
      descripcion: cambio.descripcion.replace(/→ .*$/, `→ ${nombre}`),
    });
    alTerminar();
  }

  return (
    <form
      className="bandeja__correccion"
      onSubmit={(e) => {
        e.preventDefault();
        if (valido) void enviar();
      }}
      aria-label="Corregir el cambio de estado"
    >
      <label>
        Nuevo estado
        <select value={estado} onChange={(e) => setEstado(Number(e.target.value))} data-testid="bandeja-estado">
          {ESTADOS.map((e) => (
            <option key={e.id} value={e.id}>
              {e.nombre}
            </option>
          ))}
        </select>
      </label>
      <label>
        Comentario
        <textarea
          value={comentarios}
          maxLength={LIMITES_ORDEN.comentario}
          rows={3}
          onChange={(e) => setComentarios(e.target.value)}
          data-testid="bandeja-comentario"
        />
      </label>
      {!valido && <p className="bandeja__error">El comentario es obligatorio.</p>}
      <div className="bandeja__acciones">
        <IonButton size="small" type="submit" disabled={!valido} data-testid="bandeja-reenviar">
          Enviar corregido
        </IonButton>
        <IonButton size="small" fill="clear" onClick={alTerminar}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}
