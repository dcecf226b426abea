import { COLUMNAS_IMPORTAR_CLIENTES, LIMITES_IMPORTACION, type ImportarResultado } from '@delego/contract';
import { IonButton, IonContent, IonIcon, IonSpinner } from '@ionic/react';
import { checkmarkCircleOutline, cloudUploadOutline, downloadOutline } from 'ionicons/icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { mensajeDeError } from '../../../../lib/errors';
import { Aviso } from '../../shared/aviso';
import { PantallaAdmin } from '../../shared/lista-admin';
import { Tarjeta } from '../../shared/tarjeta';
import { useImportarClientes } from '../api/importar-clientes';
import '../../shared/admin.css';
import './importar-clientes.css';

/** The example file: the accepted columns and one row, as a CSV a spreadsheet opens (UTF-8 with BOM). */
export const EJEMPLO_CSV =
  '\uFEFF' +
  `${COLUMNAS_IMPORTAR_CLIENTES.join(';')}\r\n` +
  'Clínica San Martín;30-65432198-8;administracion@clinica.com.ar;011 4444-5555;Av. Rivadavia 1234, CABA;Marta Gómez;Pagan a 30 días\r\n';

/** The file's bytes as base64 (what the import call takes). */
function leerBase64(archivo: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const lector = new FileReader();
    lector.onload = () => resolve(String(lector.result).replace(/^data:[^,]*,/, ''));
    lector.onerror = () => reject(new Error('No se pudo leer el archivo.'));
    lector.readAsDataURL(archivo);
  });
}

/** Clientes › Importar (issue 36): a CSV or XLSX, its preview row by row, then the import of the valid rows. */
export default function ImportarClientesPage() {
  return (
    <PantallaAdmin titulo="Importar clientes" volverA="/clientes" permiso="altaClientes" para="administrar clientes">
      <IonContent className="delego-page-content">
        <div className="delego-container admin-pagina">
          <ImportarClientes />
        </div>
      </IonContent>
    </PantallaAdmin>
  );
}

interface Elegido {
  nombreArchivo: string;
  contenido: string;
}

