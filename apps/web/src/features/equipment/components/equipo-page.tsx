import { horasTexto, puedeCrearOrden, type Equipo } from '@delego/contract';
import { IonButton, IonContent, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { addOutline, calendarOutline, createOutline, trashOutline } from 'ionicons/icons';
import { useParams } from 'react-router-dom';
import { useAviso } from '../../../components/avisos';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { BotonVerMas } from '../../../components/boton-ver-mas';
import { EstadoError, FalloDeSeccion, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { leerId } from '../../../lib/consulta-de-ruta';
import { esNoEncontrado } from '../../../lib/errors';
import { useVolver } from '../../../lib/navegacion';
import { FalloDeAccion, Tarjeta, useTienePermiso } from '../../admin';
import { useSession } from '../../auth';
import { formatoMonto } from '../../expenses';
import { textoDeRegla, textoProximas, useMantenimientos } from '../../maintenance';
import { OrdenItem } from '../../orders';
import { useBorrarEquipo, useEquipo } from '../api/equipos';
import { useHistorialEquipo, useOrdenesAbiertas } from '../api/historial';
import { EQUIPOS } from '../recurso';
import { ArchivosEquipo } from './archivos-equipo';
import { EquipoNoEncontrado } from './fila';
import { SeccionSegunConsulta } from './seccion';
import '../equipment.css';

/** A form (an order's, a plan's) pre-filled with the equipo's client, site and the equipo itself. */
function rutaConEquipo(ruta: string, e: Pick<Equipo, 'id' | 'cliente' | 'ubicacion'>): string {
  const q = new URLSearchParams({ cliente: String(e.cliente.id), equipo: String(e.id) });
  if (e.ubicacion) q.set('ubicacion', String(e.ubicacion.id));
  return `${ruta}?${q.toString()}`;
}

/** The order form, pre-filled with the equipo's client, site and the equipo itself. */
export const rutaNuevaOrden = (e: Pick<Equipo, 'id' | 'cliente' | 'ubicacion'>) => rutaConEquipo('/nueva-orden', e);

/** equipos/:id (issue 32): its data, photos and files, open orders and the history of all with totals. */
export default function EquipoPage() {
  const id = leerId(useParams().id ?? null);
  return (
    <>
      <PageHeader titulo="Equipo" volverA={EQUIPOS.rutaLista} />
      <IonContent className="delego-page-content">
        <div className="delego-container admin-pagina">
          {id === null ? <EquipoNoEncontrado /> : <Detalle id={id} />}
        </div>
      </IonContent>
    </>
  );
}

function Detalle({ id }: { id: number }) {
  const equipo = useEquipo(id);
  if (equipo.isPending) return <FilasCargando ambito="admin" filas={4} testId="equipo-cargando" />;
  if (equipo.isError) {
    return esNoEncontrado(equipo.error) ? (
      <EquipoNoEncontrado />
    ) : (
      <EstadoError ambito="admin" error={equipo.error} onReintentar={() => void equipo.refetch()} />
    );
  }
  return (
    <>
      <Datos equipo={equipo.data} />
      <ArchivosEquipo equipoId={id} />
      <ProximoMantenimiento equipo={equipo.data} />
      <Abiertas equipoId={id} />
      <Historial equipoId={id} />
    </>
  );
}

function Dato({ titulo, valor }: { titulo: string; valor: string | null }) {
  if (!valor) return null;
  return (
    <div className="equipo-dato">
      <dt>{titulo}</dt>
      <dd>{valor}</dd>
    </div>
  );
}

function Datos({ equipo: e }: { equipo: Equipo }) {
  const administra = useTienePermiso('altaClientes');
  const { usuario } = useSession();
  const borrar = useBorrarEquipo();
  const avisar = useAviso();
  const volver = useVolver(EQUIPOS.rutaLista);
  return (
    <Tarjeta titulo={e.nombre} subtitulo={e.codigo ? `Código ${e.codigo}` : undefined} testId="equipo-datos">
      <dl className="equipo-datos">
        <Dato titulo="Cliente" valor={e.cliente.nombre} />
        <Dato titulo="Ubicación" valor={e.ubicacion?.nombre ?? null} />
        <Dato titulo="Dentro de la ubicación" valor={e.ubicacionInterna} />
        <Dato titulo="Marca" valor={e.marca} />
        <Dato titulo="Modelo" valor={e.modelo} />
        <Dato titulo="Número de serie" valor={e.serie} />
        <Dato titulo="Notas" valor={e.notas} />
      </dl>
      <FalloDeAccion accion={borrar} titulo="No se borró el equipo." testId="equipo-borrar-error" />
      <div className="equipo-acciones">
        {usuario && puedeCrearOrden(usuario) && (
          <IonButton routerLink={rutaNuevaOrden(e)} data-testid="equipo-nueva-orden">
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            Nueva orden
          </IonButton>
        )}
        {administra && (
          <>
            <IonButton fill="outline" routerLink={`${EQUIPOS.rutaForm}?id=${e.id}`} data-testid="equipo-editar">
              <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
              Editar
            </IonButton>
            <BotonPeligroso
              icono={trashOutline}
              testId="equipo-borrar"
              pregunta={{
                titulo: 'Borrar equipo',
                mensaje: `Se borrará ${e.nombre} con sus fotos y archivos. Un equipo con órdenes no se puede borrar.`,
              }}
              alConfirmar={() =>
                borrar.mutate(e.id, {
                  onSuccess: () => {
                    avisar(`Se borró el equipo ${e.nombre}.`);
                    volver();
                  },
                })
              }
            >
              Borrar
            </BotonPeligroso>
          </>
        )}
      </div>
    </Tarjeta>
  );
}

/**
 * «Próximo mantenimiento»: the plans that name this equipo, with their next dates, and a new plan
 * pre-filled with it. Only who creates orders schedules (and sees) plans.
 */
function ProximoMantenimiento({ equipo: e }: { equipo: Equipo }) {
  const { usuario } = useSession();
  if (!usuario || !puedeCrearOrden(usuario)) return null;
  return <PlanesDelEquipo equipo={e} />;
}

function PlanesDelEquipo({ equipo: e }: { equipo: Equipo }) {
  const planes = useMantenimientos();
  const delEquipo = planes.data?.mantenimientos.filter((p) => p.equipo === e.id) ?? [];
  return (
    <Tarjeta titulo="Próximo mantenimiento" testId="equipo-mantenimiento">
      <SeccionSegunConsulta
        consulta={planes}
        filas={2}
        fallo="No se pudo cargar el mantenimiento programado."
        vacio="No hay mantenimiento programado para este equipo."
        estaVacia={() => delEquipo.length === 0}
      >
        {() => (
          <IonList lines="full" data-testid="equipo-mantenimiento-lista">
            {delEquipo.map((p) => (
              <IonItem key={p.id} routerLink="/mantenimiento" data-testid={`equipo-mantenimiento-plan-${p.id}`}>
                <IonLabel className="ion-text-wrap">
                  <h3>{p.plantilla.titulo}</h3>
                  <p>{textoDeRegla(p.regla)}</p>
                  <p data-testid="equipo-mantenimiento-proximas">{textoProximas(p)}</p>
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        )}
      </SeccionSegunConsulta>
      <div className="equipo-acciones">
        <IonButton fill="outline" routerLink={rutaConEquipo('/mantenimiento', e)} data-testid="equipo-programar">
          <IonIcon slot="start" icon={calendarOutline} aria-hidden="true" />
          Programar mantenimiento
        </IonButton>
      </div>
    </Tarjeta>
  );
}

function Abiertas({ equipoId }: { equipoId: number }) {
  const abiertas = useOrdenesAbiertas(equipoId);
  return (
    <Tarjeta titulo="Órdenes abiertas" testId="equipo-abiertas">
      <SeccionSegunConsulta
        consulta={abiertas}
        filas={2}
        fallo="No se pudieron cargar las órdenes abiertas."
        vacio="No hay órdenes abiertas de este equipo."
        estaVacia={(d) => d.ordenes.length === 0}
      >
        {(d) => (
          <IonList className="ordenes-items" lines="full">
            {d.ordenes.map((o) => (
              <OrdenItem key={o.id} orden={o} />
            ))}
          </IonList>
        )}
      </SeccionSegunConsulta>
    </Tarjeta>
  );
}

function Historial({ equipoId }: { equipoId: number }) {
  const historial = useHistorialEquipo(equipoId);
  const primera = historial.data?.pages[0];
  const ordenes = historial.data?.pages.flatMap((p) => p.ordenes) ?? [];
  return (
    <Tarjeta titulo="Historial de órdenes" testId="equipo-historial">
      {historial.isPending ? (
        <FilasCargando ambito="admin" filas={3} />
      ) : historial.isError && !primera ? (
        <FalloDeSeccion onReintentar={() => void historial.refetch()}>No se pudo cargar el historial.</FalloDeSeccion>
      ) : !primera || primera.totales.ordenes === 0 ? (
        <p className="equipo-vacio">Todavía no se hizo ninguna orden sobre este equipo.</p>
      ) : (
        <>
          <p className="equipo-totales" data-testid="equipo-totales">
            {primera.totales.ordenes === 1 ? '1 orden' : `${primera.totales.ordenes} órdenes`} ·{' '}
            {horasTexto(primera.totales.minutos)} h de trabajo
            {primera.totales.gastos.length > 0 &&
              ` · Gastos: ${primera.totales.gastos.map((g) => formatoMonto(g.centavos / 100, g.moneda)).join(' + ')}`}
          </p>
          <IonList className="ordenes-items" lines="full" data-testid="equipo-historial-lista">
            {ordenes.map((o) => (
              <OrdenItem key={o.id} orden={o} />
            ))}
          </IonList>
          <BotonVerMas lista={historial} testId="equipo-historial-mas">
            {`Ver más (${ordenes.length} de ${primera.total})`}
          </BotonVerMas>
        </>
      )}
    </Tarjeta>
  );
}
