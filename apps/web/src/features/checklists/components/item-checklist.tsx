import {
  fueraDeLimites,
  LIMITES_CHECKLIST,
  textoLimites,
  textoFechaHora,
  type Archivo,
  type ItemChecklist,
  type ResponderItem,
} from '@delego/contract';
import { IonBadge, IonButton, IonIcon, IonInput, IonNote, IonSpinner } from '@ionic/react';
import { arrowForwardOutline, cameraOutline, createOutline, trashOutline } from 'ionicons/icons';
import { useRef, useState, type KeyboardEvent } from 'react';
import { BotonConIcono, BotonIcono } from '../../../components/boton-icono';
import { FirmaCanvas } from '../../../components/firma-canvas';
import { useObjectUrl } from '../../files';
import { Miniatura } from '../../files';
import { MarcaPendiente } from '../../../components/marca-pendiente';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { admiteNota, conNota, leerNumero, respuestaBase, type EnEspera } from '../model/checklist';
import { useFirmaItem } from '../api/get-firma-item';
import { CampoChecklist } from './campos-checklist';

export interface AccionesItem {
  responder: (item: ItemChecklist, r: ResponderItem) => void;
  fotos: (item: ItemChecklist, fotos: File[]) => void;
  seguimiento: (item: ItemChecklist) => void;
  quitar: (item: ItemChecklist) => void;
}

interface Props {
  ordenId: number;
  item: ItemChecklist;
  /** The reader may answer (and remove ad-hoc items). */
  puede: boolean;
  /** The reader may create orders: a failed item offers its follow-up. */
  puedeSeguimiento: boolean;
  /** An answer of this item is on its way. */
  ocupado: boolean;
  zona: string;
  archivos: readonly Archivo[];
  acciones: AccionesItem;
  /** An answer or photos of this item made on this device that the server does not have yet. */
  enEspera?: EnEspera;
}

const RESULTADOS = [
  { valor: 'pasa', texto: 'Pasa', color: 'success' },
  { valor: 'falla', texto: 'Falla', color: 'danger' },
  { valor: 'na', texto: 'N/A', color: 'medium' },
] as const;

/**
 * One item of the order's checklist: its label, one-tap answer by kind, who answered and when,
 * and for a failed one its follow-up order. Labels and answers are shown as text.
 */
