import { IonItem, IonLabel, IonList } from '@ionic/react';
import { useMemo, type ReactNode } from 'react';
import { BotonVerMas } from '../../../components/boton-ver-mas';
import { Texto } from '../../../components/texto';

interface Persona {
  nombre: string;
  apellido: string;
  usuario: string;
}

interface OrdenDeCifra {
  id: number;
  numero: number;
  titulo: string;
  cliente: { nombre: string } | null;
  responsables: readonly Persona[];
}

/** "Cliente · Responsable, Responsable", with the texts for what is missing. */
export function clienteYResponsables(o: OrdenDeCifra): string {
  const responsables = o.responsables.map((p) => `${p.nombre} ${p.apellido}`.trim() || p.usuario).join(', ');
  return `${o.cliente?.nombre ?? 'Sin cliente'} · ${responsables || 'Sin responsable'}`;
}

/** The infinite query of the orders behind a figure: its pages, and what "Ver más órdenes" needs. */
interface ListaDeCifra<T> {
  data: { pages: readonly { ordenes: readonly T[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The orders behind a figure of the statistics (delay by order, the detail of a card or segment),
 * or `vacio` when there are none: each opens its order; `detalle` gives the lines under the title
 * and `fin` what goes at the end. Pages come one after the other with "Ver más órdenes".
 */
export function OrdenesDeCifra<T extends OrdenDeCifra>({
  lista,
  vacio,
  testIds,
  detalle,
  fin,
}: {
  lista: ListaDeCifra<T>;
  vacio: ReactNode;
  testIds: { lista: string; fila: string; mas: string };
  detalle: (o: T) => ReactNode;
  fin: (o: T) => ReactNode;
}) {
  const ordenes = useMemo(() => lista.data?.pages.flatMap((p) => p.ordenes) ?? [], [lista.data]);
  if (ordenes.length === 0) return vacio;
  return (
    <>
      <IonList className="delego-card estadisticas-ordenes" lines="full" data-testid={testIds.lista}>
        {ordenes.map((o) => (
          <IonItem
            key={o.id}
            button
            detail
            routerLink={`/orden/${o.id}`}
            data-testid={testIds.fila}
            data-numero={o.numero}
          >
            <IonLabel className="estadisticas-orden">
              <h2>
                <Texto>
                  #{o.numero} {o.titulo}
                </Texto>
              </h2>
              {detalle(o)}
            </IonLabel>
            {fin(o)}
          </IonItem>
        ))}
      </IonList>
      <BotonVerMas lista={lista} testId={testIds.mas}>
        Ver más órdenes
      </BotonVerMas>
    </>
  );
}