export function ImportarClientes() {
  const entrada = useRef<HTMLInputElement>(null);
  const importar = useImportarClientes();
  const [elegido, setElegido] = useState<Elegido | null>(null);
  const [previa, setPrevia] = useState<ImportarResultado | null>(null);
  const [importadas, setImportadas] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function alElegir(e: ChangeEvent<HTMLInputElement>) {
    const archivo = e.target.files?.[0];
    e.target.value = '';
    if (!archivo) return;
    setPrevia(null);
    setImportadas(null);
    setError(null);
    setElegido(null);
    if (archivo.size > LIMITES_IMPORTACION.maxBytes) {
      setError('El archivo supera los 2 MB.');
      return;
    }
    try {
      const pedido = { nombreArchivo: archivo.name, contenido: await leerBase64(archivo) };
      const r = await importar.mutateAsync({ ...pedido, confirmar: false });
      setElegido(pedido);
      setPrevia(r);
    } catch (err) {
      setError(mensajeDeError(err));
    }
  }

  async function confirmar() {
    if (!elegido) return;
    setError(null);
    try {
      const r = await importar.mutateAsync({ ...elegido, confirmar: true });
      setImportadas(r.importadas);
      setPrevia(null);
      setElegido(null);
    } catch (err) {
      setError(mensajeDeError(err));
    }
  }

  const ejemplo = `data:text/csv;charset=utf-8,${encodeURIComponent(EJEMPLO_CSV)}`;

  return (
    <Tarjeta titulo="Importar clientes de un archivo" testId="importar-clientes">
      <p>
        Suba un CSV o un Excel (.xlsx) con una fila por cliente y estos nombres de columna en la primera fila:{' '}
        <strong>{COLUMNAS_IMPORTAR_CLIENTES.join(', ')}</strong>. Solo <strong>nombre</strong> es obligatorio. Hasta{' '}
        {LIMITES_IMPORTACION.maxFilas.toLocaleString('es-AR')} filas y 2 MB por archivo. Antes de guardar verá el
        resultado de cada fila.
      </p>
      <div className="importar__acciones">
        <input
          ref={entrada}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="delego-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void alElegir(e)}
          data-testid="importar-archivo"
        />
        <IonButton onClick={() => entrada.current?.click()} disabled={importar.isPending} data-testid="importar-elegir">
          <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
          Elegir archivo
        </IonButton>
        <IonButton fill="outline" href={ejemplo} download="clientes-ejemplo.csv" data-testid="importar-ejemplo">
          <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
          Descargar ejemplo
        </IonButton>
      </div>

      {error && (
        <Aviso tipo="peligro" testId="importar-error">
          <strong>No se importó nada.</strong> {error}
        </Aviso>
      )}
      {importadas !== null && (
        <Aviso tipo="info" icono={checkmarkCircleOutline} role="status" testId="importar-listo">
          {importadas === 1 ? 'Se importó 1 cliente.' : `Se importaron ${importadas} clientes.`}{' '}
          <IonButton size="small" fill="clear" routerLink="/clientes">
            Ver clientes
          </IonButton>
        </Aviso>
      )}
      {importar.isPending && (
        <p className="importar__procesando" role="status">
          <IonSpinner name="crescent" aria-hidden="true" /> Procesando el archivo…
        </p>
      )}
      {previa && elegido && <Vista previa={previa} nombreArchivo={elegido.nombreArchivo} />}
      {previa && elegido && (
        <div className="importar__acciones">
          <IonButton
            onClick={() => void confirmar()}
            disabled={previa.validas === 0 || importar.isPending}
            data-testid="importar-confirmar"
          >
            {previa.validas === 1 ? 'Importar 1 cliente' : `Importar ${previa.validas} clientes`}
          </IonButton>
          <IonButton
            fill="clear"
            onClick={() => {
              setPrevia(null);
              setElegido(null);
            }}
          >
            Cancelar
          </IonButton>
        </div>
      )}
    </Tarjeta>
  );
}

/** The preview: a summary and one line per row with its result. */
function Vista({ previa, nombreArchivo }: { previa: ImportarResultado; nombreArchivo: string }) {
  return (
    <section className="importar__previa" aria-label="Vista previa" data-testid="importar-previa">
      <p className="importar__resumen" data-testid="importar-resumen">
        {nombreArchivo}: {previa.validas} {previa.validas === 1 ? 'fila lista' : 'filas listas'} para importar
        {previa.conErrores > 0 &&
          `, ${previa.conErrores} ${previa.conErrores === 1 ? 'fila con errores, que no se importará' : 'filas con errores, que no se importarán'}`}
        .
      </p>
      <div className="importar__tabla-marco">
        <table className="importar__tabla">
          <thead>
            <tr>
              <th scope="col">Fila</th>
              <th scope="col">Nombre</th>
              <th scope="col">CUIT</th>
              <th scope="col">Email</th>
              <th scope="col">Resultado</th>
            </tr>
          </thead>
          <tbody>
            {previa.filas.map((f) => (
              <tr
                key={f.fila}
                className={f.estado === 'ok' ? undefined : 'importar__fila--error'}
                data-testid={`importar-fila-${f.fila}`}
              >
                <td>{f.fila}</td>
                <td>{f.datos.nombre ?? '—'}</td>
                <td>{f.datos.cuit ?? ''}</td>
                <td>{f.datos.email ?? ''}</td>
                <td>
                  {f.estado === 'ok' ? (
                    <span className="importar__ok">Lista</span>
                  ) : (
                    <ul className="importar__errores">
                      {f.errores.map((e) => (
                        <li key={`${e.campo}-${e.mensaje}`}>
                          <strong>{e.campo}:</strong> {e.mensaje}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
