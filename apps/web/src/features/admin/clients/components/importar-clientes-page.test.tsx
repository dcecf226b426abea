import { COLUMNAS_IMPORTAR_CLIENTES, type ImportarResultado } from '@delego/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOperario, makePropietario } from '../../../../test/factories';
import { errorDelServidor, simularServidor } from '../../../../test/servidor';
import { renderPantalla } from '../../shared/pruebas';
import ImportarClientesPage, { EJEMPLO_CSV } from './importar-clientes-page';
import { deshabilitado } from '../../../../test/ionic';

configure({ asyncUtilTimeout: 5000 });

const IMPORTAR = 'POST /api/v4/clientes/importar';

const PREVIA: ImportarResultado = {
  filas: [
    { fila: 2, estado: 'ok', datos: { nombre: 'Panadería La Espiga', cuit: '30-71234567-1' }, errores: [] },
    {
      fila: 3,
      estado: 'error',
      datos: { nombre: 'Hotel Los Andes' },
      errores: [{ campo: 'nombre', mensaje: 'Ya existe un cliente llamado "Hotel Los Andes".' }],
    },
    {
      fila: 4,
      estado: 'error',
      datos: { nombre: 'Cuit malo', cuit: '20-12345678-0' },
      errores: [{ campo: 'cuit', mensaje: 'El CUIT no es válido: el dígito verificador no coincide.' }],
    },
  ],
  validas: 1,
  conErrores: 2,
  importadas: 0,
};

function elegirArchivo(contenido: string, nombre = 'clientes.csv') {
  const input = screen.getByTestId('importar-archivo');
  fireEvent.change(input, { target: { files: [new File([contenido], nombre, { type: 'text/csv' })] } });
}

describe('Clientes › Importar (issue 36)', () => {
  it('shows the preview row by row, then imports only on confirm', async () => {
    const llamadas = simularServidor({
      [IMPORTAR]: (l) => ((l.cuerpo as { confirmar: boolean }).confirmar ? { ...PREVIA, importadas: 1 } : PREVIA),
    });
    renderPantalla(<ImportarClientesPage />, { usuario: makePropietario(), ruta: '/clientes-importar' });
    elegirArchivo('nombre;cuit\nPanadería La Espiga;30-71234567-1\n');

    const previa = await screen.findByTestId('importar-previa');
    const pedidos = llamadas.de('POST', '/api/v4/clientes/importar');
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0]!.cuerpo).toEqual({
      nombreArchivo: 'clientes.csv',
      contenido: Buffer.from('nombre;cuit\nPanadería La Espiga;30-71234567-1\n').toString('base64'),
      confirmar: false,
    });
    expect(screen.getByTestId('importar-resumen')).toHaveTextContent(
      'clientes.csv: 1 fila lista para importar, 2 filas con errores, que no se importarán.',
    );
    expect(within(previa).getByTestId('importar-fila-2')).toHaveTextContent('Lista');
    expect(within(previa).getByTestId('importar-fila-3')).toHaveTextContent(
      'nombre: Ya existe un cliente llamado "Hotel Los Andes".',
    );
    expect(within(previa).getByTestId('importar-fila-4')).toHaveTextContent(
      'cuit: El CUIT no es válido: el dígito verificador no coincide.',
    );

    const confirmar = screen.getByTestId('importar-confirmar');
    expect(confirmar).toHaveTextContent('Importar 1 cliente');
    fireEvent.click(confirmar);
    expect(await screen.findByTestId('importar-listo')).toHaveTextContent('Se importó 1 cliente.');
    const todos = llamadas.de('POST', '/api/v4/clientes/importar');
    expect(todos).toHaveLength(2);
    expect(todos[1]!.cuerpo).toMatchObject({ nombreArchivo: 'clientes.csv', confirmar: true });
    expect(screen.queryByTestId('importar-previa')).toBeNull();
  });

  it('without valid rows the import cannot be confirmed', async () => {
    simularServidor({ [IMPORTAR]: { ...PREVIA, filas: PREVIA.filas.slice(1), validas: 0, conErrores: 2 } });
    renderPantalla(<ImportarClientesPage />, { usuario: makePropietario(), ruta: '/clientes-importar' });
    elegirArchivo('nombre\nHotel Los Andes\n');
    expect(deshabilitado(await screen.findByTestId('importar-confirmar'))).toBe(true);
  });

  it('a file the server refuses shows its Spanish message and writes nothing', async () => {
    const llamadas = simularServidor({
      [IMPORTAR]: errorDelServidor(
        400,
        'La columna «razonsocial» no se conoce. Columnas aceptadas: nombre.',
        'archivo',
      ),
    });
    renderPantalla(<ImportarClientesPage />, { usuario: makePropietario(), ruta: '/clientes-importar' });
    elegirArchivo('razon social\nX\n');
    expect(await screen.findByTestId('importar-error')).toHaveTextContent(
      'No se importó nada. La columna «razonsocial» no se conoce.',
    );
    expect(screen.queryByTestId('importar-confirmar')).toBeNull();
    expect(llamadas.de('POST', '/api/v4/clientes/importar')).toHaveLength(1);
  });

  it('a file over 2 MB is refused before sending it', async () => {
    const llamadas = simularServidor({ [IMPORTAR]: PREVIA });
    renderPantalla(<ImportarClientesPage />, { usuario: makePropietario(), ruta: '/clientes-importar' });
    elegirArchivo('x'.repeat(2 * 1024 * 1024 + 1));
    expect(await screen.findByTestId('importar-error')).toHaveTextContent('El archivo supera los 2 MB.');
    await waitFor(() => expect(llamadas.de('POST', '/api/v4/clientes/importar')).toHaveLength(0));
  });

  it('offers the example file with the accepted columns, and says «Sin permiso» without altaClientes', async () => {
    simularServidor({});
    const { unmount } = renderPantalla(<ImportarClientesPage />, {
      usuario: makePropietario(),
      ruta: '/clientes-importar',
    });
    const ejemplo = await screen.findByTestId('importar-ejemplo');
    expect(ejemplo).toHaveAttribute('download', 'clientes-ejemplo.csv');
    expect(decodeURIComponent(ejemplo.getAttribute('href') ?? '')).toContain(COLUMNAS_IMPORTAR_CLIENTES.join(';'));
    expect(EJEMPLO_CSV.split('\r\n')[1]!.split(';')).toHaveLength(COLUMNAS_IMPORTAR_CLIENTES.length);
    unmount();

    renderPantalla(<ImportarClientesPage />, { usuario: makeOperario(), ruta: '/clientes-importar' });
    expect(await screen.findByTestId('admin-sin-permiso')).toBeInTheDocument();
    expect(screen.queryByTestId('importar-archivo')).toBeNull();
  });
});
