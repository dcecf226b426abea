import { LIMITES_CHECKLIST, textoFechaHora, type PlantillaChecklist } from '@delego/contract';
import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardSubtitle,
  IonCardTitle,
  IonSkeletonText,
} from '@ionic/react';
import { arrowDownOutline, arrowUpOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { BotonIcono } from '../../../components/boton-icono';
import { FalloDeSeccion } from '../../../components/estados-pantalla';
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
import { CampoChecklist, CampoTipoItem, CasillaChecklist } from './campos-checklist';
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
          <FalloDeSeccion alerta onReintentar={() => void plantilla.refetch()}>
            No se pudo cargar el checklist. {mensajeDeError(plantilla.error)}
          </FalloDeSeccion>
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
          <ItemDePlantilla
            key={item.clave}
            item={item}
            i={i}
            ultimo={i === items.length - 1}
            error={errores[item.clave]}
            editar={(cambios) => editar(item.clave, cambios)}
            desplazar={(paso) => cambiar(mover(items, i, paso))}
            quitar={() => void quitar(item)}
          />
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

type CampoTextoDeItem = 'seccion' | 'etiqueta' | 'unidad' | 'min' | 'max';

/** One item of the template being edited: its fields, its place in the list, its message. */
function ItemDePlantilla({
  item,
  i,
  ultimo,
  error,
  editar,
  desplazar,
  quitar,
}: {
  item: ItemEditable;
  i: number;
  ultimo: boolean;
  error: string | undefined;
  editar: (cambios: Partial<ItemEditable>) => void;
  desplazar: (paso: -1 | 1) => void;
  quitar: () => void;
}) {
  // Binds a field to one value of the item; the tests find it as 'plantilla-<value>-<i>'.
  const texto = (campo: CampoTextoDeItem) => ({
    valor: item[campo],
    alCambiar: (valor: string) => editar({ [campo]: valor }),
    'data-testid': `plantilla-${campo}-${i}`,
  });
  const casilla = (campo: 'requerido' | 'publico') => ({
    marcada: item[campo],
    alCambiar: (marcada: boolean) => editar({ [campo]: marcada }),
    testId: `plantilla-${campo}-${i}`,
  });
  return (
    <li className="plantilla__item" data-testid={`plantilla-item-${i}`}>
      <div className="plantilla__fila">
        <CampoChecklist label="Sección (opcional)" maxlength={LIMITES_CHECKLIST.seccion} {...texto('seccion')} />
        <CampoTipoItem valor={item.tipo} alCambiar={(tipo) => editar({ tipo })} testId={`plantilla-tipo-${i}`} />
      </div>
      <CampoChecklist label="Texto del ítem" maxlength={LIMITES_CHECKLIST.texto} {...texto('etiqueta')} />
      {item.tipo === 'numero' && (
        <div className="plantilla__fila">
          <CampoChecklist label="Unidad" maxlength={LIMITES_CHECKLIST.unidad} {...texto('unidad')} />
          <CampoChecklist label="Mínimo" inputmode="decimal" {...texto('min')} />
          <CampoChecklist label="Máximo" inputmode="decimal" {...texto('max')} />
        </div>
      )}
      <div className="plantilla__fila">
        <CasillaChecklist {...casilla('requerido')}>Obligatorio</CasillaChecklist>
        <CasillaChecklist {...casilla('publico')}>Lo ve el cliente</CasillaChecklist>
        <span className="plantilla__mover">
          <BotonIcono
            icono={arrowUpOutline}
            etiqueta={`Subir el ítem ${i + 1}`}
            size="small"
            disabled={i === 0}
            onClick={() => desplazar(-1)}
          />
          <BotonIcono
            icono={arrowDownOutline}
            etiqueta={`Bajar el ítem ${i + 1}`}
            size="small"
            disabled={ultimo}
            onClick={() => desplazar(1)}
          />
          <BotonIcono
            icono={trashOutline}
            etiqueta={`Quitar el ítem ${i + 1}`}
            size="small"
            color="danger"
            onClick={quitar}
            testId={`plantilla-quitar-${i}`}
          />
        </span>
      </div>
      {error && (
        <p className="checklist-item__error" role="alert" data-testid={`plantilla-error-${i}`}>
          {error}
        </p>
      )}
    </li>
  );
}
