import { ESTADOS } from '@delego/contract';
import { IonChip, IonIcon, IonLabel } from '@ionic/react';
import { alertCircleOutline, closeCircle } from 'ionicons/icons';
import type { KeyboardEvent, ReactNode } from 'react';
import { useChipsFiltros } from '../hooks/use-nombres-filtros';
import { alternarEstado, estadoElegido, quitarFiltro, type FiltrosLista } from '../model/filtros';
import { PuntoEstado } from './insignias';
import { Texto } from '../../../components/texto';

interface Props {
  filtros: FiltrosLista;
  onCambiar: (filtros: FiltrosLista) => void;
}

function alTeclado(accion: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      accion();
    }
  };
}

/** A chip that toggles something: a button for keyboards and screen readers too. */
function ChipAlternable({
  activo,
  onClick,
  children,
  testId,
}: {
  activo: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <IonChip
      role="button"
      tabIndex={0}
      aria-pressed={activo ? 'true' : 'false'}
      outline={!activo}
      className={activo ? 'filtro-chip filtro-chip--activo' : 'filtro-chip'}
      onClick={onClick}
      onKeyDown={alTeclado(onClick)}
      data-testid={testId}
    >
      {children}
    </IonChip>
  );
}

/** The two chips that choose a group of states rather than single ones. */
const GRUPOS_ESTADOS = [
  { estados: 'abiertas', texto: 'Abiertas' },
  { estados: 'todas', texto: 'Todas' },
] as const;

/**
 * The chips above the list: which states (Abiertas by default, Todas, or chosen ones),
 * 'Vencidas', and the filters chosen on the filters screen, each removable.
 */
export function FiltrosRapidos({ filtros, onCambiar }: Props) {
  const chips = useChipsFiltros(filtros);
  return (
    <>
      <div className="filtros-rapidos" role="group" aria-label="Estados">
        {GRUPOS_ESTADOS.map(({ estados, texto }) => (
          <ChipAlternable
            key={estados}
            activo={filtros.estados === estados}
            onClick={() => onCambiar({ ...filtros, estados })}
            testId={`chip-${estados}`}
          >
            <IonLabel>
              <Texto>{texto}</Texto>
            </IonLabel>
          </ChipAlternable>
        ))}
        {ESTADOS.map((e) => (
          <ChipAlternable
            key={e.id}
            activo={estadoElegido(filtros.estados, e.id)}
            onClick={() => onCambiar({ ...filtros, estados: alternarEstado(filtros.estados, e.id) })}
            testId={`chip-estado-${e.id}`}
          >
            <PuntoEstado color={e.color} />
            <IonLabel>
              <Texto>{e.nombre}</Texto>
            </IonLabel>
          </ChipAlternable>
        ))}
        <ChipAlternable
          activo={filtros.vencidas}
          onClick={() => onCambiar({ ...filtros, vencidas: !filtros.vencidas })}
          testId="chip-vencidas"
        >
          <IonIcon icon={alertCircleOutline} color={filtros.vencidas ? undefined : 'danger'} aria-hidden="true" />
          <IonLabel>Vencidas</IonLabel>
        </ChipAlternable>
      </div>
      {chips.length > 0 && (
        <div className="filtros-activos" role="group" aria-label="Filtros aplicados">
          {chips.map((chip) => {
            const quitar = () => onCambiar(quitarFiltro(filtros, chip.filtro));
            return (
              <IonChip
                key={chip.filtro}
                role="button"
                tabIndex={0}
                color="secondary"
                className="filtro-chip filtro-chip--aplicado"
                aria-label={`Quitar filtro ${chip.texto}`}
                onClick={quitar}
                onKeyDown={alTeclado(quitar)}
                data-testid={`chip-filtro-${chip.filtro}`}
              >
                <IonLabel>
                  <Texto>{chip.texto}</Texto>
                </IonLabel>
                <IonIcon icon={closeCircle} aria-hidden="true" />
              </IonChip>
            );
          })}
        </div>
      )}
    </>
  );
}
