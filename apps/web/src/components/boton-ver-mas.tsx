import { IonButton } from '@ionic/react';
import type { ReactNode } from 'react';
import type { ListaInfinita } from '../lib/lista-infinita';

interface Props {
  lista: Pick<ListaInfinita, 'fetchNextPage' | 'hasNextPage' | 'isFetchingNextPage'>;
  testId: string;
  /** The button's text while there is a next page to read: 'Ver más órdenes'. */
  children: ReactNode;
}

/** The button under a list read a page at a time: reads the next page; gone after the last one. */
export function BotonVerMas({ lista, testId, children }: Props) {
  if (!lista.hasNextPage) return null;
  return (
    <IonButton
      fill="clear"
      expand="block"
      disabled={lista.isFetchingNextPage}
      onClick={() => void lista.fetchNextPage()}
      data-testid={testId}
    >
      {lista.isFetchingNextPage ? 'Cargando…' : children}
    </IonButton>
  );
}
