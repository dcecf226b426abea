import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TarjetaDeConsulta } from './tarjeta-de-consulta';

function tarjeta(consulta: { data: string | undefined; isError: boolean; refetch: () => unknown }) {
  return render(
    <TarjetaDeConsulta
      titulo="WhatsApp"
      subtitulo="Avisos"
      clase="whatsapp"
      testId="tarjeta"
      consulta={consulta}
      fallo="No se pudo leer."
      claseCargando="cargando"
    >
      {(datos) => <span data-testid="datos">{datos}</span>}
    </TarjetaDeConsulta>,
  );
}

describe('TarjetaDeConsulta', () => {
  it('shows its title and, once the query answered, its content', () => {
    tarjeta({ data: '+54 9 11', isError: false, refetch: vi.fn() });
    expect(screen.getByTestId('tarjeta')).toHaveClass('delego-card', 'whatsapp');
    expect(screen.getByText('WhatsApp')).toBeInTheDocument();
    expect(screen.getByTestId('datos')).toHaveTextContent('+54 9 11');
  });

  it('while loading says so', () => {
    tarjeta({ data: undefined, isError: false, refetch: vi.fn() });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.getByRole('status')).toHaveClass('cargando');
  });

  it('a failure offers to retry', () => {
    const refetch = vi.fn();
    tarjeta({ data: undefined, isError: true, refetch });
    expect(screen.getByTestId('tarjeta-error')).toHaveTextContent('No se pudo leer.');
    fireEvent.click(screen.getByText('Reintentar'));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
