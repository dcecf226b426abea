import { MENSAJES_EXTERNO, type VistaExterno } from '@delego/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { closeCircleOutline, cloudOfflineOutline, linkOutline } from 'ionicons/icons';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router-dom';
import { EstadoCargando, EstadoPantalla, EstadoReintentar } from '../../../components/estados-pantalla';
import { PantallaPublica } from '../../../components/pantalla-publica';
import { textoCopiaSinConexion, useEnLinea } from '../../../lib/conexion';
import type { ApiError } from '../../../lib/errors';
import { externoKeys, useVistaExterno, type ConCopia } from '../api/consultas';
import type { CambioExterno } from '../model/almacen';
import { BandejaExterno, cierraElEnlace, type EstadoBandejaExterno } from '../model/bandeja';
import { claveDeEnlace } from '../model/clave-enlace';
import { enviarCambioExterno } from '../model/enviar';
import { ContextoExterno, useExterno, type Externo } from './contexto';
import { EncabezadoExterno } from './encabezado';
import { RespuestaPendiente, RespuestaRechazada } from './respuesta';
import { SeccionArchivos } from './seccion-archivos';
import { SeccionChecklist } from './seccion-checklist';
import { SeccionEstado } from './seccion-estado';
import { SeccionHistorial } from './seccion-historial';
import { SeccionRegistro } from './seccion-registro';
import './externo.css';

/**
 * externo/:k (no session): the one order a contractor's link opens (issue 33 part 2). They accept
 * or reject it, then change its state, add photos and files, log hours and expenses and answer
 * its checklist, with or without a connection (model/bandeja.ts). Every call carries the link as
 * `Authorization: Externo <k>` (api/cliente.ts) and never a session's credential.
 */
export default function ExternoPage() {
  const k = useParams().k ?? '';
  const [enlace, setEnlace] = useState<string | null>(null);
  useEffect(() => {
    let vigente = true;
    setEnlace(null);
    if (k) void claveDeEnlace(k).then((c) => vigente && setEnlace(c));
    return () => {
      vigente = false;
    };
  }, [k]);
  return (
    <PantallaPublica ancho="ancha" testId="externo">
      {!k ? <EnlaceCerrado /> : enlace ? <PaginaExterno key={enlace} k={k} enlace={enlace} /> : <Cargando />}
    </PantallaPublica>
  );
}

function Cargando() {
  return (
    <EstadoCargando className="externo-cargando" testId="externo-cargando">
      Cargando la orden…
    </EstadoCargando>
  );
}

/**
 * A link that opens nothing: unknown (no token, or a 401), or closed (a 410, whose message says
 * why); below, what could not be sent.
 */
function EnlaceCerrado({ cerrado, sinEnviar = [] }: { cerrado?: ApiError; sinEnviar?: CambioExterno[] }) {
  return (
    <>
      {cerrado && cerrado.status !== 401 ? (
        <EstadoPantalla icono={closeCircleOutline} titulo="Este enlace ya no da acceso" testId="externo-revocado">
          {cerrado.message}
        </EstadoPantalla>
      ) : (
        <EstadoPantalla icono={linkOutline} titulo="Enlace no encontrado" testId="externo-no-existe">
          {MENSAJES_EXTERNO.noExiste}
        </EstadoPantalla>
      )}
      <SinEnviar cambios={sinEnviar} />
    </>
  );
}

/** What could not be sent before the link closed: listed, so that nothing is lost silently. */
function SinEnviar({ cambios }: { cambios: CambioExterno[] }) {
  if (cambios.length === 0) return null;
  return (
    <section className="externo-sin-enviar" data-testid="externo-sin-enviar">
      <h2>{cambios.length === 1 ? '1 cambio no se envió' : `${cambios.length} cambios no se enviaron`}</h2>
      <p>Lo que hizo en este dispositivo sin conexión no llegó a la empresa. Avísele si lo necesita:</p>
      <ul className="externo-lista">
        {cambios.map((c) => (
          <li key={c.id}>{c.descripcion}</li>
        ))}
      </ul>
    </section>
  );
}

