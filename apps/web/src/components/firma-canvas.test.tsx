import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FirmaCanvas } from './firma-canvas';

/** jsdom has no canvas: a 2D context that only records calls, and a fixed PNG. */
function conLienzoFalso() {
  const ctx = {
    fillRect: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 600,
    height: 240,
  } as DOMRect);
  return ctx;
}

function trazar(canvas: HTMLElement, desde: [number, number], hasta: [number, number]) {
  fireEvent.pointerDown(canvas, { clientX: desde[0], clientY: desde[1], pointerId: 1 });
  fireEvent.pointerMove(canvas, {
    clientX: (desde[0] + hasta[0]) / 2,
    clientY: (desde[1] + hasta[1]) / 2,
    pointerId: 1,
  });
  fireEvent.pointerMove(canvas, { clientX: hasta[0], clientY: hasta[1], pointerId: 1 });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}

describe('FirmaCanvas', () => {
  it('no acepta un recuadro vacío y lo dice en español', () => {
    conLienzoFalso();
    const alAceptar = vi.fn();
    render(<FirmaCanvas etiqueta="Firma del cliente" alAceptar={alAceptar} />);
    fireEvent.click(screen.getByTestId('firma-aceptar'));
    expect(alAceptar).not.toHaveBeenCalled();
    expect(screen.getByTestId('firma-error')).toHaveTextContent('Firme dentro del recuadro antes de aceptar.');
  });

  it('entrega la firma dibujada como PNG', () => {
    const ctx = conLienzoFalso();
    const alAceptar = vi.fn();
    render(<FirmaCanvas etiqueta="Firma del cliente" alAceptar={alAceptar} />);
    const canvas = screen.getByTestId('firma-canvas');
    trazar(canvas, [10, 10], [200, 100]);
    expect(ctx.lineTo).toHaveBeenCalled();
    expect(canvas).toHaveAttribute('data-trazos', '1');
    fireEvent.click(screen.getByTestId('firma-aceptar'));
    expect(alAceptar).toHaveBeenCalledWith('data:image/png;base64,iVBORw0KGgo=');
  });

  it('«Borrar» empieza de nuevo', () => {
    conLienzoFalso();
    const alAceptar = vi.fn();
    render(<FirmaCanvas etiqueta="Firma del cliente" alAceptar={alAceptar} />);
    const canvas = screen.getByTestId('firma-canvas');
    trazar(canvas, [10, 10], [200, 100]);
    fireEvent.click(screen.getByTestId('firma-borrar'));
    expect(canvas).toHaveAttribute('data-trazos', '0');
    fireEvent.click(screen.getByTestId('firma-aceptar'));
    expect(alAceptar).not.toHaveBeenCalled();
  });
});