export function ItemChecklistFila({
  ordenId,
  item,
  puede,
  puedeSeguimiento,
  ocupado,
  zona,
  archivos,
  acciones,
  enEspera,
}: Props) {
  const r = item.respuesta;
  const deshabilitado = !puede || ocupado;
  return (
    <li
      className={`checklist-item${item.hecho ? ' checklist-item--hecho' : ''}${item.fallido ? ' checklist-item--fallido' : ''}`}
      data-testid={`checklist-item-${item.id}`}
      data-hecho={item.hecho}
    >
      <div className="checklist-item__cabecera">
        <span className="checklist-item__etiqueta">{item.etiqueta}</span>
        {item.requerido && (
          <IonBadge color={item.hecho ? 'light' : 'warning'} className="checklist-item__marca">
            Obligatorio
          </IonBadge>
        )}
        {item.fallido && (
          <IonBadge color="danger" className="checklist-item__marca" data-testid={`checklist-fallido-${item.id}`}>
            Fallido
          </IonBadge>
        )}
        {ocupado && <IonSpinner name="dots" aria-label="Guardando" />}
      </div>

      <div className="checklist-item__respuesta">
        {item.tipo === 'tick' && (
          <IonButton
            size="small"
            fill={r?.marcado ? 'solid' : 'outline'}
            color={r?.marcado ? 'success' : 'medium'}
            aria-pressed={r?.marcado === true}
            disabled={deshabilitado}
            onClick={() => acciones.responder(item, { tipo: 'tick', marcado: !(r?.marcado === true) })}
            data-testid={`checklist-tick-${item.id}`}
          >
            {r?.marcado ? 'Hecho ✓' : 'Marcar hecho'}
          </IonButton>
        )}
        {item.tipo === 'pasa_falla' && (
          <div className="checklist-item__opciones" role="group" aria-label={`Resultado de ${item.etiqueta}`}>
            {RESULTADOS.map((o) => (
              <IonButton
                key={o.valor}
                size="small"
                fill={r?.resultado === o.valor ? 'solid' : 'outline'}
                color={r?.resultado === o.valor ? o.color : 'medium'}
                aria-pressed={r?.resultado === o.valor}
                disabled={deshabilitado}
                onClick={() => acciones.responder(item, { tipo: 'pasa_falla', resultado: o.valor })}
                data-testid={`checklist-${o.valor}-${item.id}`}
              >
                {o.texto}
              </IonButton>
            ))}
          </div>
        )}
        {item.tipo === 'numero' && (
          <RespuestaNumero
            item={item}
            deshabilitado={deshabilitado}
            responder={acciones.responder}
            enEspera={enEspera}
          />
        )}
        {item.tipo === 'texto' && (
          <RespuestaTexto item={item} deshabilitado={deshabilitado} responder={acciones.responder} />
        )}
        {item.tipo === 'foto' && (
          <RespuestaFoto
            ordenId={ordenId}
            item={item}
            deshabilitado={deshabilitado}
            archivos={archivos}
            alElegir={(f) => acciones.fotos(item, f)}
          />
        )}
        {item.tipo === 'firma' && (
          <RespuestaFirma ordenId={ordenId} item={item} deshabilitado={deshabilitado} responder={acciones.responder} />
        )}
      </div>

      {enEspera ? (
        <p className="checklist-item__quien" data-testid={`checklist-en-espera-${item.id}`}>
          <MarcaPendiente estado={enEspera.estado} />{' '}
          {enEspera.estado === 'rechazado'
            ? 'El servidor no lo aceptó: vea «Cambios pendientes».'
            : enEspera.fotos
              ? 'Se enviará con sus fotos al volver la conexión.'
              : 'Se enviará al volver la conexión.'}
        </p>
      ) : (
        r && (
          <p className="checklist-item__quien">
            {r.por.nombre}
            {r.por.nombre ? ' · ' : ''}
            {textoFechaHora(r.en, zona)}
            {r.nota ? ` · Nota: ${r.nota}` : ''}
          </p>
        )
      )}
      {item.tipo !== 'foto' && ((puede && respuestaBase(item)) || (r?.fotos.length ?? 0) > 0) && (
        <RespuestaFoto
          ordenId={ordenId}
          item={item}
          deshabilitado={deshabilitado || !respuestaBase(item)}
          archivos={archivos}
          evidencia
          alElegir={(f) => acciones.fotos(item, f)}
        />
      )}
      {puede && admiteNota(item) && (
        <NotaDeItem item={item} deshabilitado={deshabilitado} responder={acciones.responder} />
      )}

      {(item.seguimiento || item.fallido || (item.adHoc && puede)) && (
        <div className="checklist-item__acciones">
          {item.seguimiento ? (
            <IonButton
              size="small"
              fill="clear"
              routerLink={`/orden/${item.seguimiento.ordenId}`}
              data-testid={`checklist-seguimiento-link-${item.id}`}
            >
              <IonIcon slot="end" icon={arrowForwardOutline} aria-hidden="true" />
              Seguimiento: orden #{item.seguimiento.numero}
            </IonButton>
          ) : item.fallido && puedeSeguimiento ? (
            <IonButton
              size="small"
              color="danger"
              fill="outline"
              disabled={ocupado}
              onClick={() => acciones.seguimiento(item)}
              data-testid={`checklist-crear-seguimiento-${item.id}`}
            >
              Crear orden de seguimiento
            </IonButton>
          ) : (
            item.fallido && (
              <IonNote className="checklist-item__ayuda" data-testid={`checklist-sin-seguimiento-${item.id}`}>
                Quien pueda crear órdenes puede generar una orden de seguimiento de este ítem.
              </IonNote>
            )
          )}
          {item.adHoc && puede && (
            <BotonIcono
              icono={trashOutline}
              etiqueta={`Quitar «${item.etiqueta}»`}
              size="small"
              color="medium"
              disabled={ocupado}
              onClick={() => acciones.quitar(item)}
              testId={`checklist-quitar-${item.id}`}
            />
          )}
        </div>
      )}
    </li>
  );
}

type Responder = AccionesItem['responder'];

/** What an answer's own control gets: the item, whether it may be touched now, and how to answer. */
interface PropsRespuesta {
  item: ItemChecklist;
  deshabilitado: boolean;
  responder: Responder;
}

/**
 * «Agregar nota» under an answered item: what was found, why it failed. It goes with the same
 * answer (through the outbox like any answer), and a follow-up order copies it.
 */
