import {
  LIMITES_CHECKLIST,
  puedeCrearOrden,
  textoProgreso,
  zAgregarItem,
  type ItemChecklist,
  type OrdenDetalle,
  type ResponderItem,
  type TipoItemChecklist,
} from '@delego/contract';
import { IonButton, IonNote, IonProgressBar, IonSkeletonText } from '@ionic/react';
import { useMemo, useState } from 'react';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { BotonesConfirmar } from '../../../components/botones-confirmar';
import { FalloDeSeccion } from '../../../components/estados-pantalla';
import { ApiError, mensajeDeError, notificarError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { MENSAJE_SIN_CONEXION, nuevaClave, usePendientesDeOrden } from '../../../lib/outbox';
import { useArchivos } from '../../files';
import { useSession } from '../../auth';
import { useCrearSeguimiento } from '../api/crear-seguimiento';
import { useChecklist } from '../api/get-checklist';
import { useAgregarItem, useQuitarItem, useReaplicarChecklist } from '../api/items';
import { useResponderFoto } from '../api/responder-foto';
import { useResponderItem } from '../api/responder-item';
import { itemsEnEspera, porSeccion, respuestaBase } from '../model/checklist';
import { CampoChecklist, CampoTipoItem, CasillaChecklist } from './campos-checklist';
import { ItemChecklistFila, type AccionesItem } from './item-checklist';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo';
import '../checklists.css';

/**
 * «Checklist» on the order detail (issue 31): progress («7 de 10»), what blocks Finalizada, the
 * items by section with their one-tap answers, follow-up orders both ways, ad-hoc items and the
 * type's template applied again (asking before replacing answers).
 */
export function ChecklistDeOrden({ orden }: { orden: OrdenDetalle }) {
  const c = useChecklist(orden.id);
  const { usuario } = useSession();
  const zona = useZonaEmpresa();
  const archivos = useArchivos(orden.id);
  // Answers and photos made on this device that the server does not have yet: marked on their item.
  const cambiosDeLaOrden = usePendientesDeOrden(orden.id);
  const enEspera = useMemo(() => itemsEnEspera(cambiosDeLaOrden), [cambiosDeLaOrden]);
  const responder = useResponderItem();
  const responderFoto = useResponderFoto();
  const seguimiento = useCrearSeguimiento();
  const quitar = useQuitarItem();
  const reaplicar = useReaplicarChecklist();
  const confirmar = useConfirmar();
  const aviso = useAviso();
  const [enCurso, setEnCurso] = useState<ReadonlySet<number>>(new Set());
  // One key per follow-up asked for an item, kept for its retries.
  const [clavesSeguimiento] = useState(() => new Map<number, string>());

  function marcar(itemId: number, si: boolean) {
    setEnCurso((s) => {
      const n = new Set(s);
      if (si) n.add(itemId);
      else n.delete(itemId);
      return n;
    });
  }

  const alResponder = {
    onSettled: (_r: unknown, _e: unknown, v: { item: Pick<ItemChecklist, 'id'> }) => marcar(v.item.id, false),
    onSuccess: (r: { tipo: 'enviado' | 'encolado' }) => {
      if (r.tipo === 'encolado') aviso(MENSAJE_SIN_CONEXION, 'info');
    },
    onError: (e: unknown) => notificarError(e),
  };

  const acciones: AccionesItem = {
    responder(item, respuesta: ResponderItem) {
      marcar(item.id, true);
      responder.mutate({ ordenId: orden.id, numero: orden.numero, item, respuesta }, alResponder);
    },
    fotos(item, fotos) {
      // On any item but a photo item the photos are evidence of its answer, sent again with them.
      const respuesta = item.tipo === 'foto' ? undefined : (respuestaBase(item) ?? undefined);
      if (item.tipo !== 'foto' && !respuesta) return;
      marcar(item.id, true);
      responderFoto.mutate({ ordenId: orden.id, numero: orden.numero, item, fotos, respuesta }, alResponder);
    },
    seguimiento(item) {
      const clave = clavesSeguimiento.get(item.id) ?? nuevaClave();
      clavesSeguimiento.set(item.id, clave);
      marcar(item.id, true);
      seguimiento.mutate(
        { ordenId: orden.id, itemId: item.id, clave },
        {
          onSettled: () => marcar(item.id, false),
          onSuccess: (r) =>
            aviso(
              r.creado
                ? `Se creó la orden de seguimiento #${r.seguimiento.numero}.`
                : `Este ítem ya tenía la orden de seguimiento #${r.seguimiento.numero}.`,
            ),
          onError: (e) => notificarError(e),
        },
      );
    },
    async quitar(item) {
      const ok = await confirmar({
        titulo: '¿Quitar el ítem?',
        mensaje: `«${item.etiqueta}» y su respuesta dejan el checklist de esta orden (quedan en el historial).`,
        aceptar: 'Quitar',
      });
      if (!ok) return;
      marcar(item.id, true);
      quitar.mutate(
        { ordenId: orden.id, itemId: item.id },
        { onSettled: () => marcar(item.id, false), onError: (e) => notificarError(e) },
      );
    },
  };

  async function volverAAplicar() {
    const hacer = (reemplazar: boolean) =>
      reaplicar.mutate(
        { ordenId: orden.id, reemplazar },
        {
          onSuccess: () => aviso('Se aplicó el checklist del tipo de orden.'),
          onError: async (e) => {
            if (e instanceof ApiError && e.status === 409 && !reemplazar) {
              const ok = await confirmar({
                titulo: '¿Reemplazar las respuestas?',
                mensaje: `${e.message.split(':')[0]}. Si continúa, se reemplazan por el checklist vigente del tipo de orden (las respuestas quedan en el historial; los ítems propios de la orden se mantienen).`,
                aceptar: 'Reemplazar',
              });
              if (ok) hacer(true);
              return;
            }
            notificarError(e);
          },
        },
      );
    hacer(false);
  }

  if (c.isPending) {
    return (
      <Seccion>
        <IonSkeletonText animated style={{ width: '50%', height: 16 }} />
        <IonSkeletonText animated style={{ width: '80%', height: 16 }} />
      </Seccion>
    );
  }
  if (!c.data) {
    return (
      <Seccion>
        <FalloDeSeccion className="orden-dato__vacio" onReintentar={() => void c.refetch()} testId="checklist-error">
          No se pudo cargar el checklist. {c.error ? mensajeDeError(c.error) : ''}
        </FalloDeSeccion>
      </Seccion>
    );
  }

  const ck = c.data;
  const puede = ck.modificar && !orden.acciones.soloLectura;
  const { hechos, total } = ck.progreso;
  return (
    <Seccion progreso={total > 0 ? textoProgreso(ck.progreso) : undefined}>
      {total > 0 && (
        <IonProgressBar
          value={total ? hechos / total : 0}
          color={ck.faltantes.length ? 'warning' : 'success'}
          aria-label={`Checklist: ${textoProgreso(ck.progreso)}`}
        />
      )}
      {ck.origen && (
        <p className="checklist__vinculo" data-testid="checklist-origen">
          Orden de seguimiento de la{' '}
          <IonButton
            fill="clear"
            size="small"
            routerLink={`/orden/${ck.origen.ordenId}`}
            data-testid="checklist-origen-link"
          >
            orden #{ck.origen.numero}
          </IonButton>
          , por «{ck.origen.etiqueta}».
        </p>
      )}
      {ck.faltantes.length > 0 && (
        <IonNote color="warning" className="checklist__faltantes" data-testid="checklist-faltantes">
          Para finalizar faltan: {ck.faltantes.map((f) => `«${f}»`).join(', ')}.
        </IonNote>
      )}
      {ck.plantillaDesactualizada && puede && (
        <div className="checklist__aviso" data-testid="checklist-desactualizada">
          <p>El tipo de la orden cambió: este checklist es el del tipo anterior.</p>
          <IonButton
            size="small"
            onClick={() => void volverAAplicar()}
            disabled={reaplicar.isPending}
            data-testid="checklist-reaplicar"
          >
            Aplicar el checklist del tipo nuevo
          </IonButton>
        </div>
      )}
      {total === 0 ? (
        <p className="orden-dato__vacio" data-testid="checklist-vacio">
          Esta orden no tiene checklist.
        </p>
      ) : (
        porSeccion(ck.items).map((g, i) => (
          <div key={`${g.seccion ?? ''}-${i}`} className="checklist__seccion">
            {g.seccion && <h3 className="checklist__seccion-titulo">{g.seccion}</h3>}
            <ul className="checklist__items">
              {g.items.map((item) => (
                <ItemChecklistFila
                  key={item.id}
                  ordenId={orden.id}
                  item={item}
                  puede={puede}
                  puedeSeguimiento={puede && usuario !== null && puedeCrearOrden(usuario)}
                  ocupado={enCurso.has(item.id)}
                  zona={zona}
                  archivos={archivos.data ?? []}
                  acciones={acciones}
                  enEspera={enEspera.get(item.id)}
                />
              ))}
            </ul>
          </div>
        ))
      )}
      {ck.seguimientos.length > 0 && (
        <div className="checklist__seguimientos" data-testid="checklist-seguimientos">
          <h3 className="checklist__seccion-titulo">Órdenes de seguimiento</h3>
          <ul>
            {ck.seguimientos.map((s) => (
              <li key={s.ordenId}>
                <IonButton fill="clear" size="small" routerLink={`/orden/${s.ordenId}`}>
                  #{s.numero}
                </IonButton>
                {s.titulo}
              </li>
            ))}
          </ul>
        </div>
      )}
      {puede && (
        <div className="checklist__pie">
          <AgregarItem ordenId={orden.id} lleno={total >= LIMITES_CHECKLIST.items} />
          {!ck.plantillaDesactualizada && ck.tipoOrdenId !== null && (
            <IonButton
              size="small"
              fill="clear"
              onClick={() => void volverAAplicar()}
              disabled={reaplicar.isPending}
              data-testid="checklist-reaplicar"
            >
              Volver a aplicar el checklist del tipo
            </IonButton>
          )}
        </div>
      )}
    </Seccion>
  );
}

function Seccion({ progreso, children }: { progreso?: string; children: React.ReactNode }) {
  return (
    <SeccionConTitulo
      id="orden-checklist"
      titulo="Checklist"
      clase="delego-card orden-detalle__seccion checklist"
      claseCabecera="orden-detalle__seccion-cabecera"
      junto={
        progreso && (
          <span className="checklist__progreso" data-testid="checklist-progreso">
            {progreso}
          </span>
        )
      }
      testId="orden-checklist"
    >
      {children}
    </SeccionConTitulo>
  );
}

/** An ad-hoc item of this order: its text, kind and whether it is required. */
function AgregarItem({ ordenId, lleno }: { ordenId: number; lleno: boolean }) {
  const agregar = useAgregarItem();
  const [abierto, setAbierto] = useState(false);
  const [etiqueta, setEtiqueta] = useState('');
  const [tipo, setTipo] = useState<TipoItemChecklist>('tick');
  const [requerido, setRequerido] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [clave, setClave] = useState(nuevaClave);
  const descartar = useCambiosSinGuardar(abierto && etiqueta.trim() !== '');

  if (!abierto) {
    return (
      <IonButton
        size="small"
        fill="outline"
        disabled={lleno}
        onClick={() => setAbierto(true)}
        data-testid="checklist-agregar"
      >
        Agregar ítem
      </IonButton>
    );
  }
  function enviar() {
    const v = zAgregarItem.safeParse({ etiqueta, tipo, requerido });
    if (!v.success) {
      setError(v.error.issues[0]?.message ?? 'El ítem no es válido.');
      return;
    }
    setError(null);
    agregar.mutate(
      { ordenId, item: v.data, clave },
      {
        onSuccess: () => {
          setEtiqueta('');
          setRequerido(false);
          setClave(nuevaClave());
          setAbierto(false);
        },
        onError: (e) => setError(mensajeDeError(e)),
      },
    );
  }
  return (
    <form
      className="checklist__agregar"
      aria-label="Agregar ítem"
      onSubmit={(e) => {
        e.preventDefault();
        enviar();
      }}
      data-testid="checklist-agregar-form"
    >
      <CampoChecklist
        label="Texto del ítem"
        valor={etiqueta}
        maxlength={LIMITES_CHECKLIST.texto}
        alCambiar={setEtiqueta}
        data-testid="checklist-agregar-etiqueta"
      />
      <CampoTipoItem valor={tipo} alCambiar={setTipo} testId="checklist-agregar-tipo" />
      <CasillaChecklist marcada={requerido} alCambiar={setRequerido}>
        Obligatorio para finalizar
      </CasillaChecklist>
      {error && (
        <p className="checklist-item__error" role="alert">
          {error}
        </p>
      )}
      <BotonesConfirmar
        clase="checklist__botones"
        size="small"
        onCancelar={() =>
          descartar(() => {
            setEtiqueta('');
            setAbierto(false);
          })
        }
        ocupado={agregar.isPending}
        texto="Agregar"
        testId="checklist-agregar-guardar"
      />
    </form>
  );
}
