import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import {
  PASO_ZOOM,
  VISTA_INICIAL,
  direccionDeslizamiento,
  escalaConRueda,
  escalaDobleToque,
  limitarDesplazamiento,
  zoomEnPunto,
  type Caja,
  type Vista,
} from '../model/visor';

type Punto = { x: number; y: number };

type Gesto =
  | { tipo: 'arrastre'; inicio: Punto; vista: Vista; movido: boolean }
  | { tipo: 'pellizco'; distancia: number; vista: Vista; centro: Punto };

const DOBLE_TOQUE_MS = 300;

function distancia(a: Punto, b: Punto): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export interface GestosVisor {
  vista: Vista;
  /** Horizontal offset while a finger drags the fitted image (a swipe in progress). */
  desliz: number;
  /** A gesture is under way: no CSS transition, the image follows the finger. */
  activo: boolean;
  acercar: () => void;
  alejar: () => void;
  restablecer: () => void;
  handlers: {
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => void;
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => void;
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => void;
    onPointerCancel: (e: ReactPointerEvent<HTMLElement>) => void;
    onDoubleClick: (e: { clientX: number; clientY: number }) => void;
  };
}

/**
 * Zoom and swipe on the viewer's canvas: pinch with two fingers, wheel, double tap (or double
 * click) and the buttons zoom; one finger (or the mouse) pans the zoomed image, and on the fitted
 * image a sideways drag is a swipe to the next (`onDeslizar(1)`) or previous (`-1`) image.
 */
