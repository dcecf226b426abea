import { LIMITES_ADMIN, zEtiquetaCrear, type Etiqueta } from '@delego/contract';
import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardTitle,
  IonContent,
  IonIcon,
  IonSkeletonText,
  IonSpinner,
} from '@ionic/react';
import { archiveOutline, arrowUndoOutline, trashOutline } from 'ionicons/icons';
import { notificarError } from '../../../../lib/errors';
import type { ClaseEtiqueta } from '../../keys';
import { CampoTexto } from '../../../../components/campos';
import { EstadoError, EstadoPantalla } from '../../../../components/estados-pantalla';
import { useAviso } from '../../../../components/avisos';
import { erroresDeProblemas, useFormulario, type Validacion } from '../../../../lib/formularios';
import { useVolver } from '../../../../lib/navegacion';
import { useIdParam } from '../../shared/parametros';
import { useCrearEtiqueta } from '../api/crear-etiqueta';
import { useEtiquetas } from '../api/get-etiquetas';
import { useModificarEtiqueta } from '../api/modificar-etiqueta';
import { TEXTOS_ETIQUETA } from '../textos';
import { useEliminarEtiqueta } from './etiquetas-lista';
import { PantallaAdmin } from '../../shared/lista-admin';
import '../../shared/admin.css';

/** The name of an order type or area as the server will accept it, or the reason it will not. */
export function validarNombreEtiqueta(nombre: string): { ok: true; nombre: string } | { ok: false; error: string } {
  const resultado = zEtiquetaCrear.safeParse({ nombre });
  if (resultado.success) return { ok: true, nombre: resultado.data.nombre };
  if (!nombre.trim()) return { ok: false, error: 'Ingrese el nombre.' };
  return { ok: false, error: erroresDeProblemas(resultado.error.issues).nombre ?? 'El nombre no es válido.' };
}

/** tipo-orden and area: create (`?` without id) or rename (`?id=5`) one entry. */
export function EtiquetaForm({ clase }: { clase: ClaseEtiqueta }) {
  const t = TEXTOS_ETIQUETA[clase];
  const id = useIdParam('id');
  return (
    <PantallaAdmin
      titulo={id === null ? t.nuevo : `Editar ${t.singular}`}
      volverA={t.rutaLista}
      permiso="altaEtiquetas"
      para={`administrar ${t.plural}`}
    >
      <IonContent className="delego-page-content">
        <CargaEtiqueta key={id ?? 'nueva'} clase={clase} id={id} />
      </IonContent>
    </PantallaAdmin>
  );
}

function CargaEtiqueta({ clase, id }: { clase: ClaseEtiqueta; id: number | null }) {
  const t = TEXTOS_ETIQUETA[clase];
  const etiquetas = useEtiquetas(clase);
  if (id === null) return <Formulario clase={clase} etiqueta={null} />;
  if (!etiquetas.data) {
    if (etiquetas.isError) {
      return <EstadoError ambito="admin" error={etiquetas.error} onReintentar={() => void etiquetas.refetch()} />;
    }
    return (
      <div className="delego-container admin-pagina admin-pagina--angosta" aria-busy="true">
        <IonSkeletonText animated style={{ width: '60%', height: 48 }} />
      </div>
    );
  }
  const etiqueta = etiquetas.data.find((e) => e.id === id);
  if (!etiqueta) {
    return (
      <EstadoPantalla
        icono={t.icono}
        titulo="No encontrado"
        accion={
          <IonButton routerLink={t.rutaLista} routerDirection="back">
            Ver {t.plural}
          </IonButton>
        }
      >
        No se encontró {t.el}: no existe o no pertenece a su empresa.
      </EstadoPantalla>
    );
  }
  return <Formulario clase={clase} etiqueta={etiqueta} />;
}

