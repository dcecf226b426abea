import type { Etiqueta } from '@delego/contract';
import { type IonButton, IonIcon, IonItem, IonLabel, IonList, IonListHeader } from '@ionic/react';
import { archiveOutline, arrowUndoOutline, createOutline, trashOutline } from 'ionicons/icons';
import { BotonConIcono, BotonIcono } from '../../../../components/boton-icono';
import type { ComponentProps, ReactNode } from 'react';
import { notificarError } from '../../../../lib/errors';
import type { ClaseEtiqueta } from '../../keys';
import { EstadoPantalla } from '../../../../components/estados-pantalla';
import { useAviso, useConfirmar } from '../../../../components/avisos';
import { CargaAdmin, MarcoListaAdmin, PantallaAdmin } from '../../shared/lista-admin';
import { compararNombres } from '../../shared/nombres';
import { accesoA } from '../../shared/recurso-admin';
import { useBorrarEtiqueta } from '../api/borrar-etiqueta';
import { useEtiquetas } from '../../../../lib/catalogos';
import { useModificarEtiqueta } from '../api/modificar-etiqueta';
import { TEXTOS_ETIQUETA } from '../textos';
import { Texto } from '../../../../components/texto';
import '../../shared/admin.css';
import './catalogo.css';

const porNombre = (a: Etiqueta, b: Etiqueta) => compararNombres(a.nombre, b.nombre);

/** The delete flow shared by the list and the form: confirm, delete (or archive), tell which. */
export function useEliminarEtiqueta(clase: ClaseEtiqueta) {
  const t = TEXTOS_ETIQUETA[clase];
  const borrar = useBorrarEtiqueta(clase);
  const confirmar = useConfirmar();
  const avisar = useAviso();
  async function eliminar(etiqueta: Etiqueta): Promise<boolean> {
    const seguro = await confirmar({
      titulo: `Eliminar ${t.singular}`,
      mensaje: `¿Eliminar ${t.el} «${etiqueta.nombre}»? Si hay órdenes que ${t.lo} usan, no se elimina: queda ${t.archivado}, esas órdenes ${t.lo} conservan y deja de ofrecerse para órdenes nuevas.`,
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
  return (
    <PantallaAdmin titulo={t.titulo} {...accesoA(t)}>
      <Listado clase={clase}>{children}</Listado>
    </PantallaAdmin>
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

  function restaurar(etiqueta: Etiqueta) {
    modificar.mutate(
      { id: etiqueta.id, nombre: etiqueta.nombre, archivado: false },
      {
        onSuccess: (e) => avisar(`Se restauró «${e.nombre}»: vuelve a ofrecerse para órdenes nuevas.`),
        onError: (error) => notificarError(error),
      },
    );
  }

  return (
    <MarcoListaAdmin
      onRefrescar={() => etiquetas.refetch()}
      nuevo={{ ruta: t.rutaForm, etiqueta: t.nuevo, testId: `${t.prefijo}-nuevo` }}
      angosta
    >
      {!etiquetas.data ? (
        <CargaAdmin consulta={etiquetas} filas={5} />
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
                Cree {clase === 'areas' ? 'la primera' : 'el primero'} con «{t.nuevo}».
              </EstadoPantalla>
            ) : (
              <IonList className="admin-lista delego-card-lista" data-testid={`${t.prefijo}-lista`}>
                {activas.map((e) => (
                  <IonItem key={e.id} lines="full" data-testid={`${t.prefijo}-${e.id}`}>
                    <IonIcon slot="start" icon={t.icono} color="primary" aria-hidden="true" />
                    <IonLabel className="catalogo__nombre">
                      <Texto>{e.nombre}</Texto>
                    </IonLabel>
                    <AccionFila
                      accion="Renombrar"
                      etiqueta={e}
                      icono={createOutline}
                      routerLink={`${t.rutaForm}?id=${e.id}`}
                      testId={`${t.prefijo}-editar-${e.id}`}
                    />
                    <AccionFila
                      accion="Eliminar"
                      etiqueta={e}
                      icono={trashOutline}
                      color="danger"
                      disabled={eliminando}
                      onClick={() => void eliminar(e)}
                      testId={`${t.prefijo}-eliminar-${e.id}`}
                    />
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
                Siguen en las órdenes que {t.lo}s usan, pero no se ofrecen para órdenes nuevas.
              </p>
              <IonList className="admin-lista delego-card-lista" data-testid={`${t.prefijo}-archivadas`}>
                {archivadas.map((e) => (
                  <IonItem key={e.id} lines="full" className="catalogo__archivada" data-testid={`${t.prefijo}-${e.id}`}>
                    <IonIcon slot="start" icon={archiveOutline} color="medium" aria-hidden="true" />
                    <IonLabel className="catalogo__nombre">
                      <Texto>{e.nombre}</Texto>
                    </IonLabel>
                    <BotonConIcono
                      icono={arrowUndoOutline}
                      slot="end"
                      fill="outline"
                      size="small"
                      disabled={modificar.isPending}
                      onClick={() => restaurar(e)}
                      aria-label={`Restaurar «${e.nombre}»`}
                      testId={`${t.prefijo}-restaurar-${e.id}`}
                    >
                      Restaurar
                    </BotonConIcono>
                  </IonItem>
                ))}
              </IonList>
            </section>
          )}
        </>
      )}
      {children}
    </MarcoListaAdmin>
  );
}

type AccionFilaProps = Pick<ComponentProps<typeof IonButton>, 'routerLink' | 'color' | 'disabled' | 'onClick'> & {
  /** The verb: the button's tooltip, and with the entry's name its accessible name ('Eliminar «Bombas»'). */
  accion: string;
  etiqueta: Etiqueta;
  icono: string;
  testId: string;
};

/** An icon button at the end of the row of an entry in use: rename it or delete it. */
function AccionFila({ accion, etiqueta, icono, testId, ...boton }: AccionFilaProps) {
  return (
    <BotonIcono
      slot="end"
      {...boton}
      icono={icono}
      etiqueta={`${accion} «${etiqueta.nombre}»`}
      title={accion}
      testId={testId}
    />
  );
}
