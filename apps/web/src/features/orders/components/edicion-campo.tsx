import { LIMITES_ORDEN, zCambioDetalle, zCambioTitulo, type OrdenDetalle } from '@delego/contract';
import { IonButton, IonContent, IonInput, IonSpinner, IonTextarea } from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { CampoConLimite, errorDeLargo } from '../../../components/campo-con-limite';
import { PageHeader } from '../../../components/page-header';
import { EstadoError, EstadoSinOrden, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { useCambiarDetalle } from '../api/cambiar-detalle';
import { useCambiarTitulo } from '../api/cambiar-titulo';
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
} from '../../../lib/formularios';
import '../orders.css';

type Campo = 'titulo' | 'detalle';

const TEXTOS: Record<Campo, { pantalla: string; ruta: string; exito: string }> = {
  titulo: { pantalla: 'Editar título', ruta: '/edicion-titulo', exito: 'Título guardado.' },
  detalle: { pantalla: 'Editar detalle', ruta: '/edicion-detalle', exito: 'Detalle guardado.' },
};

/** edicion-titulo?id=42 and edicion-detalle?id=42: one field of an order. */
export function PantallaEdicionCampo({ campo }: { campo: Campo }) {
  const textos = TEXTOS[campo];
  const id = useIdDeConsulta(textos.ruta);
  const detalle = useOrdenDetalle(id);
  const vez = useReinicioAlSalir();
  return (
    <>
      <PageHeader titulo={textos.pantalla} volverA={id ? `/orden/${id}` : '/home'} />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container ordenes-formulario">
          {id === null ? (
            <EstadoSinOrden ambito="ordenes" />
          ) : detalle.isPending ? (
            <FilasCargando ambito="ordenes" filas={2} />
          ) : detalle.isError ? (
            <EstadoError ambito="ordenes" error={detalle.error} onReintentar={() => void detalle.refetch()} />
          ) : detalle.data.acciones.soloLectura || !detalle.data.acciones.modificar ? (
            <EstadoSinPermiso ambito="ordenes" volverA={`/orden/${id}`}>
              Esta orden es de solo lectura para usted: necesita el permiso modificarOrden o ser su responsable.
            </EstadoSinPermiso>
          ) : (
            <FormularioCampo key={`${detalle.data.id}-${vez}`} orden={detalle.data} campo={campo} />
          )}
        </div>
      </IonContent>
    </>
  );
}

export function FormularioCampo({ orden, campo }: { orden: OrdenDetalle; campo: Campo }) {
  const cambiarTitulo = useCambiarTitulo();
  const cambiarDetalle = useCambiarDetalle();
  const pendiente = cambiarTitulo.isPending || cambiarDetalle.isPending;
  const aviso = useAviso();
  const volver = useVolver(`/orden/${orden.id}`);
  const [valor, setValor] = useState(campo === 'titulo' ? orden.titulo : orden.detalle);
  const [error, setError] = useState<string | undefined>();

  function enviar() {
    if (pendiente) return;
    const opciones = {
      onSuccess: () => {
        aviso(TEXTOS[campo].exito);
        volver();
      },
      onError: (e: unknown) => setError(erroresDeGuardado(e, [campo] as const, { soloDatosInvalidos: true })[campo]),
    };
    if (campo === 'titulo') {
      const v = zCambioTitulo.safeParse({ titulo: valor });
      if (!v.success) return setError(erroresDeProblemas(v.error.issues).titulo);
      setError(undefined);
      cambiarTitulo.mutate({ id: orden.id, titulo: v.data.titulo }, opciones);
    } else {
      const v = zCambioDetalle.safeParse({ detalle: valor });
      if (!v.success) return setError(erroresDeProblemas(v.error.issues).detalle);
      setError(undefined);
      cambiarDetalle.mutate({ id: orden.id, detalle: v.data.detalle }, opciones);
    }
  }

  function alEnviar(e: FormEvent) {
    e.preventDefault();
    enviar();
  }

  function alEscribir(e: { detail: { value?: string | null } }) {
    setValor(valorDe(e));
    if (error) setError(undefined);
  }

  // Over the limit is said as it happens; saving is refused by the contract's schema above.
  const errorVisible = errorDeLargo(valor, LIMITES_ORDEN[campo]) ?? error;

  return (
    <form onSubmit={alEnviar} onKeyDown={enviarConEnter(enviar)} noValidate aria-label={TEXTOS[campo].pantalla}>
      <section className="delego-card ordenes-formulario__tarjeta">
        <p className="ordenes-formulario__orden">
          <span className="orden-detalle__numero">#{orden.numero}</span> {orden.titulo}
        </p>
        {campo === 'titulo' ? (
          <CampoConLimite valor={valor} max={LIMITES_ORDEN.titulo}>
            <IonInput
              className={claseInvalida(errorVisible)}
              label="Título"
              labelPlacement="floating"
              fill="outline"
              value={valor}
              enterkeyhint="done"
              errorText={errorVisible}
              onIonInput={alEscribir}
              data-testid="edicion-titulo"
            />
          </CampoConLimite>
        ) : (
          <CampoConLimite valor={valor} max={LIMITES_ORDEN.detalle}>
            <IonTextarea
              className={claseInvalida(errorVisible)}
              label="Detalle"
              labelPlacement="floating"
              fill="outline"
              autoGrow
              rows={8}
              value={valor}
              helperText="Ctrl+Enter guarda."
              errorText={errorVisible}
              onIonInput={alEscribir}
              data-testid="edicion-detalle"
            />
          </CampoConLimite>
        )}
      </section>
      <div className="ordenes-formulario__botones">
        <IonButton type="button" fill="outline" color="medium" onClick={volver}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={pendiente} data-testid="edicion-guardar">
          {pendiente ? <IonSpinner name="crescent" aria-hidden="true" /> : 'Guardar'}
        </IonButton>
      </div>
    </form>
  );
}
