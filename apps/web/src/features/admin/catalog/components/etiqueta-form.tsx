import { LIMITES_ADMIN, zEtiquetaCrear, type Etiqueta } from '@delego/contract';
import type { ReactNode } from 'react';
import { IonSkeletonText } from '@ionic/react';
import { archiveOutline, arrowUndoOutline, trashOutline } from 'ionicons/icons';
import { BotonConIcono } from '../../../../components/boton-icono';
import { notificarError } from '../../../../lib/errors';
import type { ClaseEtiqueta } from '../../keys';
import { BotonesFormulario } from '../../../../components/botones-formulario';
import { CampoTexto } from '../../../../components/campos';
import { EstadoError, EstadoNoEncontrado } from '../../../../components/estados-pantalla';
import { useAviso } from '../../../../components/avisos';
import { erroresDeProblemas, useFormulario, type Validacion } from '../../../../lib/formularios';
import { useVolver } from '../../../../lib/navegacion';
import { useCambiosSinGuardar } from '../../../../lib/cambios-sin-guardar';
import { useCrearEtiqueta } from '../api/crear-etiqueta';
import { useEtiquetas } from '../../../../lib/catalogos';
import { useModificarEtiqueta } from '../api/modificar-etiqueta';
import { TEXTOS_ETIQUETA } from '../textos';
import { useEliminarEtiqueta } from './etiquetas-lista';
import { Aviso } from '../../shared/aviso';
import { PantallaFormularioAdmin } from '../../shared/pantalla-formulario';
import { Tarjeta } from '../../shared/tarjeta';
import '../../shared/admin.css';

/** The name of an order type or area as the server will accept it, or the reason it will not. */
export function validarNombreEtiqueta(nombre: string): { ok: true; nombre: string } | { ok: false; error: string } {
  const resultado = zEtiquetaCrear.safeParse({ nombre });
  if (resultado.success) return { ok: true, nombre: resultado.data.nombre };
  if (!nombre.trim()) return { ok: false, error: 'Ingrese el nombre.' };
  return { ok: false, error: erroresDeProblemas(resultado.error.issues).nombre ?? 'El nombre no es válido.' };
}

/**
 * What an existing entry's screen shows under its form: app/composicion passes the order type's
 * checklist template and conformity setting (other features), so this one does not import them.
 */
export type ExtraDeEtiqueta = (id: number) => ReactNode;

/** tipo-orden and area: create (`?` without id) or rename (`?id=5`) one entry. */
export function EtiquetaForm({ clase, extra }: { clase: ClaseEtiqueta; extra?: ExtraDeEtiqueta }) {
  const t = TEXTOS_ETIQUETA[clase];
  return (
    <PantallaFormularioAdmin recurso={t}>
      {(id) => <CargaEtiqueta clase={clase} id={id} extra={extra} />}
    </PantallaFormularioAdmin>
  );
}

/** The entry `id` names once loaded, and only then what goes under its form (not under a not-found state). */
function CargaEtiqueta({ clase, id, extra }: { clase: ClaseEtiqueta; id: number | null; extra?: ExtraDeEtiqueta }) {
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
      <EstadoNoEncontrado
        icono={t.icono}
        titulo="No encontrado"
        volverA={{ ruta: t.rutaLista, texto: `Ver ${t.plural}` }}
      >
        No se encontró {t.el}: no existe o no pertenece a su empresa.
      </EstadoNoEncontrado>
    );
  }
  return (
    <>
      <Formulario clase={clase} etiqueta={etiqueta} />
      {extra && (
        <div className="delego-container admin-pagina admin-pagina--angosta admin-pagina--extra">
          {extra(etiqueta.id)}
        </div>
      )}
    </>
  );
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
  useCambiosSinGuardar(f.sucio);
  const avisar = useAviso();
  const volver = useVolver(t.rutaLista);
  const ocupado = crear.isPending || modificar.isPending || eliminando;

  const alFallar = (e: unknown) => f.falloAlGuardar(e, ['nombre']);

  function enviar(nombre: string) {
    if (!etiqueta) {
      crear.mutate(nombre, {
        onSuccess: (e) => {
          avisar(`Se creó «${e.nombre}».`);
          f.guardado();
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
          avisar(`Se renombró «${etiqueta.nombre}» a «${e.nombre}».`);
          f.guardado();
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
        onSuccess: (e) => avisar(`Se restauró «${e.nombre}»: vuelve a ofrecerse para órdenes nuevas.`),
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
        <Aviso tipo="advertencia" icono={archiveOutline}>
          {t.el.charAt(0).toUpperCase() + t.el.slice(1)} está {t.archivado}: las órdenes que {t.lo} usan {t.lo}{' '}
          conservan, pero no se ofrece para órdenes nuevas.{' '}
          <BotonConIcono
            icono={arrowUndoOutline}
            size="small"
            fill="outline"
            color="dark"
            onClick={restaurar}
            disabled={ocupado}
          >
            Restaurar
          </BotonConIcono>
        </Aviso>
      )}
      <Tarjeta titulo={etiqueta ? `Renombrar ${t.singular}` : t.nuevo} contenido="admin-campos">
        <CampoTexto
          {...f.campo('nombre')}
          label="Nombre"
          max={LIMITES_ADMIN.etiqueta}
          autocomplete="off"
          helperText={etiqueta ? `Las órdenes que ${t.lo} usan muestran el nombre nuevo.` : undefined}
          data-testid={`${t.prefijo}-nombre`}
        />
      </Tarjeta>

      <BotonesFormulario
        clase="admin-acciones admin-acciones--separadas"
        cancelar="clear"
        onCancelar={volver}
        ocupado={ocupado}
        texto={etiqueta ? 'Guardar' : 'Crear'}
        textoOcupado="Guardando…"
        testId={`${t.prefijo}-guardar`}
        antes={
          etiqueta &&
          !etiqueta.archivado && (
            <BotonConIcono
              icono={trashOutline}
              className="admin-acciones__izquierda"
              fill="outline"
              color="danger"
              type="button"
              onClick={() => void borrar()}
              disabled={ocupado}
              testId={`${t.prefijo}-eliminar`}
            >
              Eliminar
            </BotonConIcono>
          )
        }
      />
    </form>
  );
}
