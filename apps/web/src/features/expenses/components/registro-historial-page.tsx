import {
  diaDeMs,
  esAdmin,
  textoFecha,
  type OrdenDetalle,
  type RegistroGasto,
  type RegistroHoras,
  type RegistroOrden,
} from '@delego/contract';
import { IonButton, IonButtons, IonHeader, IonIcon, IonModal, IonSpinner, IonTitle, IonToolbar } from '@ionic/react';
import { barChartOutline, receiptOutline } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { guardarArchivo } from '../../../lib/descargas';
import { notificarError } from '../../../lib/errors';
import { useSession } from '../../auth';
import { ordenesKeys } from '../../../domain/orden';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { CabeceraOrden, getContenido, leerId, useConsultaDeRuta } from '../../files';
import { MENSAJE_SIN_CONEXION, usePendientes } from '../../../lib/outbox';
import { useGuardarRegistro } from '../api/guardar-registro';
import { useRegistro } from '../api/get-registro';
import { useZonaEmpresa } from '../../../lib/fechas';
import { registroPendiente, totalesConPendientes } from '../model/pendientes';
import { formatoMonto, textoHoras } from '../model/registro';
import { FormularioGastoRegistro } from './formulario-gasto';
import { FormularioHorasRegistro } from './formulario-horas';
import { borrarTemporizador } from '../model/temporizador';
import { SeccionRegistro } from './seccion-registro';
import { TemporizadorOrden } from './temporizador-orden';
import { useConfirmarSalida, usePermisoParaSalir } from '../../../lib/cambios-sin-guardar';
import './registro.css';

const RUTA = '/registro-historial';

/** registro-historial?id=42: the order's hours and expenses with their totals; log, correct, remove. */
export default function RegistroHistorialPage() {
  const id = leerId(useConsultaDeRuta(RUTA).get('id'));
  const registro = useRegistro(id);
  return (
    <PantallaDeOrden titulo="Horas y gastos" id={id} ambito="papeleo" consulta={registro} clase="registro">
      {(datos) => <RegistroDeOrden registro={datos} />}
    </PantallaDeOrden>
  );
}

const nombre = (p: { nombre: string; apellido: string; usuario: string }) =>
  `${p.nombre} ${p.apellido}`.trim() || p.usuario;

/** The hours form opened by the timer's «Detener»: saving it removes the timer. */
interface DelTemporizador {
  fecha: string;
  horas: number;
  minutos: number;
}

type Editor =
  | { tipo: 'horas'; inicial?: RegistroHoras; temporizador?: DelTemporizador }
  | { tipo: 'gasto'; inicial?: RegistroGasto };

function tituloEditor(e: Editor): string {
  if (e.tipo === 'horas') return e.inicial ? 'Corregir horas' : 'Registrar horas';
  return e.inicial ? 'Corregir gasto' : 'Registrar gasto';
}

/**
 * The totals: hours as H:MM and the expenses of each currency. With `pendientes`, they count what
 * waits in the outbox, and say so.
 */
