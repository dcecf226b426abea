import type { NombreGrafico } from '@delego/contract';
import { IonIcon, IonItem, IonLabel, IonList, IonSegment, IonSegmentButton } from '@ionic/react';
import { alarmOutline, gridOutline, listOutline, peopleOutline, speedometerOutline, starOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Texto } from '../../../components/texto';
import { useRango } from '../hooks/use-rango';
import { consultaConRango } from '../model/rango';
import { PantallaEstadisticas } from './pantalla-estadisticas';
import { RangoEstadisticas } from './rango-estadisticas';
import { GraficoDeRango } from './vista-grafico';

const RUTA = '/estadisticas';

const DISTRIBUCION: readonly NombreGrafico[] = [
  'ordenes-por-estado',
  'ordenes-por-tipo',
  'ordenes-por-area',
  'ordenes-por-cliente',
  'ordenes-por-responsable',
];

/** Estadísticas: the way into the dashboard and the delay reports, and the company's charts over a range. */
export default function EstadisticasPage() {
  const { rango, hoy, zona, cambiar } = useRango(RUTA);
  const [periodo, setPeriodo] = useState<'semana' | 'mes'>('semana');
  const conRango = consultaConRango(rango);
  const enlaces = [
    {
      ruta: `/dashboard${conRango}`,
      icono: gridOutline,
      titulo: 'Tablero',
      texto: 'Abiertas, vencidas, a tiempo y cupo usado',
      id: 'dashboard',
    },
    {
      ruta: `/demora${conRango}`,
      icono: alarmOutline,
      titulo: 'Demoras',
      texto: 'Cuánto se atrasan las órdenes, por tipo y responsable',
      id: 'demora',
    },
    {
      ruta: `/demora-por-orden${conRango}`,
      icono: listOutline,
      titulo: 'Órdenes con demora',
      texto: 'Cada orden atrasada, la mayor primero',
      id: 'demora-por-orden',
    },
    {
      ruta: `/demoras-usuario${conRango}`,
      icono: peopleOutline,
      titulo: 'Desempeño por responsable',
      texto: 'A tiempo, demora, vencidas y horas de cada persona',
      id: 'demoras-usuario',
    },
    {
      ruta: `/cumplimiento-sla${conRango}`,
      icono: speedometerOutline,
      titulo: 'Cumplimiento de SLA',
      texto: 'Respuestas y resoluciones a tiempo, por cliente, tipo, responsable o mes',
      id: 'cumplimiento-sla',
    },
    {
      ruta: '/grafico-encuestas',
      icono: starOutline,
      titulo: 'Encuestas de satisfacción',
      texto: 'Calificaciones de los clientes, por responsable y por cliente',
      id: 'grafico-encuestas',
    },
  ];

  return (
    <PantallaEstadisticas titulo="Estadísticas" testId="estadisticas-page">
      <RangoEstadisticas rango={rango} hoy={hoy} onCambiar={cambiar} />
      <nav aria-label="Informes">
        <IonList className="delego-card estadisticas-enlaces" lines="full">
          {enlaces.map((e) => (
            <IonItem key={e.id} button routerLink={e.ruta} detail data-testid={`enlace-${e.id}`}>
              <IonIcon slot="start" icon={e.icono} aria-hidden="true" color="primary" />
              <IonLabel>
                <h2>
                  <Texto>{e.titulo}</Texto>
                </h2>
                <p>
                  <Texto>{e.texto}</Texto>
                </p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      </nav>

      <div className="estadisticas-graficos delego-columnas delego-columnas--992">
        <div className="estadisticas-graficos__ancho">
          <IonSegment
            value={periodo}
            onIonChange={(e) => setPeriodo(e.detail.value === 'mes' ? 'mes' : 'semana')}
            aria-label="Agrupar por"
            className="estadisticas-segmento"
          >
            <IonSegmentButton value="semana">
              <IonLabel>Por semana</IonLabel>
            </IonSegmentButton>
            <IonSegmentButton value="mes">
              <IonLabel>Por mes</IonLabel>
            </IonSegmentButton>
          </IonSegment>
          <GraficoDeRango
            nombre={periodo === 'mes' ? 'creadas-vs-finalizadas-mes' : 'creadas-vs-finalizadas-semana'}
            rango={rango}
            zona={zona}
          />
        </div>
        {DISTRIBUCION.map((nombre) => (
          <GraficoDeRango key={nombre} nombre={nombre} rango={rango} zona={zona} />
        ))}
        <GraficoDeRango nombre="tiempo-resolucion" rango={rango} zona={zona} />
        <GraficoDeRango nombre="satisfaccion" rango={rango} zona={zona} />
      </div>
    </PantallaEstadisticas>
  );
}
