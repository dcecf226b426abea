import { attachOutline, printOutline, walletOutline } from 'ionicons/icons';
import { BotonConIcono } from '../../../components/boton-icono';
import './reportes.css';

/**
 * The order's paperwork from its detail: its files, its hours and expenses, and the printed
 * report. A card for the detail's grid (it takes the detail's section look).
 */
export function PapeleoDeOrden({ ordenId }: { ordenId: number }) {
  return (
    <section
      className="delego-card orden-detalle__seccion papeleo-enlaces"
      aria-labelledby="orden-papeleo"
      data-testid="orden-papeleo"
    >
      <h2 id="orden-papeleo">Archivos, horas y gastos</h2>
      <div className="papeleo-enlaces__botones">
        <BotonConIcono
          icono={attachOutline}
          fill="outline"
          size="small"
          routerLink={`/archivos?id=${ordenId}`}
          testId="accion-archivos"
        >
          Archivos
        </BotonConIcono>
        <BotonConIcono
          icono={walletOutline}
          fill="outline"
          size="small"
          routerLink={`/registro-historial?id=${ordenId}`}
          testId="accion-registro"
        >
          Horas y gastos
        </BotonConIcono>
        <BotonConIcono
          icono={printOutline}
          fill="outline"
          size="small"
          color="medium"
          routerLink={`/historial-imprimir/${ordenId}`}
          testId="accion-imprimir"
        >
          Imprimir
        </BotonConIcono>
      </div>
    </section>
  );
}
