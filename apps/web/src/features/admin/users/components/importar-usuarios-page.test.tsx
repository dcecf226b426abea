import { COLUMNAS_IMPORTAR_USUARIOS, type ImportarResultado } from '@delego/contract';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOperario, makePropietario } from '../../../../test/factories';
import { errorDelServidor, simularServidor } from '../../../../test/servidor';
import { renderPantalla } from '../../shared/pruebas';
import ImportarUsuariosPage, { EJEMPLO_CSV_USUARIOS } from './importar-usuarios-page';

configure({ asyncUtilTimeout: 5000 });

const IMPORTAR = 'POST /api/v4/usuarios/importar';

const PREVIA: ImportarResultado = {
  filas: [
    {
      fila: 2,
      estado: 'ok',
      datos: { usuario: 'lucia.paz', nombre: 'Lucía', apellido: 'Paz', email: 'lucia@demo.com.ar', rol: 'SUPERVISOR' },
      errores: [],
    },
    {
      fila: 3,
      estado: 'error',
      datos: { usuario: 'admin', nombre: 'Otro', email: 'otro@demo.com.ar' },
      errores: [{ campo: 'usuario', mensaje: 'El nombre de usuario "admin" ya está en uso. Elija otro.' }],
    },
  ],
  validas: 1,
  conErrores: 1,
  importadas: 0,
};

function elegirArchivo(contenido: string, nombre = 'usuarios.csv') {
  fireEvent.change(screen.getByTestId('importar-archivo'), {
    target: { files: [new File([contenido], nombre, { type: 'text/csv' })] },
  });
}

describe('Usuarios › Importar (issue 36)', () => {
  it('previews each row with its columns and result, then invites the valid ones on confirm', async () => {
    const llamadas = simularServidor({
      [IMPORTAR]: (l) => ((l.cuerpo as { confirmar: boolean }).confirmar ? { ...PREVIA, importadas: 1 } : PREVIA),
    });
    renderPantalla(<ImportarUsuariosPage />, { usuario: makePropietario(), ruta: '/usuarios-importar' });
    expect(await screen.findByTestId('importar')).toHaveTextContent(
      'Cada usuario recibe por correo una invitación para elegir su contraseña.',
    );
    elegirArchivo('usuario,nombre,email\nlucia.paz,Lucía,lucia@demo.com.ar\n');

    const previa = await screen.findByTestId('importar-previa');
    expect(
      within(previa)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Fila', 'Usuario', 'Nombre', 'Email', 'Rol', 'Resultado']);
    expect(within(previa).getByTestId('importar-fila-2')).toHaveTextContent(
      'lucia.pazLucía Pazlucia@demo.com.arSUPERVISORLista',
    );
    expect(within(previa).getByTestId('importar-fila-3')).toHaveTextContent(
      'usuario: El nombre de usuario "admin" ya está en uso. Elija otro.',
    );
    fireEvent.click(screen.getByTestId('importar-confirmar'));
    expect(await screen.findByTestId('importar-listo')).toHaveTextContent('Se importó 1 usuario.');
    const pedidos = llamadas.de('POST', '/api/v4/usuarios/importar');
    expect(pedidos.map((p) => (p.cuerpo as { confirmar: boolean }).confirmar)).toEqual([false, true]);
  });

  it('shows each person by full name, so two with the same first name are told apart before importing', async () => {
    simularServidor({
      [IMPORTAR]: {
        filas: [
          {
            fila: 2,
            estado: 'ok',
            datos: { usuario: 'jperez', nombre: 'Juan', apellido: 'Pérez', email: 'jp@demo.com.ar' },
            errores: [],
          },
          {
            fila: 3,
            estado: 'ok',
            datos: { usuario: 'jgomez', nombre: 'Juan', apellido: 'Gómez', email: 'jg@demo.com.ar' },
            errores: [],
          },
          { fila: 4, estado: 'ok', datos: { usuario: 'juan', nombre: 'Juan', email: 'j@demo.com.ar' }, errores: [] },
          {
            fila: 5,
            estado: 'ok',
            datos: { usuario: 'ana', nombre: 'Ana', apellido: '<b>Gil</b>', email: 'ana@demo.com.ar' },
            errores: [],
          },
          {
            fila: 6,
            estado: 'error',
            datos: { usuario: 'sin.nombre', apellido: 'Ruiz', email: 'r@demo.com.ar' },
            errores: [{ campo: 'nombre', mensaje: 'Falta el nombre.' }],
          },
        ],
        validas: 4,
        conErrores: 1,
        importadas: 0,
      } satisfies ImportarResultado,
    });
    renderPantalla(<ImportarUsuariosPage />, { usuario: makePropietario(), ruta: '/usuarios-importar' });
    elegirArchivo('usuario,nombre,apellido,email\njperez,Juan,Pérez,jp@demo.com.ar\n');

    const previa = await screen.findByTestId('importar-previa');
    const nombre = (fila: number) =>
      within(previa).getByTestId(`importar-fila-${fila}`).querySelector('td[data-etiqueta="Nombre"]');
    expect(nombre(2)).toHaveTextContent(/^Juan Pérez$/);
    expect(nombre(3)).toHaveTextContent(/^Juan Gómez$/);
    expect(nombre(4)).toHaveTextContent(/^Juan$/);
    // A surname is text, never markup.
    expect(nombre(5)).toHaveTextContent(/^Ana <b>Gil<\/b>$/);
    expect(nombre(5)?.querySelector('b')).toBeNull();
    // A row missing its first name still shows what it has.
    expect(nombre(6)).toHaveTextContent(/^Ruiz$/);
  });

  it('a mail cap refusing the import says nothing was imported, with the server reason', async () => {
    simularServidor({
      [IMPORTAR]: (l) =>
        (l.cuerpo as { confirmar: boolean }).confirmar
          ? errorDelServidor(
              429,
              'No se importó ningún usuario. Fila 22: No se envió el correo: su empresa llegó al límite.',
              'archivo',
            )
          : PREVIA,
    });
    renderPantalla(<ImportarUsuariosPage />, { usuario: makePropietario(), ruta: '/usuarios-importar' });
    elegirArchivo('usuario,nombre,email\nx,X,x@demo.com.ar\n');
    fireEvent.click(await screen.findByTestId('importar-confirmar'));
    expect(await screen.findByTestId('importar-error')).toHaveTextContent(
      'No se importó nada. No se importó ningún usuario. Fila 22: No se envió el correo',
    );
    // The preview stays, to fix the file or try later.
    expect(screen.getByTestId('importar-previa')).toBeInTheDocument();
  });

  it('offers its example file, and says «Sin permiso» without altaUsuarios', async () => {
    simularServidor({});
    const { unmount } = renderPantalla(<ImportarUsuariosPage />, {
      usuario: makePropietario(),
      ruta: '/usuarios-importar',
    });
    const ejemplo = await screen.findByTestId('importar-ejemplo');
    expect(ejemplo).toHaveAttribute('download', 'usuarios-ejemplo.csv');
    expect(EJEMPLO_CSV_USUARIOS.split('\r\n')[0]).toBe(`\uFEFF${COLUMNAS_IMPORTAR_USUARIOS.join(';')}`);
    unmount();

    renderPantalla(<ImportarUsuariosPage />, { usuario: makeOperario(), ruta: '/usuarios-importar' });
    expect(await screen.findByTestId('admin-sin-permiso')).toBeInTheDocument();
  });
});
