import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CampoFecha } from './campo-fecha';

/** The field as a form holds it: the value lives in the parent. */
function Formulario({
  inicial = '',
  onChange = () => undefined,
  error,
}: {
  inicial?: string;
  onChange?: (v: string) => void;
  error?: string;
}) {
  const [valor, setValor] = useState(inicial);
  return (
    <CampoFecha
      label="Fecha de fin"
      value={valor}
      error={error}
      onChange={(v) => {
        setValor(v);
        onChange(v);
      }}
      data-testid="fin"
    />
  );
}

const campo = () => screen.getByTestId('fin');
const escribir = (texto: string) => fireEvent(campo(), new CustomEvent('ionInput', { detail: { value: texto } }));
const salir = () => fireEvent(campo(), new CustomEvent('ionBlur'));

describe('CampoFecha', () => {
  it('shows a saved day as dd/MM/yyyy, with its label, a hint and a calendar button', () => {
    render(<Formulario inicial="2026-12-02" />);
    expect(campo()).toMatchObject({
      value: '02/12/2026',
      label: 'Fecha de fin',
      type: 'text',
      inputmode: 'numeric',
      placeholder: 'dd/mm/aaaa',
    });
    expect(screen.getByLabelText('Elegir fecha de fin en el calendario')).toBeInTheDocument();
  });

  it('typing digits gives dd/MM/yyyy; a complete real date reaches the form as a day', () => {
    const onChange = vi.fn();
    render(<Formulario onChange={onChange} />);
    escribir('0212');
    expect(onChange).toHaveBeenLastCalledWith('02/12');
    expect(campo()).toMatchObject({ value: '02/12' });
    escribir('02/12/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-02');
    expect(campo()).toMatchObject({ value: '02/12/2026' });
    salir();
    expect(campo()).toMatchObject({ errorText: undefined });
    expect(campo()).not.toHaveClass('ion-invalid');
  });

  it('refuses 31/02/2026 in Spanish once the person leaves the field', () => {
    const onChange = vi.fn();
    render(<Formulario onChange={onChange} />);
    escribir('31022026');
    expect(onChange).toHaveBeenLastCalledWith('31/02/2026');
    expect(campo()).toMatchObject({ errorText: undefined });
    salir();
    expect(campo()).toMatchObject({ errorText: 'La fecha 31/02/2026 no es válida.' });
    expect(campo()).toHaveClass('ion-invalid', 'ion-touched');
  });

  it('an unfinished date asks for the format; emptying the field is fine', () => {
    const onChange = vi.fn();
    render(<Formulario onChange={onChange} />);
    escribir('021');
    salir();
    expect(campo()).toMatchObject({ errorText: 'Escriba la fecha como dd/mm/aaaa.' });
    escribir('');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(campo()).toMatchObject({ errorText: undefined });
  });

  it("the form's message wins over the field's own", () => {
    render(<Formulario inicial="2026-12-01" error="La fecha de fin no puede ser anterior a la fecha de inicio." />);
    expect(campo()).toMatchObject({ errorText: 'La fecha de fin no puede ser anterior a la fecha de inicio.' });
  });
});
