import {
  LIMITES_CHECKLIST,
  NOMBRES_TIPO_ITEM,
  TIPOS_ITEM_CHECKLIST,
  textoFechaHora,
  type PlantillaChecklist,
  type TipoItemChecklist,
} from '@delego/contract';
import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardSubtitle,
  IonCardTitle,
  IonCheckbox,
  IonIcon,
  IonInput,
  IonSelect,
  IonSelectOption,
  IonSkeletonText,
} from '@ionic/react';
import { arrowDownOutline, arrowUpOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { mensajeDeError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useGuardarPlantilla, usePlantilla } from '../api/plantilla';
import {
  editablesDe,
  itemNuevo,
  mover,
  validarPlantilla,
  type ErroresPlantilla,
  type ItemEditable,
} from '../model/plantilla';
import '../checklists.css';

/**
 * «Checklist» of an order type in «Tipos de Orden» (altaEtiquetas): items in order, in optional
 * sections, with kind, required, public and a number's unit and limits. Each save is a new
 * version: the orders that already have a checklist keep theirs.
 */
export function PlantillaDeTipo({ tipoOrdenId }: { tipoOrdenId: number }) {
  const plantilla = usePlantilla(tipoOrdenId);
  return (
    <IonCard className="delego-card" data-testid="tipo-plantilla">
      <IonCardHeader className="admin-card-encabezado">
        <IonCardTitle className="admin-card-titulo">Checklist</IonCardTitle>
        <IonCardSubtitle>Lo que hay que revisar en cada orden de este tipo.</IonCardSubtitle>
      </IonCardHeader>
      <IonCardContent>
        {plantilla.isPending ? (
          <IonSkeletonText animated style={{ width: '70%', height: 40 }} />
        ) : !plantilla.data ? (
          <p role="alert">
            No se pudo cargar el checklist. {mensajeDeError(plantilla.error)}{' '}
            <IonButton fill="clear" size="small" onClick={() => void plantilla.refetch()}>
              Reintentar
            </IonButton>
          </p>
        ) : (
          <Editor key={plantilla.data.version} tipoOrdenId={tipoOrdenId} plantilla={plantilla.data} />
        )}
      </IonCardContent>
    </IonCard>
  );
}

function Editor({ tipoOrdenId, plantilla }: { tipoOrdenId: number; plantilla: PlantillaChecklist }) {
  const [items, setItems] = useState<ItemEditable[]>(() => editablesDe(plantilla.items));
  const [errores, setErrores] = useState<ErroresPlantilla>({});
  const [cambiado, setCambiado] = useState(false);
  const guardar = useGuardarPlantilla();
  const confirmar = useConfirmar();
  const aviso = useAviso();
  const zona = useZonaEmpresa();

  function cambiar(lista: ItemEditable[]) {
    setItems(lista);
    setCambiado(true);
  }
  function editar(clave: string, cambios: Partial<ItemEditable>) {
    cambiar(items.map((i) => (i.clave === clave ? { ...i, ...cambios } : i)));
    if (errores[clave]) setErrores(({ [clave]: _, ...resto }) => resto);
  }
  async function quitar(item: ItemEditable) {
    if (item.etiqueta.trim()) {
      const ok = await confirmar({
        titulo: '¿Quitar el ítem?',
        mensaje: `«${item.etiqueta.trim()}» deja el checklist al guardar. Las órdenes que ya lo tienen lo conservan.`,
        aceptar: 'Quitar',
      });
      if (!ok) return;
    }
    cambiar(items.filter((i) => i.clave !== item.clave));
  }
  function enviar() {
    const v = validarPlantilla(items);
    if (!v.ok) {
      setErrores(v.errores);
      return;
    }
    setErrores({});
    guardar.mutate(
      { tipoOrdenId, plantilla: v.plantilla },
      {
        onSuccess: (p) => {
          setCambiado(false);
          aviso(`Se guardó la versión ${p.version} del checklist. Las órdenes existentes conservan el suyo.`);
        },
        onError: (e) => setErrores({ general: mensajeDeError(e) }),
      },
    );
  }

  return (
    <form
      aria-label="Checklist del tipo de orden"
      onSubmit={(e) => {
        e.preventDefault();
        enviar();
      }}
      data-testid="plantilla-form"
    >
      <p className="conformidad__requerida" data-testid="plantilla-version">
        {plantilla.version === 0
          ? 'Este tipo de orden todavía no tiene checklist.'
          : `Versión ${plantilla.version}${plantilla.actualizada ? `, del ${textoFechaHora(plantilla.actualizada, zona)}` : ''}${plantilla.actualizadaPor ? ` por ${plantilla.actualizadaPor}` : ''}. Guardar crea una versión nueva: las órdenes existentes conservan su checklist.`}
      </p>
      <ol className="checklist__items">
        {items.map((item, i) => (
          <li key={item.clave} className="plantilla__item" data-testid={`plantilla-item-${i}`}>
            <div className="plantilla__fila">
              <IonInput
                label="Sección (opcional)"
                labelPlacement="stacked"
                fill="outline"
                value={item.seccion}
                maxlength={LIMITES_CHECKLIST.seccion}
                onIonInput={(e) => editar(item.clave, { seccion: String(e.detail.value ?? '') })}
                data-testid={`plantilla-seccion-${i}`}
              />
              <IonSelect
                label="Tipo"
                labelPlacement="stacked"
                fill="outline"
                interface="popover"
                value={item.tipo}
                onIonChange={(e) => editar(item.clave, { tipo: e.detail.value as TipoItemChecklist })}
                data-testid={`plantilla-tipo-${i}`}
              >
                {TIPOS_ITEM_CHECKLIST.map((t) => (
                  <IonSelectOption key={t} value={t}>
                    {NOMBRES_TIPO_ITEM[t]}
                  </IonSelectOption>
                ))}
              </IonSelect>
            </div>
            <IonInput
              label="Texto del ítem"
              labelPlacement="stacked"
              fill="outline"
              value={item.etiqueta}
              maxlength={LIMITES_CHECKLIST.texto}
              onIonInput={(e) => editar(item.clave, { etiqueta: String(e.detail.value ?? '') })}
              data-testid={`plantilla-etiqueta-${i}`}
            />
            {item.tipo === 'numero' && (
              <div className="plantilla__fila">
                <IonInput
                  label="Unidad"
                  labelPlacement="stacked"
                  fill="outline"
                  value={item.unidad}
                  maxlength={LIMITES_CHECKLIST.unidad}
                  onIonInput={(e) => editar(item.clave, { unidad: String(e.detail.value ?? '') })}
                  data-testid={`plantilla-unidad-${i}`}
                />
                <IonInput
                  label="Mínimo"
                  labelPlacement="stacked"
                  fill="outline"
                  inputmode="decimal"
                  value={item.min}
                  onIonInput={(e) => editar(item.clave, { min: String(e.detail.value ?? '') })}
                  data-testid={`plantilla-min-${i}`}
                />
                <IonInput
                  label="Máximo"
                  labelPlacement="stacked"
                  fill="outline"
                  inputmode="decimal"
                  value={item.max}
                  onIonInput={(e) => editar(item.clave, { max: String(e.detail.value ?? '') })}
                  data-testid={`plantilla-max-${i}`}
                />
              </div>
            )}
            <div className="plantilla__fila">
              <IonCheckbox
                labelPlacement="end"
                checked={item.requerido}
                onIonChange={(e) => editar(item.clave, { requerido: e.detail.checked })}
                data-testid={`plantilla-requerido-${i}`}
              >
                Obligatorio
              </IonCheckbox>
              <IonCheckbox
                labelPlacement="end"
                checked={item.publico}
                onIonChange={(e) => editar(item.clave, { publico: e.detail.checked })}
                data-testid={`plantilla-publico-${i}`}
              >
                Lo ve el cliente
              </IonCheckbox>
              <span className="plantilla__mover">
                <IonButton
                  fill="clear"
                  size="small"
                  disabled={i === 0}
                  onClick={() => cambiar(mover(items, i, -1))}
                  aria-label={`Subir el ítem ${i + 1}`}
                >
                  <IonIcon slot="icon-only" icon={arrowUpOutline} aria-hidden="true" />
                </IonButton>
                <IonButton
                  fill="clear"
                  size="small"
                  disabled={i === items.length - 1}
                  onClick={() => cambiar(mover(items, i, 1))}
                  aria-label={`Bajar el ítem ${i + 1}`}
                >
                  <IonIcon slot="icon-only" icon={arrowDownOutline} aria-hidden="true" />
                </IonButton>
                <IonButton
                  fill="clear"
                  size="small"
                  color="danger"
                  onClick={() => void quitar(item)}
                  aria-label={`Quitar el ítem ${i + 1}`}
                  data-testid={`plantilla-quitar-${i}`}
                >
                  <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                </IonButton>
              </span>
            </div>
            {errores[item.clave] && (
              <p className="checklist-item__error" role="alert" data-testid={`plantilla-error-${i}`}>
                {errores[item.clave]}
              </p>
            )}
          </li>
        ))}
      </ol>
      {errores.general && (
        <p className="checklist-item__error" role="alert" data-testid="plantilla-error">
          {errores.general}
        </p>
      )}
      <div className="checklist__botones">
        <IonButton
          fill="outline"
          size="small"
          disabled={items.length >= LIMITES_CHECKLIST.items}
          onClick={() => cambiar([...items, itemNuevo(items[items.length - 1]?.seccion ?? '')])}
          data-testid="plantilla-agregar"
        >
          Agregar ítem
        </IonButton>
        <IonButton type="submit" size="small" disabled={guardar.isPending || !cambiado} data-testid="plantilla-guardar">
          {guardar.isPending ? 'Guardando…' : 'Guardar versión nueva'}
        </IonButton>
      </div>
    </form>
  );
}
