import { esAdmin, tienePermiso, TEXTO_ESTADO_OCURRENCIA, textoDeDia, type Mantenimiento } from '@delego/contract';
import { IonBadge, IonButton, IonContent, IonItem, IonLabel, IonList } from '@ionic/react';
import { useState } from 'react';
import { leerId, useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
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
import { textoDeRegla, textoProximas } from '../model/regla';
import { FormularioMantenimiento, type PlanPrevio } from './formulario-mantenimiento';
import { calendarOutline } from 'ionicons/icons';
import './mantenimiento.css';

/** The new plan's client, site and equipo from `?cliente=&ubicacion=&equipo=` (the equipo's screen). */
function previoDe(consulta: URLSearchParams): PlanPrevio | null {
  const id = (nombre: string) => leerId(consulta.get(nombre));
  const cliente = id('cliente');
  return cliente === null ? null : { cliente, ubicacion: id('ubicacion'), equipo: id('equipo') };
}

/** The form open: a new plan (maybe pre-filled) or the plan being changed. */
type Abierto = { nuevo: PlanPrevio | null } | { plan: Mantenimiento } | null;

/**
 * «Mantenimiento programado»: the plans with their next dates, a new plan (opened pre-filled by
 * `?cliente=&ubicacion=&equipo=`), edit, pause, resume, delete.
 */
export default function MantenimientoPage() {
  const { usuario } = useSession();
  const consulta = useConsultaDeRuta('/mantenimiento');
  const previo = previoDe(consulta);
  const [abierto, setAbierto] = useState<Abierto>(previo ? { nuevo: previo } : null);
  // Another «Programar mantenimiento» while the screen stays mounted opens the form again.
  const [ultimaConsulta, setUltimaConsulta] = useState(consulta);
  if (consulta !== ultimaConsulta) {
    setUltimaConsulta(consulta);
    if (previo) setAbierto({ nuevo: previo });
  }
  const puede = !!usuario && (esAdmin(usuario) || tienePermiso(usuario, 'crearOrden'));
  const cerrar = () => setAbierto(null);
  return (
    <>
      <PageHeader titulo="Mantenimiento programado">
        {puede && !abierto && (
          <IonButton onClick={() => setAbierto({ nuevo: null })} data-testid="mantenimiento-nuevo">
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
              {abierto && (
                <FormularioMantenimiento
                  key={'plan' in abierto ? abierto.plan.id : JSON.stringify(abierto.nuevo)}
                  original={'plan' in abierto ? abierto.plan : undefined}
                  previo={'nuevo' in abierto ? abierto.nuevo : null}
                  alGuardar={cerrar}
                  alCancelar={cerrar}
                />
              )}
              <ListaDePlanes alEditar={(plan) => setAbierto({ plan })} />
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

function ListaDePlanes({ alEditar }: { alEditar: (plan: Mantenimiento) => void }) {
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
        <Plan key={p.id} plan={p} alEditar={() => alEditar(p)} />
      ))}
    </IonList>
  );
}

function Plan({ plan, alEditar }: { plan: Mantenimiento; alEditar: () => void }) {
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
        <p data-testid="mantenimiento-proximas">{textoProximas(plan)}</p>
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
        <IonButton fill="outline" size="small" onClick={alEditar} data-testid="mantenimiento-editar">
          Editar
        </IonButton>
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
