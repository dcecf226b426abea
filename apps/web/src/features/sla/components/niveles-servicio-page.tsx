import { esAdmin, MENSAJES_POLITICA, type Politica } from '@delego/contract';
import { IonButton, IonChip, IonContent, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { speedometerOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { useAviso } from '../../../components/avisos';
import { EstadoError, EstadoPantalla, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { Texto } from '../../../components/texto';
import { textoObjetivo } from '../../../domain/sla';
import { useSession } from '../../auth';
import { useBorrarPoliticaSla } from '../api/borrar-politica';
import { usePoliticasSla } from '../api/get-politicas';
import { ordenarPoliticas } from '../model/politica';
import { FormularioPolitica } from './formulario-politica';
import './horario.css';
import './niveles-servicio.css';

/** The form open: a new policy, or the one being changed. */
type Abierto = { nueva: true } | { politica: Politica } | null;

/**
 * «Niveles de servicio» (issue 34): the company's service-level policies, each with what it applies
 * to and its response and resolution targets in business time. Everyone reads them; only an
 * administrator creates, changes or removes one. A change applies to the orders created from then
 * on: each order keeps the copy it got.
 */
export default function NivelesServicioPage() {
  const { usuario } = useSession();
  const puedeCambiar = !!usuario && esAdmin(usuario);
  const [abierto, setAbierto] = useState<Abierto>(null);
  const cerrar = () => setAbierto(null);
  return (
    <>
      <PageHeader titulo="Niveles de servicio">
        {puedeCambiar && !abierto && (
          <IonButton onClick={() => setAbierto({ nueva: true })} data-testid="politica-nueva">
            Nueva política
          </IonButton>
        )}
      </PageHeader>
      <IonContent className="ion-padding delego-page-content" data-testid="niveles-servicio-page">
        <div className="delego-container sla-politicas">
          <section className="sla-politicas__ayuda" data-testid="politicas-ayuda">
            <p>
              Para cada orden rige la política más específica que la alcanza: la de su cliente, luego la de su tipo,
              luego la de su prioridad y, si ninguna, la que se aplica a cualquiera. Los plazos cuentan solo el tiempo
              hábil del <Link to="/horario">horario y los feriados</Link> de la empresa.
            </p>
            <p data-testid="politicas-informe">
              <Link to="/sla/informe">Informe mensual por cliente</Link>: el cumplimiento de un cliente en un mes, en
              PDF o Excel, con un enlace para el cliente y su envío por correo el primer día hábil de cada mes.
            </p>
            <p data-testid="politicas-desde-ahora">
              <strong>Un cambio rige para las órdenes creadas desde ahora:</strong> las que ya existen conservan la
              política que recibieron.
            </p>
          </section>
          {!puedeCambiar && (
            <IonNote className="horario__nota" data-testid="politicas-solo-lectura">
              {MENSAJES_POLITICA.soloAdministradores}
            </IonNote>
          )}
          {puedeCambiar && abierto && (
            <FormularioPolitica
              key={'politica' in abierto ? abierto.politica.id : 'nueva'}
              original={'politica' in abierto ? abierto.politica : undefined}
              alGuardar={cerrar}
              alCancelar={cerrar}
            />
          )}
          <ListaDePoliticas
            puedeCambiar={puedeCambiar}
            alEditar={(politica) => setAbierto({ politica })}
            alCrear={() => setAbierto({ nueva: true })}
          />
        </div>
      </IonContent>
    </>
  );
}

interface PropsLista {
  puedeCambiar: boolean;
  alEditar: (p: Politica) => void;
  alCrear: () => void;
}

function ListaDePoliticas({ puedeCambiar, alEditar, alCrear }: PropsLista) {
  const politicas = usePoliticasSla();
  if (!politicas.data) {
    if (politicas.isError)
      return <EstadoError ambito="admin" error={politicas.error} onReintentar={() => void politicas.refetch()} />;
    return <FilasCargando ambito="admin" filas={3} testId="politicas-cargando" />;
  }
  if (!politicas.data.politicas.length) {
    return (
      <EstadoPantalla
        icono={speedometerOutline}
        titulo="Sin políticas de nivel de servicio"
        testId="politicas-vacio"
        accion={
          puedeCambiar && (
            <IonButton fill="outline" onClick={alCrear} data-testid="politicas-vacio-crear">
              Crear la primera
            </IonButton>
          )
        }
      >
        Una política fija en cuánto tiempo hábil se responde y se resuelve una orden: para un cliente, un tipo de orden,
        una prioridad o cualquiera. Cada orden nueva recibe la que le corresponde y muestra cuánto le queda.
      </EstadoPantalla>
    );
  }
  return (
    <IonList className="delego-card-lista" lines="full" data-testid="politicas-lista">
      {ordenarPoliticas(politicas.data.politicas).map((p) => (
        <FilaPolitica key={p.id} politica={p} puedeCambiar={puedeCambiar} alEditar={() => alEditar(p)} />
      ))}
    </IonList>
  );
}

/** «Cliente: Hotel Los Andes · Tipo de orden: Cualquiera · Prioridad: Alta». */
function textoAlcance(p: Politica): string {
  const nombre = (x: { nombre: string } | null) => x?.nombre ?? 'Cualquiera';
  return `Cliente: ${nombre(p.cliente)} · Tipo de orden: ${nombre(p.tipoOrden)} · Prioridad: ${nombre(p.prioridad)}`;
}

/** «Respuesta: 4 h hábiles · Resolución: 2 días hábiles»; a target left empty says so. */
function textoObjetivos(p: Politica): string {
  const de = (o: Politica['respuesta']) => (o ? textoObjetivo(o) : 'sin objetivo');
  return `Respuesta: ${de(p.respuesta)} · Resolución: ${de(p.resolucion)}`;
}

function FilaPolitica({
  politica,
  puedeCambiar,
  alEditar,
}: {
  politica: Politica;
  puedeCambiar: boolean;
  alEditar: () => void;
}) {
  const borrar = useBorrarPoliticaSla();
  const avisar = useAviso();
  return (
    <IonItem data-testid={`politica-${politica.id}`}>
      <div className="sla-politica">
        <IonLabel className="ion-text-wrap">
          <h2>
            <Texto>{politica.nombre}</Texto>
          </h2>
          <p data-testid="politica-alcance">
            <Texto>{textoAlcance(politica)}</Texto>
          </p>
          <p data-testid="politica-objetivos">
            <Texto>{textoObjetivos(politica)}</Texto>
          </p>
        </IonLabel>
        <div className="sla-politica__fin">
          {politica.pausaEnEspera && (
            <IonChip outline color="medium" data-testid="politica-pausa-en-espera">
              Pausa en espera
            </IonChip>
          )}
          {puedeCambiar && (
            <>
              <IonButton fill="outline" size="small" onClick={alEditar} data-testid={`politica-editar-${politica.id}`}>
                Editar
              </IonButton>
              <BotonPeligroso
                pregunta={{
                  titulo: 'Borrar la política',
                  mensaje: `«${politica.nombre}» deja de aplicarse a las órdenes nuevas. Las que ya la tienen la conservan.`,
                }}
                alConfirmar={() =>
                  borrar.mutateAsync(politica.id).then(() => avisar(`Se borró la política «${politica.nombre}».`))
                }
                testId={`politica-borrar-${politica.id}`}
              >
                Borrar
              </BotonPeligroso>
            </>
          )}
        </div>
      </div>
    </IonItem>
  );
}
