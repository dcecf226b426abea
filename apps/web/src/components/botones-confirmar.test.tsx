import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BotonesConfirmar } from './botones-confirmar';

describe('BotonesConfirmar', () => {
  it('shows Cancelar and the action; Cancelar calls back', () => {
    const onCancelar = vi.fn();
    render(<BotonesConfirmar clase="fila" onCancelar={onCancelar} ocupado={false} texto="Agregar" testId="agregar" />);
    expect(screen.getByTestId('agregar')).toHaveTextContent('Agregar');
    expect(screen.getByTestId('agregar')).toHaveProperty('type', 'submit');
    fireEvent.click(screen.getByText('Cancelar'));
    expect(onCancelar).toHaveBeenCalledOnce();
  });

  it('while busy, says what it is doing and both buttons are off', () => {
    render(
      <BotonesConfirmar
        clase="fila"
        onCancelar={() => {}}
        ocupado
        texto="Rechazar solicitud"
        textoOcupado="Rechazando…"
        color="danger"
        testId="rechazar"
      />,
    );
    expect(screen.getByTestId('rechazar')).toHaveTextContent('Rechazando…');
    expect(screen.getByTestId('rechazar')).toHaveProperty('disabled', true);
    expect(screen.getByText('Cancelar').closest('ion-button')).toHaveProperty('disabled', true);
  });
});
