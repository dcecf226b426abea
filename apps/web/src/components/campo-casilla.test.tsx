import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alternar } from '../test/ionic';
import { CampoCasilla } from './campos';

function campo(error?: string) {
  return { name: 'acepta', value: false, onChange: vi.fn(), error, disabled: false };
}

describe('CampoCasilla', () => {
  it('ticks through the form, its text after the box', () => {
    const props = campo();
    render(
      <CampoCasilla {...props} data-testid="acepta">
        <span>Acepto</span>
      </CampoCasilla>,
    );
    const casilla = screen.getByTestId('acepta');
    expect(casilla).toHaveProperty('checked', false);
    expect(casilla).toHaveProperty('labelPlacement', 'end');
    alternar(casilla, true);
    expect(props.onChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('alCambiar takes the change instead (a confirmation first)', () => {
    const props = campo();
    const alCambiar = vi.fn();
    render(
      <CampoCasilla {...props} alCambiar={alCambiar} data-testid="acepta">
        <span>Acepto</span>
      </CampoCasilla>,
    );
    alternar(screen.getByTestId('acepta'), true);
    expect(alCambiar).toHaveBeenCalledWith(true);
    expect(props.onChange).not.toHaveBeenCalled();
  });

  it('shows its message under it', () => {
    render(
      <CampoCasilla {...campo('Falta el consentimiento.')} claseMensaje="error" data-testid="acepta">
        <span>Acepto</span>
      </CampoCasilla>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Falta el consentimiento.');
    expect(screen.getByRole('alert')).toHaveClass('error');
  });
});
