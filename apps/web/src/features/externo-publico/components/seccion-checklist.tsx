import {
  fueraDeLimites,
  RESULTADOS_PASA_FALLA,
  textoLimites,
  zResponderItem,
  type ItemChecklist,
  type ResponderItem,
  type ResultadoPasaFalla,
} from '@delego/contract';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { mensajeDeError } from '../../../lib/errors';
import { useChecklistExterno } from '../api/consultas';
import type { CambioExterno } from '../model/almacen';
import type { CuerpoChecklistExterno } from '../model/enviar';
import { useExterno } from './contexto';
import { MarcaCambio, useCambiosDe } from './marca-cambio';

const NOMBRE_RESULTADO: Record<ResultadoPasaFalla, string> = { pasa: 'Pasa', falla: 'Falla', na: 'No aplica' };

/** An answer in words, as stored or as waiting to go. */
function textoRespuesta(item: ItemChecklist, r: Partial<ResponderItem & ItemChecklist['respuesta']> | null): string {
  if (!r) return 'Sin responder';
  switch (item.tipo) {
    case 'tick':
      return r.marcado ? 'Hecho' : 'No hecho';
    case 'pasa_falla':
      return r.resultado ? NOMBRE_RESULTADO[r.resultado] : 'Sin responder';
    case 'numero':
      return typeof r.numero === 'number' ? `${r.numero}${item.unidad ? ` ${item.unidad}` : ''}` : 'Sin responder';
    case 'texto':
      return r.texto || 'Sin responder';
    case 'foto':
      return r.fotos?.length ? `${r.fotos.length} foto${r.fotos.length === 1 ? '' : 's'}` : 'Sin responder';
    case 'firma':
      return r.firmante ? `Firmado por ${r.firmante}` : 'Firmado';
  }
}

