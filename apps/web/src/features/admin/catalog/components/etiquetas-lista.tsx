import type { Etiqueta } from '@delego/contract';
import {
  IonButton,
  IonContent,
  IonFab,
  IonFabButton,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonListHeader,
  IonRefresher,
  IonRefresherContent,
  type RefresherCustomEvent,
} from '@ionic/react';
import {
  addOutline,
  archiveOutline,
  arrowUndoOutline,
  createOutline,
  trashOutline,
} from 'ionicons/icons';
import type { ReactNode } from 'react';
import { notificarError } from '../../../../lib/errors';
import type { ClaseEtiqueta } from '../../keys';
import { PageHeader } from '../../../../components/page-header';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../../components/estados-pantalla';
import { useAviso, useConfirmar } from '../../shared/avisos';
import { sinPermisoPara, useTienePermiso } from '../../shared/permiso-requerido';
import { useBorrarEtiqueta } from '../api/borrar-etiqueta';
import { useEtiquetas } from '../api/get-etiquetas';
import { useModificarEtiqueta } from '../api/modificar-etiqueta';
import { TEXTOS_ETIQUETA } from '../textos';
import '../../shared/admin.css';
import './catalogo.css';

const porNombre = (a: Etiqueta, b: Etiqueta) => a.nombre.localeCompare(b.nombre, 'es', { sensitivity: 'base' });

/** The delete flow shared by the list and the form: confirm, delete (or archive), tell which. */
export function useEliminarEtiqueta(clase: ClaseEtiqueta) {
  const t = TEXTOS_ETIQUETA[clase];
  const borrar = useBorrarEtiqueta(clase);
  const confirmar = useConfirmar();
  const avisar = useAviso();
  async function eliminar(etiqueta: Etiqueta): Promise<boolean> {
    const seguro = await confirmar({
      titulo: `Eliminar ${t.singular}`,
      mensaje: `¿Eliminar ${t.el} “${etiqueta.nombre}”? Si hay órdenes que ${t.lo} usan, no se elimina: queda ${t.archivado}, esas órdenes ${t.lo} conservan y deja de ofrecerse para órdenes nuevas.`,
      aceptar: 'Eliminar',
    });
    if (!seguro) return false;
    try {
      const resultado = await borrar.mutateAsync(etiqueta.id);
      avisar(resultado.message, resultado.archivado ? 'advertencia' : 'exito');
      return true;
    } catch {
      // The mutation cache already showed the error.
      return false;
    }
  }
  return { eliminar, eliminando: borrar.isPending };
}

interface Props {
  clase: ClaseEtiqueta;
  /** Shown below the lists (the areas screen adds the E5S catalogue). */
  children?: ReactNode;
}

/** tipos-orden and areas (need altaEtiquetas): in use and archived entries, each restorable. */
export function EtiquetasLista({ clase, children }: Props) {
  const t = TEXTOS_ETIQUETA[clase];
  const puede = useTienePermiso('altaEtiquetas');
  return (
    <>
      <PageHeader titulo={t.titulo} />
      {puede ? (
        <Listado clase={clase}>{children}</Listado>
      ) : (
        <IonContent className="ion-padding delego-page-content">
          <EstadoSinPermiso ambito="admin">{sinPermisoPara(`administrar ${t.plural}`)}</EstadoSinPermiso>
        </IonContent>
      )}
    </>
  );
}

