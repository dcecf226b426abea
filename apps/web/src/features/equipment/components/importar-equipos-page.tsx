import { COLUMNAS_IMPORTAR_EQUIPOS, LIMITES_EQUIPOS } from '@delego/contract';
import { csvDeEjemplo, PantallaImportacion, type DescripcionImportacion } from '../../admin';
import { useImportarEquipos } from '../api/equipos';
import { EQUIPOS } from '../recurso';

/** The example file: the accepted columns and one row. */
export const EJEMPLO_CSV = csvDeEjemplo(COLUMNAS_IMPORTAR_EQUIPOS, [
  'Clínica San Martín;Sede Centro;Caldera principal;CAL-001;Baxi;Luna 3;SN-4455;Sala de máquinas, 2º piso;Revisar quemador cada mes',
]);

const IMPORTACION: DescripcionImportacion = {
  unaFilaPor:
    'una fila por equipo (el cliente, por su nombre o número; la ubicación, por su código o nombre: una que el cliente no tiene se crea)',
  columnas: COLUMNAS_IMPORTAR_EQUIPOS,
  obligatorias: ['cliente', 'nombre'],
  nota: 'Se importan todas las filas o ninguna: corrija las filas con errores antes de importar.',
  ejemploCsv: EJEMPLO_CSV,
  recurso: EQUIPOS,
  columnasVista: { cliente: 'Cliente', ubicacion: 'Ubicación', nombre: 'Nombre', codigo: 'Código' },
  todasONinguna: true,
  maxFilas: LIMITES_EQUIPOS.importarFilas,
};

/** Equipos › Importar (issue 32): a CSV or XLSX, its preview row by row, then every row or none. */
export default function ImportarEquiposPage() {
  return <PantallaImportacion d={IMPORTACION} importacion={useImportarEquipos()} />;
}
