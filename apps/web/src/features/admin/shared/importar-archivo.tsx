import { LIMITES_IMPORTACION, type ImportarPedido, type ImportarResultado } from '@delego/contract';
import { IonButton, IonContent, IonIcon, IonSpinner } from '@ionic/react';
import { checkmarkCircleOutline, cloudUploadOutline, downloadOutline } from 'ionicons/icons';
import { useState } from 'react';
import { ElegirArchivo } from '../../../components/elegir-archivo';
import { mensajeDeError } from '../../../lib/errors';
import { Aviso } from './aviso';
import { PantallaAdmin } from './lista-admin';
import { accesoA, type RecursoAdmin } from './recurso-admin';
import { Tarjeta } from './tarjeta';
import './admin.css';
import './importar-archivo.css';

/** The file's bytes as base64 (what the import calls take). */
function leerBase64(archivo: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const lector = new FileReader();
    lector.onload = () => resolve(String(lector.result).replace(/^data:[^,]*,/, ''));
    lector.onerror = () => reject(new Error('No se pudo leer el archivo.'));
    lector.readAsDataURL(archivo);
  });
}

interface Elegido {
  nombreArchivo: string;
  contenido: string;
}

/** What a kind of import says and calls: clients or users. */
export interface DescripcionImportacion {
  /** What the file holds, before the list of columns: 'una fila por cliente'. */
  unaFilaPor: string;
  columnas: readonly string[];
  obligatorias: readonly string[];
  /** A sentence after the limits (the users' invitation), or nothing. */
  nota?: string;
  ejemploCsv: string;
  /**
   * What is imported: its names (the card's title, the example's file name), its list (to see
   * what was imported) and its permission.
   */
  recurso: RecursoAdmin;
  /**
   * The columns the preview shows besides the row and its result, in order: each key's title, or its
   * title and how it reads from the row (a person's full name from `nombre` and `apellido`).
   */
  columnasVista: Readonly<Record<string, string | ColumnaVista>>;
  /**
   * Every row or none (the equipment import, issue 32): the import is offered only when no row has
   * errors. Without it, the valid rows are imported and the others skipped.
   */
  todasONinguna?: boolean;
  /** Rows one file may have, when not the common limit (equipos: 2,000). */
  maxFilas?: number;
}

/** A preview column read from several of the row's columns. */
export interface ColumnaVista {
  titulo: string;
  valor: (datos: Readonly<Record<string, string>>) => string;
}

/** Each preview column: its key, its title and its text for a row. */
function columnasDeVista(d: DescripcionImportacion) {
  return Object.entries(d.columnasVista).map(([clave, c]) =>
    typeof c === 'string'
      ? { clave, titulo: c, valor: (datos: Readonly<Record<string, string>>) => datos[clave] ?? '' }
      : { clave, ...c },
  );
}

type Importar = (pedido: ImportarPedido) => Promise<ImportarResultado>;

/** An example file: the accepted columns and its rows, as a CSV a spreadsheet opens (UTF-8 with BOM). */
export function csvDeEjemplo(columnas: readonly string[], filas: readonly string[]): string {
  return '\uFEFF' + [columnas.join(';'), ...filas].map((linea) => `${linea}\r\n`).join('');
}

/** A «Importar» screen of the administration (issue 36): its header and permission around ImportarArchivo. */
export function PantallaImportacion({
  d,
  importacion,
}: {
  d: DescripcionImportacion;
  /** The import's mutation (useImportarClientes(), useImportarUsuarios()). */
  importacion: { mutateAsync: Importar; isPending: boolean };
}) {
  const r = d.recurso;
  return (
    <PantallaAdmin titulo={`Importar ${r.plural}`} volverA={r.rutaLista} {...accesoA(r)}>
      <IonContent className="delego-page-content">
        <div className="delego-container admin-pagina">
          <ImportarArchivo d={d} importar={importacion.mutateAsync} procesando={importacion.isPending} />
        </div>
      </IonContent>
    </PantallaAdmin>
  );
}

