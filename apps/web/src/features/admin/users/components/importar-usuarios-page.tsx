import { COLUMNAS_IMPORTAR_USUARIOS } from '@delego/contract';
import { IonContent } from '@ionic/react';
import { PantallaAdmin } from '../../shared/lista-admin';
import { ImportarArchivo, type DescripcionImportacion } from '../../shared/importar-archivo';
import { useImportarUsuarios } from '../api/importar-usuarios';

/** The example file: the accepted columns and two rows, as a CSV a spreadsheet opens (UTF-8 with BOM). */
export const EJEMPLO_CSV_USUARIOS =
  '\uFEFF' +
  `${COLUMNAS_IMPORTAR_USUARIOS.join(';')}\r\n` +
  'lucia.paz;Lucía;Paz;lucia.paz@empresa.com.ar;SUPERVISOR\r\n' +
  'tomas.gil;Tomás;Gil;tomas.gil@empresa.com.ar;OPERARIO\r\n';

const IMPORTACION: DescripcionImportacion = {
  titulo: 'Importar usuarios de un archivo',
  unaFilaPor: 'una fila por persona',
  columnas: COLUMNAS_IMPORTAR_USUARIOS,
  obligatorias: ['usuario', 'nombre', 'email'],
  nota: 'El rol es PROPIETARIO, ADMIN, SUPERVISOR u OPERARIO (vacío: OPERARIO). Cada usuario recibe por correo una invitación para elegir su contraseña.',
  ejemploCsv: EJEMPLO_CSV_USUARIOS,
  nombreEjemplo: 'usuarios-ejemplo.csv',
  uno: 'usuario',
  varios: 'usuarios',
  rutaLista: '/usuarios',
  columnasVista: [
    { clave: 'usuario', titulo: 'Usuario' },
    { clave: 'nombre', titulo: 'Nombre' },
    { clave: 'email', titulo: 'Email' },
    { clave: 'rol', titulo: 'Rol' },
  ],
};

/** Usuarios › Importar (issue 36): a CSV or XLSX, its preview row by row, then the invitations. */
export default function ImportarUsuariosPage() {
  const importar = useImportarUsuarios();
  return (
    <PantallaAdmin titulo="Importar usuarios" volverA="/usuarios" permiso="altaUsuarios" para="administrar usuarios">
      <IonContent className="delego-page-content">
        <div className="delego-container admin-pagina">
          <ImportarArchivo d={IMPORTACION} importar={importar.mutateAsync} procesando={importar.isPending} />
        </div>
      </IonContent>
    </PantallaAdmin>
  );
}
