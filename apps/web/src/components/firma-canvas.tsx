import { IonButton } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { hayFirma, problemaDeFirma, puntoEnCanvas, type Punto, type Trazo } from '../lib/firma';
import './firma-canvas.css';

interface Props {
  /** What the box is for, read by screen readers and shown above it («Firma del cliente»). */
  etiqueta: string;
  /** The signature as a PNG data URL, once it passed the checks. */
  alAceptar: (dataUrl: string) => void;
  /** Whether there is ink not yet accepted (at the start, and on each change): unsaved work for the form. */
  alTrazar?: (hayTrazos: boolean) => void;
  /** Disables drawing and both buttons (while the signature is being sent). */
  deshabilitada?: boolean;
  /** Prefix of the test ids (`<testId>-canvas`, `<testId>-borrar`, `<testId>-aceptar`). */
  testId?: string;
}

const ANCHO = 600;
const ALTO = 240;

function dibujar(ctx: CanvasRenderingContext2D, trazos: readonly Trazo[]) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, ANCHO, ALTO);
  ctx.strokeStyle = '#111111';
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const trazo of trazos) {
    const [primero, ...resto] = trazo;
    if (!primero) continue;
    ctx.beginPath();
    ctx.moveTo(primero.x, primero.y);
    if (resto.length === 0) ctx.lineTo(primero.x + 0.1, primero.y + 0.1);
    for (const p of resto) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
}

/**
 * A finger signature (issue 31): drawn with pointer events, so touch, pen and mouse all work;
 * «Borrar» starts again and «Aceptar» hands the PNG to the screen. The strokes are kept apart from
 * the canvas, so a redraw (a resize, «Borrar») never loses or duplicates ink.
 */
export function FirmaCanvas({ etiqueta, alAceptar, alTrazar, deshabilitada = false, testId = 'firma' }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [trazos, setTrazos] = useState<Trazo[]>([]);
  const actual = useRef<Punto[] | null>(null);
  const [problema, setProblema] = useState<string | null>(null);
  const hayTrazos = trazos.length > 0;
  useEffect(() => alTrazar?.(hayTrazos), [alTrazar, hayTrazos]);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) dibujar(ctx, trazos);
  }, [trazos]);

  function punto(e: React.PointerEvent<HTMLCanvasElement>): Punto {
    const c = e.currentTarget;
    return puntoEnCanvas(e, c.getBoundingClientRect(), c);
  }

  function alBajar(e: React.PointerEvent<HTMLCanvasElement>) {
    if (deshabilitada) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    actual.current = [punto(e)];
    setProblema(null);
  }

  function alMover(e: React.PointerEvent<HTMLCanvasElement>) {
    const trazo = actual.current;
    if (!trazo) return;
    e.preventDefault();
    const p = punto(e);
    const anterior = trazo[trazo.length - 1];
    trazo.push(p);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx && anterior) {
      ctx.strokeStyle = '#111111';
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(anterior.x, anterior.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
  }

  function alSubir() {
    const trazo = actual.current;
    actual.current = null;
    if (trazo) setTrazos((t) => [...t, trazo]);
  }

  function aceptar() {
    const c = canvas.current;
    let dataUrl: string | null = null;
    if (c && hayFirma(trazos)) {
      try {
        dataUrl = c.toDataURL('image/png');
      } catch {
        dataUrl = null;
      }
    }
    const error = problemaDeFirma(trazos, dataUrl);
    setProblema(error);
    if (error === null && dataUrl !== null) alAceptar(dataUrl);
  }

  return (
    <div className="firma-canvas">
      <p className="firma-canvas__etiqueta" id={`${testId}-etiqueta`}>
        {etiqueta}
      </p>
      <canvas
        ref={canvas}
        width={ANCHO}
        height={ALTO}
        className="firma-canvas__lienzo"
        role="img"
        aria-labelledby={`${testId}-etiqueta`}
        aria-describedby={`${testId}-ayuda`}
        onPointerDown={alBajar}
        onPointerMove={alMover}
        onPointerUp={alSubir}
        onPointerCancel={alSubir}
        onPointerLeave={alSubir}
        data-testid={`${testId}-canvas`}
        data-trazos={trazos.length}
      />
      <p className="firma-canvas__ayuda" id={`${testId}-ayuda`}>
        Firme con el dedo o el mouse dentro del recuadro.
      </p>
      {problema && (
        <p className="firma-canvas__error" role="alert" data-testid={`${testId}-error`}>
          {problema}
        </p>
      )}
      <div className="firma-canvas__botones">
        <IonButton
          fill="outline"
          color="medium"
          disabled={deshabilitada || trazos.length === 0}
          onClick={() => {
            setTrazos([]);
            setProblema(null);
          }}
          data-testid={`${testId}-borrar`}
        >
          Borrar
        </IonButton>
        <IonButton disabled={deshabilitada} onClick={aceptar} data-testid={`${testId}-aceptar`}>
          Aceptar
        </IonButton>
      </div>
    </div>
  );
}
