import { puedeCrearOrden, type UsuarioLogueado } from '@delego/contract';
import {
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardSubtitle,
  IonCardTitle,
  IonContent,
  IonProgressBar,
  IonSkeletonText,
} from '@ionic/react';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth';
import {
  colorBarra,
  proporcionDisponible,
  textoCupo,
  textoRenovacion,
  tituloPlan,
  usePlanEstado,
} from '../plan';
import { textoRoles } from './roles';
import './home-page.css';

/**
 * Inicio: greets the user and sums up their company and plan. (The order list replaces this
 * screen in a later issue.)
 */
export default function HomePage() {
  const { usuario } = useSession();
  if (!usuario) return null;
  return (
    <>
      <PageHeader titulo="Inicio" />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container home">
          <h1 className="home__saludo" data-testid="home-saludo">
            Hola, {usuario.nombre}
          </h1>
          <p className="home__bajada">Le damos la bienvenida a Delego.</p>
          <div className="home__tarjetas">
            <TarjetaEmpresa usuario={usuario} />
            {puedeCrearOrden(usuario) && <TarjetaPlan usuario={usuario} />}
          </div>
        </div>
      </IonContent>
    </>
  );
}

function TarjetaEmpresa({ usuario }: { usuario: UsuarioLogueado }) {
  const roles = textoRoles(usuario.roles);
  return (
    <IonCard className="delego-card">
      <IonCardHeader>
        <IonCardSubtitle>Empresa</IonCardSubtitle>
        <IonCardTitle className="home__empresa">
          {usuario.logo && <img src={usuario.logo} alt="" className="home__logo" />}
          {usuario.entidadNombre}
        </IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        <dl className="home__datos">
          <dt>Usuario</dt>
          <dd>
            {usuario.nombre} {usuario.apellido} (@{usuario.usuario})
          </dd>
          {roles && (
            <>
              <dt>{usuario.roles.length > 1 ? 'Roles' : 'Rol'}</dt>
              <dd>{roles}</dd>
            </>
          )}
          {usuario.email && (
            <>
              <dt>Correo</dt>
              <dd>{usuario.email}</dd>
            </>
          )}
        </dl>
      </IonCardContent>
    </IonCard>
  );
}

function TarjetaPlan({ usuario }: { usuario: UsuarioLogueado }) {
  const { data: plan, isPending } = usePlanEstado(usuario);
  return (
    <IonCard className="delego-card" data-testid="home-plan">
      <IonCardHeader>
        <IonCardSubtitle>Plan</IonCardSubtitle>
        <IonCardTitle>
          {isPending ? <IonSkeletonText animated style={{ width: '40%' }} /> : plan ? tituloPlan(plan) : 'Sin plan'}
        </IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        {isPending ? (
          <IonSkeletonText animated style={{ width: '70%' }} />
        ) : plan ? (
          <>
            <p className="home__cupo">{textoCupo(plan)}</p>
            <IonProgressBar
              className="home__barra"
              value={proporcionDisponible(plan)}
              color={colorBarra(proporcionDisponible(plan))}
              aria-label="Órdenes disponibles"
            />
            {textoRenovacion(plan) && <p className="home__renovacion">{textoRenovacion(plan)}</p>}
          </>
        ) : (
          <p>Su empresa no tiene un plan activo.</p>
        )}
      </IonCardContent>
    </IonCard>
  );
}
