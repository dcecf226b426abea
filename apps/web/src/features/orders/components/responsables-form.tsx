import { LIMITES_ORDEN, type OrdenDetalle } from '@delego/contract';
import {
  IonButton,
  IonCheckbox,
  IonContent,
  IonItem,
  IonList,
  IonNote,
  IonRadio,
  IonRadioGroup,
  IonSpinner,
  IonTextarea,
} from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { CampoConLimite, errorDeLargo } from '../../../components/campo-con-limite';
import { PageHeader } from '../../../components/page-header';
import {
  EstadoError,
  EstadoRequiereSesion,
  EstadoSinOrden,
  EstadoSinPermiso,
  FilasCargando,
} from '../../../components/estados-pantalla';
import { useSession } from '../../auth';
import { useCambiarResponsables } from '../api/cambiar-responsables';
import { useOrdenDetalle } from '../api/get-orden-detalle';
import { useResponsablesDisponibles, type ResponsableDisponible } from '../api/get-responsables-disponibles';
import { useAviso } from '../../../components/avisos';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import { useVolver } from '../../../lib/navegacion';
import { nombrePersona, textoResponsables } from '../model/formato';
import {
  claseInvalida,
  enviarConEnter,
  erroresDeGuardado,
  valorDe,
  type ErroresCampos,
} from '../../../lib/formularios';
import '../orders.css';

interface Props {
  /** responsables-multiples: several (checkboxes); cambio-responsable: one (radio). */
  multiple: boolean;
}

/** cambio-responsable?id=42 and responsables-multiples?id=42: who works the order. */
export function PantallaResponsables({ multiple }: Props) {
  const { usuario } = useSession();
  const id = useIdDeConsulta(multiple ? '/responsables-multiples' : '/cambio-responsable');
  const detalle = useOrdenDetalle(usuario ? id : null);
  const titulo = multiple ? 'Varios responsables' : 'Cambiar responsable';
  const vez = useReinicioAlSalir();
  return (
    <>
      <PageHeader titulo={titulo} volverA={id ? `/orden/${id}` : '/home'} />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container ordenes-formulario">
          {!usuario ? (
            // SPEC §2 lists responsables-multiples among the routes without login; its calls need one.
            <EstadoRequiereSesion ambito="ordenes">
              Para ver y cambiar los responsables de una orden ingrese con su usuario.
            </EstadoRequiereSesion>
          ) : id === null ? (
            <EstadoSinOrden ambito="ordenes" />
          ) : detalle.isPending ? (
            <FilasCargando ambito="ordenes" filas={4} />
          ) : detalle.isError ? (
            <EstadoError ambito="ordenes" error={detalle.error} onReintentar={() => void detalle.refetch()} />
          ) : !detalle.data.acciones.cambiarResponsable || detalle.data.acciones.soloLectura ? (
            <EstadoSinPermiso ambito="ordenes" volverA={`/orden/${id}`}>
              No puede cambiar los responsables de esta orden: necesita el permiso modificarOrden o ser su responsable.
            </EstadoSinPermiso>
          ) : (
            <FormularioResponsables key={vez} orden={detalle.data} multiple={multiple} />
          )}
        </div>
      </IonContent>
    </>
  );
}

type Campo = 'responsable' | 'comentarios';

