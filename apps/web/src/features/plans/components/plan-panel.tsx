import type { PlanEstado, UsuarioLogueado } from '@delego/contract';
import { IonButton, IonIcon, IonMenuToggle, IonProgressBar } from '@ionic/react';
import { arrowUpCircleOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useZonaEmpresa } from '../../../lib/fechas';
import { modeloPanelPlan } from '../plan-rules';
import './plan-panel.css';

interface Props {
  usuario: UsuarioLogueado;
  plan: PlanEstado | null | undefined;
  esIos: boolean;
  /** Under the quota: what other features add (app/layout passes the maintenance schedules). */
  extra?: ReactNode;
}

/** The plan panel of the side menu (SPEC §2); renders nothing when the rules say so. */
export function PlanPanel({ usuario, plan, esIos, extra }: Props) {
  const modelo = modeloPanelPlan(usuario, plan, esIos, useZonaEmpresa());
  if (!modelo) return null;
  const porcentaje = Math.round(modelo.proporcion * 100);

  return (
    <section className="plan-panel" aria-label="Plan de la empresa" data-testid="plan-panel">
      <div className="plan-panel__titulo">{modelo.titulo}</div>
      <div className="plan-panel__cupo">{modelo.cupo}</div>
      <IonProgressBar
        className="plan-panel__barra"
        value={modelo.proporcion}
        color={modelo.color}
        aria-label={`Órdenes disponibles: ${porcentaje} %`}
        data-color={modelo.color}
      />
      {extra}
      {modelo.renovacion && <div className="plan-panel__renovacion">{modelo.renovacion}</div>}
      {modelo.mostrarActualizar && (
        <IonMenuToggle autoHide={false}>
          <IonButton
            className="plan-panel__actualizar"
            routerLink="/planes"
            routerDirection="root"
            fill="outline"
            size="small"
          >
            <IonIcon slot="start" icon={arrowUpCircleOutline} aria-hidden="true" />
            Actualizar plan
          </IonButton>
        </IonMenuToggle>
      )}
    </section>
  );
}