/** The import of a file (issue 36): choose it, see each row's result, import the valid rows. */
export function ImportarArchivo({
  d,
  importar,
  procesando,
}: {
  d: DescripcionImportacion;
  importar: Importar;
  procesando: boolean;
}) {
  const [elegido, setElegido] = useState<Elegido | null>(null);
  const [previa, setPrevia] = useState<ImportarResultado | null>(null);
  const [importadas, setImportadas] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function alElegir(archivo: File) {
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
      const r = await importar({ ...pedido, confirmar: false });
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
      const r = await importar({ ...elegido, confirmar: true });
      setImportadas(r.importadas);
      setPrevia(null);
      setElegido(null);
    } catch (err) {
      setError(mensajeDeError(err));
    }
  }

  const ejemplo = `data:text/csv;charset=utf-8,${encodeURIComponent(d.ejemploCsv)}`;

  return (
    <Tarjeta titulo={`Importar ${d.recurso.plural} de un archivo`} testId="importar">
      <p>
        Suba un CSV o un Excel (.xlsx) con {d.unaFilaPor} y estos nombres de columna en la primera fila:{' '}
        <strong>{d.columnas.join(', ')}</strong>. Obligatorias: <strong>{d.obligatorias.join(', ')}</strong>. Hasta{' '}
        {(d.maxFilas ?? LIMITES_IMPORTACION.maxFilas).toLocaleString('es-AR')} filas y 2 MB por archivo. Antes de
        guardar verá el resultado de cada fila.{d.nota ? ` ${d.nota}` : ''}
      </p>
      <div className="importar__acciones">
        <ElegirArchivo
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          alElegir={alElegir}
          testId="importar-archivo"
        >
          {(abrir) => (
            <IonButton onClick={abrir} disabled={procesando} data-testid="importar-elegir">
              <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
              Elegir archivo
            </IonButton>
          )}
        </ElegirArchivo>
        <IonButton
          fill="outline"
          href={ejemplo}
          download={`${d.recurso.plural}-ejemplo.csv`}
          data-testid="importar-ejemplo"
        >
          <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
          Descargar ejemplo
        </IonButton>
      </div>

      {error && (
        <Aviso tipo="peligro" titulo="No se importó nada." testId="importar-error">
          {error}
        </Aviso>
      )}
      {importadas !== null && (
        <Aviso tipo="info" icono={checkmarkCircleOutline} role="status" testId="importar-listo">
          {importadas === 1
            ? `Se importó 1 ${d.recurso.singular}.`
            : `Se importaron ${importadas} ${d.recurso.plural}.`}{' '}
          <IonButton size="small" fill="clear" routerLink={d.recurso.rutaLista}>
            Ver {d.recurso.plural}
          </IonButton>
        </Aviso>
      )}
      {procesando && (
        <p className="importar__procesando" role="status">
          <IonSpinner name="crescent" aria-hidden="true" /> Procesando el archivo…
        </p>
      )}
      {previa && elegido && <Vista d={d} previa={previa} nombreArchivo={elegido.nombreArchivo} />}
      {previa && elegido && (
        <div className="importar__acciones">
          <IonButton
            onClick={() => void confirmar()}
            disabled={previa.validas === 0 || procesando || (d.todasONinguna === true && previa.conErrores > 0)}
            data-testid="importar-confirmar"
          >
            {previa.validas === 1
              ? `Importar 1 ${d.recurso.singular}`
              : `Importar ${previa.validas} ${d.recurso.plural}`}
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
function Vista({
  d,
  previa,
  nombreArchivo,
}: {
  d: DescripcionImportacion;
  previa: ImportarResultado;
  nombreArchivo: string;
}) {
  const columnas = columnasDeVista(d);
  return (
    <section className="importar__previa" aria-label="Vista previa" data-testid="importar-previa">
      <p className="importar__resumen" data-testid="importar-resumen">
        {nombreArchivo}: {previa.validas} {previa.validas === 1 ? 'fila lista' : 'filas listas'} para importar
        {previa.conErrores > 0 &&
          (d.todasONinguna
            ? `, ${previa.conErrores} ${previa.conErrores === 1 ? 'fila con errores' : 'filas con errores'}. Corríjalas y vuelva a subir el archivo: se importan todas las filas o ninguna`
            : `, ${previa.conErrores} ${previa.conErrores === 1 ? 'fila con errores, que no se importará' : 'filas con errores, que no se importarán'}`)}
        .
      </p>
      <div className="importar__tabla-marco">
        <table className="importar__tabla">
          <thead>
            <tr>
              <th scope="col">Fila</th>
              {columnas.map(({ clave, titulo }) => (
                <th key={clave} scope="col">
                  {titulo}
                </th>
              ))}
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
                <td data-etiqueta="Fila">{f.fila}</td>
                {columnas.map(({ clave, titulo, valor }) => (
                  <td key={clave} data-etiqueta={titulo}>
                    {valor(f.datos)}
                  </td>
                ))}
                <td data-etiqueta="Resultado">
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
