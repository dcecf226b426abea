import {
  LIMITES_CONFORMIDAD,
  MENSAJES_CONFORMIDAD,
  textoFechaHora as formatoFechaHora,
  type OrdenDetalle,
  type Ubicacion,
} from '@delego/contract';
import { IonBadge, IonButton, IonCheckbox, IonSkeletonText } from '@ionic/react';
import { createOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { BotonConIcono } from '../../../components/boton-icono';
import { CampoTexto } from '../../../components/campos';
import { FalloDeSeccion } from '../../../components/estados-pantalla';
import { FirmaCanvas } from '../../../components/firma-canvas';
import { MarcaPendiente } from '../../../components/marca-pendiente';
import { useAviso } from '../../../components/avisos';
import { Texto } from '../../../components/texto';
import { ApiError, mensajeDeError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { usePendientes } from '../../../lib/outbox';
import { useObjectUrl } from '../../files';
import { useFirmarConformidad } from '../api/firmar-conformidad';
import { useConformidad } from '../api/get-conformidad';
import { useImagenFirma } from '../api/get-imagen-firma';
import { colorEstadoConformidad, problemaDeDni, textoEstadoConformidad, textoRequerida } from '../model/conformidad';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo';
import '../conformity.css';

/**
 * «Conformidad del cliente» on the order detail (issue 31): the state, the signature taken on site
 * (its image, name, DNI, time, place) or the client's answer from the link, and «Firma del cliente»
 * for who may modify the order.
 */
export function ConformidadDeOrden({ orden }: { orden: OrdenDetalle }) {
  const c = useConformidad(orden.id);
  const zona = useZonaEmpresa();
  const [firmando, setFirmando] = useState(false);
  const puede = !orden.acciones.soloLectura && orden.acciones.modificar;
  // A signature taken without a connection: it waits in the outbox until it is sent.
  const enEspera = usePendientes('conformidadFirma', orden.id);

  return (
    <SeccionConTitulo
      id="orden-conformidad"
      titulo="Conformidad del cliente"
      clase="delego-card orden-detalle__seccion conformidad-de-orden"
      claseCabecera="orden-detalle__seccion-cabecera"
      junto={
        c.data && (
          <IonBadge color={colorEstadoConformidad(c.data)} data-testid="conformidad-estado">
            {textoEstadoConformidad(c.data)}
          </IonBadge>
        )
      }
      testId="orden-conformidad"
    >
      {c.isPending ? (
        <IonSkeletonText animated style={{ width: '60%', height: 16 }} />
      ) : !c.data ? (
        <FalloDeSeccion className="orden-dato__vacio" onReintentar={() => void c.refetch()}>
          No se pudo cargar la conformidad.
        </FalloDeSeccion>
      ) : (
        <>
          {textoRequerida(c.data) && <p className="conformidad__requerida">{textoRequerida(c.data)}</p>}
          {c.data.firma && (
            <div className="conformidad__firma" data-testid="conformidad-firma">
              <ImagenFirma ordenId={orden.id} registrada={c.data.firma.registrada} />
              <p>
                Firmó <strong>{c.data.firma.nombre}</strong>
                {c.data.firma.dni ? ` (DNI ${c.data.firma.dni})` : ''} el {formatoFechaHora(c.data.firma.fecha, zona)}
                {c.data.firma.ubicacion
                  ? `, en ${c.data.firma.ubicacion.lat.toFixed(5)}, ${c.data.firma.ubicacion.lng.toFixed(5)}`
                  : ''}
                . Registrada por {c.data.firma.registradaPor}.
              </p>
            </div>
          )}
          {c.data.remota && (
            <p data-testid="conformidad-remota">
              Desde el enlace, el {formatoFechaHora(c.data.remota.fecha, zona)}:{' '}
              <strong>{c.data.remota.conforme ? 'Conforme' : 'No conforme'}</strong>
              {c.data.remota.motivo ? `. Motivo: ${c.data.remota.motivo}` : ''}
            </p>
          )}
          {enEspera.map((p) => (
            <p key={p.id} data-testid="conformidad-firma-pendiente">
              Firma de <strong>{(p.cuerpo as { nombre?: string } | null)?.nombre ?? ''}</strong> tomada en este
              dispositivo el {formatoFechaHora(p.creado, zona)}: se enviará al volver la conexión.{' '}
              <MarcaPendiente estado={p.estado} />
            </p>
          ))}
          {!c.data.firma && !c.data.remota && !enEspera.length && (
            <p className="orden-dato__vacio">El cliente todavía no dio su conformidad.</p>
          )}
          {puede &&
            (firmando ? (
              <FormularioFirma ordenId={orden.id} numero={orden.numero} alTerminar={() => setFirmando(false)} />
            ) : (
              <BotonConIcono
                icono={createOutline}
                size="small"
                onClick={() => setFirmando(true)}
                testId="accion-firma-cliente"
              >
                <Texto>{c.data.firma ? 'Volver a firmar' : 'Firma del cliente'}</Texto>
              </BotonConIcono>
            ))}
        </>
      )}
    </SeccionConTitulo>
  );
}

function ImagenFirma({ ordenId, registrada }: { ordenId: number; registrada: number }) {
  const imagen = useImagenFirma(ordenId, registrada);
  const url = useObjectUrl(imagen.data);
  if (!url) return <IonSkeletonText animated style={{ width: 200, height: 80 }} />;
  return <img className="conformidad__imagen" src={url} alt="Firma del cliente" data-testid="conformidad-imagen" />;
}

function pedirUbicacion(): Promise<Ubicacion | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolver) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolver({ lat: p.coords.latitude, lng: p.coords.longitude, precision: p.coords.accuracy }),
      () => resolver(null),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

/** The client signs: the canvas, their name, an optional DNI and, if they allow it, the place. */
export function FormularioFirma({
  ordenId,
  numero,
  alTerminar,
}: {
  ordenId: number;
  numero: number;
  alTerminar: () => void;
}) {
  const firmar = useFirmarConformidad();
  const aviso = useAviso();
  const [nombre, setNombre] = useState('');
  const [dni, setDni] = useState('');
  const [conUbicacion, setConUbicacion] = useState(false);
  const [errores, setErrores] = useState<{ nombre?: string; dni?: string; general?: string }>({});
  const [conTrazos, setConTrazos] = useState(false);
  const descartar = useCambiosSinGuardar(nombre.trim() !== '' || dni.trim() !== '' || conTrazos);

  async function alAceptar(dataUrl: string) {
    const e: typeof errores = {};
    if (!nombre.trim()) e.nombre = MENSAJES_CONFORMIDAD.nombreObligatorio;
    else if (nombre.trim().length > LIMITES_CONFORMIDAD.nombre) e.nombre = MENSAJES_CONFORMIDAD.nombreLargo;
    const pDni = problemaDeDni(dni);
    if (pDni) e.dni = pDni;
    setErrores(e);
    if (e.nombre || e.dni) return;
    const ubicacion = conUbicacion ? await pedirUbicacion() : null;
    firmar.mutate(
      {
        ordenId,
        numero,
        firma: {
          firma: dataUrl,
          nombre: nombre.trim(),
          ...(dni.trim() ? { dni: dni.trim() } : {}),
          fecha: Date.now(),
          ...(ubicacion ? { ubicacion } : {}),
        },
      },
      {
        onSuccess: (r) => {
          const sinUbicacion = conUbicacion && !ubicacion ? ' (sin ubicación: no se pudo obtener)' : '';
          aviso(
            r.tipo === 'encolado'
              ? `Sin conexión: la firma quedó guardada en este dispositivo${sinUbicacion} y se enviará al volver la conexión.`
              : `Firma guardada${sinUbicacion}.`,
          );
          alTerminar();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400 && (err.field === 'nombre' || err.field === 'dni')) {
            setErrores({ [err.field]: err.message });
          } else {
            setErrores({ general: mensajeDeError(err) });
          }
        },
      },
    );
  }

  // What both fields share: the label above, the contract's limit, the message, the test id.
  const campo = (nombre: 'nombre' | 'dni', label: string) => ({
    name: nombre,
    label,
    labelPlacement: 'stacked' as const,
    max: LIMITES_CONFORMIDAD[nombre],
    error: errores[nombre],
    disabled: false,
    'data-testid': `conformidad-${nombre}`,
  });

  return (
    <div className="conformidad__formulario" data-testid="conformidad-formulario">
      <CampoTexto {...campo('nombre', 'Nombre de quien firma')} value={nombre} onChange={setNombre} />
      <CampoTexto {...campo('dni', 'DNI (opcional)')} inputmode="numeric" value={dni} onChange={setDni} />
      <IonCheckbox
        labelPlacement="end"
        checked={conUbicacion}
        onIonChange={(ev) => setConUbicacion(ev.detail.checked)}
        data-testid="conformidad-ubicacion"
      >
        Guardar la ubicación (el navegador le pedirá permiso)
      </IonCheckbox>
      <FirmaCanvas
        etiqueta="Firma del cliente"
        alAceptar={(d) => void alAceptar(d)}
        alTrazar={setConTrazos}
        deshabilitada={firmar.isPending}
        testId="conformidad-firma"
      />
      {errores.general && (
        <p className="firma-canvas__error" role="alert" data-testid="conformidad-firma-error-general">
          {errores.general}
        </p>
      )}
      <IonButton fill="clear" color="medium" onClick={() => descartar(alTerminar)} disabled={firmar.isPending}>
        Cancelar
      </IonButton>
    </div>
  );
}
