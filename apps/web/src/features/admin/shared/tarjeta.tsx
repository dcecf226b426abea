import { IonCard, IonCardContent, IonCardHeader, IonCardSubtitle, IonCardTitle, IonSkeletonText } from '@ionic/react';
import type { ReactNode } from 'react';
import { EstadoError } from '../../../components/estados-pantalla';

interface TarjetaProps {
  /** The card's title; without one the card has no header. */
  titulo?: ReactNode;
  /** A line under the title ('Para toda la empresa'). */
  subtitulo?: ReactNode;
  /** Classes of the card's content ('admin-campos admin-campos--dos', 'admin-sin-relleno'). */
  contenido?: string;
  /** Classes of the card beside 'delego-card'. */
  clase?: string;
  testId?: string;
  children: ReactNode;
}

/** A card of the administration screens: optional title with its subtitle under it, then its content. */
export function Tarjeta({ titulo, subtitulo, contenido, clase, testId, children }: TarjetaProps) {
  return (
    <IonCard className={clase ? `delego-card ${clase}` : 'delego-card'} data-testid={testId}>
      {titulo !== undefined && (
        <IonCardHeader className="admin-card-encabezado">
          <IonCardTitle className="admin-card-titulo">{titulo}</IonCardTitle>
          {subtitulo !== undefined && <IonCardSubtitle>{subtitulo}</IonCardSubtitle>}
        </IonCardHeader>
      )}
      <IonCardContent className={contenido}>{children}</IonCardContent>
    </IonCard>
  );
}

/** A form of the administration screens while its record loads: placeholder lines in a card. */
export function FormularioCargando({ anchos }: { anchos: readonly number[] }) {
  return (
    <div className="delego-container admin-pagina admin-pagina--angosta" aria-busy="true">
      <span className="delego-visually-hidden" role="status">
        Cargando…
      </span>
      <Tarjeta>
        {anchos.map((ancho) => (
          <IonSkeletonText key={ancho} animated style={{ width: `${ancho}%`, height: 20, marginBottom: 18 }} />
        ))}
      </Tarjeta>
    </div>
  );
}

/** A form whose record has not arrived: its query's error (with a retry), or the placeholder lines. */
export function FormularioSinDatos({
  consulta,
  anchos,
}: {
  consulta: { isError: boolean; error: unknown; refetch: () => unknown };
  anchos: readonly number[];
}) {
  if (consulta.isError) {
    return <EstadoError ambito="admin" error={consulta.error} onReintentar={() => void consulta.refetch()} />;
  }
  return <FormularioCargando anchos={anchos} />;
}
