import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Grafico, graficoVacio } from './index';

describe('Grafico', () => {
  it('shows every figure in a table, with its series, formatted es-AR', () => {
    render(
      <Grafico
        titulo="Órdenes por mes"
        tipo="barras"
        etiquetas={['Enero', 'Febrero']}
        series={[
          { nombre: 'Creadas', valores: [1234, 5] },
          { nombre: 'Finalizadas', valores: [1000, 0] },
        ]}
      />,
    );
    const tabla = screen.getByRole('table', { name: 'Órdenes por mes' });
    const filas = within(tabla).getAllByRole('row');
    expect(filas.map((f) => f.textContent)).toEqual(['CategoríaCreadasFinalizadas', 'Enero1.2341.000', 'Febrero50']);
    expect(screen.getByRole('figure', { name: 'Órdenes por mes' })).toBeInTheDocument();
  });

  it('uses the given format for the figures', () => {
    render(
      <Grafico
        titulo="Resolución"
        tipo="lineas"
        etiquetas={['Semana 1']}
        series={[{ nombre: 'Horas', valores: [2.5] }]}
        formato={(v) => `${String(v).replace('.', ',')} h`}
      />,
    );
    expect(screen.getByRole('cell', { name: '2,5 h' })).toBeInTheDocument();
  });

  it('calls onSeleccion with the index of the label tapped in the table', async () => {
    const onSeleccion = vi.fn();
    render(
      <Grafico
        titulo="Por estado"
        tipo="dona"
        etiquetas={['Pendiente', 'En curso']}
        series={[{ nombre: 'Órdenes', valores: [3, 4] }]}
        onSeleccion={onSeleccion}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'En curso' }));
    expect(onSeleccion).toHaveBeenCalledWith(1);
  });

  it('says when there is nothing to draw', () => {
    render(<Grafico titulo="Vacío" tipo="barras" etiquetas={['A', 'B']} series={[{ nombre: 'N', valores: [0, 0] }]} />);
    expect(screen.getByText('Sin datos para este período.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('graficoVacio tells the callers the same (a hint to tap the chart makes no sense then)', () => {
    expect(graficoVacio({ etiquetas: [], series: [] })).toBe(true);
    expect(graficoVacio({ etiquetas: ['A', 'B'], series: [{ nombre: 'N', valores: [0, 0] }] })).toBe(true);
    expect(graficoVacio({ etiquetas: ['A', 'B'], series: [{ nombre: 'N', valores: [0, 3] }] })).toBe(false);
  });

  it('keeps labels as text, never HTML', () => {
    const { container } = render(
      <Grafico
        titulo="<b>t</b>"
        tipo="barras"
        etiquetas={['<img src=x onerror=alert(1)>']}
        series={[{ nombre: '<i>s</i>', valores: [1] }]}
      />,
    );
    expect(container.querySelector('img, b, i')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });
});
