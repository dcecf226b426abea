import { esAdmin, textoFecha, type RegistroGasto, type RegistroHoras, type RegistroOrden } from '@delego/contract';
import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonModal,
  IonSpinner,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { add, barChartOutline, createOutline, receiptOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EstadoError, EstadoSinOrden, FilasCargando } from '../../../components/estados-pantalla';
import { guardarArchivo } from '../../../lib/descargas';
import { notificarError } from '../../../lib/errors';
import { useSession } from '../../auth';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { CabeceraOrden, getContenido, leerId, useConsultaDeRuta } from '../../files';
import { useGuardarRegistro } from '../api/guardar-registro';
import { useRegistro } from '../api/get-registro';
import { useZonaEmpresa } from '../../../lib/fechas';
import { formatoMonto, textoHoras } from '../model/registro';
import { FormularioGastoRegistro } from './formulario-gasto';
import { FormularioHorasRegistro } from './formulario-horas';
import './registro.css';

const RUTA = '/registro-historial';

/** registro-historial?id=42: the order's hours and expenses with their totals; log, correct, remove. */
export default function RegistroHistorialPage() {
  const id = leerId(useConsultaDeRuta(RUTA).get('id'));
  const registro = useRegistro(id);
  return (
    <>
      <PageHeader titulo="Horas y gastos" volverA={id ? `/orden/${id}` : '/home'} />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container papeleo registro">
          {id === null ? (
            <EstadoSinOrden ambito="papeleo" />
          ) : registro.isPending ? (
            <FilasCargando ambito="papeleo" filas={4} />
          ) : registro.isError ? (
            <EstadoError ambito="papeleo" error={registro.error} onReintentar={() => void registro.refetch()} />
          ) : (
            <RegistroDeOrden registro={registro.data} />
          )}
        </div>
      </IonContent>
    </>
  );
}

const nombre = (p: { nombre: string; apellido: string; usuario: string }) =>
  `${p.nombre} ${p.apellido}`.trim() || p.usuario;

type Editor = { tipo: 'horas'; inicial?: RegistroHoras } | { tipo: 'gasto'; inicial?: RegistroGasto };

function tituloEditor(e: Editor): string {
  if (e.tipo === 'horas') return e.inicial ? 'Corregir horas' : 'Registrar horas';
  return e.inicial ? 'Corregir gasto' : 'Registrar gasto';
}