/** «Checklist»: each item with its answer; the simple kinds answered here, the rest read-only. */
export function SeccionChecklist() {
  const { k, enlace, ordenId } = useExterno();
  const checklist = useChecklistExterno(k, enlace, ordenId, true);
  const pendientes = useCambiosDe('checklist');
  const datos = checklist.data?.dato;
  return (
    <section className="externo-seccion" aria-labelledby="externo-checklist-titulo" data-testid="externo-checklist">
      <h2 id="externo-checklist-titulo">Checklist</h2>
      {checklist.isError && (
        <p className="externo-vacio" role="status">
          No se pudo cargar el checklist: {mensajeDeError(checklist.error)}{' '}
          <IonButton fill="clear" size="small" onClick={() => void checklist.refetch()}>
            Reintentar
          </IonButton>
        </p>
      )}
      {checklist.isPending && <p className="externo-vacio">Cargando el checklist…</p>}
      {datos && (
        <>
          <p className="externo-checklist__progreso" data-testid="externo-checklist-progreso">
            {datos.progreso.hechos} de {datos.progreso.total} hechos
          </p>
          <ol className="externo-lista externo-checklist">
            {datos.items.map((item) => (
              <ItemExterno
                key={item.id}
                item={item}
                modificar={datos.modificar}
                pendientes={pendientes.filter((c) => (c.cuerpo as CuerpoChecklistExterno).itemId === item.id)}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function ItemExterno({
  item,
  modificar,
  pendientes,
}: {
  item: ItemChecklist;
  modificar: boolean;
  pendientes: CambioExterno[];
}) {
  const { bandeja, ordenId } = useExterno();
  const ultimo = pendientes.at(-1);
  const respuesta = ultimo ? (ultimo.cuerpo as CuerpoChecklistExterno).respuesta : item.respuesta;
  const simple = item.tipo !== 'foto' && item.tipo !== 'firma';
  const base = `externo-item-${item.id}`;

  async function responder(r: ResponderItem) {
    await bandeja.agregar({
      tipo: 'checklist',
      ordenId,
      descripcion: `Checklist: ${item.etiqueta}`,
      cuerpo: { itemId: item.id, respuesta: r } satisfies CuerpoChecklistExterno,
    });
  }

  return (
    <li className="externo-item" data-testid={base}>
      <p className="externo-item__etiqueta">
        {item.seccion && <span className="externo-item__seccion">{item.seccion} · </span>}
        {item.etiqueta}
        {item.requerido && <span className="externo-item__requerido"> (obligatorio)</span>}
      </p>
      <p className="externo-item__respuesta" data-testid={`${base}-respuesta`}>
        {textoRespuesta(item, respuesta as Parameters<typeof textoRespuesta>[1])}
      </p>
      {pendientes.map((c) => (
        <MarcaCambio key={c.id} cambio={c} />
      ))}
      {!simple && <p className="externo-item__nota">Se responde desde la app de la empresa.</p>}
      {simple && modificar && <ControlesItem item={item} base={base} responder={responder} />}
    </li>
  );
}

function ControlesItem({
  item,
  base,
  responder,
}: {
  item: ItemChecklist;
  base: string;
  responder: (r: ResponderItem) => Promise<void>;
}) {
  const [valor, setValor] = useState('');
  const [error, setError] = useState<string | null>(null);

  function enviarTexto() {
    setError(null);
    let r: ResponderItem;
    if (item.tipo === 'numero') {
      const n = Number(valor.trim().replace(',', '.'));
      if (valor.trim() === '' || !Number.isFinite(n)) {
        setError('Escriba un número.');
        return;
      }
      // Outside its limits it is recorded as failed, and the person is told so (never silently).
      r = { tipo: 'numero', numero: n, ...(fueraDeLimites(n, item) ? { fallido: true } : {}) };
    } else {
      r = { tipo: 'texto', texto: valor };
    }
    const ok = zResponderItem.safeParse(r);
    if (!ok.success) {
      setError(ok.error.issues[0]?.message ?? 'Revise la respuesta.');
      return;
    }
    void responder(r).then(() => setValor(''));
  }

  if (item.tipo === 'tick') {
    return (
      <div className="externo-botones">
        <IonButton
          size="small"
          onClick={() => void responder({ tipo: 'tick', marcado: true })}
          data-testid={`${base}-si`}
        >
          Hecho
        </IonButton>
        <IonButton
          size="small"
          fill="outline"
          onClick={() => void responder({ tipo: 'tick', marcado: false })}
          data-testid={`${base}-no`}
        >
          No hecho
        </IonButton>
      </div>
    );
  }
  if (item.tipo === 'pasa_falla') {
    return (
      <div className="externo-botones">
        {RESULTADOS_PASA_FALLA.map((resultado) => (
          <IonButton
            key={resultado}
            size="small"
            fill={resultado === 'pasa' ? 'solid' : 'outline'}
            color={resultado === 'falla' ? 'danger' : undefined}
            onClick={() => void responder({ tipo: 'pasa_falla', resultado })}
            data-testid={`${base}-${resultado}`}
          >
            {NOMBRE_RESULTADO[resultado]}
          </IonButton>
        ))}
      </div>
    );
  }
  const n = Number(valor.trim().replace(',', '.'));
  const fuera = item.tipo === 'numero' && valor.trim() !== '' && Number.isFinite(n) && fueraDeLimites(n, item);
  return (
    <form
      className="externo-item__form"
      aria-label={`Responder: ${item.etiqueta}`}
      onSubmit={(e) => {
        e.preventDefault();
        enviarTexto();
      }}
    >
      <label className="externo-campo-nativo">
        <span>{item.tipo === 'numero' ? `Valor${item.unidad ? ` (${item.unidad})` : ''}` : 'Respuesta'}</span>
        <input
          type="text"
          inputMode={item.tipo === 'numero' ? 'decimal' : 'text'}
          value={valor}
          onChange={(e) => setValor(e.target.value)}
          data-testid={`${base}-valor`}
        />
      </label>
      {item.tipo === 'numero' && (item.min !== null || item.max !== null) && (
        <span className="externo-item__nota">Límites: {textoLimites(item)}.</span>
      )}
      {fuera && (
        <span className="externo-item__aviso" role="status">
          Está fuera de los límites: se registrará como fallido.
        </span>
      )}
      {error && (
        <span className="externo-error" role="alert">
          {error}
        </span>
      )}
      <IonButton type="submit" size="small" data-testid={`${base}-guardar`}>
        Guardar
      </IonButton>
    </form>
  );
}
