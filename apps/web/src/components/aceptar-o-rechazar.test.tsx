import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AceptarORechazar } from './aceptar-o-rechazar';

describe('AceptarORechazar', () => {
  const aceptar = { texto: 'Aceptar la orden', ocupado: 'Aceptando…' };

  it('accepts, or asks to reject, under its test ids', () => {
    const alAceptar = vi.fn();
    const alRechazar = vi.fn();
    render(
      <AceptarORechazar
        clase="fila"
        aceptar={aceptar}
        ocupado={false}
        alAceptar={alAceptar}
        alRechazar={alRechazar}
        testId="x"
      />,
    );
    fireEvent.click(screen.getByTestId('x-aceptar'));
    fireEvent.click(screen.getByTestId('x-rechazar'));
    expect(alAceptar).toHaveBeenCalledOnce();
    expect(alRechazar).toHaveBeenCalledOnce();
    expect(screen.getByTestId('x-aceptar')).toHaveTextContent('Aceptar la orden');
    expect(screen.getByTestId('x-rechazar')).toHaveTextContent('Rechazar');
  });

  it('while a rejection is on its way, both are off but accepting keeps its text', () => {
    render(
      <AceptarORechazar
        clase="fila"
        aceptar={aceptar}
        ocupado
        aceptando={false}
        alAceptar={() => {}}
        alRechazar={() => {}}
        grande
        testId="x"
      />,
    );
    expect(screen.getByTestId('x-aceptar')).toHaveTextContent('Aceptar la orden');
    expect(screen.getByTestId('x-aceptar')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('x-rechazar')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('x-aceptar')).toHaveProperty('size', 'large');
  });
});
