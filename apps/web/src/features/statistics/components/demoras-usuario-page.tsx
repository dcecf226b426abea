import type { Desempeno, DesempenoResponsable } from '@delego/contract';
import { IonBadge, IonButton, IonIcon, IonProgressBar, useIonRouter } from '@ionic/react';
import { alertCircleOutline, peopleOutline } from 'ionicons/icons';
import { useMemo, useState, type ReactNode } from 'react';
import { Grafico } from '../../../components/grafico';
import { Selector } from '../../../components/selector';
import { EstadoError, EstadoPantalla, FilasCargando } from '../../../components/estados-pantalla';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useDesempeno } from '../api/get-desempeno';
import { useRango } from '../hooks/use-rango';
import { rutaDeDetalle } from '../model/detalle';
import {
  NOMBRES_ORDEN_DESEMPENO,
  alertasDesempeno,
  nombreResponsable,
  ordenarDesempeno,
  type OrdenDesempeno,
} from '../model/desempeno';
import { textoConformidad, textoPrimeraVez } from '../model/calidad';
import { nivelATiempo, textoDias, textoValor } from '../model/formato';
import { cuandoDeRango } from '../model/rango';
import { CalidadClientes } from './calidad-clientes';
import { PantallaEstadisticas, usePuedeVerEstadisticas } from './pantalla-estadisticas';
import { RangoEstadisticas } from './rango-estadisticas';

const RUTA = '/demoras-usuario';

/**
 * demoras-usuario: the scorecard per responsable. For each person: orders finished in the range,
 * the share finished on time, the median delay of the late ones, the open orders past due now
 * (one tap opens them), open orders, hours logged, the orders fixed the first time (no follow-up
 * order), the clients' conformity and satisfaction. The worst on-time share comes first, and what
 * needs attention is said above the cards; below them, the same first-time fix and conformity per
 * client.
 */
export default function DemorasUsuarioPage() {
  const { rango, hoy, cuerpo, cambiar } = useRango(RUTA);
  const desempeno = useDesempeno(cuerpo, { habilitada: usePuedeVerEstadisticas() });
  return (
    <PantallaEstadisticas titulo="Desempeño por responsable" volverA="/estadisticas" testId="demoras-usuario-page">
      <RangoEstadisticas rango={rango} hoy={hoy} onCambiar={cambiar} />
      {desempeno.isPending ? (
        <FilasCargando ambito="estadisticas" filas={5} />
      ) : desempeno.isError ? (
        <EstadoError ambito="estadisticas" error={desempeno.error} onReintentar={() => void desempeno.refetch()} />
      ) : desempeno.data.responsables.length === 0 ? (
        <EstadoPantalla icono={peopleOutline} titulo="Sin responsables" testId="desempeno-vacio">
          Nadie tuvo órdenes a cargo {cuandoDeRango(rango)}.
        </EstadoPantalla>
      ) : (
        <TablaDesempeno desempeno={desempeno.data} actualizando={desempeno.isPlaceholderData} />
      )}
      <CalidadClientes cuerpo={cuerpo} rango={rango} />
    </PantallaEstadisticas>
  );
}

