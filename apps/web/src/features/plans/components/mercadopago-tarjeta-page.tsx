import { type PlanCatalogo, type PlanHabilitado, type UsuarioLogueado } from '@delego/contract';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { cardOutline, cloudOfflineOutline, pricetagOutline } from 'ionicons/icons';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import {
  EstadoError,
  EstadoNoEncontrado,
  EstadoPantalla,
  EstadoSinPermiso,
  FilasCargando,
} from '../../../components/estados-pantalla';
import { mensajeDeError } from '../../../lib/errors';
import { usePlanHabilitado } from '../api/get-plan-habilitado';
import { usePlanes } from '../api/get-planes';
import { useSuscribir } from '../api/suscribir';
import { notaMejora, planActual, textoCupoPlan, textoPrecioPlan, tipoCambio } from '../model/planes';
import { usePlanEstado } from '../api/get-plan-estado';
import { useZonaEmpresa } from '../../../lib/fechas';
import { formatearPrecio } from '../model/precios';
import type { DatosTarjetaToken } from '../model/tarjeta';
import { AvisoPlan, BannerModoPrueba } from './aviso-plan';
import { CargandoBrick } from './cargando-brick';
import { FormularioTarjetaPrueba } from './formulario-tarjeta-prueba';
import { PantallaDePlan } from './pantalla-de-plan';
import { ResultadoPago } from './resultado-pago';
import './planes.css';

interface PropsBrick {
  publicKey: string;
  monto: number;
  alPagar: (datos: DatosTarjetaToken) => void;
  alFallar: (mensaje: string) => void;
}

/** MercadoPago's Brick, only downloaded in MercadoPago mode; a failed download shows the Spanish error. */
const BrickMercadoPago = lazy<ComponentType<PropsBrick>>(() =>
  import('./brick-mercadopago').catch((): { default: ComponentType<PropsBrick> } => ({
    default: ({ alFallar }: PropsBrick) => <FalloDeCarga alFallar={alFallar} />,
  })),
);

function FalloDeCarga({ alFallar }: { alFallar: (mensaje: string) => void }) {
  useState(() => queueMicrotask(() => alFallar('No se pudo descargar el formulario de pago. Revise su conexión.')));
  return null;
}

/** The plan of the address: `?plan=<id>`, as the planes screen links it; null without a valid one. */
export function planDeLaDireccion(search: string): number | null {
  const valor = new URLSearchParams(search).get('plan');
  if (!valor || !/^\d{1,9}$/.test(valor)) return null;
  const id = Number(valor);
  return id > 0 ? id : null;
}

/**
 * mercadopago-tarjeta (SPEC §2; admin or owner, never on iOS): pays the upgrade to the plan of
 * `?plan=<id>` with a card. The card form (the project's own in test mode, MercadoPago's Brick
 * otherwise), then «procesando», then the outcome: approved, pending, or rejected with its
 * reason and a way to try another card.
 */
export default function MercadopagoTarjetaPage() {
  const { search } = useLocation();
  const planId = planDeLaDireccion(search);
  return (
    <PantallaDePlan
      titulo="Pagar con tarjeta"
      volverA="/planes"
      clase="tarjeta-pagina"
      sinPermiso="Solo un administrador o el propietario puede pagar el plan."
    >
      {(usuario) =>
        planId === null ? (
          <EstadoNoEncontrado
            icono={pricetagOutline}
            titulo="Elija un plan"
            volverA={{ ruta: '/planes', texto: 'Ver planes' }}
          >
            Abra esta pantalla desde Planes, con el botón del plan que quiere contratar.
          </EstadoNoEncontrado>
        ) : (
          <Pago usuario={usuario} planId={planId} />
        )
      }
    </PantallaDePlan>
  );
}

