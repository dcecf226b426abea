import { IonSkeletonText } from '@ionic/react';
import { personAddOutline } from 'ionicons/icons';
import { useState, type ReactNode } from 'react';
import { BotonConIcono } from '../../../components/boton-icono';
import { FalloDeSeccion } from '../../../components/estados-pantalla';
import { esperaConexionSinDatos } from '../../../lib/conexion';
import { ApiError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useAhora } from '../../../lib/use-ahora';
import { useEnlacesExternos } from '../api/get-enlaces';
import { EnlaceExternoFila } from './enlace-externo';
import { FormularioEntrega } from './formulario-entrega';
import './externos.css';

/** The server hides the links from who does not see the order (404) or may not read them (403). */
function sinAcceso(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

/**
 * «Externos» on the order detail (issue 33 part 2): the order's contractor links, newest first,
 * and «Entregar a un externo» for who may delegate the order's client while no link is active.
 * The list lives under the order's detail key, so the order's live changes refresh it. Who may
 * not read the links does not see the section at all.
 */
export function ExternosDeOrden({ ordenId }: { ordenId: number }) {
  const consulta = useEnlacesExternos(ordenId);
  const zona = useZonaEmpresa();
  const ahora = useAhora();
  const [entregando, setEntregando] = useState(false);
  const [recien, setRecien] = useState<number | null>(null);

  if (sinAcceso(consulta.error)) return null;

  const datos = consulta.data;
  if (!datos) {
    return (
      <Seccion>
        {esperaConexionSinDatos(consulta) ? (
          <p className="orden-dato__vacio">Sin conexión: los externos de la orden se verán al volver la conexión.</p>
        ) : consulta.isError ? (
          <FalloDeSeccion
            className="orden-dato__vacio"
            onReintentar={() => void consulta.refetch()}
            testId="externos-error"
          >
            No se pudieron cargar los externos de la orden.
          </FalloDeSeccion>
        ) : (
          <div role="status" aria-label="Cargando externos" data-testid="externos-cargando">
            <IonSkeletonText animated style={{ width: '60%', height: 16 }} />
            <IonSkeletonText animated style={{ width: '40%', height: 16 }} />
          </div>
        )}
      </Seccion>
    );
  }

  const hayActivo = datos.enlaces.some((e) => e.activo);
  const puedeEntregar = datos.puedeEntregar && !hayActivo;
  return (
    <Seccion>
      {datos.enlaces.length === 0 ? (
        <p className="orden-dato__vacio" data-testid="externos-vacio">
          La orden no está entregada a ningún externo.
        </p>
      ) : (
        <ul className="externos__lista" data-testid="externos-lista">
          {datos.enlaces.map((e) => (
            <EnlaceExternoFila key={e.id} enlace={e} zona={zona} ahora={ahora} recien={e.id === recien} />
          ))}
        </ul>
      )}
      {puedeEntregar &&
        (entregando ? (
          <FormularioEntrega
            ordenId={ordenId}
            onCancelar={() => setEntregando(false)}
            onEntregado={(enlace) => {
              setEntregando(false);
              setRecien(enlace.id);
            }}
          />
        ) : (
          <BotonConIcono
            icono={personAddOutline}
            fill="outline"
            size="small"
            className="externos__entregar"
            onClick={() => setEntregando(true)}
            testId="externos-entregar"
          >
            Entregar a un externo
          </BotonConIcono>
        ))}
    </Seccion>
  );
}

function Seccion({ children }: { children: ReactNode }) {
  return (
    <section
      className="delego-card orden-detalle__seccion externos"
      aria-labelledby="orden-externos"
      data-testid="externos-seccion"
    >
      <div className="orden-detalle__seccion-cabecera">
        <h2 id="orden-externos">Externos</h2>
      </div>
      {children}
    </section>
  );
}
