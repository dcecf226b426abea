import {
  MENSAJES_CLIENTE_PUBLICO,
  RUTAS,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  urlDe,
  type ResumenPublico,
} from '@delego/contract';
import { IonBadge, IonIcon, IonSpinner } from '@ionic/react';
import { checkmarkCircleOutline, cloudDownloadOutline, linkOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { EstadoCargando, EstadoPantalla, EstadoReintentar } from '../../../components/estados-pantalla';
import { PantallaPublica } from '../../../components/pantalla-publica';
import { ApiError, esNoEncontrado, mensajeDeError } from '../../../lib/errors';
import { formatearTamanio } from '../../../lib/numeros';
import { useEnviarFacturacionPublica } from '../api/enviar-facturacion-publica';
import { useResumenPublico } from '../api/get-resumen-publico';
import { formatoFecha, formatoFechaHora } from '../model/fechas';
import {
  ALIAS_FACTURACION,
  CAMPOS_FACTURACION,
  CamposFacturacion,
  useFormularioFacturacion,
} from './formulario-facturacion';
import { BotonGuardar } from '../../../components/botones-formulario';
import { colorDePunto } from '../../../lib/color-de-punto';
import { EncuestaResumen } from './encuesta-resumen';
import { ConformidadResumen } from './conformidad-resumen';
import { ChecklistResumen } from './checklist-resumen';
import { SeccionResumen } from './seccion-resumen';
import '../client-side.css';

/** The public page shows dates in the companies' default zone (the client has no session to tell another). */
const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;

/** The billing form's token, from the link's fragment (`#facturacion=<f>`): it never reaches a server. */
function tokenDeFormulario(hash: string): string | null {
  const f = new URLSearchParams(hash.replace(/^#/, '')).get('facturacion');
  return f && /^[A-Za-z0-9_-]{20,200}$/.test(f) ? f : null;
}

/**
 * ordersummary/:id (no login): the order as its client sees it, behind the unguessable token of the
 * link. It asks again every 30 s while visible, so a state change shows by itself. With the billing
 * form's token in the fragment (the delegation mail) it also shows the form, once.
 */
export default function ResumenPublicoPage() {
  const { id = '' } = useParams();
  const k = id || null;
  const resumen = useResumenPublico(k);
  const f = tokenDeFormulario(useLocation().hash);
  const { refetch } = resumen;
  // Opened from the billing mail in a tab that already showed the summary: ask again for the form.
  useEffect(() => {
    if (f) void refetch();
  }, [f, refetch]);

  return (
    <PantallaPublica ancho="media" testId="resumen-publico">
      {!k ? (
        <NoDisponible />
      ) : resumen.isPending ? (
        <EstadoCargando className="resumen-cargando" testId="resumen-cargando">
          Cargando la orden…
        </EstadoCargando>
      ) : resumen.isError && !resumen.data ? (
        esNoEncontrado(resumen.error) ? (
          <NoDisponible />
        ) : (
          <EstadoReintentar
            titulo="No pudimos cargar la orden"
            error={resumen.error}
            onReintentar={() => void resumen.refetch()}
            testId="resumen"
          />
        )
      ) : (
        <Resumen r={resumen.data} k={k} f={f} actualizando={resumen.isFetching} />
      )}
    </PantallaPublica>
  );
}

function NoDisponible() {
  return (
    <EstadoPantalla icono={linkOutline} titulo="Este enlace no está disponible" testId="resumen-no-disponible">
      {MENSAJES_CLIENTE_PUBLICO.enlaceNoDisponible}
    </EstadoPantalla>
  );
}

function Resumen({ r, k, f, actualizando }: { r: ResumenPublico; k: string; f: string | null; actualizando: boolean }) {
  const o = r.orden;
  return (
    <article className="resumen" aria-labelledby="resumen-titulo">
      <header className="resumen__empresa">
        {r.entidad.logo ? (
          <img className="resumen__logo" src={r.entidad.logo} alt={`Logo de ${r.entidad.nombre}`} />
        ) : (
          <span className="resumen__iniciales" aria-hidden="true">
            {r.entidad.nombre.trim().slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="resumen__empresa-nombre" data-testid="resumen-empresa">
          {r.entidad.nombre}
        </span>
      </header>
      <p className="resumen__numero">Orden #{o.numero}</p>
      <h1 id="resumen-titulo" className="resumen__titulo" data-testid="resumen-titulo">
        {o.titulo}
      </h1>
      <p className="resumen__estado">
        Estado:{' '}
        <IonBadge color={o.estado.color} data-testid="resumen-estado">
          {o.estado.nombre}
        </IonBadge>
      </p>
      <dl className="resumen__datos">
        <div>
          <dt>Inicio previsto</dt>
          <dd>{o.fechaInicio != null ? formatoFecha(o.fechaInicio, ZONA) : 'Sin fecha'}</dd>
        </div>
        <div>
          <dt>Fin previsto</dt>
          <dd data-testid="resumen-fecha-fin">{o.fechaFin != null ? formatoFecha(o.fechaFin, ZONA) : 'Sin fecha'}</dd>
        </div>
        {o.finalizada != null && (
          <div>
            <dt>Finalizada</dt>
            <dd>{formatoFechaHora(o.finalizada, ZONA)}</dd>
          </div>
        )}
        <div>
          <dt>{o.responsables.length > 1 ? 'Responsables' : 'Responsable'}</dt>
          <dd data-testid="resumen-responsables">
            {o.responsables.length ? o.responsables.join(', ') : 'Sin asignar'}
          </dd>
        </div>
      </dl>

      <SeccionResumen id="resumen-historial" titulo="Historial de estados">
        <ol className="resumen__linea" data-testid="resumen-historial">
          {r.historial.map((h, i) => (
            <li key={`${h.fecha}-${i}`}>
              <span className="resumen__punto" style={colorDePunto(h.estado.color)} aria-hidden="true" />
              <strong>{h.estado.nombre}</strong>
              <time dateTime={new Date(h.fecha).toISOString()}>{formatoFechaHora(h.fecha, ZONA)}</time>
            </li>
          ))}
        </ol>
      </SeccionResumen>

      {r.archivos.length > 0 && (
        <SeccionResumen id="resumen-archivos" titulo="Archivos">
          <ul className="resumen__archivos" data-testid="resumen-archivos">
            {r.archivos.map((a) => (
              <li key={a.id}>
                <a
                  href={urlDe(RUTAS.archivoPublico, undefined, { k, archivo: a.id })}
                  download={a.nombre}
                  rel="noopener"
                >
                  <IonIcon icon={cloudDownloadOutline} aria-hidden="true" /> {a.nombre}
                </a>{' '}
                <small>({formatearTamanio(a.tamanio)})</small>
              </li>
            ))}
          </ul>
        </SeccionResumen>
      )}

      {r.checklist && r.checklist.length > 0 && <ChecklistResumen items={r.checklist} />}

      {r.conformidad && <ConformidadResumen k={k} c={r.conformidad} zona={ZONA} />}

      {r.encuestaPendiente && <EncuestaResumen k={k} />}

      {f && <Facturacion k={k} f={f} pendiente={r.facturacionPendiente} actualizando={actualizando} />}

      <p className="resumen__pie" aria-live="polite">
        {actualizando ? 'Actualizando…' : `Actualizado a las ${formatoFechaHora(r.leido, ZONA).slice(-5)}.`} La página
        se actualiza sola.
      </p>
    </article>
  );
}

function Facturacion({
  k,
  f,
  pendiente,
  actualizando,
}: {
  k: string;
  f: string;
  pendiente: boolean;
  actualizando: boolean;
}) {
  const enviar = useEnviarFacturacionPublica();
  const [hecho, setHecho] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useFormularioFacturacion(null, !enviar.isPending);

  if (hecho) {
    return (
      <section className="resumen__facturacion" data-testid="facturacion-enviada">
        <EstadoPantalla icono={checkmarkCircleOutline} color="success" titulo="Datos enviados">
          {hecho}
        </EstadoPantalla>
      </section>
    );
  }
  if (!pendiente && actualizando) {
    return (
      <section className="resumen__facturacion resumen-cargando" role="status">
        <IonSpinner name="crescent" aria-hidden="true" /> Buscando el formulario de facturación…
      </section>
    );
  }
  if (!pendiente) {
    return (
      <section className="resumen__facturacion" data-testid="facturacion-no-pendiente">
        <p>
          Los datos de facturación de esta orden ya se enviaron o el formulario ya no está disponible. Si hay que
          corregirlos, avise a la empresa.
        </p>
      </section>
    );
  }
  return (
    <SeccionResumen id="resumen-facturacion" titulo="Sus datos de facturación" clase="resumen__facturacion">
      <p>La empresa le pide estos datos para facturar la orden. El formulario se envía una sola vez.</p>
      <form
        {...form.props((datos) => {
          setError(null);
          enviar.mutate(
            { k, f, datosFacturacion: datos },
            {
              onSuccess: (r) => setHecho(r.mensaje),
              onError: (e) => {
                const enCampo = form.falloAlGuardar;
                if (e instanceof ApiError && e.status === 400 && e.field && ALIAS_FACTURACION[e.field]) {
                  enCampo(e, CAMPOS_FACTURACION, { alias: ALIAS_FACTURACION, soloDatosInvalidos: true });
                } else {
                  setError(mensajeDeError(e));
                }
              },
            },
          );
        })}
        aria-label="Datos de facturación"
        data-testid="facturacion-publica"
      >
        <CamposFacturacion f={form} />
        {error && (
          <p className="resumen__error" role="alert" data-testid="facturacion-error">
            {error}
          </p>
        )}
        <BotonGuardar ocupado={enviar.isPending} texto="Enviar datos" testId="facturacion-enviar" />
      </form>
    </SeccionResumen>
  );
}
