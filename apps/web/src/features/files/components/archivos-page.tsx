import { textoFechaHora, type Archivo } from '@delego/contract';
import { IonButton, IonContent, IonIcon, IonSpinner, useIonRouter } from '@ionic/react';
import { cameraOutline, cloudDownloadOutline, downloadOutline, folderOpenOutline, trashOutline } from 'ionicons/icons';
import { BotonIcono } from '../../../components/boton-icono';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { EstadoPantalla } from '../../../components/estados-pantalla';
import { MarcaPendiente } from '../../../components/marca-pendiente';
import { ordenCreadaDe, usePendientes, usePendientesDeAlta, type Cambio } from '../../../lib/outbox';
import { PageHeader } from '../../../components/page-header';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { guardarArchivo } from '../../../lib/descargas';
import { tieneCamara } from '../../../lib/nativo/plataforma';
import { notificarError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { getContenido, getZip } from '../api/descargar-archivo';
import { useArchivos } from '../api/get-archivos';
import { useOrden } from '../api/get-orden';
import { useQuitarArchivo } from '../api/quitar-archivo';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { leerId, useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
import { useSubidas } from '../hooks/use-subidas';
import { formatoTamanio } from '../model/archivos';
import { CabeceraOrden } from './cabecera-orden';
import { ColaSubidas } from './cola-subidas';
import { EntradaArchivos, QUE_SE_ADJUNTA } from './entrada-archivos';
import { ArchivoLocal, Miniatura } from './miniatura';
import './papeleo.css';
import { manejadoresDeEleccion } from '../hooks/elegir-archivos';

const RUTA = '/archivos';

/**
 * archivos?id=42: the order's files; add from disk or the phone's camera, download, remove.
 * archivos?nueva=<clave>: the files of an order created on this device that waits in the outbox.
 */
export default function ArchivosPage() {
  const consulta = useConsultaDeRuta(RUTA);
  const nueva = consulta.get('nueva');
  const id = leerId(consulta.get('id'));
  if (nueva && id === null) return <ArchivosDeOrdenNueva clave={nueva} />;
  return <ArchivosDeOrdenGuardada id={id} />;
}

function ArchivosDeOrdenGuardada({ id }: { id: number | null }) {
  const archivos = useArchivos(id);
  return (
    <PantallaDeOrden titulo="Archivos" id={id} ambito="papeleo" consulta={archivos}>
      {(lista, ordenId) => <ArchivosDeOrden ordenId={ordenId} archivos={lista} />}
    </PantallaDeOrden>
  );
}

function textoCantidad(n: number): string {
  return n === 1 ? '1 archivo' : `${n} archivos`;
}

export function ArchivosDeOrden({ ordenId, archivos }: { ordenId: number; archivos: Archivo[] }) {
  const orden = useOrden(ordenId);
  // Until the order says otherwise the buttons show; the server refuses with its own message.
  const puedeAgregar = orden.data?.acciones.modificar ?? archivos.some((a) => a.puedeEliminar);
  const cola = useSubidas(ordenId);
  const elegir = useRef<HTMLInputElement>(null);
  const [arrastrando, setArrastrando] = useState(false);
  const [bajandoZip, setBajandoZip] = useState(false);
  const [conCamara] = useState(tieneCamara);
  // Files attached on this device that wait in the outbox show at once, from the device's copy.
  const pendientes = usePendientes('archivos', ordenId).flatMap((c) =>
    (c.archivos ?? []).map((archivo, i) => ({ clave: `${c.id}:${i}`, estado: c.estado, archivo })),
  );

  const { alElegir, alTomarFoto } = manejadoresDeEleccion((archivos) => cola.agregar(archivos));

  function alSoltar(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setArrastrando(false);
    if (!puedeAgregar) return;
    cola.agregar([...e.dataTransfer.files]);
  }

  async function descargarZip() {
    setBajandoZip(true);
    try {
      const zip = await getZip(ordenId);
      guardarArchivo(zip.blob, zip.nombre ?? `orden-${orden.data?.numero ?? ordenId}-archivos.zip`);
    } catch (error) {
      notificarError(error);
    } finally {
      setBajandoZip(false);
    }
  }

  return (
    <>
      <CabeceraOrden ordenId={ordenId} />
      <section
        className={`delego-card papeleo-tarjeta archivos-agregar${arrastrando ? ' archivos-agregar--arrastrando' : ''}`}
        aria-label="Agregar archivos"
        onDragOver={(e) => {
          if (!puedeAgregar) return;
          e.preventDefault();
          setArrastrando(true);
        }}
        onDragLeave={() => setArrastrando(false)}
        onDrop={alSoltar}
      >
        <div className="archivos-agregar__botones">
          {puedeAgregar && (
            <>
              <IonButton onClick={() => elegir.current?.click()} data-testid="archivos-agregar">
                <IonIcon slot="start" icon={folderOpenOutline} aria-hidden="true" />
                Agregar archivos
              </IonButton>
              {conCamara && (
                <IonButton onClick={alTomarFoto} data-testid="archivos-camara">
                  <IonIcon slot="start" icon={cameraOutline} aria-hidden="true" />
                  Tomar foto
                </IonButton>
              )}
            </>
          )}
          <IonButton
            fill="outline"
            onClick={() => void descargarZip()}
            disabled={archivos.length === 0 || bajandoZip}
            data-testid="archivos-zip"
          >
            {bajandoZip ? (
              <IonSpinner slot="start" name="crescent" aria-hidden="true" />
            ) : (
              <IonIcon slot="start" icon={cloudDownloadOutline} aria-hidden="true" />
            )}
            Descargar todo (ZIP)
          </IonButton>
        </div>
        {puedeAgregar ? (
          <p className="archivos-agregar__ayuda">
            {QUE_SE_ADJUNTA}
            <span className="archivos-agregar__soltar"> También puede arrastrarlos hasta aquí.</span>
          </p>
        ) : (
          <p className="archivos-agregar__ayuda">Puede ver y descargar los archivos; no puede adjuntar ni quitar.</p>
        )}
        <EntradaArchivos ref={elegir} onChange={alElegir} testId="archivos-input" />
        <ColaSubidas subidas={cola.subidas} onQuitar={cola.quitar} />
      </section>

      {archivos.length === 0 && pendientes.length === 0 ? (
        <EstadoPantalla icono={folderOpenOutline} titulo="Todavía no hay archivos" testId="archivos-vacio">
          {puedeAgregar
            ? 'Adjunte fotos, planos o comprobantes con «Agregar archivos».'
            : 'Nadie adjuntó archivos a esta orden.'}
        </EstadoPantalla>
      ) : (
        <>
          <p className="archivos-cantidad" aria-live="polite" data-testid="archivos-cantidad">
            {textoCantidad(archivos.length)}
            {pendientes.length > 0 && ` y ${pendientes.length} por enviar`}
          </p>
          <ul className="archivos" data-testid="archivos-lista">
            {pendientes.map((p) => (
              <ArchivoPendiente key={p.clave} archivo={p.archivo} estado={p.estado} />
            ))}
            {archivos.map((a) => (
              <ArchivoTarjeta key={a.id} ordenId={ordenId} archivo={a} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * The files of a new order that waits in the outbox (issue 36: attached while creating it, offline):
 * each from the device's copy, marked «pendiente». Once the outbox creates the order, the screen
 * becomes that order's Archivos, where the files show as they reach the server.
 */
function ArchivosDeOrdenNueva({ clave }: { clave: string }) {
  const router = useIonRouter();
  const { alta, enlazados } = usePendientesDeAlta(clave);
  const creada = alta ? undefined : ordenCreadaDe(clave);
  useEffect(() => {
    if (creada !== undefined) router.push(`/archivos?id=${creada}`, 'none', 'replace');
  }, [creada, router]);
  const pendientes = enlazados
    .filter((c) => c.tipo === 'archivos')
    .flatMap((c) => (c.archivos ?? []).map((archivo, i) => ({ clave: `${c.id}:${i}`, estado: c.estado, archivo })));
  const titulo = (alta?.cuerpo as { titulo?: unknown } | undefined)?.titulo;
  return (
    <>
      <PageHeader titulo="Archivos" volverA="/home" />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container papeleo">
          {!alta ? (
            <EstadoPantalla
              icono={folderOpenOutline}
              titulo="Esta orden ya no espera en este dispositivo"
              testId="archivos-alta-enviada"
            >
              Si se envió, sus archivos están en la orden: ábrala desde Inicio.
            </EstadoPantalla>
          ) : (
            <>
              <section
                className="delego-card papeleo-tarjeta"
                aria-label="Orden nueva por enviar"
                data-testid="archivos-alta"
              >
                <h2 className="adjuntos-orden__titulo">{typeof titulo === 'string' ? titulo : 'Nueva orden'}</h2>
                <p className="archivos-agregar__ayuda">
                  <MarcaPendiente estado={alta.estado} />{' '}
                  {alta.estado === 'rechazado'
                    ? 'El servidor no la aceptó: vea «Cambios pendientes».'
                    : 'Se enviará al volver la conexión; el número lo da el servidor.'}
                </p>
              </section>
              {pendientes.length === 0 ? (
                <EstadoPantalla icono={folderOpenOutline} titulo="Todavía no hay archivos" testId="archivos-vacio">
                  Podrá adjuntar más archivos cuando la orden llegue al servidor.
                </EstadoPantalla>
              ) : (
                <>
                  <p className="archivos-cantidad" aria-live="polite" data-testid="archivos-cantidad">
                    {textoCantidad(0)} y {pendientes.length} por enviar
                  </p>
                  <ul className="archivos" data-testid="archivos-lista">
                    {pendientes.map((p) => (
                      <ArchivoPendiente key={p.clave} archivo={p.archivo} estado={p.estado} />
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

/** A file attached on this device, waiting in the outbox: its thumbnail from the device's copy. */
function ArchivoPendiente({
  archivo,
  estado,
}: {
  archivo: NonNullable<Cambio['archivos']>[number];
  estado: Cambio['estado'];
}) {
  return (
    <li className="archivo archivo--pendiente" data-testid="archivo-pendiente">
      <ArchivoLocal
        datos={archivo.datos}
        nombre={archivo.nombre}
        tipo={archivo.tipo}
        testIds={{ miniatura: 'archivo-pendiente-miniatura', nombre: 'archivo-nombre' }}
      >
        <span className="archivo__meta">
          {formatoTamanio(archivo.datos.size)} <MarcaPendiente estado={estado} />
        </span>
        <span className="archivo__meta">
          {estado === 'rechazado'
            ? 'El servidor no lo aceptó: vea «Cambios pendientes».'
            : 'Se enviará al volver la conexión.'}
        </span>
      </ArchivoLocal>
    </li>
  );
}

function ArchivoTarjeta({ ordenId, archivo }: { ordenId: number; archivo: Archivo }) {
  const zona = useZonaEmpresa();
  const router = useIonRouter();
  const quitar = useQuitarArchivo();
  const confirmar = useConfirmar();
  const aviso = useAviso();
  const [bajando, setBajando] = useState(false);

  async function descargar() {
    setBajando(true);
    try {
      const d = await getContenido(archivo.url);
      guardarArchivo(d.blob, archivo.nombre);
    } catch (error) {
      notificarError(error);
    } finally {
      setBajando(false);
    }
  }

  async function eliminar() {
    const ok = await confirmar({
      titulo: '¿Eliminar el archivo?',
      mensaje: `«${archivo.nombre}» se quitará de la orden. La eliminación queda en el historial.`,
      aceptar: 'Eliminar',
    });
    if (!ok) return;
    quitar.mutate({ ordenId, archivoId: archivo.id }, { onSuccess: () => aviso('Archivo eliminado.') });
  }

  function abrir() {
    if (archivo.esImagen) router.push(`/image-modal?id=${ordenId}&archivo=${archivo.id}`);
    else void descargar();
  }

  const quien = `${archivo.usuario.nombre} ${archivo.usuario.apellido}`.trim();
  return (
    <li className="archivo" data-testid="archivo" data-archivo-id={archivo.id}>
      <button
        type="button"
        className="archivo__vista"
        onClick={abrir}
        aria-label={archivo.esImagen ? `Ver ${archivo.nombre}` : `Descargar ${archivo.nombre}`}
        data-testid="archivo-abrir"
      >
        <Miniatura dueno={ordenId} archivo={archivo} />
      </button>
      <div className="archivo__datos">
        <span className="archivo__nombre" title={archivo.nombre} data-testid="archivo-nombre">
          {archivo.nombre}
        </span>
        <span className="archivo__meta">
          <span data-testid="archivo-tamanio">{formatoTamanio(archivo.tamanio)}</span>
          {' · '}
          {quien}
        </span>
        <span className="archivo__meta">{textoFechaHora(archivo.fecha, zona)}</span>
      </div>
      <div className="archivo__acciones">
        <BotonIcono
          size="small"
          icono={downloadOutline}
          etiqueta={`Descargar ${archivo.nombre}`}
          onClick={() => void descargar()}
          disabled={bajando}
          ocupado={bajando}
          testId="archivo-descargar"
        />
        {archivo.puedeEliminar && (
          <BotonIcono
            size="small"
            color="danger"
            icono={trashOutline}
            etiqueta={`Eliminar ${archivo.nombre}`}
            onClick={() => void eliminar()}
            disabled={quitar.isPending}
            ocupado={quitar.isPending}
            testId="archivo-eliminar"
          />
        )}
      </div>
    </li>
  );
}
