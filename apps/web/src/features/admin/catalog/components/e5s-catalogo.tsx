import { textoDeCsv, zE5sImportar } from '@delego/contract';
import { IonButton, IonIcon, IonSkeletonText, IonSpinner } from '@ionic/react';
import { checkmarkCircleOutline, cloudUploadOutline } from 'ionicons/icons';
import { useState } from 'react';
import { ApiError, notificarError } from '../../../../lib/errors';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import { ElegirArchivo } from '../../../../components/elegir-archivo';
import { Aviso } from '../../shared/aviso';
import { Buscador } from '../../shared/buscador';
import { coincide, plural } from '../../shared/nombres';
import { Tarjeta } from '../../shared/tarjeta';
import { useE5sAreas } from '../../../../lib/catalogos';
import { useImportarE5s } from '../api/importar-e5s';
import { EncabezadoTabla } from '../../../../components/encabezado-tabla';

/** How many rows the catalogue shows before 'Mostrar todas'. */
const FILAS_VISIBLES = 12;

/**
 * Splits the server's message about a wrong file ("El archivo tiene errores. Línea 3: falta la
 * clave. Línea 5: ...") into its introduction and one entry per problem.
 */
export function erroresDelArchivo(mensaje: string): { intro: string; lineas: string[] } {
  const partes = mensaje.split(/\s(?=Línea \d+:|… y \d+ errores más)/u);
  const [intro = '', ...lineas] = partes;
  if (!lineas.length && /^Línea \d+:/u.test(intro)) return { intro: '', lineas: [intro] };
  return { intro, lineas };
}

type Resultado = { tipo: 'ok'; mensaje: string } | { tipo: 'error'; intro: string; lineas: string[] };

/** The E5S area catalogue of the company and its import from a CSV file (areas screen). */
export function E5sCatalogo() {
  const areas = useE5sAreas();
  const importar = useImportarE5s();
  const confirmar = useConfirmar();
  const avisar = useAviso();
  const [resultado, setResultado] = useState<Resultado>();
  const [busqueda, setBusqueda] = useState('');
  const [todas, setTodas] = useState(false);

  async function alElegirArchivo(elegido: File) {
    setResultado(undefined);
    if (!/\.(csv|txt)$/i.test(elegido.name) && !/csv|text\/plain/i.test(elegido.type)) {
      setResultado({ tipo: 'error', intro: `«${elegido.name}» no es un archivo CSV.`, lineas: [] });
      return;
    }
    const csv = textoDeCsv(await elegido.arrayBuffer());
    const valido = zE5sImportar.safeParse({ csv });
    if (!valido.success) {
      setResultado({ tipo: 'error', intro: valido.error.issues[0]?.message ?? 'El archivo no es válido.', lineas: [] });
      return;
    }
    const actuales = areas.data?.length ?? 0;
    const seguro = await confirmar({
      titulo: 'Importar catálogo E5S',
      mensaje: actuales
        ? `Las áreas de «${elegido.name}» reemplazarán a las ${actuales} áreas E5S actuales. Si el archivo tiene un error no se cambia nada.`
        : `Se importarán las áreas de «${elegido.name}».`,
      aceptar: 'Importar',
      peligroso: actuales > 0,
    });
    if (!seguro) return;
    importar.mutate(csv, {
      onSuccess: (r) => {
        setResultado({ tipo: 'ok', mensaje: r.message });
        avisar(r.message);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          setResultado({ tipo: 'error', ...erroresDelArchivo(error.message) });
        } else {
          notificarError(error);
        }
      },
    });
  }

  const filtradas = areas.data?.filter((a) => coincide(busqueda, [a.clave, a.nombre])) ?? [];
  const visibles = todas || busqueda ? filtradas : filtradas.slice(0, FILAS_VISIBLES);

  return (
    <Tarjeta
      clase="e5s"
      testId="e5s"
      subtitulo={areas.data ? plural(areas.data.length, 'área', 'áreas') : 'Catálogo'}
      titulo="Catálogo de áreas E5S"
    >
      <p className="e5s__explicacion">
        Las órdenes eligen su área E5S de este catálogo. Importe un archivo CSV con una línea por área,{' '}
        <code>clave;nombre</code> (también con coma o tabulador; la primera línea puede ser la cabecera). El archivo
        reemplaza el catálogo completo.
      </p>
      <ElegirArchivo accept=".csv,text/csv,text/plain" alElegir={alElegirArchivo} testId="e5s-archivo">
        {(abrir) => (
          <IonButton onClick={abrir} disabled={importar.isPending} data-testid="e5s-importar">
            {importar.isPending ? (
              <>
                <IonSpinner name="crescent" slot="start" aria-hidden="true" />
                Importando…
              </>
            ) : (
              <>
                <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
                Importar CSV
              </>
            )}
          </IonButton>
        )}
      </ElegirArchivo>

      {resultado?.tipo === 'ok' && (
        <Aviso tipo="info" icono={checkmarkCircleOutline} role="status" testId="e5s-resultado">
          {resultado.mensaje}
        </Aviso>
      )}
      {resultado?.tipo === 'error' && (
        <Aviso tipo="peligro" titulo="No se importó el archivo." testId="e5s-errores">
          {resultado.intro}
          {resultado.lineas.length > 0 && (
            <ul className="e5s__errores">
              {resultado.lineas.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          )}
          <p className="e5s__nada">El catálogo no cambió.</p>
        </Aviso>
      )}

      {!areas.data ? (
        areas.isError ? (
          <p className="admin-error">No se pudo cargar el catálogo E5S.</p>
        ) : (
          <div aria-busy="true">
            <IonSkeletonText animated style={{ width: '70%' }} />
            <IonSkeletonText animated style={{ width: '50%' }} />
          </div>
        )
      ) : areas.data.length === 0 ? (
        <p className="e5s__vacio">Todavía no hay áreas E5S: importe un archivo para empezar.</p>
      ) : (
        <>
          {areas.data.length > FILAS_VISIBLES && (
            <Buscador
              className="e5s__buscar"
              valor={busqueda}
              onCambiar={setBusqueda}
              placeholder="Buscar por clave o nombre"
              aria-label="Buscar áreas E5S"
            />
          )}
          <table className="e5s__tabla" data-testid="e5s-tabla">
            <EncabezadoTabla columnas={['Clave', 'Nombre']} />
            <tbody>
              {visibles.map((a) => (
                <tr key={a.clave}>
                  <td className="e5s__clave">{a.clave}</td>
                  <td>{a.nombre}</td>
                </tr>
              ))}
              {visibles.length === 0 && (
                <tr>
                  <td colSpan={2} className="e5s__vacio">
                    Ninguna área coincide con «{busqueda}».
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          {!busqueda && filtradas.length > FILAS_VISIBLES && (
            <IonButton fill="clear" size="small" onClick={() => setTodas((v) => !v)}>
              {todas ? 'Mostrar menos' : `Mostrar las ${filtradas.length} áreas`}
            </IonButton>
          )}
        </>
      )}
    </Tarjeta>
  );
}
