import { LIMITES_ENCUESTAS } from '@delego/contract';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { mensajeDeError } from '../../../lib/errors';
import { useResponderEncuesta } from '../api/responder-encuesta';
import { TextoDelCliente } from './texto-del-cliente';
import { SeccionResumen } from './seccion-resumen';

const PUNTAJES = [1, 2, 3, 4, 5] as const;

/**
 * The satisfaction survey the company sent for this order, answered from the summary: a rating
 * from 1 to 5 and an optional comment (issue 13's survey, through the summary's token).
 */
export function EncuestaResumen({ k }: { k: string }) {
  const responder = useResponderEncuesta();
  const [puntaje, setPuntaje] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const [hecho, setHecho] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (hecho) {
    return (
      <section className="resumen__facturacion" data-testid="encuesta-respondida">
        <p role="status">{hecho}</p>
      </section>
    );
  }
  return (
    <SeccionResumen
      id="resumen-encuesta"
      titulo="¿Cómo fue el trabajo?"
      clase="resumen__facturacion"
      testId="resumen-encuesta"
    >
      <div className="resumen__puntajes" role="radiogroup" aria-label="Puntaje de 1 a 5">
        {PUNTAJES.map((p) => (
          <IonButton
            key={p}
            role="radio"
            aria-checked={puntaje === p}
            fill={puntaje === p ? 'solid' : 'outline'}
            onClick={() => setPuntaje(p)}
            data-testid={`encuesta-puntaje-${p}`}
          >
            {p}
          </IonButton>
        ))}
      </div>
      <TextoDelCliente
        label="Comentario (opcional)"
        valor={comentario}
        alCambiar={setComentario}
        max={LIMITES_ENCUESTAS.comentario}
      />
      {error && (
        <p className="resumen__error" role="alert">
          {error}
        </p>
      )}
      <IonButton
        disabled={puntaje === null || responder.isPending}
        onClick={() =>
          puntaje !== null &&
          responder.mutate(
            { k, puntaje, ...(comentario.trim() ? { comentario: comentario.trim() } : {}) },
            { onSuccess: (r) => setHecho(r.mensaje), onError: (e) => setError(mensajeDeError(e)) },
          )
        }
        data-testid="encuesta-enviar"
      >
        Enviar
      </IonButton>
    </SeccionResumen>
  );
}
