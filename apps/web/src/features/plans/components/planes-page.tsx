import { textoFecha, type Pago, type PlanCatalogo, type PlanEstado, type UsuarioLogueado } from '@delego/contract';
import { IonBadge, IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { checkmarkOutline, receiptOutline } from 'ionicons/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { EstadoPantalla, SegunConsulta } from '../../../components/estados-pantalla';
import { mensajeDeError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { usePagos } from '../api/get-pagos';
import { usePlanEstado } from '../api/get-plan-estado';
import { usePlanHabilitado } from '../api/get-plan-habilitado';
import { usePlanes } from '../api/get-planes';
import { useSuscribir } from '../api/suscribir';
import { planKeys } from '../../../domain/plans';
import {
  colorEstadoPago,
  notaBaja,
  notaMejoraCorta,
  planActual,
  textoBotonPlan,
  textoCupoPlan,
  textoEstadoPago,
  textoGracia,
  textoPendiente,
  partesPrecioPlan,
  tipoCambio,
} from '../model/planes';
import { formatearPrecio } from '../model/precios';
import { AvisoPlan, BannerModoPrueba } from './aviso-plan';
import { PantallaDePlan } from './pantalla-de-plan';
import './planes.css';
import { EncabezadoTabla } from '../../../components/encabezado-tabla';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo';

/**
 * planes (SPEC §2: login, and admin or owner; never on iOS): the plans side by side, the current
 * one highlighted, a button to change to each, the warnings of the company's plan (a failed
 * payment, a scheduled downgrade) and the payment history. An upgrade goes to
 * mercadopago-tarjeta to pay; a downgrade is scheduled here, for the next renewal.
 */
export default function PlanesPage() {
  return (
    <PantallaDePlan
      titulo="Planes"
      volverA="/home"
      clase="planes-pagina"
      sinPermiso="Solo un administrador o el propietario puede ver y cambiar el plan."
    >
      {(usuario) => <Planes usuario={usuario} />}
    </PantallaDePlan>
  );
}

function Planes({ usuario }: { usuario: UsuarioLogueado }) {
  const zona = useZonaEmpresa();
  const queryClient = useQueryClient();
  const habilitado = usePlanHabilitado();
  const planes = usePlanes();
  const estado = usePlanEstado(usuario);
  const plan = estado.data;

  // Another session changed the plan (the live topic updated the state): the catalogue's marks
  // (current, scheduled) and the payments follow.
  const firma = plan ? JSON.stringify([plan.nombre, plan.pendiente ?? null, plan.gracia ?? null]) : null;
  const firmaAnterior = useRef(firma);
  useEffect(() => {
    if (firmaAnterior.current !== null && firma !== firmaAnterior.current) {
      void queryClient.invalidateQueries({ queryKey: planKeys.catalogo() });
      void queryClient.invalidateQueries({ queryKey: planKeys.pagos() });
    }
    firmaAnterior.current = firma;
  }, [firma, queryClient]);

  const gracia = textoGracia(plan, zona);
  const pendiente = textoPendiente(plan, zona);
  const puedeCambiar = habilitado.data?.habilitado ?? false;

  return (
    <>
      {habilitado.data?.modoPrueba && <BannerModoPrueba />}
      {habilitado.data && !habilitado.data.habilitado && (
        <AvisoPlan tono="info" titulo="No puede cambiar el plan" testId="planes-no-habilitado">
          {habilitado.data.motivo ?? 'Su usuario no puede cambiar el plan de la empresa.'}
        </AvisoPlan>
      )}
      {gracia && (
        <AvisoPlan tono="advertencia" titulo="Pago pendiente de regularizar" testId="planes-gracia">
          {gracia}
        </AvisoPlan>
      )}
      {pendiente && (
        <AvisoPlan tono="info" titulo="Cambio de plan programado" testId="planes-pendiente">
          {pendiente}
        </AvisoPlan>
      )}

      <SeccionConTitulo id="planes-titulo" titulo="Elija su plan" claseTitulo="planes-seccion__titulo">
        <p className="planes-seccion__nota" data-testid="planes-nota-funciones">
          Todos los planes tienen todas las funciones y usuarios ilimitados: cambian el precio y las órdenes por mes.
        </p>
        <ListaSegunConsulta
          consulta={planes}
          filas={4}
          prefijo="planes"
          vacio={['No hay planes disponibles', 'Vuelva a intentarlo más tarde.']}
        >
          {(lista) => (
            <ListaPlanes
              planes={lista}
              estado={plan}
              zona={zona}
              puedeCambiar={puedeCambiar && !habilitado.isPending}
              entidadId={usuario.entidadId}
              usuarioId={usuario.id}
            />
          )}
        </ListaSegunConsulta>
      </SeccionConTitulo>

      <HistorialPagos zona={zona} />
    </>
  );
}

interface ListaSegunConsultaProps<T> {
  consulta: UseQueryResult<T[]>;
  /** Placeholder rows while it loads. */
  filas: number;
  /** Test ids `${prefijo}-cargando` and `${prefijo}-vacio`. */
  prefijo: string;
  /** The empty state's title and text. */
  vacio: readonly [titulo: string, texto: string];
  children: (items: T[]) => ReactNode;
}

/** A list of this screen (plans, payments) by its query: loading rows, the error with a retry, empty, or the list. */
function ListaSegunConsulta<T>({
  consulta,
  filas,
  prefijo,
  vacio: [titulo, texto],
  children,
}: ListaSegunConsultaProps<T>) {
  return (
    <SegunConsulta ambito="admin" consulta={consulta} filas={filas} testIdCargando={`${prefijo}-cargando`}>
      {(lista) =>
        lista.length === 0 ? (
          <EstadoPantalla icono={receiptOutline} titulo={titulo} testId={`${prefijo}-vacio`}>
            {texto}
          </EstadoPantalla>
        ) : (
          children(lista)
        )
      }
    </SegunConsulta>
  );
}

interface ListaPlanesProps {
  planes: PlanCatalogo[];
  estado: PlanEstado | null | undefined;
  zona: string;
  puedeCambiar: boolean;
  entidadId: number;
  usuarioId: number;
}

function ListaPlanes({ planes, estado, zona, puedeCambiar, entidadId, usuarioId }: ListaPlanesProps) {
  const actual = planActual(planes);
  const confirmar = useConfirmar();
  const aviso = useAviso();
  const suscribir = useSuscribir();

  const programarBaja = async (plan: PlanCatalogo) => {
    const acepta = await confirmar({
      titulo: `Cambiar al plan ${plan.nombre}`,
      mensaje:
        `${notaBaja(estado, zona)} Hasta entonces la empresa conserva el plan ${actual?.nombre ?? estado?.nombre ?? 'actual'} ` +
        'y no se cobra nada ahora.',
      aceptar: 'Programar cambio',
      peligroso: false,
    });
    if (!acepta) return;
    suscribir.mutate(
      { entidadId, planId: plan.id, usuarioId },
      {
        onSuccess: (resultado) => aviso(resultado.mensaje, resultado.estado === 'rechazado' ? 'advertencia' : 'exito'),
        onError: (error) => aviso(mensajeDeError(error), 'advertencia'),
      },
    );
  };

  return (
    <ul className="planes-grilla" data-testid="planes-lista">
      {planes.map((plan) => {
        const tipo = tipoCambio(plan, actual);
        const enCurso = suscribir.isPending && suscribir.variables.planId === plan.id;
        return (
          <li
            key={plan.id}
            className={`plan-tarjeta${plan.actual ? ' plan-tarjeta--actual' : ''}`}
            data-testid={`plan-${plan.id}`}
            aria-current={plan.actual ? 'true' : undefined}
          >
            <div className="plan-tarjeta__cabecera">
              <h3 className="plan-tarjeta__nombre">{plan.nombre}</h3>
              {plan.actual && <IonBadge color="primary">Plan actual</IonBadge>}
              {plan.programado && <IonBadge color="tertiary">Próximo plan</IonBadge>}
            </div>
            <PrecioPlan plan={plan} />
            <p className="plan-tarjeta__cupo" data-testid="plan-cupo">
              {textoCupoPlan(plan.quota)}
            </p>
            {plan.incluye.length > 0 && (
              <ul className="plan-tarjeta__incluye" aria-label={`Qué incluye el plan ${plan.nombre}`}>
                {plan.incluye.map((linea) => (
                  <li key={linea}>
                    <IonIcon icon={checkmarkOutline} color="success" aria-hidden="true" />
                    <span>{linea}</span>
                  </li>
                ))}
              </ul>
            )}
            <div className="plan-tarjeta__accion">
              {tipo === 'mejora' && <p className="plan-tarjeta__nota">{notaMejoraCorta(zona)}</p>}
              {tipo === 'baja' && !plan.programado && <p className="plan-tarjeta__nota">{notaBaja(estado, zona)}</p>}
              {tipo === 'mejora' ? (
                <IonButton
                  expand="block"
                  routerLink={`/mercadopago-tarjeta?plan=${plan.id}`}
                  disabled={!puedeCambiar || suscribir.isPending}
                  data-testid="plan-elegir"
                >
                  {textoBotonPlan(plan, tipo)}
                </IonButton>
              ) : (
                <IonButton
                  expand="block"
                  fill="outline"
                  disabled={tipo === 'actual' || plan.programado || !puedeCambiar || suscribir.isPending}
                  onClick={() => void programarBaja(plan)}
                  data-testid="plan-elegir"
                >
                  {enCurso ? <IonSpinner name="dots" aria-label="Programando" /> : textoBotonPlan(plan, tipo)}
                </IonButton>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The monthly price: the amount never breaks; 'por mes' goes under it when the card is narrow. */
function PrecioPlan({ plan }: { plan: PlanCatalogo }) {
  const { importe, periodo } = partesPrecioPlan(plan);
  return (
    <p className="plan-tarjeta__precio" data-testid="plan-precio">
      <span className="plan-tarjeta__importe">{importe}</span>
      {periodo && <span className="plan-tarjeta__periodo"> {periodo}</span>}
    </p>
  );
}

function HistorialPagos({ zona }: { zona: string }) {
  const pagos = usePagos();
  return (
    <SeccionConTitulo
      id="planes-pagos-titulo"
      titulo="Historial de pagos"
      clase="planes-pagos"
      claseTitulo="planes-seccion__titulo"
    >
      <ListaSegunConsulta
        consulta={pagos}
        filas={3}
        prefijo="pagos"
        vacio={['Todavía no hay pagos', 'Cuando la empresa pague un plan, el pago aparecerá aquí.']}
      >
        {(lista) => <TablaPagos pagos={lista} zona={zona} />}
      </ListaSegunConsulta>
    </SeccionConTitulo>
  );
}

/** The reasons come as the end of a sentence ('la tarjeta no tiene saldo suficiente.'): alone, they start in capitals. */
function conMayuscula(texto: string): string {
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

function TablaPagos({ pagos, zona }: { pagos: Pago[]; zona: string }) {
  return (
    <table className="pagos-tabla" data-testid="pagos-tabla">
      <EncabezadoTabla columnas={['Fecha', 'Importe', 'Estado', 'Plan', 'Referencia']} />
      <tbody>
        {pagos.map((pago) => (
          <tr key={pago.id} data-testid="pago-fila">
            <td data-etiqueta="Fecha">
              <div>{textoFecha(pago.fecha, zona)}</div>
            </td>
            <td data-etiqueta="Importe">
              <div className="pagos-tabla__importe">{formatearPrecio(pago.monto, pago.moneda)}</div>
            </td>
            <td data-etiqueta="Estado">
              <div>
                <IonBadge color={colorEstadoPago(pago.estado)}>{textoEstadoPago(pago.estado)}</IonBadge>
                {pago.motivo && <span className="pagos-tabla__motivo">{conMayuscula(pago.motivo)}</span>}
              </div>
            </td>
            <td data-etiqueta="Plan">
              <div>
                {pago.planNombre}
                {pago.tarjeta && <span className="pagos-tabla__tarjeta">{pago.tarjeta}</span>}
              </div>
            </td>
            <td data-etiqueta="Referencia">
              <div className="pagos-tabla__referencia">{pago.referencia ?? '—'}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
