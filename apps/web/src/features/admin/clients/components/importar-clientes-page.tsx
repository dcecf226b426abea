import { COLUMNAS_IMPORTAR_CLIENTES } from '@delego/contract';
import { csvDeEjemplo, PantallaImportacion, type DescripcionImportacion } from '../../shared/importar-archivo';
import { CLIENTES } from '../recurso';
import { useImportarClientes } from '../api/importar-clientes';

/** The example file: the accepted columns and one row. */
export const EJEMPLO_CSV = csvDeEjemplo(COLUMNAS_IMPORTAR_CLIENTES, [
  'Clínica San Martín;30-65432198-8;administracion@clinica.com.ar;011 4444-5555;Av. Rivadavia 1234, CABA;Marta Gómez;Pagan a 30 días',
]);

const IMPORTACION: DescripcionImportacion = {
  unaFilaPor: 'una fila por cliente',
  columnas: COLUMNAS_IMPORTAR_CLIENTES,
  obligatorias: ['nombre'],
  ejemploCsv: EJEMPLO_CSV,
  recurso: CLIENTES,
  columnasVista: { nombre: 'Nombre', cuit: 'CUIT', email: 'Email' },
};

/** Clientes › Importar (issue 36): a CSV or XLSX, its preview row by row, then the import of the valid rows. */
export default function ImportarClientesPage() {
  return <PantallaImportacion d={IMPORTACION} importacion={useImportarClientes()} />;
}
