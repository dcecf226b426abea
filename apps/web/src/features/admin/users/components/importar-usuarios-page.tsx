import { COLUMNAS_IMPORTAR_USUARIOS } from '@delego/contract';
import { csvDeEjemplo, PantallaImportacion, type DescripcionImportacion } from '../../shared/importar-archivo';
import { nombreCompleto } from '../../shared/nombres';
import { USUARIOS } from '../recurso';
import { useImportarUsuarios } from '../api/importar-usuarios';

/** The example file: the accepted columns and two rows. */
export const EJEMPLO_CSV_USUARIOS = csvDeEjemplo(COLUMNAS_IMPORTAR_USUARIOS, [
  'lucia.paz;Lucía;Paz;lucia.paz@empresa.com.ar;SUPERVISOR',
  'tomas.gil;Tomás;Gil;tomas.gil@empresa.com.ar;OPERARIO',
]);

const IMPORTACION: DescripcionImportacion = {
  unaFilaPor: 'una fila por persona',
  columnas: COLUMNAS_IMPORTAR_USUARIOS,
  obligatorias: ['usuario', 'nombre', 'email'],
  nota: 'El rol es PROPIETARIO, ADMIN, SUPERVISOR u OPERARIO (vacío: OPERARIO). Cada usuario recibe por correo una invitación para elegir su contraseña.',
  ejemploCsv: EJEMPLO_CSV_USUARIOS,
  recurso: USUARIOS,
  columnasVista: {
    usuario: 'Usuario',
    // The full name, as the rest of the app shows a person: two «Juan» are told apart before importing.
    nombre: { titulo: 'Nombre', valor: (f) => nombreCompleto({ nombre: f.nombre ?? '', apellido: f.apellido }) },
    email: 'Email',
    rol: 'Rol',
  },
};

/** Usuarios › Importar (issue 36): a CSV or XLSX, its preview row by row, then the invitations. */
export default function ImportarUsuariosPage() {
  return <PantallaImportacion d={IMPORTACION} importacion={useImportarUsuarios()} />;
}