export function FormularioResponsables({ orden, multiple }: { orden: OrdenDetalle; multiple: boolean }) {
  const disponibles = useResponsablesDisponibles(orden.cliente?.id ?? 'todos');
  const cambiar = useCambiarResponsables();
  const aviso = useAviso();
  const volver = useVolver(`/orden/${orden.id}`);
  const actuales = orden.responsables.map((r) => r.id);
  const [elegidos, setElegidos] = useState<number[]>(multiple ? actuales : actuales.slice(0, 1));
  const [comentarios, setComentarios] = useState('');
  const [errores, setErrores] = useState<ErroresCampos<Campo>>({});

  // The current responsables stay choosable even if they are no longer in the list.
  const opciones: ResponsableDisponible[] = [...(disponibles.data ?? [])];
  for (const r of orden.responsables) {
    if (!opciones.some((o) => o.id === r.id)) opciones.push({ ...r, email: null });
  }

  function elegir(id: number, marcado: boolean) {
    setErrores((x) => ({ ...x, responsable: undefined }));
    if (!multiple) setElegidos([id]);
    else setElegidos((actual) => (marcado ? [...new Set([...actual, id])] : actual.filter((x) => x !== id)));
  }

  function enviar() {
    if (cambiar.isPending) return;
    const nuevos: ErroresCampos<Campo> = {};
    if (elegidos.length === 0)
      nuevos.responsable = multiple ? 'Elija al menos un responsable.' : 'Elija el responsable.';
    else if (elegidos.length > LIMITES_ORDEN.responsables)
      nuevos.responsable = `Hasta ${LIMITES_ORDEN.responsables} responsables.`;
    if (comentarios.length > LIMITES_ORDEN.comentario) {
      nuevos.comentarios = errorDeLargo(comentarios, LIMITES_ORDEN.comentario);
    }
    setErrores(nuevos);
    if (nuevos.responsable || nuevos.comentarios) return;
    cambiar.mutate(
      {
        id: orden.id,
        responsable: multiple ? elegidos : (elegidos[0] as number),
        comentarios: comentarios.trim() || null,
      },
      {
        onSuccess: (actualizada) => {
          aviso(`Responsables de la orden #${actualizada.numero}: ${textoResponsables(actualizada.responsables)}.`);
          volver();
        },
        onError: (error) =>
          setErrores(erroresDeGuardado(error, ['responsable', 'comentarios'] as const, { soloDatosInvalidos: true })),
      },
    );
  }

  function alEnviar(e: FormEvent) {
    e.preventDefault();
    enviar();
  }

  const etiqueta = (u: ResponsableDisponible) => (
    <span className="ordenes-opcion ordenes-opcion--persona">
      <span>{nombrePersona(u)}</span>
      <span className="ordenes-opcion__detalle">@{u.usuario}</span>
    </span>
  );

  // Over the limit is said as it happens; saving is refused by the check above.
  const errorComentarios = errorDeLargo(comentarios, LIMITES_ORDEN.comentario) ?? errores.comentarios;

  return (
    <form
      onSubmit={alEnviar}
      onKeyDown={enviarConEnter(enviar)}
      noValidate
      aria-label={multiple ? 'Varios responsables' : 'Cambiar responsable'}
    >
      <section className="delego-card ordenes-formulario__tarjeta">
        <p className="ordenes-formulario__orden">
          <span className="orden-detalle__numero">#{orden.numero}</span> {orden.titulo}
        </p>
        <p className="ordenes-formulario__actual">Ahora: {textoResponsables(orden.responsables)}</p>
        <fieldset className="ordenes-fieldset">
          <legend>{multiple ? 'Responsables' : 'Responsable'}</legend>
          {disponibles.isPending ? (
            <FilasCargando ambito="ordenes" filas={3} />
          ) : disponibles.isError ? (
            <EstadoError ambito="ordenes" error={disponibles.error} onReintentar={() => void disponibles.refetch()} />
          ) : multiple ? (
            <IonList lines="full" className="ordenes-opciones" data-testid="responsables-opciones">
              {opciones.map((u) => (
                <IonItem key={u.id}>
                  <IonCheckbox
                    labelPlacement="end"
                    justify="start"
                    checked={elegidos.includes(u.id)}
                    onIonChange={(e) => elegir(u.id, e.detail.checked)}
                    data-testid={`responsable-${u.usuario}`}
                  >
                    {etiqueta(u)}
                  </IonCheckbox>
                </IonItem>
              ))}
            </IonList>
          ) : (
            <IonList lines="full" className="ordenes-opciones" data-testid="responsables-opciones">
              <IonRadioGroup value={elegidos[0] ?? null} onIonChange={(e) => elegir(e.detail.value as number, true)}>
                {opciones.map((u) => (
                  <IonItem key={u.id}>
                    <IonRadio
                      value={u.id}
                      labelPlacement="end"
                      justify="start"
                      data-testid={`responsable-${u.usuario}`}
                    >
                      {etiqueta(u)}
                    </IonRadio>
                  </IonItem>
                ))}
              </IonRadioGroup>
            </IonList>
          )}
          {multiple && elegidos.length > 0 && (
            <p className="ordenes-formulario__ayuda">
              {elegidos.length === 1 ? '1 elegido' : `${elegidos.length} elegidos`}
            </p>
          )}
          {errores.responsable && (
            <IonNote color="danger" className="ordenes-error-campo" role="alert">
              {errores.responsable}
            </IonNote>
          )}
        </fieldset>
        <CampoConLimite valor={comentarios} max={LIMITES_ORDEN.comentario}>
          <IonTextarea
            className={claseInvalida(errorComentarios)}
            label="Comentario (opcional)"
            labelPlacement="floating"
            fill="outline"
            autoGrow
            rows={3}
            value={comentarios}
            errorText={errorComentarios}
            onIonInput={(e) => setComentarios(valorDe(e))}
            data-testid="responsables-comentario"
          />
        </CampoConLimite>
      </section>
      <div className="ordenes-formulario__botones">
        <IonButton type="button" fill="outline" color="medium" onClick={volver}>
          Cancelar
        </IonButton>
        <IonButton
          type="submit"
          disabled={cambiar.isPending || disponibles.isPending}
          data-testid="responsables-guardar"
        >
          {cambiar.isPending ? <IonSpinner name="crescent" aria-hidden="true" /> : 'Guardar'}
        </IonButton>
      </div>
    </form>
  );
}