function PaginaExterno({ k, enlace }: { k: string; enlace: string }) {
  const queryClient = useQueryClient();
  const bandeja = useMemo(
    () =>
      new BandejaExterno({
        enlace,
        enviar: (c) => enviarCambioExterno(k, c),
        alAplicar: (c) => {
          const parte = c.tipo === 'archivos' ? 'archivos' : c.tipo === 'checklist' ? 'checklist' : 'vista';
          void queryClient.invalidateQueries({ queryKey: externoKeys[parte](enlace) });
        },
      }),
    [k, enlace, queryClient],
  );
  useEffect(() => bandeja.iniciar(), [bandeja]);
  const pendientes = useSyncExternalStore(bandeja.suscribir, bandeja.leer);
  const vista = useVistaExterno(k, enlace);
  const { refetch } = vista;

  // Back online: the order is read again (the outbox replays on its own).
  useEffect(() => {
    const alVolver = () => void refetch();
    window.addEventListener('online', alVolver);
    return () => window.removeEventListener('online', alVolver);
  }, [refetch]);

  const errorVista = cierraElEnlace(vista.error) ? vista.error : null;
  useEffect(() => {
    if (errorVista) bandeja.cerrar(errorVista);
  }, [bandeja, errorVista]);

  const cerrado = pendientes.cerrado ?? errorVista;
  if (cerrado) return <EnlaceCerrado cerrado={cerrado} sinEnviar={pendientes.cambios} />;
  if (vista.data) {
    const contexto: Externo = {
      k,
      enlace,
      bandeja,
      pendientes,
      ordenId: vista.data.dato.orden.id,
      zona: vista.data.dato.empresa.zonaHoraria,
    };
    return (
      <ContextoExterno value={contexto}>
        <OrdenExterno consulta={vista.data} pendientes={pendientes} />
      </ContextoExterno>
    );
  }
  if (vista.isError) {
    return (
      <EstadoReintentar
        titulo="No pudimos cargar la orden"
        error={vista.error}
        onReintentar={() => void vista.refetch()}
        testId="externo"
      />
    );
  }
  return <Cargando />;
}

function OrdenExterno({
  consulta,
  pendientes,
}: {
  consulta: ConCopia<VistaExterno>;
  pendientes: EstadoBandejaExterno;
}) {
  const vista = consulta.dato;
  const respuesta = vista.externo.respuesta;
  return (
    <article className="externo" aria-labelledby="externo-titulo">
      <MarcaSinConexionExterno consulta={consulta} />
      <EncabezadoExterno vista={vista} />
      <BarraPendientes pendientes={pendientes} />
      {respuesta === 'pendiente' && <RespuestaPendiente />}
      {respuesta === 'rechazada' && <RespuestaRechazada vista={vista} />}
      {respuesta === 'aceptada' && (
        <>
          <SeccionEstado vista={vista} />
          <SeccionArchivos />
          <SeccionRegistro vista={vista} />
          {vista.tieneChecklist && <SeccionChecklist />}
          <SeccionHistorial vista={vista} />
        </>
      )}
    </article>
  );
}

/** «Sin conexión · datos de 14:05» while the page shows the copy kept on the device. */
function MarcaSinConexionExterno({ consulta }: { consulta: ConCopia<VistaExterno> }) {
  const enLinea = useEnLinea();
  if (!consulta.desdeCopia && enLinea) return null;
  return (
    <p className="delego-marca-sin-conexion" role="status" data-testid="externo-sin-conexion">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      {textoCopiaSinConexion(consulta.obtenida, consulta.dato.empresa.zonaHoraria)}
    </p>
  );
}

/** How many changes wait to go, and «Enviar ahora». */
function BarraPendientes({ pendientes }: { pendientes: EstadoBandejaExterno }) {
  const { bandeja } = useExterno();
  const esperando = pendientes.cambios.filter((c) => c.estado === 'pendiente').length;
  if (esperando === 0) return null;
  return (
    <div className="externo-barra-pendientes" role="status" data-testid="externo-barra-pendientes">
      <span>{esperando === 1 ? '1 cambio sin enviar' : `${esperando} cambios sin enviar`}</span>
      <IonButton
        size="small"
        onClick={() => void bandeja.procesar()}
        disabled={pendientes.enviando}
        data-testid="externo-enviar-ahora"
      >
        {pendientes.enviando ? 'Enviando…' : 'Enviar ahora'}
      </IonButton>
    </div>
  );
}
