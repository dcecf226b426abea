import type { ImportarResultado } from '@delego/contract';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOperario, makePropietario } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor } from '../../../test/servidor';
import ImportarEquiposPage from './importar-equipos-page';
import { deshabilitado } from '../../../test/ionic';

configure({ asyncUtilTimeout: 5000 });

const IMPORTAR = 'POST /api/v4/equipos/importar';

const OK: ImportarResultado = {
  filas: [
    {
      fila: 2,
      estado: 'ok',
      datos: { cliente: 'Clínica San Martín', nombre: 'Caldera', codigo: 'CAL-1' },
      errores: [],
    },
    { fila: 3, estado: 'ok', datos: { cliente: 'Clínica San Martín', nombre: 'Bomba', codigo: 'BOM-1' }, errores: [] },
  ],
  validas: 2,
  conErrores: 0,
  importadas: 0,
};

const CON_ERRORES: ImportarResultado = {
  filas: [
    OK.filas[0]!,
    {
      fila: 3,
      estado: 'error',
      datos: { cliente: 'Hotel Inexistente', nombre: '<script>x</script>' },
      errores: [{ campo: 'cliente', mensaje: 'No hay un cliente llamado "Hotel Inexistente".' }],
    },
  ],
  validas: 1,
  conErrores: 1,
  importadas: 0,
};

function elegir(contenido: string) {
  fireEvent.change(screen.getByTestId('importar-archivo'), {
    target: { files: [new File([contenido], 'equipos.csv', { type: 'text/csv' })] },
  });
}

describe('Equipos › Importar (issue 32)', () => {
  it('a row with errors shows them and blocks the import: all rows or none', async () => {
    const llamadas = simularServidor({ [IMPORTAR]: CON_ERRORES });
    renderConApp(<ImportarEquiposPage />, { usuario: makePropietario(), ruta: '/equipos-importar' });
    elegir('cliente;nombre\nHotel Inexistente;X\n');
    const previa = await screen.findByTestId('importar-previa');
    expect(within(previa).getByTestId('importar-fila-3')).toHaveTextContent(
      'cliente: No hay un cliente llamado "Hotel Inexistente".',
    );
    expect(within(previa).getByText('<script>x</script>')).toBeInTheDocument();
    expect(screen.getByTestId('importar-resumen')).toHaveTextContent('se importan todas las filas o ninguna');
    expect(screen.getByTestId('importar')).toHaveTextContent('Hasta 2.000 filas y 2 MB por archivo.');
    expect(deshabilitado(screen.getByTestId('importar-confirmar'))).toBe(true);
    expect(llamadas.de('POST', '/api/v4/equipos/importar')[0]!.cuerpo).toMatchObject({ confirmar: false });
  });

  it('without errors, «Importar 2 equipos» imports them and says so', async () => {
    const llamadas = simularServidor({
      [IMPORTAR]: (l) => ((l.cuerpo as { confirmar: boolean }).confirmar ? { ...OK, importadas: 2 } : OK),
    });
    renderConApp(<ImportarEquiposPage />, { usuario: makePropietario(), ruta: '/equipos-importar' });
    elegir('cliente;nombre\nClínica San Martín;Caldera\nClínica San Martín;Bomba\n');
    const confirmar = await screen.findByTestId('importar-confirmar');
    expect(confirmar).toHaveTextContent('Importar 2 equipos');
    expect(deshabilitado(confirmar)).toBe(false);
    fireEvent.click(confirmar);
    expect(await screen.findByTestId('importar-listo')).toHaveTextContent('Se importaron 2 equipos.');
    expect(
      llamadas.de('POST', '/api/v4/equipos/importar').map((l) => (l.cuerpo as { confirmar: boolean }).confirmar),
    ).toEqual([false, true]);
  });

  it('a refused import (409, a row changed meanwhile) writes nothing and says why', async () => {
    simularServidor({
      [IMPORTAR]: (l) =>
        (l.cuerpo as { confirmar: boolean }).confirmar
          ? errorDelServidor(409, 'Fila 3: ya existe un equipo con el código BOM-1.')
          : OK,
    });
    renderConApp(<ImportarEquiposPage />, { usuario: makePropietario(), ruta: '/equipos-importar' });
    elegir('cliente;nombre\nA;B\n');
    fireEvent.click(await screen.findByTestId('importar-confirmar'));
    expect(await screen.findByTestId('importar-error')).toHaveTextContent(
      'No se importó nada. Fila 3: ya existe un equipo con el código BOM-1.',
    );
  });

  it('without altaClientes the screen says «Sin permiso»', async () => {
    simularServidor({});
    renderConApp(<ImportarEquiposPage />, { usuario: makeOperario(), ruta: '/equipos-importar' });
    expect(await screen.findByTestId('admin-sin-permiso')).toBeInTheDocument();
    expect(screen.queryByTestId('importar-archivo')).toBeNull();
  });
});