function NotaDeItem({ item, deshabilitado, responder }: PropsRespuesta) {
  const [abierta, setAbierta] = useState(false);
  const [texto, setTexto] = useState(item.respuesta?.nota ?? '');
  const cuerpo = conNota(item, texto);
  const largo = texto.trim().length > LIMITES_CHECKLIST.texto;
  // A note typed and not saved is lost by leaving the order: it asks first.
  useCambiosSinGuardar(abierta && distintoDe(texto, item.respuesta?.nota));
  if (!abierta) {
    return (
      <BotonConIcono
        icono={createOutline}
        size="small"
        fill="clear"
        color="medium"
        disabled={deshabilitado}
        onClick={() => setAbierta(true)}
        testId={`checklist-nota-abrir-${item.id}`}
      >
        {item.respuesta?.nota ? 'Cambiar nota' : 'Agregar nota'}
      </BotonConIcono>
    );
  }
  function guardar() {
    if (!cuerpo || largo) return;
    responder(item, cuerpo);
    setAbierta(false);
  }
  return (
    <div className="checklist-item__campo">
      <CampoChecklist
        label="Nota"
        valor={texto}
        disabled={deshabilitado}
        alCambiar={setTexto}
        onKeyDown={guardarConEnter(guardar)}
        helperText={largo ? `Máximo ${LIMITES_CHECKLIST.texto} caracteres.` : 'Qué se encontró o por qué falló.'}
        data-testid={`checklist-nota-${item.id}`}
      />
      <IonButton
        size="small"
        disabled={deshabilitado || !cuerpo || largo}
        onClick={guardar}
        data-testid={`checklist-nota-guardar-${item.id}`}
      >
        Guardar nota
      </IonButton>
    </div>
  );
}

/**
 * Whether what is typed in an answer's field is work not saved yet: text that differs from the
 * saved answer. An emptied field loses nothing (the saved answer stays), and a saved answer, sent
 * or kept in the outbox, becomes the item's and so is no change.
 */
function distintoDe(texto: string, guardado: string | null | undefined): boolean {
  const t = texto.trim();
  return t !== '' && t !== (guardado ?? '');
}

/** «mínimo 1 u.» ends the sentence with its own period: never two. */
const conPunto = (frase: string) => (frase.endsWith('.') ? frase : `${frase}.`);

/** Enter in a one-line answer (a note, a number) saves it. */
function guardarConEnter(guardar: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter') guardar();
  };
}

