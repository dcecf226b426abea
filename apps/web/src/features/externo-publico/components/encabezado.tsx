import { estadoVisible, textoFecha, type VistaExterno } from '@delego/contract';
import { IonBadge } from '@ionic/react';

/** The order as the company handed it over: who, what, where, until when, and its state. */
export function EncabezadoExterno({ vista }: { vista: VistaExterno }) {
  const { orden, empresa, externo } = vista;
  const estado = estadoVisible(orden.estadoId);
  const lugar = [orden.ubicacion, orden.equipo].filter(Boolean).join(' · ');
  const datos: [string, string | null][] = [
    ['Cliente', orden.cliente],
    ['Lugar', lugar || null],
    ['Tipo', orden.tipo],
    ['Prioridad', orden.prioridad],
    ['Vence', orden.fechaFin === null ? null : textoFecha(orden.fechaFin, empresa.zonaHoraria)],
  ];
  return (
    <header className="externo-encabezado">
      <p className="externo-encabezado__empresa" data-testid="externo-empresa">
        {empresa.nombre}
      </p>
      <h1 className="externo-encabezado__titulo" data-testid="externo-titulo">
        Orden #{orden.numero}: {orden.titulo}
      </h1>
      <p className="externo-encabezado__estado">
        Estado:{' '}
        <IonBadge color={estado.color} data-testid="externo-estado-actual">
          {estado.nombre}
        </IonBadge>
      </p>
      <dl className="externo-encabezado__datos">
        {datos
          .filter((d): d is [string, string] => d[1] !== null)
          .map(([nombre, valor]) => (
            <div key={nombre} data-testid={`externo-dato-${nombre.toLowerCase()}`}>
              <dt>{nombre}</dt>
              <dd>{valor}</dd>
            </div>
          ))}
      </dl>
      {orden.detalle && (
        <p className="externo-encabezado__detalle" data-testid="externo-detalle">
          {orden.detalle}
        </p>
      )}
      {externo.mensaje && (
        <p className="externo-encabezado__mensaje" data-testid="externo-mensaje">
          Mensaje de la empresa: {externo.mensaje}
        </p>
      )}
    </header>
  );
}
