import { esAdmin, tienePermiso, TEXTO_ESTADO_OCURRENCIA, textoDeDia, type Mantenimiento } from '@delego/contract';
import { IonBadge, IonButton, IonContent, IonItem, IonLabel, IonList } from '@ionic/react';
import { useState } from 'react';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { Texto } from '../../../components/texto';
import { useSession } from '../../auth';
import {
  useBorrarMantenimiento,
  useMantenimientos,
  usePausarMantenimiento,
  useReanudarMantenimiento,
} from '../api/mantenimientos';
import { textoDeRegla } from '../model/regla';
import { FormularioMantenimiento } from './formulario-mantenimiento';
import { calendarOutline } from 'ionicons/icons';
import './mantenimiento.css';

/** «Mantenimiento programado»: the plans with their next dates, a new plan, pause, resume, delete. */
export default function MantenimientoPage() {
  const { usuario } = useSession();
  const [nuevo, setNuevo] = useState(false);
  const puede = !!usuario && (esAdmin(usuario) || tienePermiso(usuario, 'crearOrden'));
  return (
    <>
      <PageHeader titulo="Mantenimiento programado">
        {puede && !nuevo && (
          <IonButton onClick={() => setNuevo(true)} data-testid="mantenimiento-nuevo">
            Nuevo plan
          </IonButton>
        )}
      </PageHeader>
      <IonContent className="ion-padding delego-page-content" data-testid="mantenimiento-page">
        <div className="delego-container mantenimiento">
          {!puede ? (
            <EstadoSinPermiso ambito="admin">
              Para programar mantenimiento hace falta el permiso de crear órdenes. Pídalo a un administrador.
            </EstadoSinPermiso>
          ) : (
            <>
              {nuevo && <FormularioMantenimiento alGuardar={() => setNuevo(false)} />}
              <ListaDePlanes />
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

function ListaDePlanes() {
  const planes = useMantenimientos();
  if (!planes.data) {
    if (planes.isError)
      return <EstadoError ambito="admin" error={planes.error} onReintentar={() => void planes.refetch()} />;
    return <FilasCargando ambito="admin" filas={3} />;
  }
  if (!planes.data.mantenimientos.length) {
    return (
      <EstadoPantalla icono={calendarOutline} titulo="Sin mantenimiento programado" testId="mantenimiento-vacio">
        Programe un plan para que las órdenes que se repiten se creen solas.
      </EstadoPantalla>
    );
  }
  return (
    <IonList className="delego-card-lista" lines="full" data-testid="mantenimiento-lista">
      {planes.data.mantenimientos.map((p) => (
        <Plan key={p.id} plan={p} />
      ))}
    </IonList>
  );
}

function Plan({ plan }: { plan: Mantenimiento }) {
  const pausar = usePausarMantenimiento();
  const reanudar = useReanudarMantenimiento();
  const borrar = useBorrarMantenimiento();
  const cambiar = plan.activo ? pausar : reanudar;
  const esperando = plan.ocurrencias.filter((o) => o.estado === 'esperando_cupo' || o.estado === 'fallida');
  return (
    <IonItem data-testid={`mantenimiento-plan-${plan.id}`}>
      <IonLabel className="ion-text-wrap">
        <h2>
          <Texto>{plan.plantilla.titulo}</Texto>
          {!plan.activo && (
            <IonBadge color="medium" className="mantenimiento__insignia">
              Pausado
            </IonBadge>
          )}
        </h2>
        <p>
          <Texto>{`${plan.clienteNombre} · ${textoDeRegla(plan.regla)}`}</Texto>
        </p>
        <p data-testid="mantenimiento-proximas">
          {plan.proximas.length
            ? `Próximas: ${plan.proximas.map(textoDeDia).join(' · ')}`
            : plan.activo
              ? 'Sin fechas próximas'
              : 'Pausado: no crea órdenes'}
        </p>
        {esperando.map((o) => (
          <p key={o.id} data-testid="mantenimiento-esperando">
            <IonBadge color={o.estado === 'fallida' ? 'danger' : 'warning'}>
              {TEXTO_ESTADO_OCURRENCIA[o.estado]}
            </IonBadge>{' '}
            <Texto>{o.motivo ? `${textoDeDia(o.fecha)}: ${o.motivo}` : textoDeDia(o.fecha)}</Texto>
          </p>
        ))}
      </IonLabel>
      <div slot="end" className="mantenimiento__acciones">
        <IonButton
          fill="outline"
          size="small"
          disabled={cambiar.isPending}
          onClick={() => cambiar.mutate(plan.id)}
          data-testid={plan.activo ? 'mantenimiento-pausar' : 'mantenimiento-reanudar'}
        >
          {plan.activo ? 'Pausar' : 'Reanudar'}
        </IonButton>
        <BotonPeligroso
          pregunta={{
            titulo: 'Borrar el plan',
            mensaje: `Se borra «${plan.plantilla.titulo}» y sus fechas programadas. Las órdenes ya creadas quedan.`,
          }}
          alConfirmar={() => borrar.mutateAsync(plan.id).then(() => undefined)}
          testId="mantenimiento-borrar"
        >
          Borrar
        </BotonPeligroso>
      </div>
    </IonItem>
  );
}
