import {
  esAdmin,
  hoyEn,
  mesAnterior,
  textoMes,
  tienePermiso,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
} from '@delego/contract';
import { IonButton, IonContent } from '@ionic/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAviso } from '../../../components/avisos';
import { CampoSeleccion, type Opcion } from '../../../components/campos';
import { EstadoError, EstadoPantalla, EstadoSinPermiso, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { guardarArchivo } from '../../../lib/descargas';
import { notificarError } from '../../../lib/errors';
import { useSession } from '../../auth';
import { useEmpresasAsignables } from '../../orders';
import { useEnlaceInformeSla } from '../api/crear-enlace-informe';
import { descargarInformePdf } from '../api/descargar-informe-pdf';
import { descargarInformeXlsx } from '../api/descargar-informe-xlsx';
import { useInformeSla } from '../api/get-informe';
import { EnvioInforme } from './envio-informe';
import { InformeSlaVista } from './informe-sla-vista';
import { documentTextOutline } from 'ionicons/icons';
import './informe-sla.css';

const MES = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month the screen opens on: the one in the address, else the previous month (the one last sent). */
function mesInicial(busqueda: string): string {
  const pedido = new URLSearchParams(busqueda).get('mes');
  if (pedido && MES.test(pedido)) return pedido;
  return mesAnterior(hoyEn(ZONA_HORARIA_EMPRESA_POR_DEFECTO).slice(0, 7));
}

/** How many months back the month field offers, the current one included (two years). */
const MESES_ELEGIBLES = 24;

/**
 * The months the report may be asked for, newest first, with their Spanish names («noviembre de
 * 2026»), whatever the browser's language: a month input showed «November 2026» in an English
 * browser. A month from the address older than those is offered too.
 */
function opcionesDeMes(elegido: string, hoy = hoyEn(ZONA_HORARIA_EMPRESA_POR_DEFECTO)): Opcion<string>[] {
  const meses: string[] = [];
  for (let m = hoy.slice(0, 7), i = 0; i < MESES_ELEGIBLES; i++, m = mesAnterior(m)) meses.push(m);
  if (!meses.includes(elegido)) meses.push(elegido);
  return meses.map((m) => ({ valor: m, texto: textoMes(m) }));
}

function clienteInicial(busqueda: string): number | null {
  const n = Number(new URLSearchParams(busqueda).get('cliente'));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * sla/informe (issue 34): the monthly service-level report of one client — its numbers and orders,
 * the PDF and Excel downloads and the public link for the client — and, for administrators, the
 * monthly send by mail. Needs verEstadisticas, like the compliance.
 */
export default function InformeSlaPage() {
  const { usuario } = useSession();
  const { search } = useLocation();
  const [clienteId, setClienteId] = useState<number | null>(() => clienteInicial(search));
  const [mes, setMes] = useState(() => mesInicial(search));
  const clientes = useEmpresasAsignables();
  const puedeVer = !!usuario && tienePermiso(usuario, 'verEstadisticas');
  const opciones: Opcion<number>[] = (clientes.data ?? []).map((c) => ({ valor: c.id, texto: c.nombre }));
  return (
    <>
      <PageHeader titulo="Informe mensual de SLA" volverA="/sla" />
      <IonContent className="ion-padding delego-page-content" data-testid="informe-sla-page">
        <div className="delego-container">
          {!puedeVer ? (
            <EstadoSinPermiso ambito="admin">
              El informe mensual de niveles de servicio requiere el permiso «Estadísticas».
            </EstadoSinPermiso>
          ) : (
            <>
              <div className="informe-sla-page__elegir">
                <CampoSeleccion<number, number | null>
                  name="cliente"
                  label="Cliente"
                  value={clienteId}
                  onChange={setClienteId}
                  error={undefined}
                  disabled={false}
                  opciones={opciones}
                  placeholder="Elija un cliente"
                  data-testid="informe-sla-cliente"
                />
                <CampoSeleccion<string>
                  name="mes"
                  label="Mes"
                  value={mes}
                  onChange={setMes}
                  error={undefined}
                  disabled={false}
                  opciones={opcionesDeMes(mes)}
                  data-testid="informe-sla-mes"
                />
              </div>
              {clienteId === null ? (
                <EstadoPantalla
                  icono={documentTextOutline}
                  titulo="Elija un cliente y un mes"
                  testId="informe-sla-elegir"
                >
                  El informe cuenta las órdenes del cliente creadas en el mes: respuesta y resolución cumplidas a
                  tiempo, incumplidas y en curso.
                </EstadoPantalla>
              ) : (
                <>
                  {usuario && esAdmin(usuario) && <EnvioInforme clienteId={clienteId} />}
                  <Informe clienteId={clienteId} mes={mes} />
                </>
              )}
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

function Informe({ clienteId, mes }: { clienteId: number; mes: string }) {
  const q = { cliente: clienteId, mes };
  const informe = useInformeSla(q);
  const enlace = useEnlaceInformeSla();
  const avisar = useAviso();
  const [descargando, setDescargando] = useState<'pdf' | 'xlsx' | null>(null);

  async function descargar(tipo: 'pdf' | 'xlsx') {
    setDescargando(tipo);
    try {
      const d = await (tipo === 'pdf' ? descargarInformePdf(q) : descargarInformeXlsx(q));
      guardarArchivo(d.blob, d.nombre ?? `informe-sla-${mes}.${tipo}`);
    } catch (e) {
      notificarError(e);
    } finally {
      setDescargando(null);
    }
  }

  function copiar() {
    enlace.mutate(q, {
      onSuccess: async ({ url }) => {
        try {
          await navigator.clipboard.writeText(url);
          avisar('Enlace copiado.');
        } catch {
          avisar(`Copie el enlace: ${url}`, 'info');
        }
      },
    });
  }

  if (!informe.data) {
    if (informe.isError)
      return <EstadoError ambito="admin" error={informe.error} onReintentar={() => void informe.refetch()} />;
    return <FilasCargando ambito="admin" filas={4} testId="informe-sla-cargando" />;
  }
  return (
    <>
      <div className="informe-sla-page__acciones">
        <IonButton onClick={() => void descargar('pdf')} disabled={descargando !== null} data-testid="informe-sla-pdf">
          Descargar PDF
        </IonButton>
        <IonButton
          fill="outline"
          onClick={() => void descargar('xlsx')}
          disabled={descargando !== null}
          data-testid="informe-sla-xlsx"
        >
          Descargar Excel
        </IonButton>
        <IonButton fill="outline" onClick={copiar} disabled={enlace.isPending} data-testid="informe-sla-copiar">
          Copiar enlace público
        </IonButton>
      </div>
      <InformeSlaVista informe={informe.data} />
    </>
  );
}
