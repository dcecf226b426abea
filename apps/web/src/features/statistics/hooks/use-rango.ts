import { hoyEn } from '@delego/contract';
import { useIonRouter } from '@ionic/react';
import { useCallback, useMemo } from 'react';
import { useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
import { useZonaEmpresa } from '../../../lib/fechas';
import { cuerpoDeRango, leerRango, paramsDeRango, type Rango } from '../model/rango';

/**
 * The period of the statistics screen at `ruta`, read from its address (the current month when
 * absent), the body the server takes for it, and how to change it (the address is replaced, so
 * Back leaves the screen instead of stepping through every range tried).
 */
export function useRango(ruta: string) {
  const zona = useZonaEmpresa();
  const hoy = hoyEn(zona);
  const consulta = useConsultaDeRuta(ruta);
  const router = useIonRouter();
  const rango = useMemo(() => leerRango(consulta, hoy), [consulta, hoy]);
  const cuerpo = useMemo(() => cuerpoDeRango(rango, zona), [rango, zona]);
  const cambiar = useCallback(
    (nuevo: Rango) => {
      // The screen's other parameters (a dashboard's filters) stay as they are.
      const params = new URLSearchParams(consulta);
      for (const [clave, valor] of paramsDeRango(nuevo)) params.set(clave, valor);
      router.push(`${ruta}?${params.toString()}`, 'none', 'replace');
    },
    [router, ruta, consulta],
  );
  return { rango, cuerpo, hoy, zona, consulta, cambiar };
}
