import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CampoConLimite, errorDeLargo, mensajeMaximo, textoContador } from './campo-con-limite';

describe('length limits of text fields', () => {
  it("says the limit with Spanish thousands: 'Máximo 20.000 caracteres.'", () => {
    expect(mensajeMaximo(20_000)).toBe('Máximo 20.000 caracteres.');
    expect(mensajeMaximo(200)).toBe('Máximo 200 caracteres.');
  });

  it('an error only past the limit, counted as the contract counts', () => {
    expect(errorDeLargo('x'.repeat(200), 200)).toBeUndefined();
    expect(errorDeLargo('x'.repeat(201), 200)).toBe('Máximo 200 caracteres.');
    expect(errorDeLargo('', 200)).toBeUndefined();
    expect(errorDeLargo(null, 200)).toBeUndefined();
  });

  it('long fields always show their counter; short ones from 80 % of the limit', () => {
    expect(textoContador(0, 5000)).toBe('0 / 5.000');
    expect(textoContador(1234, 5000)).toBe('1.234 / 5.000');
    expect(textoContador(159, 200)).toBeNull();
    expect(textoContador(160, 200)).toBe('160 / 200');
    expect(textoContador(205, 200)).toBe('205 / 200');
  });

  it('renders the field with its counter below, marked once over the limit', () => {
    const { rerender } = render(
      <CampoConLimite valor={'a'.repeat(1234)} max={5000}>
        <textarea aria-label="Detalle" />
      </CampoConLimite>,
    );
    expect(screen.getByRole('textbox', { name: 'Detalle' })).toBeInTheDocument();
    const contador = screen.getByTestId('contador-caracteres');
    expect(contador).toHaveTextContent('1.234 / 5.000');
    expect(contador).not.toHaveClass('delego-campo-limite__contador--excedido');

    rerender(
      <CampoConLimite valor={'a'.repeat(5001)} max={5000}>
        <textarea aria-label="Detalle" />
      </CampoConLimite>,
    );
    expect(screen.getByTestId('contador-caracteres')).toHaveTextContent('5.001 / 5.000');
    expect(screen.getByTestId('contador-caracteres')).toHaveClass('delego-campo-limite__contador--excedido');
  });

  it('a short field far from its limit shows no counter', () => {
    render(
      <CampoConLimite valor="Ana" max={100}>
        <input aria-label="Nombre" />
      </CampoConLimite>,
    );
    expect(screen.queryByTestId('contador-caracteres')).not.toBeInTheDocument();
  });
});
