import { IonButton } from '@ionic/react';
import { useEffect, useState } from 'react';
import { CampoFecha } from '../../../components/campo-fecha';
import { ATAJOS, atajoDe, problemaDeRango, rangoDeAtajo, textoDeRango, type Rango } from '../model/rango';

interface Props {
  rango: Rango;
  /** Today, as a day of the company: the quick choices count from it. */
  hoy: string;
  onCambiar: (rango: Rango) => void;
}

/**
 * The range picker of the statistics screens: quick choices (this month is the default) and two
 * date fields. A range goes to the screen only once both days are real and the server would take
 * it; until then the fields keep what is typed and the reason shows below them.
 */
export function RangoEstadisticas({ rango, hoy, onCambiar }: Props) {
  const [borrador, setBorrador] = useState<Rango>(rango);
  // A quick choice, Back or a link changes the range from outside: the fields follow it.
  useEffect(() => setBorrador(rango), [rango]);
  const problema = problemaDeRango(borrador.desde, borrador.hasta);
  const elegido = atajoDe(rango, hoy);
  // Once the person opens the dates, they stay open while they type (even through a quick choice's range).
  const [abierto, setAbierto] = useState(false);

  function escribir(cambio: Partial<Rango>) {
    const nuevo = { ...borrador, ...cambio };
    setBorrador(nuevo);
    if (problemaDeRango(nuevo.desde, nuevo.hasta) === null) onCambiar(nuevo);
  }

  return (
    <section className="delego-card estadisticas-rango" aria-label="Período" data-testid="estadisticas-rango">
      <div className="estadisticas-rango__chips" role="group" aria-label="Períodos rápidos">
        {ATAJOS.map(({ clave, etiqueta }) => (
          <IonButton
            key={clave}
            size="small"
            shape="round"
            fill={elegido === clave ? 'solid' : 'outline'}
            aria-pressed={elegido === clave}
            onClick={() => onCambiar(rangoDeAtajo(clave, hoy))}
            data-testid={`rango-${clave}`}
          >
            {etiqueta}
          </IonButton>
        ))}
      </div>
      {/* The dates are one tap away: open at once when the range is not a quick choice or is being fixed. */}
      <details
        className="estadisticas-rango__otras"
        open={abierto || elegido === null || problema !== null}
        onToggle={(e) => setAbierto(e.currentTarget.open)}
      >
        <summary data-testid="rango-otras-fechas">Elegir fechas</summary>
        <div className="estadisticas-rango__fechas">
          <CampoFecha
            label="Desde"
            value={borrador.desde}
            onChange={(desde) => escribir({ desde })}
            data-testid="rango-desde"
          />
          <CampoFecha
            label="Hasta"
            value={borrador.hasta}
            onChange={(hasta) => escribir({ hasta })}
            data-testid="rango-hasta"
          />
        </div>
      </details>
      {problema ? (
        <p
          className="estadisticas-aviso estadisticas-aviso--error delego-aviso-error"
          role="alert"
          data-testid="rango-problema"
        >
          {problema} Período a la vista: {textoDeRango(rango)}.
        </p>
      ) : (
        <p className="estadisticas-rango__texto" aria-live="polite" data-testid="rango-texto">
          Período: {textoDeRango(rango)}, días completos en hora de Argentina.
        </p>
      )}
    </section>
  );
}