function RespuestaNumero({
  item,
  deshabilitado,
  responder,
  enEspera,
}: PropsRespuesta & {
  /** The item's answer waits in the outbox: the number on screen is not on the server yet. */
  enEspera?: EnEspera | undefined;
}) {
  const actual = item.respuesta?.numero;
  const [texto, setTexto] = useState(actual != null ? String(actual).replace('.', ',') : '');
  const [error, setError] = useState<string | null>(null);
  const n = leerNumero(texto);
  const fuera = n !== null && fueraDeLimites(n, item);
  // The number on screen is the item's answer: saved as failed, not «will be», once the server has
  // it; while it waits in the outbox (or was refused there) it is not saved yet.
  const esLaRespuesta = n !== null && n === actual;
  const limites = item.min !== null || item.max !== null ? textoLimites(item) : null;
  // A number typed and not saved (or not a number yet) is lost by leaving the order.
  useCambiosSinGuardar(texto.trim() !== '' && (n === null || n !== actual));

  function guardar() {
    if (n === null) {
      setError('Escriba un número (puede usar coma decimal).');
      return;
    }
    setError(null);
    responder(item, { tipo: 'numero', numero: n, ...(fuera ? { fallido: true } : {}) });
  }

  return (
    <div className="checklist-item__campo">
      <IonInput
        aria-label={item.etiqueta}
        fill="outline"
        inputmode="decimal"
        value={texto}
        disabled={deshabilitado}
        onIonInput={(e) => setTexto(String(e.detail.value ?? ''))}
        onKeyDown={guardarConEnter(guardar)}
        data-testid={`checklist-numero-${item.id}`}
      >
        {item.unidad && (
          <span slot="end" className="checklist-item__unidad">
            {item.unidad}
          </span>
        )}
      </IonInput>
      <IonButton
        size="small"
        disabled={deshabilitado || texto.trim() === ''}
        onClick={guardar}
        data-testid={`checklist-guardar-${item.id}`}
      >
        Guardar
      </IonButton>
      {limites && !fuera && <p className="checklist-item__ayuda">Límites: {conPunto(limites)}</p>}
      {fuera && (
        <p className="checklist-item__fuera" role="status" data-testid={`checklist-fuera-${item.id}`}>
          Fuera de rango ({limites}): {textoFallido(esLaRespuesta, enEspera)}
        </p>
      )}
      {error && (
        <p className="checklist-item__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** What becomes of an out-of-range number: typed, waiting in the outbox, refused there, or saved. */
function textoFallido(esLaRespuesta: boolean, enEspera: EnEspera | undefined): string {
  if (!esLaRespuesta) return 'se guardará como fallido.';
  if (enEspera?.estado === 'rechazado') return 'no quedó guardado: el servidor no lo aceptó.';
  if (enEspera) return 'se guardará como fallido al volver la conexión.';
  return 'quedó guardado como fallido.';
}

function RespuestaTexto({ item, deshabilitado, responder }: PropsRespuesta) {
  const [texto, setTexto] = useState(item.respuesta?.texto ?? '');
  const largo = texto.trim().length > LIMITES_CHECKLIST.texto;
  useCambiosSinGuardar(distintoDe(texto, item.respuesta?.texto));
  return (
    <div className="checklist-item__campo">
      <IonInput
        aria-label={item.etiqueta}
        fill="outline"
        value={texto}
        maxlength={LIMITES_CHECKLIST.texto}
        disabled={deshabilitado}
        onIonInput={(e) => setTexto(String(e.detail.value ?? ''))}
        data-testid={`checklist-texto-${item.id}`}
      />
      <IonButton
        size="small"
        disabled={deshabilitado || !texto.trim() || largo || texto.trim() === (item.respuesta?.texto ?? '')}
        onClick={() => responder(item, { tipo: 'texto', texto: texto.trim() })}
        data-testid={`checklist-guardar-${item.id}`}
      >
        Guardar
      </IonButton>
    </div>
  );
}

function RespuestaFoto({
  ordenId,
  item,
  deshabilitado,
  archivos,
  evidencia = false,
  alElegir,
}: {
  ordenId: number;
  item: ItemChecklist;
  deshabilitado: boolean;
  archivos: readonly Archivo[];
  /** Photos of another kind of item: evidence that goes with its answer. */
  evidencia?: boolean;
  alElegir: (fotos: File[]) => void;
}) {
  const entrada = useRef<HTMLInputElement>(null);
  const fotos = item.respuesta?.fotos ?? [];
  return (
    <div className="checklist-item__fotos">
      {fotos.map((f) => {
        const archivo = archivos.find((a) => a.id === f.id);
        return (
          <span key={f.id} className="checklist-item__foto" title={f.nombre}>
            {archivo ? <Miniatura dueno={ordenId} archivo={archivo} /> : f.nombre}
          </span>
        );
      })}
      <input
        ref={entrada}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        onChange={(e) => {
          const elegidas = [...(e.target.files ?? [])].filter((f) => f.type.startsWith('image/'));
          e.target.value = '';
          if (elegidas.length) alElegir(elegidas);
        }}
        data-testid={evidencia ? `checklist-evidencia-entrada-${item.id}` : `checklist-foto-entrada-${item.id}`}
      />
      <BotonConIcono
        icono={cameraOutline}
        size="small"
        disabled={deshabilitado}
        onClick={() => entrada.current?.click()}
        fill={evidencia ? 'clear' : 'outline'}
        testId={evidencia ? `checklist-evidencia-${item.id}` : `checklist-foto-${item.id}`}
      >
        {evidencia ? 'Agregar foto de evidencia' : fotos.length ? 'Agregar foto' : 'Tomar o elegir foto'}
      </BotonConIcono>
    </div>
  );
}

function RespuestaFirma({ ordenId, item, deshabilitado, responder }: PropsRespuesta & { ordenId: number }) {
  const [firmando, setFirmando] = useState(false);
  const [firmante, setFirmante] = useState('');
  const [conTrazos, setConTrazos] = useState(false);
  const descartar = useCambiosSinGuardar(firmando && (firmante.trim() !== '' || conTrazos));
  const imagen = useFirmaItem(ordenId, item.id, item.hecho && item.respuesta ? item.respuesta.en : null);
  const url = useObjectUrl(imagen.data);
  if (firmando) {
    return (
      <div className="checklist-item__firma">
        <CampoChecklist
          label="Nombre de quien firma (opcional)"
          valor={firmante}
          maxlength={LIMITES_CHECKLIST.firmante}
          alCambiar={setFirmante}
          data-testid={`checklist-firmante-${item.id}`}
        />
        <FirmaCanvas
          etiqueta={item.etiqueta}
          testId={`checklist-firma-${item.id}`}
          alTrazar={setConTrazos}
          deshabilitada={deshabilitado}
          alAceptar={(imagenPng) => {
            responder(item, {
              tipo: 'firma',
              imagen: imagenPng,
              ...(firmante.trim() ? { firmante: firmante.trim() } : {}),
            });
            setFirmando(false);
          }}
        />
        <IonButton size="small" fill="clear" color="medium" onClick={() => descartar(() => setFirmando(false))}>
          Cancelar
        </IonButton>
      </div>
    );
  }
  return (
    <div className="checklist-item__firma">
      {url && <img className="checklist-item__firma-imagen" src={url} alt={`Firma de ${item.etiqueta}`} />}
      {item.respuesta?.firmante && <span>Firmó {item.respuesta.firmante}</span>}
      <BotonConIcono
        icono={createOutline}
        size="small"
        fill="outline"
        disabled={deshabilitado}
        onClick={() => setFirmando(true)}
        testId={`checklist-firmar-${item.id}`}
      >
        {item.hecho ? 'Firmar de nuevo' : 'Firmar'}
      </BotonConIcono>
    </div>
  );
}
