import { COLUMNAS_IMPORTAR_CLIENTES } from '@delego/contract';
import { IonContent } from '@ionic/react';
import { PantallaAdmin } from '../../shared/lista-admin';
import { ImportarArchivo, type DescripcionImportacion } from '../../shared/importar-archivo';
import { useImportarClientes } from '../api/importar-clientes';

/** The example file: the accepted columns and one row, as a CSV a spreadsheet opens (UTF-8 with BOM). */
export const EJEMPLO_CSV =
  '\uFEFF' +
  `${COLUMNAS_IMPORTAR_CLIENTES.join(';')}\r\n` +
  'Clínica San Martín;30-65432198-8;administracion@clinica.com.ar;011 4444-5555;Av. Rivadavia 1234, CABA;Marta Gómez;Pagan a 30 días\r\n';

const IMPORTACION: DescripcionImportacion = {
  titulo: 'Importar clientes de un archivo',
  unaFilaPor: 'una fila por cliente',
  columnas: COLUMNAS_IMPORTAR_CLIENTES,
  obligatorias: ['nombre'],
  ejemploCsv: EJEMPLO_CSV,
  nombreEjemplo: 'clientes-ejemplo.csv',
  uno: 'cliente',
  varios: 'clientes',
  rutaLista: '/clientes',
  columnasVista: [
    { clave: 'nombre', titulo: 'Nombre' },
    { clave: 'cuit', titulo: 'CUIT' },
    { clave: 'email', titulo: 'Email' },
  ],
};

/** Clientes › Importar (issue 36): a CSV or XLSX, its preview row by row, then the import of the valid rows. */
export default function ImportarClientesPage() {
  const importar = useImportarClientes();
  return (
    <PantallaAdmin titulo="Importar clientes" volverA="/clientes" permiso="altaClientes" para="administrar clientes">
      <IonContent className="delego-page-content">
        <div className="delego-container admin-pagina">
          <ImportarArchivo d={IMPORTACION} importar={importar.mutateAsync} procesando={importar.isPending} />
        </div>
      </IonContent>
    </PantallaAdmin>
  );
}