function Listado({ clase, children }: Props) {
  const t = TEXTOS_ETIQUETA[clase];
  const etiquetas = useEtiquetas(clase);
  const modificar = useModificarEtiqueta(clase);
  const { eliminar, eliminando } = useEliminarEtiqueta(clase);
  const avisar = useAviso();

  const activas = etiquetas.data?.filter((e) => !e.archivado).sort(porNombre) ?? [];
  const archivadas = etiquetas.data?.filter((e) => e.archivado).sort(porNombre) ?? [];

  async function refrescar(e: RefresherCustomEvent) {
    await etiquetas.refetch();
    await e.detail.complete();
  }

  function restaurar(etiqueta: Etiqueta) {
    modificar.mutate(
      { id: etiqueta.id, nombre: etiqueta.nombre, archivado: false },
      {
        onSuccess: (e) => avisar(`Se restauró “${e.nombre}”: vuelve a ofrecerse para órdenes nuevas.`),
        onError: (error) => notificarError(error),
      },
    );
  }

  return (
    <IonContent className="delego-page-content">
      <IonRefresher slot="fixed" onIonRefresh={(e) => void refrescar(e)}>
        <IonRefresherContent pullingText="Deslice para actualizar" refreshingSpinner="crescent" />
      </IonRefresher>
      <div className="delego-container admin-pagina admin-pagina--angosta">
        {!etiquetas.data ? (
          etiquetas.isError ? (
            <EstadoError ambito="admin" error={etiquetas.error} onReintentar={() => void etiquetas.refetch()} />
          ) : (
            <FilasCargando ambito="admin" filas={5} />
          )
        ) : (
          <>
            <section aria-labelledby={`${t.prefijo}-activas`}>
              <IonListHeader className="catalogo__cabecera">
                <IonLabel id={`${t.prefijo}-activas`}>
                  En uso <span className="catalogo__cuenta">{activas.length}</span>
                </IonLabel>
              </IonListHeader>
              {activas.length === 0 ? (
                <EstadoPantalla icono={t.icono} titulo={`No hay ${t.plural}`} testId={`${t.prefijo}-vacio`}>
                  Cree {clase === 'areas' ? 'la primera' : 'el primero'} con “{t.nuevo}”.
                </EstadoPantalla>
              ) : (
                <IonList className="admin-lista" data-testid={`${t.prefijo}-lista`}>
                  {activas.map((e) => (
                    <IonItem key={e.id} lines="full" data-testid={`${t.prefijo}-${e.id}`}>
                      <IonIcon slot="start" icon={t.icono} color="primary" aria-hidden="true" />
                      <IonLabel className="catalogo__nombre">{e.nombre}</IonLabel>
                      <IonButton
                        slot="end"
                        fill="clear"
                        routerLink={`${t.rutaForm}?id=${e.id}`}
                        aria-label={`Renombrar “${e.nombre}”`}
                        title="Renombrar"
                        data-testid={`${t.prefijo}-editar-${e.id}`}
                      >
                        <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
                      </IonButton>
                      <IonButton
                        slot="end"
                        fill="clear"
                        color="danger"
                        disabled={eliminando}
                        onClick={() => void eliminar(e)}
                        aria-label={`Eliminar “${e.nombre}”`}
                        title="Eliminar"
                        data-testid={`${t.prefijo}-eliminar-${e.id}`}
                      >
                        <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                      </IonButton>
                    </IonItem>
                  ))}
                </IonList>
              )}
            </section>

            {archivadas.length > 0 && (
              <section aria-labelledby={`${t.prefijo}-archivadas`} className="catalogo__archivadas">
                <IonListHeader className="catalogo__cabecera">
                  <IonLabel id={`${t.prefijo}-archivadas`}>
                    {clase === 'areas' ? 'Archivadas' : 'Archivados'}{' '}
                    <span className="catalogo__cuenta">{archivadas.length}</span>
                  </IonLabel>
                </IonListHeader>
                <p className="admin-conteo">
                  Siguen en las órdenes que {t.lo}s usan, pero no se ofrecen para
                  órdenes nuevas.
                </p>
                <IonList className="admin-lista" data-testid={`${t.prefijo}-archivadas`}>
                  {archivadas.map((e) => (
                    <IonItem key={e.id} lines="full" className="catalogo__archivada" data-testid={`${t.prefijo}-${e.id}`}>
                      <IonIcon slot="start" icon={archiveOutline} color="medium" aria-hidden="true" />
                      <IonLabel className="catalogo__nombre">{e.nombre}</IonLabel>
                      <IonButton
                        slot="end"
                        fill="outline"
                        size="small"
                        disabled={modificar.isPending}
                        onClick={() => restaurar(e)}
                        aria-label={`Restaurar “${e.nombre}”`}
                        data-testid={`${t.prefijo}-restaurar-${e.id}`}
                      >
                        <IonIcon slot="start" icon={arrowUndoOutline} aria-hidden="true" />
                        Restaurar
                      </IonButton>
                    </IonItem>
                  ))}
                </IonList>
              </section>
            )}
          </>
        )}
        {children}
      </div>
      <IonFab slot="fixed" vertical="bottom" horizontal="end">
        <IonFabButton routerLink={t.rutaForm} aria-label={t.nuevo} title={t.nuevo} data-testid={`${t.prefijo}-nuevo`}>
          <IonIcon icon={addOutline} aria-hidden="true" />
        </IonFabButton>
      </IonFab>
    </IonContent>
  );
}
