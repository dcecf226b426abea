import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BotonGuardar } from './botones-formulario';

describe('BotonGuardar', () => {
  it('submits its form by default', () => {
    render(<BotonGuardar ocupado={false} testId="guardar" />);
    expect(screen.getByTestId('guardar')).toHaveProperty('type', 'submit');
    expect(screen.getByTestId('guardar')).toHaveTextContent('Guardar');
  });

  it('with alTocar, saves on its own (no submit); while saving, says so and is off', () => {
    const alTocar = vi.fn();
    const { rerender } = render(<BotonGuardar ocupado={false} texto="Guardar logo" alTocar={alTocar} testId="logo" />);
    expect(screen.getByTestId('logo')).toHaveProperty('type', 'button');
    fireEvent.click(screen.getByTestId('logo'));
    expect(alTocar).toHaveBeenCalledOnce();
    rerender(<BotonGuardar ocupado texto="Guardar logo" textoOcupado="Subiendo…" alTocar={alTocar} testId="logo" />);
    expect(screen.getByTestId('logo')).toHaveTextContent('Subiendo…');
    expect(screen.getByTestId('logo')).toHaveProperty('disabled', true);
  });
});