export function Totales({ totales, pendientes = false }: { totales: RegistroOrden['totales']; pendientes?: boolean }) {
  return (
    <section className="delego-card registro-totales" aria-label="Totales" data-testid="registro-totales">
      {pendientes && (
        <p className="registro-totales__nota" data-testid="registro-totales-pendientes">
          Incluyen cambios que se enviarán al volver la conexión.
        </p>
      )}
      <div className="registro-total">
        <span className="registro-total__titulo">Horas</span>
        <span className="registro-total__valor delego-cifra" data-testid="registro-total-horas">
          {totales.horas} h
        </span>
      </div>
      <div className="registro-total">
        <span className="registro-total__titulo">Gastos</span>
        {totales.gastos.length === 0 ? (
          <span className="registro-total__valor registro-total__valor--vacio" data-testid="registro-total-gastos">
            Sin gastos
          </span>
        ) : (
          <ul className="registro-total__monedas" data-testid="registro-total-gastos">
            {totales.gastos.map((t) => (
              <li key={t.moneda} className="registro-total__valor delego-cifra">
                {formatoMonto(t.total, t.moneda)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function RegistroDeOrden({ registro }: { registro: RegistroOrden }) {
  const ordenId = registro.ordenId;
  const zona = useZonaEmpresa();
  const { usuario } = useSession();
  const guardar = useGuardarRegistro();
  const confirmar = useConfirmar();
  const aviso = useAviso();
  const [editor, setEditor] = useState<Editor | null>(null);
  const numero = useQueryClient().getQueryData<OrdenDetalle>(ordenesKeys.detalle(ordenId))?.numero;
  // What was logged on this device and waits in the outbox shows at once, marked «pendiente».
  const cambiosPendientes = usePendientes('registro', ordenId);
  const enEspera = useMemo(() => registroPendiente(cambiosPendientes), [cambiosPendientes]);
  const conPendientes = useMemo(() => totalesConPendientes(registro, cambiosPendientes), [registro, cambiosPendientes]);
  /** Whose pending hours they are: the person's own, or someone the log already names. */
  function quienPendiente(usuarioId: number | null): string {
    if (usuarioId === null || usuarioId === usuario?.id) return usuario ? nombre(usuario) : '';
    const otro = registro.horas.find((h) => h.usuario.id === usuarioId)?.usuario;
    return otro ? nombre(otro) : 'Otra persona';
  }
  const [abierto, setAbierto] = useState(false);
  const confirmarSalida = useConfirmarSalida();
  const permisoParaSalir = usePermisoParaSalir();

  function abrir(e: Editor) {
    setEditor(e);
    setAbierto(true);
  }
  /** A section's «Registrar …» button, for whoever may log on this order. */
  const agregar = (tipo: Editor['tipo'], texto: string, testId: string) =>
    registro.puedeAgregar ? { texto, testId, onClick: () => abrir({ tipo }) } : null;

  /** Removes an entry once the person confirms; the removal stays in the order's history. */
  async function borrar(cual: 'horas' | 'gastos', id: number, titulo: string, que: string, exito: string) {
    const ok = await confirmar({
      titulo,
      mensaje: `${que}. La eliminación queda en el historial.`,
      aceptar: 'Eliminar',
    });
    if (!ok) return;
    const borrados = { horas: [] as number[], gastos: [] as number[], [cual]: [id] };
    guardar.mutate(
      { ordenId, cambios: { borrados } },
      { onSuccess: (r) => aviso(r.tipo === 'enviado' ? exito : MENSAJE_SIN_CONEXION), onError: notificarError },
    );
  }

  function listo(mensaje: string) {
    // Saved or queued for when the connection returns: the timer's time is logged, it stops.
    if (editor?.tipo === 'horas' && editor.temporizador && usuario) borrarTemporizador(usuario.id);
    setAbierto(false);
    aviso(mensaje);
  }

  return (
    <>
      <CabeceraOrden ordenId={ordenId} />
      <Totales totales={conPendientes ?? registro.totales} pendientes={conPendientes !== null} />
      {registro.puedeAgregar && (
        <TemporizadorOrden
          ordenId={ordenId}
          numero={numero}
          onDetener={(t, d) => abrir({ tipo: 'horas', temporizador: { fecha: diaDeMs(t.inicio, zona), ...d } })}
        />
      )}

      <SeccionRegistro
        id="registro-horas"
        titulo="Horas"
        agregar={agregar('horas', 'Registrar horas', 'registro-agregar-horas')}
        vacio="Todavía no se registraron horas."
        filas={registro.horas}
        testIdFila="registro-hora"
        pendientes={enEspera.horas.map((h) => ({
          clave: h.clave,
          estado: h.estado,
          valor: textoHoras(h.horas, h.minutos),
          datos: (
            <>
              <TituloDeFila
                titulo={h.correccion ? 'Corrección' : quienPendiente(h.usuarioId)}
                fecha={h.fecha}
                zona={zona}
              />
              {h.descripcion && <span className="registro-fila__texto">{h.descripcion}</span>}
            </>
          ),
        }))}
        eliminandose={enEspera.borrados.horas}
        que="estas horas"
        ocupado={guardar.isPending}
        onEditar={(h) => abrir({ tipo: 'horas', inicial: h })}
        onBorrar={(h) =>
          void borrar(
            'horas',
            h.id,
            '¿Eliminar estas horas?',
            `${textoHoras(h.horas, h.minutos)} de ${nombre(h.usuario)} del ${textoFecha(h.fecha, zona)}`,
            'Horas eliminadas.',
          )
        }
        valor={(h) => textoHoras(h.horas, h.minutos)}
        datos={(h) => (
          <>
            <TituloDeFila titulo={nombre(h.usuario)} fecha={h.fecha} zona={zona} />
            {h.descripcion && <span className="registro-fila__texto">{h.descripcion}</span>}
            {h.autor.id !== h.usuario.id && <span className="registro-fila__meta">Cargadas por {nombre(h.autor)}</span>}
          </>
        )}
      />

      <SeccionRegistro
        id="registro-gastos"
        titulo="Gastos"
        agregar={agregar('gasto', 'Registrar gasto', 'registro-agregar-gasto')}
        vacio="Todavía no se registraron gastos."
        filas={registro.gastos}
        testIdFila="registro-gasto"
        pendientes={enEspera.gastos.map((g) => ({
          clave: g.clave,
          estado: g.estado,
          valor: formatoMonto(g.monto, g.moneda),
          datos: (
            <TituloDeFila
              titulo={g.correccion ? `Corrección: ${g.concepto}` : g.concepto}
              fecha={g.fecha}
              zona={zona}
            />
          ),
        }))}
        eliminandose={enEspera.borrados.gastos}
        que="este gasto"
        ocupado={guardar.isPending}
        onEditar={(g) => abrir({ tipo: 'gasto', inicial: g })}
        onBorrar={(g) =>
          void borrar(
            'gastos',
            g.id,
            '¿Eliminar este gasto?',
            `${g.concepto}: ${formatoMonto(g.monto, g.moneda)} del ${textoFecha(g.fecha, zona)}`,
            'Gasto eliminado.',
          )
        }
        valor={(g) => formatoMonto(g.monto, g.moneda)}
        datos={(g) => (
          <>
            <TituloDeFila titulo={g.concepto} fecha={g.fecha} zona={zona} />
            <span className="registro-fila__meta">{nombre(g.autor)}</span>
            {g.comprobante && <Comprobante comprobante={g.comprobante} />}
          </>
        )}
      />

      {usuario && esAdmin(usuario) && (
        <p className="registro-enlace">
          <IonButton fill="clear" size="small" routerLink="/horas-reportadas" data-testid="registro-horas-reportadas">
            <IonIcon slot="start" icon={barChartOutline} aria-hidden="true" />
            Horas reportadas de todo el equipo
          </IonButton>
        </p>
      )}

      <IonModal
        isOpen={abierto}
        // The backdrop, Escape and the swipe ask before they drop what the form has; closing it
        // from the app (Cancelar, Cerrar, a save) comes without a role and has asked already.
        canDismiss={(_datos?: unknown, rol?: string) =>
          rol === undefined ? Promise.resolve(true) : permisoParaSalir()
        }
        onDidDismiss={() => setAbierto(false)}
        className="registro-modal"
      >
        {editor && (
          <>
            <IonHeader>
              <IonToolbar color="primary">
                <IonTitle>{tituloEditor(editor)}</IonTitle>
                <IonButtons slot="end">
                  <IonButton onClick={() => confirmarSalida(() => setAbierto(false))}>Cerrar</IonButton>
                </IonButtons>
              </IonToolbar>
            </IonHeader>
            <div className="registro-modal__cuerpo">
              {editor.tipo === 'horas' ? (
                <FormularioHorasRegistro
                  key={editor.inicial?.id ?? (editor.temporizador ? 'temporizador' : 'nuevas')}
                  ordenId={ordenId}
                  inicial={editor.inicial}
                  prellenado={editor.temporizador}
                  puedeCargarAOtros={registro.puedeCargarAOtros}
                  onListo={listo}
                  onCancelar={() => setAbierto(false)}
                />
              ) : (
                <FormularioGastoRegistro
                  key={editor.inicial?.id ?? 'nuevo'}
                  ordenId={ordenId}
                  inicial={editor.inicial}
                  puedeAdjuntar={registro.puedeAgregar}
                  onListo={listo}
                  onCancelar={() => setAbierto(false)}
                />
              )}
            </div>
          </>
        )}
      </IonModal>
    </>
  );
}

/** The receipt of an expense: downloads it (with the session's Authorization). */
function Comprobante({ comprobante }: { comprobante: NonNullable<RegistroGasto['comprobante']> }) {
  const [bajando, setBajando] = useState(false);
  async function descargar() {
    setBajando(true);
    try {
      const d = await getContenido(comprobante.url);
      guardarArchivo(d.blob, comprobante.nombre || d.nombre || 'comprobante');
    } catch (error) {
      notificarError(error);
    } finally {
      setBajando(false);
    }
  }
  return (
    <button
      type="button"
      className="registro-comprobante"
      onClick={() => void descargar()}
      disabled={bajando}
      data-testid="registro-comprobante"
    >
      {bajando ? (
        <IonSpinner name="crescent" aria-hidden="true" />
      ) : (
        <IonIcon icon={receiptOutline} aria-hidden="true" />
      )}
      <span>{comprobante.nombre || 'Comprobante'}</span>
    </button>
  );
}

/** An entry's title and its day: «Lucía Paz · 3/5/2026». */
function TituloDeFila({ titulo, fecha, zona }: { titulo: string; fecha: number; zona: string }) {
  return (
    <span className="registro-fila__titulo">
      {titulo} <span className="registro-fila__fecha">· {textoFecha(fecha, zona)}</span>
    </span>
  );
}
