import { estadoInfo, LIMITES_ORDEN, zCambioEstado, type OrdenDetalle } from '@delego/contract';
import {
  IonButton,
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
import { EstadoError, EstadoSinOrden, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { useCambiarEstado } from '../api/cambiar-estado';
import { useOrdenDetalle } from '../api/get-orden-detalle';
import { useAviso } from '../../../components/avisos';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import { useVolver } from '../../../lib/navegacion';
import {
  claseInvalida,
  enviarConEnter,
  erroresDeGuardado,
  erroresDeProblemas,
  valorDe,
  type ErroresCampos,
} from '../../../lib/formularios';
import { EstadoBadge, PuntoEstado } from './insignias';
import '../orders.css';

const RUTA = '/cambio-estado';

/** cambio-estado?id=42: moves an order to one of the states this user may choose, with a comment. */
export default function CambioEstadoPage() {
  const id = useIdDeConsulta(RUTA);
  const detalle = useOrdenDetalle(id);
  const vez = useReinicioAlSalir();
  return (
    <>
      <PageHeader titulo="Cambiar estado" volverA={id ? `/orden/${id}` : '/home'} />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container ordenes-formulario">
          {id === null ? (
            <EstadoSinOrden ambito="ordenes" />
          ) : detalle.isPending ? (
            <FilasCargando ambito="ordenes" filas={3} />
          ) : detalle.isError ? (
            <EstadoError ambito="ordenes" error={detalle.error} onReintentar={() => void detalle.refetch()} />
          ) : detalle.data.acciones.estadosSiguientes.length === 0 ? (
            <EstadoSinPermiso ambito="ordenes" volverA={`/orden/${id}`}>
              {detalle.data.acciones.soloLectura
                ? 'Esta orden es de solo lectura para usted: no puede cambiar su estado.'
                : `No tiene a qué estado pasar la orden desde ${detalle.data.estado.nombre}.`}
            </EstadoSinPermiso>
          ) : (
            <FormularioCambioEstado key={vez} orden={detalle.data} />
          )}
        </div>
      </IonContent>
    </>
  );
}

type Campo = 'estado' | 'comentarios';

export function FormularioCambioEstado({ orden }: { orden: OrdenDetalle }) {
  const cambiar = useCambiarEstado();
  const aviso = useAviso();
  const volver = useVolver(`/orden/${orden.id}`);
  const [estado, setEstado] = useState<number | null>(null);
  const [comentarios, setComentarios] = useState('');
  const [errores, setErrores] = useState<ErroresCampos<Campo>>({});

  function enviar() {
    if (cambiar.isPending) return;
    const nuevos: ErroresCampos<Campo> = {};
    if (estado === null) nuevos.estado = 'Elija el nuevo estado.';
    const validado = zCambioEstado.safeParse({ estado: estado ?? 1, comentarios });
    if (!validado.success)
      Object.assign(nuevos, { comentarios: erroresDeProblemas(validado.error.issues).comentarios });
    setErrores(nuevos);
    if (estado === null || !validado.success) return;
    cambiar.mutate(
      { id: orden.id, estado, comentarios: validado.data.comentarios },
      {
        onSuccess: (actualizada) => {
          aviso(`La orden #${actualizada.numero} pasó a ${actualizada.estado.nombre}.`);
          volver();
        },
        onError: (error) =>
          setErrores(erroresDeGuardado(error, ['estado', 'comentarios'] as const, { soloDatosInvalidos: true })),
      },
    );
  }

  function alEnviar(e: FormEvent) {
    e.preventDefault();
    enviar();
  }

  // Over the limit is said as it happens; saving is refused by the check above.
  const errorComentarios = errorDeLargo(comentarios, LIMITES_ORDEN.comentario) ?? errores.comentarios;

  return (
    <form onSubmit={alEnviar} onKeyDown={enviarConEnter(enviar)} noValidate aria-label="Cambiar estado">
      <section className="delego-card ordenes-formulario__tarjeta">
        <p className="ordenes-formulario__orden">
          <span className="orden-detalle__numero">#{orden.numero}</span> {orden.titulo}
        </p>
        <p className="ordenes-formulario__actual">
          Estado actual: <EstadoBadge estado={orden.estado} />
        </p>

        <fieldset className="ordenes-fieldset">
          <legend>Nuevo estado</legend>
          <IonList lines="full" className="ordenes-opciones" data-testid="cambio-estado-opciones">
            <IonRadioGroup
              value={estado}
              onIonChange={(e) => {
                setEstado(e.detail.value as number);
                setErrores((x) => ({ ...x, estado: undefined }));
              }}
            >
              {orden.acciones.estadosSiguientes.map((siguiente) => {
                const info = estadoInfo(siguiente);
                return (
                  <IonItem key={siguiente}>
                    <IonRadio
                      value={siguiente}
                      labelPlacement="end"
                      justify="start"
                      data-testid={`estado-${siguiente}`}
                    >
                      <span className="ordenes-opcion">
                        <PuntoEstado color={info?.color ?? 'medium'} />
                        {info?.nombre ?? `Estado ${siguiente}`}
                      </span>
                    </IonRadio>
                  </IonItem>
                );
              })}
            </IonRadioGroup>
          </IonList>
          {errores.estado && (
            <IonNote color="danger" className="ordenes-error-campo" role="alert">
              {errores.estado}
            </IonNote>
          )}
        </fieldset>

        <CampoConLimite valor={comentarios} max={LIMITES_ORDEN.comentario}>
          <IonTextarea
            className={claseInvalida(errorComentarios)}
            label="Comentario"
            labelPlacement="floating"
            fill="outline"
            autoGrow
            rows={4}
            value={comentarios}
            helperText="Obligatorio: queda en el historial de la orden."
            errorText={errorComentarios}
            onIonInput={(e) => {
              setComentarios(valorDe(e));
              if (errores.comentarios) setErrores((x) => ({ ...x, comentarios: undefined }));
            }}
            data-testid="cambio-estado-comentario"
          />
        </CampoConLimite>
      </section>
      <div className="ordenes-formulario__botones">
        <IonButton type="button" fill="outline" color="medium" onClick={volver}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={cambiar.isPending} data-testid="cambio-estado-guardar">
          {cambiar.isPending ? <IonSpinner name="crescent" aria-hidden="true" /> : 'Guardar'}
        </IonButton>
      </div>
    </form>
  );
}
