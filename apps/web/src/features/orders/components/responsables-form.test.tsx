import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSupervisor } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { makeOrdenDetalle } from '../../../test/ordenes';
import { simularServidor } from '../../../test/servidor';
import { FormularioResponsables, PantallaResponsables } from './responsables-form';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const USUARIOS = [
  { id: 4, usuario: 'operario', nombre: 'Diego', apellido: 'Sosa', email: null },
  { id: 5, usuario: 'lbenitez', nombre: 'Lucía', apellido: 'Benítez', email: null },
];

function guardar(nombre: string) {
  fireEvent.submit(screen.getByRole('form', { name: nombre }));
}

describe('responsables', () => {
  it('cambio-responsable sends one id and the comment', async () => {
    const orden = makeOrdenDetalle({ id: 42 });
    const llamadas = simularServidor({ 'GET /api/v2/usuarios/1': USUARIOS, 'PUT /api/v3/responsable/42': orden });
    renderConApp(<FormularioResponsables orden={orden} multiple={false} />, { usuario: makeSupervisor() });

    await screen.findByTestId('responsable-lbenitez');
    const grupo = document.querySelector('ion-radio-group') as HTMLElement;
    expect(grupo).toMatchObject({ value: 4 });
    fireEvent(grupo, new CustomEvent('ionChange', { detail: { value: 5 } }));
    fireEvent(
      screen.getByTestId('responsables-comentario'),
      new CustomEvent('ionInput', { detail: { value: 'Diego de licencia' } }),
    );
    guardar('Cambiar responsable');

    await waitFor(() => expect(llamadas.some((l) => l.metodo === 'PUT')).toBe(true));
    expect(llamadas.find((l) => l.metodo === 'PUT')?.cuerpo).toEqual({
      responsable: 5,
      comentarios: 'Diego de licencia',
    });
  });

  it('responsables-multiples sends the ticked ids; none ticked is refused', async () => {
    const orden = makeOrdenDetalle({ id: 42 });
    const llamadas = simularServidor({ 'GET /api/v2/usuarios/1': USUARIOS, 'PUT /api/v3/responsable/42': orden });
    renderConApp(<FormularioResponsables orden={orden} multiple />, { usuario: makeSupervisor() });

    const diego = await screen.findByTestId('responsable-operario');
    expect(diego).toMatchObject({ checked: true });
    fireEvent(diego, new CustomEvent('ionChange', { detail: { checked: false } }));
    guardar('Varios responsables');
    expect(await screen.findByText('Elija al menos un responsable.')).toBeInTheDocument();

    fireEvent(diego, new CustomEvent('ionChange', { detail: { checked: true } }));
    fireEvent(screen.getByTestId('responsable-lbenitez'), new CustomEvent('ionChange', { detail: { checked: true } }));
    guardar('Varios responsables');
    await waitFor(() => expect(llamadas.some((l) => l.metodo === 'PUT')).toBe(true));
    expect(llamadas.find((l) => l.metodo === 'PUT')?.cuerpo).toEqual({ responsable: [4, 5], comentarios: null });
  });

  it('says which permission is missing: delegarOrden to change who works it, modificarOrden to touch it at all', async () => {
    const sinDelegar = makeOrdenDetalle({
      id: 42,
      acciones: {
        soloLectura: false,
        modificar: true,
        borrar: false,
        cambiarResponsable: false,
        estadosSiguientes: [],
      },
    });
    simularServidor({ 'GET /api/v3/ordenDTO/42': sinDelegar });
    const { unmount } = renderConApp(<PantallaResponsables multiple={false} />, {
      usuario: makeSupervisor(),
      ruta: '/cambio-responsable?id=42',
    });
    expect(await screen.findByText(/necesita el permiso «Delegar órdenes» para su cliente\./)).toBeInTheDocument();
    unmount();

    simularServidor({
      'GET /api/v3/ordenDTO/42': { ...sinDelegar, acciones: { ...sinDelegar.acciones, soloLectura: true } },
    });
    renderConApp(<PantallaResponsables multiple />, {
      usuario: makeSupervisor(),
      ruta: '/responsables-multiples?id=42',
    });
    expect(
      await screen.findByText(/necesita el permiso «Modificar órdenes» o ser su responsable\./),
    ).toBeInTheDocument();
  });

  it('without a session (the route is public in SPEC §2) asks to log in', () => {
    simularServidor({});
    renderConApp(<PantallaResponsables multiple />, { usuario: null, ruta: '/responsables-multiples?id=42' });
    expect(screen.getByTestId('ordenes-requiere-sesion')).toHaveTextContent('Inicie sesión');
  });
});