export function TablaDesempeno({ desempeno, actualizando = false }: { desempeno: Desempeno; actualizando?: boolean }) {
  const [orden, setOrden] = useState<OrdenDesempeno>('aTiempo');
  const router = useIonRouter();
  const zona = useZonaEmpresa();
  const filas = useMemo(() => ordenarDesempeno(desempeno.responsables, orden), [desempeno.responsables, orden]);
  const alertas = alertasDesempeno(desempeno.responsables, desempeno.vencidasAbiertas);
  const verVencidas = (f: DesempenoResponsable) =>
    router.push(rutaDeDetalle(f.filtroVencidas, `Vencidas de ${nombreResponsable(f.responsable)}`, zona));
  const conPorcentaje = filas.filter((f) => f.porcentajeATiempo !== null);

  return (
    <div className={actualizando ? 'estadisticas-actualizando' : undefined} aria-busy={actualizando}>
      {actualizando && <IonProgressBar type="indeterminate" aria-label="Actualizando" />}
      {alertas.length > 0 && (
        <section className="delego-card estadisticas-alertas" aria-label="Para atender" data-testid="desempeno-alertas">
          <IonIcon icon={alertCircleOutline} color="danger" aria-hidden="true" />
          <ul>
            {alertas.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="estadisticas-barra-lista">
        <Selector
          label="Ordenar:"
          valores={Object.keys(NOMBRES_ORDEN_DESEMPENO) as OrdenDesempeno[]}
          nombres={NOMBRES_ORDEN_DESEMPENO}
          valor={orden}
          alCambiar={setOrden}
          data-testid="desempeno-ordenar"
        />
      </div>
      <ul className="estadisticas-desempeno" data-testid="desempeno-lista">
        {filas.map((f) => (
          <li key={f.responsable.id} className="delego-card estadisticas-persona" data-testid="desempeno-persona">
            <div className="estadisticas-persona__cabecera">
              <h2 className="estadisticas-persona__nombre">{nombreResponsable(f.responsable)}</h2>
              <IonBadge color={nivelATiempo(f.porcentajeATiempo)} data-testid="desempeno-a-tiempo">
                {f.porcentajeATiempo === null
                  ? 'Sin vencimientos'
                  : `${textoValor(f.porcentajeATiempo, 'porcentaje')} a tiempo`}
              </IonBadge>
            </div>
            <dl className="estadisticas-persona__cifras">
              <Cifra titulo="Finalizadas">{textoValor(f.finalizadas, 'ordenes')}</Cifra>
              <Cifra titulo="A tiempo">
                {f.finalizadasConVencimiento === 0
                  ? '—'
                  : `${textoValor(f.finalizadasATiempo, 'ordenes')} de ${textoValor(f.finalizadasConVencimiento, 'ordenes')}`}
              </Cifra>
              <Cifra titulo="Demora mediana">
                {f.medianaDemoraDias === null ? '—' : textoDias(f.medianaDemoraDias)}
              </Cifra>
              <Cifra titulo="Abiertas">{textoValor(f.abiertas, 'ordenes')}</Cifra>
              <Cifra titulo="Horas registradas">{textoValor(f.horas, 'horas')}</Cifra>
              <Cifra titulo="A la primera">{textoPrimeraVez(f)}</Cifra>
              <Cifra titulo="Conformidad">{textoConformidad(f)}</Cifra>
              {desempeno.satisfaccionDisponible && (
                <Cifra titulo="Satisfacción">
                  {f.satisfaccion === null
                    ? '—'
                    : `${textoValor(f.satisfaccion, 'puntaje')} (${textoValor(f.encuestasRespondidas, 'encuestas')})`}
                </Cifra>
              )}
            </dl>
            {f.vencidasAbiertas > 0 ? (
              <IonButton
                color="danger"
                fill="outline"
                size="small"
                onClick={() => verVencidas(f)}
                data-testid="desempeno-ver-vencidas"
              >
                {f.vencidasAbiertas === 1 ? 'Ver 1 orden vencida' : `Ver ${f.vencidasAbiertas} órdenes vencidas`}
              </IonButton>
            ) : (
              <p className="estadisticas-nota">Sin órdenes vencidas abiertas.</p>
            )}
          </li>
        ))}
      </ul>
      {conPorcentaje.length > 0 && (
        <section className="delego-card estadisticas-grafico">
          <Grafico
            titulo="Porcentaje a tiempo por responsable"
            tipo="barrasHorizontales"
            etiquetas={conPorcentaje.map((f) => nombreResponsable(f.responsable))}
            series={[{ nombre: 'A tiempo', valores: conPorcentaje.map((f) => f.porcentajeATiempo ?? 0) }]}
            formato={(v) => textoValor(v, 'porcentaje')}
            onSeleccion={(i) => {
              const f = conPorcentaje[i];
              if (f) verVencidas(f);
            }}
            alto={Math.max(160, conPorcentaje.length * 36)}
          />
          <p className="estadisticas-nota">Toque una persona para ver sus órdenes vencidas abiertas.</p>
        </section>
      )}
      {!desempeno.satisfaccionDisponible && (
        <p className="estadisticas-nota">La satisfacción aparecerá cuando los clientes respondan encuestas.</p>
      )}
    </div>
  );
}

/** One figure of a person's card: its name and its value. */
function Cifra({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <div>
      <dt>{titulo}</dt>
      <dd>{children}</dd>
    </div>
  );
}
