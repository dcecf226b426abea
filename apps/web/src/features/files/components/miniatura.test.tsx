import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simularObjectUrl } from '../test-utils';
import { VistaLocal } from './miniatura';

describe('VistaLocal', () => {
  it('shows an image kept on this device as its thumbnail, from an object URL', () => {
    const { crear } = simularObjectUrl();
    const foto = new Blob(['jpg'], { type: 'image/jpeg' });
    const { container } = render(<VistaLocal datos={foto} nombre="bomba.jpg" tipo="image/jpeg" testId="vista" />);
    const img = screen.getByTestId('vista');
    expect(img).toHaveAttribute('alt', 'Miniatura de bomba.jpg');
    expect(img).toHaveAttribute('src', 'blob:prueba/1');
    expect(crear).toHaveBeenCalledWith(foto);
    expect(container.querySelector('.archivo__vista .archivo-icono')).toBeNull();
  });

  it("shows any other file as its type's icon, without an object URL", () => {
    const { crear } = simularObjectUrl();
    const pdf = new Blob(['pdf'], { type: 'application/pdf' });
    const { container } = render(<VistaLocal datos={pdf} nombre="informe.pdf" tipo="application/pdf" testId="vista" />);
    expect(screen.queryByTestId('vista')).toBeNull();
    expect(container.querySelector('.archivo__vista .archivo-icono')).not.toBeNull();
    expect(crear).not.toHaveBeenCalled();
  });
});
