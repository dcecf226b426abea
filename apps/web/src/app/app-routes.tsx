import { IonRouterOutlet } from '@ionic/react';
import { matchPath, Navigate, Route, useLocation } from 'react-router-dom';
import { rutaLogin, useSession } from '../features/auth';
import { resolveGuard } from './guard';
import NotFoundPage from './not-found-page';
import { REDIRECCIONES, RUTAS } from './routes';
import { Screen } from './screen';

/** The outlet with every route of the table, its guard applied first. */
export function AppRoutes() {
  const { usuario } = useSession();
  const { pathname, search } = useLocation();
  const actual = pathname + search;

  // Ionic recognises a bare <Navigate> element as a redirect: guards produce exactly that.
  const rutas = RUTAS.map((ruta) => {
    const patron = `/${ruta.path}`;
    const decision = resolveGuard(ruta, { usuario });
    if (decision.tipo === 'permitir') {
      const pantalla = <Screen component={ruta.pantalla ?? NotFoundPage} />;
      return <Route key={ruta.path} path={patron} element={pantalla} />;
    }
    // Ionic renders a redirect once more after it has navigated away; a redirect of a route that
    // is not the current one points at the current address, so that render changes nothing.
    const esActual = matchPath(patron, pathname) !== null;
    const destino = !esActual ? actual : decision.destino === 'login' ? rutaLogin(actual) : '/home';
    return <Route key={ruta.path} path={patron} element={<Navigate to={destino} replace />} />;
  });

  const redirecciones = REDIRECCIONES.map(({ path, destino }) => (
    <Route key={`redireccion-${path}`} path={`/${path}`} element={<Navigate to={`/${destino}`} replace />} />
  ));

  return (
    <IonRouterOutlet id="main">
      {rutas}
      {redirecciones}
      <Route key="no-encontrada" path="*" element={<Screen component={NotFoundPage} />} />
    </IonRouterOutlet>
  );
}
