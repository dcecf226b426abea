import { IonSearchbar } from '@ionic/react';
import type { ComponentProps, ReactNode } from 'react';

type Props = Omit<ComponentProps<typeof IonSearchbar>, 'value' | 'onIonInput'> & {
  valor: string;
  /** The typed text (never undefined), after `debounce` ms without a key (150 unless given). */
  onCambiar: (texto: string) => void;
};

/** The search box of an administration list. */
export function Buscador({ valor, onCambiar, debounce = 150, ...resto }: Props) {
  return (
    <IonSearchbar
      {...resto}
      value={valor}
      debounce={debounce}
      onIonInput={(e) => onCambiar(String(e.detail.value ?? ''))}
    />
  );
}

interface BarraProps {
  valor: string;
  onCambiar: (texto: string) => void;
  /** What the search looks in: 'Buscar por nombre, código o dirección'. */
  placeholder: string;
  /** What is searched, for screen readers: 'ubicaciones' reads 'Buscar ubicaciones'. */
  varios: string;
  debounce?: number;
  testId: string;
  /** The list's filters, beside the box. */
  children?: ReactNode;
}

/** The bar over an administration list: its search box, then its filters. */
export function BarraDeBusqueda({ varios, testId, children, ...buscador }: BarraProps) {
  return (
    <div className="admin-barra">
      <Buscador {...buscador} className="admin-barra__buscar" aria-label={`Buscar ${varios}`} data-testid={testId} />
      {children}
    </div>
  );
}