function Formulario({ clase, etiqueta }: { clase: ClaseEtiqueta; etiqueta: Etiqueta | null }) {
  const t = TEXTOS_ETIQUETA[clase];
  const crear = useCrearEtiqueta(clase);
  const modificar = useModificarEtiqueta(clase);
  const { eliminar, eliminando } = useEliminarEtiqueta(clase);
  const f = useFormulario({
    inicial: { nombre: etiqueta?.nombre ?? '' },
    validar: ({ nombre }): Validacion<'nombre', string> => {
      const v = validarNombreEtiqueta(nombre);
      return v.ok ? { ok: true, datos: v.nombre } : { ok: false, errores: { nombre: v.error } };
    },
    limites: { nombre: LIMITES_ADMIN.etiqueta },
    habilitado: !(crear.isPending || modificar.isPending || eliminando),
  });
  const avisar = useAviso();
  const volver = useVolver(t.rutaLista);
  const ocupado = crear.isPending || modificar.isPending || eliminando;

  const alFallar = (e: unknown) => f.falloAlGuardar(e, ['nombre']);

  function enviar(nombre: string) {
    if (!etiqueta) {
      crear.mutate(nombre, {
        onSuccess: (e) => {
          avisar(`Se creó “${e.nombre}”.`);
          volver();
        },
        onError: alFallar,
      });
      return;
    }
    if (nombre === etiqueta.nombre) {
      volver();
      return;
    }
    modificar.mutate(
      { id: etiqueta.id, nombre },
      {
        onSuccess: (e) => {
          avisar(`Se renombró “${etiqueta.nombre}” a “${e.nombre}”.`);
          volver();
        },
        onError: alFallar,
      },
    );
  }

  function restaurar() {
    if (!etiqueta || ocupado) return;
    modificar.mutate(
      { id: etiqueta.id, nombre: etiqueta.nombre, archivado: false },
      {
        onSuccess: (e) => avisar(`Se restauró “${e.nombre}”: vuelve a ofrecerse para órdenes nuevas.`),
        onError: (e) => notificarError(e),
      },
    );
  }

  async function borrar() {
    if (etiqueta && (await eliminar(etiqueta))) volver();
  }

  return (
    <form
      {...f.props(enviar)}
      className="delego-container admin-pagina admin-pagina--angosta"
      aria-label={etiqueta ? `Editar ${t.singular}` : t.nuevo}
      data-testid={`${t.prefijo}-form`}
    >
      {etiqueta?.archivado && (
        <div className="admin-aviso-fijo admin-aviso-fijo--advertencia" role="note">
          <IonIcon icon={archiveOutline} aria-hidden="true" />
          <span>
            {t.el.charAt(0).toUpperCase() + t.el.slice(1)} está {t.archivado}: las órdenes que {t.lo} usan {t.lo}{' '}
            conservan, pero no se ofrece para órdenes nuevas.{' '}
            <IonButton size="small" fill="outline" color="dark" onClick={restaurar} disabled={ocupado}>
              <IonIcon slot="start" icon={arrowUndoOutline} aria-hidden="true" />
              Restaurar
            </IonButton>
          </span>
        </div>
      )}
      <IonCard className="delego-card">
        <IonCardHeader>
          <IonCardTitle className="admin-card-titulo">{etiqueta ? `Renombrar ${t.singular}` : t.nuevo}</IonCardTitle>
        </IonCardHeader>
        <IonCardContent className="admin-campos">
          <CampoTexto
            {...f.campo('nombre')}
            label="Nombre"
            max={LIMITES_ADMIN.etiqueta}
            autocomplete="off"
            helperText={etiqueta ? `Las órdenes que ${t.lo} usan muestran el nombre nuevo.` : undefined}
            data-testid={`${t.prefijo}-nombre`}
          />
        </IonCardContent>
      </IonCard>

      <div className="admin-acciones admin-acciones--separadas">
        {etiqueta && !etiqueta.archivado && (
          <IonButton
            className="admin-acciones__izquierda"
            fill="outline"
            color="danger"
            type="button"
            onClick={() => void borrar()}
            disabled={ocupado}
            data-testid={`${t.prefijo}-eliminar`}
          >
            <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
            Eliminar
          </IonButton>
        )}
        <IonButton fill="clear" color="medium" type="button" onClick={volver} disabled={ocupado}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={ocupado} data-testid={`${t.prefijo}-guardar`}>
          {crear.isPending || modificar.isPending ? (
            <>
              <IonSpinner name="crescent" slot="start" aria-hidden="true" />
              Guardando…
            </>
          ) : etiqueta ? (
            'Guardar'
          ) : (
            'Crear'
          )}
        </IonButton>
      </div>
    </form>
  );
}