/** The totals: hours as H:MM and the expenses of each currency. */
export function Totales({ totales }: { totales: RegistroOrden['totales'] }) {
  return (
    <section className="delego-card registro-totales" aria-label="Totales" data-testid="registro-totales">
      <div className="registro-total">
        <span className="registro-total__titulo">Horas</span>
        <span className="registro-total__valor" data-testid="registro-total-horas">
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
              <li key={t.moneda} className="registro-total__valor">
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
  const [abierto, setAbierto] = useState(false);

  function abrir(e: Editor) {
    setEditor(e);
    setAbierto(true);
  }

  async function borrarHoras(h: RegistroHoras) {
    const ok = await confirmar({
      titulo: '¿Eliminar estas horas?',
      mensaje: `${textoHoras(h.horas, h.minutos)} de ${nombre(h.usuario)} del ${textoFecha(h.fecha, zona)}. La eliminación queda en el historial.`,
      aceptar: 'Eliminar',
    });
    if (!ok) return;
    guardar.mutate(
      { ordenId, cambios: { borrados: { horas: [h.id], gastos: [] } } },
      { onSuccess: () => aviso('Horas eliminadas.'), onError: notificarError },
    );
  }

  async function borrarGasto(g: RegistroGasto) {
    const ok = await confirmar({
      titulo: '¿Eliminar este gasto?',
      mensaje: `${g.concepto}: ${formatoMonto(g.monto, g.moneda)} del ${textoFecha(g.fecha, zona)}. La eliminación queda en el historial.`,
      aceptar: 'Eliminar',
    });
    if (!ok) return;
    guardar.mutate(
      { ordenId, cambios: { borrados: { horas: [], gastos: [g.id] } } },
      { onSuccess: () => aviso('Gasto eliminado.'), onError: notificarError },
    );
  }

  function listo(mensaje: string) {
    setAbierto(false);
    aviso(mensaje);
  }

  return (
    <>
      <CabeceraOrden ordenId={ordenId} />
      <Totales totales={registro.totales} />

      <section className="delego-card registro-seccion" aria-labelledby="registro-horas">
        <div className="registro-seccion__cabecera">
          <h2 id="registro-horas">Horas</h2>
          {registro.puedeAgregar && (
            <IonButton size="small" onClick={() => abrir({ tipo: 'horas' })} data-testid="registro-agregar-horas">
              <IonIcon slot="start" icon={add} aria-hidden="true" />
              Registrar horas
            </IonButton>
          )}
        </div>
        {registro.horas.length === 0 ? (
          <p className="registro-vacio">Todavía no se registraron horas.</p>
        ) : (
          <ul className="registro-filas" data-testid="registro-horas">
            {registro.horas.map((h) => (
              <li key={h.id} className="registro-fila" data-testid="registro-hora">
                <span className="registro-fila__valor">{textoHoras(h.horas, h.minutos)}</span>
                <div className="registro-fila__datos">
                  <span className="registro-fila__titulo">
                    {nombre(h.usuario)} <span className="registro-fila__fecha">· {textoFecha(h.fecha, zona)}</span>
                  </span>
                  {h.descripcion && <span className="registro-fila__texto">{h.descripcion}</span>}
                  {h.autor.id !== h.usuario.id && (
                    <span className="registro-fila__meta">Cargadas por {nombre(h.autor)}</span>
                  )}
                </div>
                {h.puedeEditar && (
                  <AccionesFila
                    que="estas horas"
                    ocupado={guardar.isPending}
                    onEditar={() => abrir({ tipo: 'horas', inicial: h })}
                    onBorrar={() => void borrarHoras(h)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="delego-card registro-seccion" aria-labelledby="registro-gastos">
        <div className="registro-seccion__cabecera">
          <h2 id="registro-gastos">Gastos</h2>
          {registro.puedeAgregar && (
            <IonButton size="small" onClick={() => abrir({ tipo: 'gasto' })} data-testid="registro-agregar-gasto">
              <IonIcon slot="start" icon={add} aria-hidden="true" />
              Registrar gasto
            </IonButton>
          )}
        </div>
        {registro.gastos.length === 0 ? (
          <p className="registro-vacio">Todavía no se registraron gastos.</p>
        ) : (
          <ul className="registro-filas" data-testid="registro-gastos">
            {registro.gastos.map((g) => (
              <li key={g.id} className="registro-fila" data-testid="registro-gasto">
                <span className="registro-fila__valor">{formatoMonto(g.monto, g.moneda)}</span>
                <div className="registro-fila__datos">
                  <span className="registro-fila__titulo">
                    {g.concepto} <span className="registro-fila__fecha">· {textoFecha(g.fecha, zona)}</span>
                  </span>
                  <span className="registro-fila__meta">{nombre(g.autor)}</span>
                  {g.comprobante && <Comprobante comprobante={g.comprobante} />}
                </div>
                {g.puedeEditar && (
                  <AccionesFila
                    que="este gasto"
                    ocupado={guardar.isPending}
                    onEditar={() => abrir({ tipo: 'gasto', inicial: g })}
                    onBorrar={() => void borrarGasto(g)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {usuario && esAdmin(usuario) && (
        <p className="registro-enlace">
          <IonButton fill="clear" size="small" routerLink="/horas-reportadas" data-testid="registro-horas-reportadas">
            <IonIcon slot="start" icon={barChartOutline} aria-hidden="true" />
            Horas reportadas de todo el equipo
          </IonButton>
        </p>
      )}

      <IonModal isOpen={abierto} onDidDismiss={() => setAbierto(false)} className="registro-modal">
        {editor && (
          <>
            <IonHeader>
              <IonToolbar color="primary">
                <IonTitle>{tituloEditor(editor)}</IonTitle>
                <IonButtons slot="end">
                  <IonButton onClick={() => setAbierto(false)}>Cerrar</IonButton>
                </IonButtons>
              </IonToolbar>
            </IonHeader>
            <div className="registro-modal__cuerpo">
              {editor.tipo === 'horas' ? (
                <FormularioHorasRegistro
                  key={editor.inicial?.id ?? 'nuevas'}
                  ordenId={ordenId}
                  inicial={editor.inicial}
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

function AccionesFila({
  que,
  ocupado,
  onEditar,
  onBorrar,
}: {
  que: string;
  ocupado: boolean;
  onEditar: () => void;
  onBorrar: () => void;
}) {
  return (
    <div className="registro-fila__acciones">
      <IonButton
        fill="clear"
        size="small"
        onClick={onEditar}
        aria-label={`Corregir ${que}`}
        data-testid="registro-editar"
      >
        <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
      </IonButton>
      <IonButton
        fill="clear"
        size="small"
        color="danger"
        onClick={onBorrar}
        disabled={ocupado}
        aria-label={`Eliminar ${que}`}
        data-testid="registro-eliminar"
      >
        <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
      </IonButton>
    </div>
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
