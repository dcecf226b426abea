import type { PrimerosPasos as EstadoPasos, UsuarioLogueado } from '@delego/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircle, ellipseOutline, rocketOutline } from 'ionicons/icons';
import { EstadoPantalla } from '../../../components/estados-pantalla';
import { pasosDe } from '../model/primeros-pasos';
import './primeros-pasos.css';

interface Props {
  usuario: UsuarioLogueado;
  estado: EstadoPasos;
}

/**
 * Inicio of a company without orders yet (issue 36): the next steps this user may take (a client,
 * the team, the first order), each with its button and ticked once the company has done it. A
 * user who may take none reads what will happen instead.
 */
export function PrimerosPasos({ usuario, estado }: Props) {
  const pasos = pasosDe(usuario, estado);
  if (pasos.length === 0) {
    return (
      <EstadoPantalla icono={rocketOutline} titulo="Bienvenido a Delego" testId="primeros-pasos-sin-permisos">
        Su empresa todavía no tiene órdenes. Cuando le asignen la primera, la verá aquí. Para cargar clientes, usuarios
        u órdenes, pídale el permiso a un administrador.
      </EstadoPantalla>
    );
  }
  const hechos = pasos.filter((p) => p.hecho).length;
  return (
    <section className="primeros-pasos" aria-labelledby="primeros-pasos-titulo" data-testid="primeros-pasos">
      <h2 id="primeros-pasos-titulo">Primeros pasos</h2>
      <p className="primeros-pasos__intro">
        Su empresa todavía no tiene órdenes. Estos pasos la dejan lista para trabajar
        {pasos.length > 1 && (
          <>
            {' '}
            <span data-testid="primeros-pasos-avance">
              ({hechos} de {pasos.length} hechos)
            </span>
          </>
        )}
        .
      </p>
      <ol className="primeros-pasos__lista">
        {pasos.map((p) => (
          <li
            key={p.clave}
            className={p.hecho ? 'primeros-pasos__paso primeros-pasos__paso--hecho' : 'primeros-pasos__paso'}
            data-testid={`paso-${p.clave}`}
            data-hecho={p.hecho}
          >
            <IonIcon
              className="primeros-pasos__marca"
              icon={p.hecho ? checkmarkCircle : ellipseOutline}
              color={p.hecho ? 'success' : 'medium'}
              aria-hidden="true"
            />
            <div className="primeros-pasos__cuerpo">
              <h3>
                {p.titulo}
                {/* Read by screen readers; the icon says it on screen. */}
                <span className="delego-visually-hidden">{p.hecho ? ' (hecho)' : ' (pendiente)'}</span>
              </h3>
              <p>{p.hecho ? 'Listo.' : p.texto}</p>
            </div>
            {p.hecho ? (
              p.rutaHecho && (
                <IonButton size="small" fill="clear" routerLink={p.rutaHecho}>
                  {p.botonHecho}
                </IonButton>
              )
            ) : (
              <IonButton size="small" routerLink={p.ruta}>
                {p.boton}
              </IonButton>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
