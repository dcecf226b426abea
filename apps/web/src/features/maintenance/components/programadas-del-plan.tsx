import type { ProyeccionCupo } from '@delego/contract';
import { IonNote } from '@ionic/react';

/** «12 programadas de 40 disponibles» in the plan panel: what the schedules will create this period. */
export function ProgramadasDelPlan({ proyeccion }: { proyeccion: ProyeccionCupo | undefined }) {
  if (!proyeccion || proyeccion.programadas === 0) return null;
  const { programadas, disponibles, esperandoCupo } = proyeccion;
  const cuantas = `${programadas} ${programadas === 1 ? 'programada' : 'programadas'}`;
  return (
    <IonNote className="plan-panel__programadas" data-testid="plan-programadas">
      {disponibles === null ? cuantas : `${cuantas} de ${disponibles} disponibles`}
      {esperandoCupo > 0 ? ` · ${esperandoCupo} esperando cupo` : ''}
    </IonNote>
  );
}
