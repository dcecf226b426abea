import { horasTexto, hoyEn, textoFecha, type HorasReportadas } from '@delego/contract';
import { IonContent, IonProgressBar } from '@ionic/react';
import { downloadOutline, timeOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { AtajosPeriodo } from '../../../components/atajos-periodo';
import { BotonConIcono } from '../../../components/boton-icono';
import { CampoFecha } from '../../../components/campo-fecha';
import { PageHeader } from '../../../components/page-header';
import { EstadoPantalla, SegunConsulta } from '../../../components/estados-pantalla';
import { guardarArchivo } from '../../../lib/descargas';
import { notificarError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { mesAnterior, mesDe } from '../../expenses';
import { exportarHorasReportadas, useHorasReportadas } from '../api/horas-reportadas';
import { porcentaje, porMinutos, problemaDeRango } from '../model/horas';
import './reportes.css';
import { EncabezadoTabla } from '../../../components/encabezado-tabla';

type Persona = HorasReportadas['porUsuario'][number]['usuario'];
const nombrePersona = (p: Persona) => `${p.nombre} ${p.apellido}`.trim() || p.usuario;
const nombreCliente = (c: { nombre: string } | null) => c?.nombre ?? 'Sin cliente';

/** horas-reportadas (admins and owners): hours per user and per client over a range, exportable to Excel. */
export default function HorasReportadasPage() {
  const zona = useZonaEmpresa();
  const hoy = hoyEn(zona);
  const [rango, setRango] = useState(() => mesDe(hoy));
  const [exportando, setExportando] = useState(false);
  const problema = problemaDeRango(rango.desde, rango.hasta);
  const reporte = useHorasReportadas(problema ? null : rango);
  const atajos = [
    { texto: 'Este mes', periodo: mesDe(hoy), testId: 'horas-este-mes' },
    { texto: 'Mes anterior', periodo: mesAnterior(hoy), testId: 'horas-mes-anterior' },
  ];

  async function exportar() {
    setExportando(true);
    try {
      const xlsx = await exportarHorasReportadas(rango.desde, rango.hasta, zona);
      guardarArchivo(xlsx.blob, xlsx.nombre ?? `horas-reportadas-${rango.desde}-a-${rango.hasta}.xlsx`);
    } catch (error) {
      notificarError(error);
    } finally {
      setExportando(false);
    }
  }

  return (
    <>
      <PageHeader titulo="Horas reportadas" volverA="/home" />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container papeleo reportes">
          <section className="delego-card papeleo-tarjeta reportes-rango" aria-label="Período">
            <AtajosPeriodo className="reportes-rango__chips" atajos={atajos} actual={rango} onElegir={setRango} />
            <div className="reportes-rango__fechas">
              <CampoFecha
                label="Desde"
                value={rango.desde}
                onChange={(desde) => setRango((r) => ({ ...r, desde }))}
                data-testid="horas-desde"
              />
              <CampoFecha
                label="Hasta"
                value={rango.hasta}
                onChange={(hasta) => setRango((r) => ({ ...r, hasta }))}
                data-testid="horas-hasta"
              />
              <BotonConIcono
                icono={downloadOutline}
                ocupado={exportando}
                className="reportes-rango__exportar"
                onClick={() => void exportar()}
                disabled={problema !== null || exportando}
                testId="horas-exportar"
              >
                Exportar a Excel
              </BotonConIcono>
            </div>
            {problema && (
              <p className="reportes-error delego-aviso-error" role="alert" data-testid="horas-rango-error">
                {problema}
              </p>
            )}
          </section>

          {problema ? null : (
            <SegunConsulta ambito="papeleo" consulta={reporte} filas={4}>
              {(datos) => <Reporte reporte={datos} actualizando={reporte.isPlaceholderData} />}
            </SegunConsulta>
          )}
        </div>
      </IonContent>
    </>
  );
}

export function Reporte({ reporte, actualizando = false }: { reporte: HorasReportadas; actualizando?: boolean }) {
  const { usuarios, clientes } = useMemo(
    () => ({
      usuarios: filasDeTabla(reporte.porUsuario, (u) => ({
        clave: String(u.usuario.id),
        nombre: nombrePersona(u.usuario),
      })),
      clientes: filasDeTabla(reporte.porCliente, (c) => ({
        clave: String(c.cliente?.id ?? 'sin'),
        nombre: nombreCliente(c.cliente),
      })),
    }),
    [reporte.porUsuario, reporte.porCliente],
  );
  const filas = useMemo(
    () =>
      [...reporte.filas].sort(
        (a, b) =>
          nombrePersona(a.usuario).localeCompare(nombrePersona(b.usuario), 'es') ||
          nombreCliente(a.cliente).localeCompare(nombreCliente(b.cliente), 'es'),
      ),
    [reporte.filas],
  );
  const total = reporte.totalMinutos;
  const zona = useZonaEmpresa();
  const periodo = `${textoFecha(reporte.desde, zona)} al ${textoFecha(reporte.hasta, zona)}`;

  return (
    <div
      className={`reportes-resultado${actualizando ? ' reportes-resultado--actualizando' : ''}`}
      aria-busy={actualizando}
    >
      {actualizando && <IonProgressBar type="indeterminate" aria-label="Actualizando" />}
      <section className="delego-card papeleo-tarjeta reportes-total" data-testid="horas-total">
        <span className="reportes-total__titulo">Total del {periodo}</span>
        <span className="reportes-total__valor delego-cifra">{horasTexto(total)} h</span>
        <span className="reportes-total__detalle">
          {usuarios.length === 1 ? '1 persona' : `${usuarios.length} personas`} ·{' '}
          {clientes.length === 1 ? '1 cliente' : `${clientes.length} clientes`}
        </span>
      </section>

      {total === 0 ? (
        <EstadoPantalla icono={timeOutline} titulo="No hay horas en este período" testId="horas-vacio">
          Elija otro período o pida al equipo que registre sus horas en cada orden.
        </EstadoPantalla>
      ) : (
        <div className="reportes-tablas delego-columnas delego-columnas--768">
          <TablaHoras
            titulo="Por persona"
            columna="Persona"
            testId="horas-por-usuario"
            total={total}
            filas={usuarios}
          />
          <TablaHoras
            titulo="Por cliente"
            columna="Cliente"
            testId="horas-por-cliente"
            total={total}
            filas={clientes}
          />
          <section
            className="delego-card papeleo-tarjeta reportes-tabla reportes-tabla--ancha"
            aria-labelledby="horas-detalle"
          >
            <h2 id="horas-detalle" className="delego-subtitulo">
              Detalle por persona y cliente
            </h2>
            <table data-testid="horas-detalle">
              <EncabezadoTabla columnas={['Persona', 'Cliente', { texto: 'Horas', clase: 'reportes-num' }]} />
              <tbody>
                {filas.map((f) => (
                  <tr key={`${f.usuario.id}-${f.cliente?.id ?? 'sin'}`}>
                    <td>{nombrePersona(f.usuario)}</td>
                    <td>{nombreCliente(f.cliente)}</td>
                    <td className="reportes-num">{horasTexto(f.minutos)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    Total
                  </th>
                  <td className="reportes-num">{horasTexto(total)}</td>
                </tr>
              </tfoot>
            </table>
          </section>
        </div>
      )}
    </div>
  );
}

interface FilaTabla {
  clave: string;
  nombre: string;
  minutos: number;
}

/** The rows of a per-person or per-client table, largest first (ties by name). */
function filasDeTabla<T extends { minutos: number }>(
  filas: readonly T[],
  fila: (f: T) => Omit<FilaTabla, 'minutos'>,
): FilaTabla[] {
  return porMinutos(
    filas.map((f) => ({ ...fila(f), minutos: f.minutos })),
    (f) => f.nombre,
  );
}

function TablaHoras({
  titulo,
  columna,
  filas,
  total,
  testId,
}: {
  titulo: string;
  columna: string;
  filas: FilaTabla[];
  total: number;
  testId: string;
}) {
  const id = `${testId}-titulo`;
  return (
    <section className="delego-card papeleo-tarjeta reportes-tabla" aria-labelledby={id}>
      <h2 id={id} className="delego-subtitulo">
        {titulo}
      </h2>
      <table data-testid={testId}>
        <EncabezadoTabla
          columnas={[columna, { texto: 'Horas', clase: 'reportes-num' }, { texto: '%', clase: 'reportes-num' }]}
        />
        <tbody>
          {filas.map((f) => {
            const p = porcentaje(f.minutos, total);
            return (
              <tr key={f.clave}>
                <td>
                  <span className="reportes-barra__nombre">{f.nombre}</span>
                  <span className="reportes-barra" aria-hidden="true">
                    <span style={{ width: `${p}%` }} />
                  </span>
                </td>
                <td className="reportes-num">{horasTexto(f.minutos)}</td>
                <td className="reportes-num reportes-porcentaje">{p} %</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="reportes-num">{horasTexto(total)}</td>
            <td className="reportes-num reportes-porcentaje">100 %</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