function Pago({ usuario, planId }: { usuario: UsuarioLogueado; planId: number }) {
  const planes = usePlanes();
  const estado = usePlanEstado(usuario);
  const zona = useZonaEmpresa();
  const habilitado = usePlanHabilitado();
  // The payment lives here, above every check of the catalogue: once it is approved the catalogue
  // is read again and marks the new plan as current, and the outcome must stay on screen.
  const suscribir = useSuscribir();
  const resultado = suscribir.data;

  if (suscribir.isPending) {
    return (
      <div className="tarjeta-procesando" role="status" aria-live="polite" data-testid="pago-procesando">
        <IonSpinner aria-hidden="true" />
        <strong>Procesando el pago…</strong>
        <p>No cierre esta pantalla: puede tardar unos segundos.</p>
      </div>
    );
  }
  if (planes.isPending || habilitado.isPending)
    return <FilasCargando ambito="admin" filas={3} testId="tarjeta-cargando" />;
  if (planes.isError || habilitado.isError) {
    return (
      <EstadoError
        ambito="admin"
        error={planes.error ?? habilitado.error}
        onReintentar={() => {
          if (planes.isError) void planes.refetch();
          if (habilitado.isError) void habilitado.refetch();
        }}
      />
    );
  }

  const plan = planes.data.find((p) => p.id === planId);
  const modo = habilitado.data;
  const banner = modo.modoPrueba && <BannerModoPrueba />;

  if (resultado) {
    return (
      <>
        {banner}
        <ResultadoPago resultado={resultado} alReintentar={() => suscribir.reset()} />
      </>
    );
  }
  if (!modo.habilitado) {
    return (
      <EstadoSinPermiso ambito="admin" volverA="/planes">
        {modo.motivo ?? 'Su usuario no puede cambiar el plan de la empresa.'}
      </EstadoSinPermiso>
    );
  }
  if (!plan) {
    return (
      <EstadoNoEncontrado
        icono={pricetagOutline}
        titulo="Plan no encontrado"
        volverA={{ ruta: '/planes', texto: 'Ver planes' }}
      >
        El plan elegido no existe o ya no está disponible.
      </EstadoNoEncontrado>
    );
  }
  const actual = planActual(planes.data);
  const tipo = tipoCambio(plan, actual);
  if (tipo !== 'mejora') {
    return (
      <EstadoNoEncontrado
        icono={pricetagOutline}
        titulo={tipo === 'actual' ? 'Ya tiene este plan' : 'Este cambio no se paga con tarjeta'}
        volverA={{ ruta: '/planes', texto: 'Ver planes' }}
      >
        {tipo === 'actual'
          ? `La empresa ya tiene el plan ${plan.nombre}.`
          : `El cambio a un plan menor se programa desde Planes y se aplica en la próxima renovación, sin cobro ahora.`}
      </EstadoNoEncontrado>
    );
  }

  return (
    <>
      {banner}
      <FormularioPago
        plan={plan}
        nota={notaMejora(plan, actual, estado.data, zona)}
        modo={modo}
        error={suscribir.error}
        alPagar={(datosTarjeta) =>
          suscribir.mutate({ entidadId: usuario.entidadId, planId: plan.id, datosTarjeta, usuarioId: usuario.id })
        }
      />
    </>
  );
}

interface PropsFormularioPago {
  plan: PlanCatalogo;
  /** What paying does, before paying: what is charged today and the new period (`notaMejora`). */
  nota: string;
  modo: PlanHabilitado;
  /** The last call's failure (a refused token, no connection), shown over the form. */
  error: unknown;
  alPagar: (datos: DatosTarjetaToken) => void;
}

function FormularioPago({ plan, nota, modo, error, alPagar: pagar }: PropsFormularioPago) {
  const [falloBrick, setFalloBrick] = useState<string | null>(null);
  const [intentoBrick, setIntentoBrick] = useState(0);

  return (
    <>
      <section className="tarjeta-resumen" aria-label="Plan elegido" data-testid="tarjeta-resumen">
        <h2>Plan {plan.nombre}</h2>
        <p className="tarjeta-resumen__precio">{textoPrecioPlan(plan)}</p>
        <p>{textoCupoPlan(plan.quota)}.</p>
        <p data-testid="tarjeta-nota-periodo">{nota}</p>
      </section>

      {error !== null && (
        <AvisoPlan tono="advertencia" titulo="No se pudo hacer el pago" testId="pago-error">
          {mensajeDeError(error)}
        </AvisoPlan>
      )}

      {modo.modoPrueba ? (
        <FormularioTarjetaPrueba
          textoPagar={`Pagar ${formatearPrecio(plan.precioMensual, plan.moneda)}`}
          alPagar={pagar}
        />
      ) : falloBrick || !modo.publicKey ? (
        <EstadoPantalla
          icono={cloudOfflineOutline}
          titulo="Formulario de pago no disponible"
          color="danger"
          testId="tarjeta-brick-error"
          accion={
            modo.publicKey ? (
              <IonButton
                fill="outline"
                onClick={() => {
                  setFalloBrick(null);
                  setIntentoBrick((n) => n + 1);
                }}
              >
                Reintentar
              </IonButton>
            ) : undefined
          }
        >
          {falloBrick ?? 'MercadoPago no está configurado en el servidor. Avise al administrador del sistema.'}
        </EstadoPantalla>
      ) : (
        <Suspense fallback={<CargandoBrick />}>
          <BrickMercadoPago
            key={intentoBrick}
            publicKey={modo.publicKey}
            monto={plan.precioMensual}
            alPagar={pagar}
            alFallar={setFalloBrick}
          />
        </Suspense>
      )}
      <p className="tarjeta-form__aviso-privado">
        <IonIcon icon={cardOutline} aria-hidden="true" /> Al pagar acepta que el plan se renueve y se cobre cada mes
        hasta que lo cambie.
      </p>
    </>
  );
}
