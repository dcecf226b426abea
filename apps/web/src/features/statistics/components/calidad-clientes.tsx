import type { RangoEstadisticas } from '@delego/contract';
import { businessOutline } from 'ionicons/icons';
import { EncabezadoTabla } from '../../../components/encabezado-tabla';
import { EstadoError, EstadoPantalla, FilasCargando } from '../../../components/estados-pantalla';
import { useCalidadClientes } from '../api/get-calidad-clientes';
import { conformidad, primeraVez, type Proporcion as Cifra } from '../model/calidad';
import { textoValor } from '../model/formato';
import { cuandoDeRango, type Rango } from '../model/rango';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo';

/**
 * «Calidad por cliente» on the scorecard (issue 31): for each client with orders finished in the
 * range, how many needed no follow-up order and how many of the clients' answers were «Conforme».
 */
export function CalidadClientes({ cuerpo, rango }: { cuerpo: RangoEstadisticas; rango: Rango }) {
  const calidad = useCalidadClientes(cuerpo);
  return (
    <SeccionConTitulo
      id="calidad-clientes-titulo"
      titulo="Calidad por cliente"
      clase="delego-card estadisticas-calidad"
      claseTitulo="estadisticas-calidad__titulo"
      testId="calidad-clientes"
    >
      <p className="estadisticas-nota">
        Sobre las órdenes finalizadas: «A la primera» son las que no necesitaron una orden de seguimiento;
        «Conformidad», las respuestas «Conforme» de los clientes que respondieron.
      </p>
      {calidad.isPending ? (
        <FilasCargando ambito="estadisticas" filas={3} testId="calidad-clientes-cargando" />
      ) : calidad.isError ? (
        <EstadoError ambito="estadisticas" error={calidad.error} onReintentar={() => void calidad.refetch()} />
      ) : calidad.data.clientes.length === 0 ? (
        <EstadoPantalla icono={businessOutline} titulo="Sin órdenes finalizadas" testId="calidad-clientes-vacio">
          Ningún cliente tuvo órdenes finalizadas {cuandoDeRango(rango)}.
        </EstadoPantalla>
      ) : (
        <table>
          <EncabezadoTabla
            columnas={[
              'Cliente',
              { texto: 'Finalizadas', clase: 'estadisticas-num' },
              { texto: 'A la primera', clase: 'estadisticas-num' },
              { texto: 'Conformidad', clase: 'estadisticas-num' },
            ]}
          />
          <tbody>
            {calidad.data.clientes.map((c) => (
              <tr key={c.cliente?.id ?? 'sin-cliente'} data-testid="calidad-cliente">
                <td>{c.cliente?.nombre ?? 'Sin cliente'}</td>
                <td className="estadisticas-num">{textoValor(c.finalizadas, 'ordenes')}</td>
                <td className="estadisticas-num">
                  <Proporcion p={primeraVez(c)} />
                </td>
                <td className="estadisticas-num">
                  <Proporcion p={conformidad(c)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SeccionConTitulo>
  );
}

/** The share, and under it (smaller) what it is a share of: on a phone the table keeps four columns. */
function Proporcion({ p }: { p: Cifra }) {
  return (
    <>
      {p.valor}
      {p.deCuantas && <span className="estadisticas-calidad__de"> ({p.deCuantas})</span>}
    </>
  );
}
