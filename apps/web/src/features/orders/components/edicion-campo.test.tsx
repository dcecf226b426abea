import { LIMITES_ORDEN } from '@delego/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSupervisor } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { makeOrdenDetalle } from '../../../test/ordenes';
import { simularServidor } from '../../../test/servidor';
import { FormularioCampo } from './edicion-campo';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function escribir(testId: string, texto: string) {
  fireEvent(screen.getByTestId(testId), new CustomEvent('ionInput', { detail: { value: texto } }));
}

describe('edicion-detalle: a detail longer than the limit', () => {
  it('is kept whole, counted, said and refused; nothing is sent', async () => {
    const llamadas = simularServidor({});
    const orden = makeOrdenDetalle({ detalle: 'Revisar tablero' });
    renderConApp(<FormularioCampo orden={orden} campo="detalle" />, {
      usuario: makeSupervisor(),
      ruta: `/edicion-detalle?id=${orden.id}`,
    });
    const campo = screen.getByTestId('edicion-detalle');
    // Nothing cuts what is typed or pasted (a maxlength would drop the excess silently).
    expect(campo).not.toHaveAttribute('maxlength');
    expect(screen.getByTestId('contador-caracteres')).toHaveTextContent('15 / 20.000');

    const pegado = 'x'.repeat(LIMITES_ORDEN.detalle + 1);
    escribir('edicion-detalle', pegado);
    await waitFor(() => expect(campo).toHaveProperty('value', pegado));
    expect(campo).toHaveProperty('errorText', 'Máximo 20.000 caracteres.');
    expect(campo).toHaveClass('ion-invalid');
    expect(screen.getByTestId('contador-caracteres')).toHaveTextContent('20.001 / 20.000');

    fireEvent.submit(screen.getByRole('form', { name: 'Editar detalle' }));
    await new Promise((listo) => setTimeout(listo, 50));
    expect(llamadas.filter((l) => l.metodo === 'POST')).toEqual([]);

    // Back within the limit: the error goes away.
    escribir('edicion-detalle', pegado.slice(1));
    await waitFor(() => expect(campo).toHaveProperty('errorText', undefined));
  });
});
