import { IonCard, IonCardContent, IonCardHeader, IonCardSubtitle, IonCardTitle } from '@ionic/react';
import type { ReactNode } from 'react';
import { FalloDeSeccion } from './estados-pantalla';

interface TarjetaDeConsultaProps<T> {
  titulo: string;
  /** The line under the title: what the card is for. */
  subtitulo: string;
  /** The card's class beside 'delego-card'. */
  clase: string;
  /** The card's test id; its failure's is `${testId}-error`. */
  testId: string;
  /** The card's own query: its data, or a failure to retry, or still loading. */
  consulta: { data: T | undefined; isError: boolean; refetch: () => unknown };
  /** What could not be read: 'No se pudo leer el WhatsApp de este cliente.' */
  fallo: string;
  /** Classes of the 'Cargando…' line. */
  claseCargando?: string;
  /** The content, once the data arrived. */
  children: (datos: T) => ReactNode;
}

/**
 * A card of a record's page (a client's) that loads its own data: the administration's card
 * header, then the content once its query answered, the failure with «Reintentar», or «Cargando…».
 */
export function TarjetaDeConsulta<T>({
  titulo,
  subtitulo,
  clase,
  testId,
  consulta,
  fallo,
  claseCargando,
  children,
}: TarjetaDeConsultaProps<T>) {
  return (
    <IonCard className={`delego-card ${clase}`} data-testid={testId}>
      <IonCardHeader className="admin-card-encabezado">
        <IonCardTitle className="admin-card-titulo">{titulo}</IonCardTitle>
        <IonCardSubtitle>{subtitulo}</IonCardSubtitle>
      </IonCardHeader>
      <IonCardContent>
        {consulta.data !== undefined ? (
          children(consulta.data)
        ) : consulta.isError ? (
          <FalloDeSeccion onReintentar={() => void consulta.refetch()} testId={`${testId}-error`}>
            {fallo}
          </FalloDeSeccion>
        ) : (
          <p className={claseCargando} role="status">
            Cargando…
          </p>
        )}
      </IonCardContent>
    </IonCard>
  );
}
