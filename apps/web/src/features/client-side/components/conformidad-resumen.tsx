import { LIMITES_CONFORMIDAD, MENSAJES_CONFORMIDAD, type ConformidadPublica } from '@delego/contract';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useResponderConformidad } from '../api/responder-conformidad';
import { formatoFechaHora } from '../model/fechas';
import { TextoDelCliente } from './texto-del-cliente';
import { SeccionResumen } from './seccion-resumen';

/** How the page says the current conformity, in one sentence. */
export function textoConformidad(c: ConformidadPublica, zona: string): string | null {
  if (c.estado === 'conforme') {
    if (c.remota?.conforme) return `Usted indicó «Conforme» el ${formatoFechaHora(c.remota.fecha, zona)}.`;
    if (c.firma) return `Firmó la conformidad ${c.firma.nombre} el ${formatoFechaHora(c.firma.fecha, zona)}.`;
    return 'Conforme.';
  }
  if (c.estado === 'no_conforme' && c.remota) {
    return `Usted indicó «No conforme» el ${formatoFechaHora(c.remota.fecha, zona)}.`;
  }
  return null;
}

/**
 * The client's conformity from the public summary (issue 31): «Conforme», or «No conforme» with a
 * required reason (which reopens a finished order and tells its responsables). The reason is sent
 * as text and shown back as text.
 */
export function ConformidadResumen({ k, c, zona }: { k: string; c: ConformidadPublica; zona: string }) {
  const responder = useResponderConformidad();
  const [noConforme, setNoConforme] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<string | null>(null);
  const actual = textoConformidad(c, zona);

  /** «No conforme» asks why before it is sent; Cancelar goes back to the two answers. */
  function pedirMotivo(si: boolean) {
    setNoConforme(si);
    setError(null);
  }

  function enviar(conforme: boolean) {
    setError(null);
    const texto = motivo.trim();
    if (!conforme && !texto) {
      setError(MENSAJES_CONFORMIDAD.motivoObligatorio);
      return;
    }
    if (texto.length > LIMITES_CONFORMIDAD.motivo) {
      setError(MENSAJES_CONFORMIDAD.motivoLargo);
      return;
    }
    responder.mutate(
      { k, conforme, ...(conforme ? {} : { motivo: texto }) },
      {
        onSuccess: (r) => {
          setHecho(r.mensaje);
          setNoConforme(false);
          setMotivo('');
        },
        onError: (e) => setError(e instanceof ApiError && e.status === 400 ? e.message : mensajeDeError(e)),
      },
    );
  }

  return (
    <SeccionResumen
      id="resumen-conformidad"
      titulo="Conformidad con el trabajo"
      clase="resumen__facturacion"
      testId="resumen-conformidad"
    >
      {actual && <p data-testid="conformidad-actual">{actual}</p>}
      {c.estado === 'no_conforme' && c.remota?.motivo && (
        <p className="resumen__motivo" data-testid="conformidad-motivo">
          Motivo: {c.remota.motivo}
        </p>
      )}
      {hecho && (
        <p role="status" data-testid="conformidad-hecha">
          {hecho}
        </p>
      )}
      {c.puedeResponder && (
        <>
          {!noConforme ? (
            <div className="resumen__puntajes">
              <IonButton
                color="success"
                disabled={responder.isPending}
                onClick={() => enviar(true)}
                data-testid="conformidad-conforme"
              >
                Conforme
              </IonButton>
              <IonButton
                color="danger"
                fill="outline"
                disabled={responder.isPending}
                onClick={() => pedirMotivo(true)}
                data-testid="conformidad-no-conforme"
              >
                No conforme
              </IonButton>
            </div>
          ) : (
            <>
              <TextoDelCliente
                label="Motivo (obligatorio)"
                valor={motivo}
                alCambiar={setMotivo}
                max={LIMITES_CONFORMIDAD.motivo}
                contador
                testId="conformidad-motivo-campo"
              />
              <div className="resumen__puntajes">
                <IonButton
                  fill="outline"
                  color="medium"
                  disabled={responder.isPending}
                  onClick={() => pedirMotivo(false)}
                >
                  Cancelar
                </IonButton>
                <IonButton
                  color="danger"
                  disabled={responder.isPending}
                  onClick={() => enviar(false)}
                  data-testid="conformidad-enviar-no-conforme"
                >
                  Enviar «No conforme»
                </IonButton>
              </div>
            </>
          )}
        </>
      )}
      {error && (
        <p className="resumen__error" role="alert" data-testid="conformidad-error">
          {error}
        </p>
      )}
    </SeccionResumen>
  );
}
