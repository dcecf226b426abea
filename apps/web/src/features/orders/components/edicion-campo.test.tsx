import { LIMITES_ORDEN } from '@delego/contract';
import { onlineManager } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { escucharErrores } from '../../../lib/errors';
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

describe('edicion-titulo without a connection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('fails at once with the alert and keeps the text (it used to spin, paused until the connection came back)', async () => {
    const errores: unknown[] = [];
    const dejar = escucharErrores((e) => errores.push(e));
    const llamadas = simularServidor({ 'POST /api/v2/titulo/:id': () => Response.error() });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const orden = makeOrdenDetalle({ titulo: 'Revisar tablero' });
    renderConApp(<FormularioCampo orden={orden} campo="titulo" />, {
      usuario: makeSupervisor(),
      ruta: `/edicion-titulo?id=${orden.id}`,
      queryClient: crearQueryClient(),
    });
    onlineManager.setOnline(false);
    escribir('edicion-titulo', 'Revisar tablero del primer piso');
    fireEvent.submit(screen.getByRole('form', { name: 'Editar título' }));

    await waitFor(() => expect(errores).toHaveLength(1));
    expect(llamadas.filter((l) => l.metodo === 'POST')).toHaveLength(1);
    expect(screen.getByTestId('edicion-titulo')).toHaveProperty('value', 'Revisar tablero del primer piso');
    await waitFor(() => expect(screen.getByTestId('edicion-guardar')).not.toHaveAttribute('disabled'));
    dejar();
  });
});
