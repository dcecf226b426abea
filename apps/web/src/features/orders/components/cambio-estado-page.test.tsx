import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crearQueryClient } from '../../../app/query-client';
import { ErrorFeedback } from '../../../components/error-feedback';
import { makeOperario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { ordenesKeys } from '../../../domain/orden';
import { makeOrdenDetalle } from '../../../test/ordenes';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import { FormularioCambioEstado } from './cambio-estado-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function mostrar(orden: ReturnType<typeof makeOrdenDetalle>) {
  return renderConApp(
    <>
      <FormularioCambioEstado orden={orden} />
      <ErrorFeedback />
    </>,
    { usuario: makeOperario(), ruta: `/cambio-estado?id=${orden.id}`, queryClient: crearQueryClient() },
  );
}

function ofrecidos(): string[] {
  return [...document.querySelectorAll('ion-radio')].map((r) => r.textContent?.trim() ?? '');
}

function elegir(estado: number) {
  const grupo = document.querySelector('ion-radio-group');
  if (!grupo) throw new Error('sin grupo');
  fireEvent(grupo, new CustomEvent('ionChange', { detail: { value: estado } }));
}

function comentar(texto: string) {
  fireEvent(screen.getByTestId('cambio-estado-comentario'), new CustomEvent('ionInput', { detail: { value: texto } }));
}

function guardar() {
  fireEvent.submit(screen.getByRole('form', { name: 'Cambiar estado' }));
}

describe('cambio-estado', () => {
  it('offers only the states the server allows this user (acciones.estadosSiguientes)', () => {
    // From Pendiente without finalizarOrden: no Finalizada.
    mostrar(
      makeOrdenDetalle({
        acciones: {
          soloLectura: false,
          modificar: true,
          borrar: false,
          cambiarResponsable: true,
          estadosSiguientes: [2, 3, 5],
        },
      }),
    );
    expect(ofrecidos()).toEqual(['En proceso', 'En espera', 'Cancelada']);
  });

  it('from Finalizada only reopening is offered', () => {
    mostrar(
      makeOrdenDetalle({
        estado: { id: 4, nombre: 'Finalizada', color: 'success' },
        acciones: {
          soloLectura: false,
          modificar: true,
          borrar: false,
          cambiarResponsable: true,
          estadosSiguientes: [2],
        },
      }),
    );
    expect(ofrecidos()).toEqual(['En proceso']);
  });

  it('asks for the state and the comment before sending anything', async () => {
    const llamadas = simularServidor({});
    mostrar(makeOrdenDetalle());
    guardar();
    expect(await screen.findByText('Elija el nuevo estado.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('cambio-estado-comentario')).toMatchObject({
        errorText: 'El comentario es obligatorio.',
      }),
    );
    comentar('   ');
    guardar();
    expect(llamadas).toHaveLength(0);
  });

  it('sends PUT /api/v2/estado/{id} {estado, comentarios} and refreshes the order', async () => {
    const orden = makeOrdenDetalle({ id: 42 });
    const actualizada = { ...orden, estado: { id: 2, nombre: 'En proceso', color: 'primary' } };
    const llamadas = simularServidor({ 'PUT /api/v2/estado/42': actualizada });
    const { queryClient } = mostrar(orden);

    elegir(2);
    comentar('  Empiezo hoy  ');
    guardar();

    await waitFor(() => expect(llamadas.map((l) => `${l.metodo} ${l.ruta}`)).toContain('PUT /api/v2/estado/42'));
    expect(llamadas.find((l) => l.metodo === 'PUT')?.cuerpo).toEqual({ estado: 2, comentarios: 'Empiezo hoy' });
    await waitFor(() => expect(queryClient.getQueryData(ordenesKeys.detalle(42))).toEqual(actualizada));
  });

  it('a refused transition (409) shows the server message in the alert', async () => {
    simularServidor({
      'PUT /api/v2/estado/42': errorDelServidor(409, 'No se puede pasar de Finalizada a Pendiente.', 'estado'),
    });
    mostrar(makeOrdenDetalle({ id: 42 }));
    elegir(2);
    comentar('reabrir');
    guardar();
    await waitFor(() => expect(document.querySelector('ion-alert')).not.toBeNull());
    expect(document.querySelector('ion-alert')).toMatchObject({
      header: 'Atención',
      message: 'No se puede pasar de Finalizada a Pendiente.',
    });
  });

  it('Finalizada blocked by another rule: disabled, with the reason beside it (issue 31)', () => {
    const orden = makeOrdenDetalle({
      id: 42,
      acciones: {
        soloLectura: false,
        modificar: true,
        borrar: false,
        cambiarResponsable: true,
        estadosSiguientes: [2, 4],
      },
    });
    renderConApp(
      <FormularioCambioEstado orden={orden} bloqueos={{ 4: 'No se puede finalizar: faltan «Presión».' }} />,
      {
        usuario: makeOperario(),
        queryClient: crearQueryClient(),
      },
    );
    const finalizada = screen.getByTestId('estado-4');
    expect(finalizada).toHaveProperty('disabled', true);
    expect(screen.getByTestId('estado-4-bloqueo')).toHaveTextContent('No se puede finalizar: faltan «Presión».');
    expect(screen.getByTestId('estado-2')).toHaveProperty('disabled', false);
  });

  it('a 409 TRANSICION_BLOQUEADA shows the server reason beside the states, not an alert', async () => {
    const motivo = 'No se puede finalizar: faltan ítems obligatorios del checklist: «Presión».';
    simularServidor({ 'PUT /api/v2/estado/42': errorDelServidor(409, motivo, { code: 'TRANSICION_BLOQUEADA' }) });
    mostrar(
      makeOrdenDetalle({
        id: 42,
        acciones: {
          soloLectura: false,
          modificar: true,
          borrar: false,
          cambiarResponsable: true,
          estadosSiguientes: [2, 4],
        },
      }),
    );
    elegir(4);
    comentar('listo');
    guardar();
    await waitFor(() => expect(screen.getByText(motivo)).toBeInTheDocument());
    expect(document.querySelector('ion-alert')).toBeNull();
  });
});