export function useGestosVisor(
  lienzo: RefObject<HTMLElement | null>,
  onDeslizar: (direccion: -1 | 1) => void,
): GestosVisor {
  const [vista, setVista] = useState<Vista>(VISTA_INICIAL);
  const [desliz, setDesliz] = useState(0);
  const [activo, setActivo] = useState(false);
  const punteros = useRef(new Map<number, Punto>());
  const gesto = useRef<Gesto | null>(null);
  const ultimoToque = useRef<{ t: number; p: Punto } | null>(null);
  const ultimoTipo = useRef('mouse');
  const vistaRef = useRef(vista);
  useEffect(() => {
    vistaRef.current = vista;
  }, [vista]);

  const caja = useCallback((): Caja & { izquierda: number; arriba: number } => {
    const r = lienzo.current?.getBoundingClientRect();
    return { ancho: r?.width ?? 0, alto: r?.height ?? 0, izquierda: r?.left ?? 0, arriba: r?.top ?? 0 };
  }, [lienzo]);

  /** A point of the screen relative to the canvas' centre. */
  const relativo = useCallback(
    (p: Punto): Punto => {
      const c = caja();
      return { x: p.x - c.izquierda - c.ancho / 2, y: p.y - c.arriba - c.alto / 2 };
    },
    [caja],
  );

  /** Zooms to the scale `escala` gives for the current view, keeping `punto` still. */
  const zoomA = useCallback(
    (escala: (actual: number) => number, punto?: Punto) =>
      setVista((v) => zoomEnPunto(v, escala(v.escala), caja(), punto)),
    [caja],
  );

  // The wheel: a listener that is not passive, so the page does not scroll meanwhile.
  useEffect(() => {
    const el = lienzo.current;
    if (!el) return undefined;
    const alGirar = (e: WheelEvent) => {
      e.preventDefault();
      const punto = relativo({ x: e.clientX, y: e.clientY });
      setVista((v) => zoomEnPunto(v, escalaConRueda(v.escala, e.deltaY), caja(), punto));
    };
    el.addEventListener('wheel', alGirar, { passive: false });
    return () => el.removeEventListener('wheel', alGirar);
  }, [lienzo, relativo, caja]);

  const terminar = useCallback(() => {
    gesto.current = null;
    setActivo(false);
    setDesliz(0);
  }, []);

  const onPointerDown = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    ultimoTipo.current = e.pointerType;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    try {
      // The drag goes on even if the finger leaves the canvas.
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the gesture works without capture.
    }
    punteros.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...punteros.current.values()];
    if (a && b) {
      gesto.current = {
        tipo: 'pellizco',
        distancia: Math.max(1, distancia(a, b)),
        vista: vistaRef.current,
        centro: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      };
      setDesliz(0);
    } else {
      gesto.current = {
        tipo: 'arrastre',
        inicio: { x: e.clientX, y: e.clientY },
        vista: vistaRef.current,
        movido: false,
      };
    }
    setActivo(true);
  }, []);

  const onPointerMove = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      if (!punteros.current.has(e.pointerId)) return;
      punteros.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const g = gesto.current;
      if (!g) return;
      if (g.tipo === 'pellizco') {
        const [a, b] = [...punteros.current.values()];
        if (!a || !b) return;
        const escala = (g.vista.escala * distancia(a, b)) / g.distancia;
        setVista(zoomEnPunto(g.vista, escala, caja(), relativo(g.centro)));
        return;
      }
      const dx = e.clientX - g.inicio.x;
      const dy = e.clientY - g.inicio.y;
      if (Math.hypot(dx, dy) > 8) g.movido = true;
      if (g.vista.escala > 1)
        setVista(limitarDesplazamiento({ ...g.vista, x: g.vista.x + dx, y: g.vista.y + dy }, caja()));
      else setDesliz(dx);
    },
    [caja, relativo],
  );

  const alSoltar = useCallback(
    (e: ReactPointerEvent<HTMLElement>, cancelado: boolean) => {
      if (!punteros.current.delete(e.pointerId)) return;
      const g = gesto.current;
      if (g?.tipo === 'pellizco') {
        // One finger left: the other starts nothing until it is lifted too.
        if (punteros.current.size === 0) terminar();
        else gesto.current = null;
        return;
      }
      if (g?.tipo === 'arrastre' && !cancelado) {
        const dx = e.clientX - g.inicio.x;
        const dy = e.clientY - g.inicio.y;
        if (g.vista.escala <= 1 && g.movido) {
          const direccion = direccionDeslizamiento(dx, dy);
          if (direccion !== 0) onDeslizar(direccion);
        } else if (!g.movido && e.pointerType !== 'mouse') {
          // A tap: two in a row, close together, zoom in there (or back out).
          const ahora = Date.now();
          const p = { x: e.clientX, y: e.clientY };
          const previo = ultimoToque.current;
          if (previo && ahora - previo.t < DOBLE_TOQUE_MS && distancia(previo.p, p) < 30) {
            ultimoToque.current = null;
            zoomA(escalaDobleToque, relativo(p));
          } else {
            ultimoToque.current = { t: ahora, p };
          }
        }
      }
      if (punteros.current.size === 0) terminar();
    },
    [onDeslizar, relativo, terminar, zoomA],
  );

  const restablecer = useCallback(() => {
    setVista(VISTA_INICIAL);
    setDesliz(0);
  }, []);

  return {
    vista,
    desliz,
    activo,
    acercar: useCallback(() => zoomA((e) => e * PASO_ZOOM), [zoomA]),
    alejar: useCallback(() => zoomA((e) => e / PASO_ZOOM), [zoomA]),
    restablecer,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: useCallback((e: ReactPointerEvent<HTMLElement>) => alSoltar(e, false), [alSoltar]),
      onPointerCancel: useCallback((e: ReactPointerEvent<HTMLElement>) => alSoltar(e, true), [alSoltar]),
      onDoubleClick: useCallback(
        (e: { clientX: number; clientY: number }) => {
          // Fingers double-tap through the pointer events; the browser's dblclick is for the mouse.
          if (ultimoTipo.current !== 'mouse') return;
          zoomA(escalaDobleToque, relativo({ x: e.clientX, y: e.clientY }));
        },
        [zoomA, relativo],
      ),
    },
  };
}
