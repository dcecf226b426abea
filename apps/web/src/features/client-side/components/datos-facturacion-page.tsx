import type { OrdenDetalle } from '@delego/contract';
import { IonIcon, IonNote } from '@ionic/react';
import { hourglassOutline } from 'ionicons/icons';
import { BotonesFormulario } from '../../../components/botones-formulario';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { useAviso } from '../../../components/avisos';
import { useIdDeConsulta } from '../../../lib/consulta-de-ruta';
import { useVolver } from '../../../lib/navegacion';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { useOrdenDetalle } from '../../../domain/orden';
import { useGuardarDatosFacturacion } from '../api/guardar-datos-facturacion';
import {
  ALIAS_FACTURACION,
  CAMPOS_FACTURACION,
  CamposFacturacion,
  useFormularioFacturacion,
} from './formulario-facturacion';
import { LineaFacturacionDelegada } from './linea-facturacion-delegada';
import '../client-side.css';

const SIN_PERMISO =
  'No puede cambiar los datos de facturación: necesita el permiso «Modificar órdenes» o ser responsable de la orden.';

/** datos-facturacion?id=42: the order's billing data (SPEC §2, §3 datosFacturacion). */
export default function DatosFacturacionPage() {
  const id = useIdDeConsulta('/datos-facturacion');
  const detalle = useOrdenDetalle(id);
  return (
    <PantallaDeOrden
      titulo="Datos de facturación"
      id={id}
      ambito="ordenes"
      consulta={detalle}
      filas={5}
      sinPermiso={(o) => (o.acciones.soloLectura ? SIN_PERMISO : null)}
    >
      {(orden) => <FormularioDatos key={`${orden.id}-${orden.datosFacturacion?.actualizado ?? 0}`} orden={orden} />}
    </PantallaDeOrden>
  );
}

function FormularioDatos({ orden }: { orden: OrdenDetalle }) {
  const guardar = useGuardarDatosFacturacion();
  const aviso = useAviso();
  const volver = useVolver(`/orden/${orden.id}`);
  const f = useFormularioFacturacion(orden.datosFacturacion, !guardar.isPending);
  useCambiosSinGuardar(f.sucio);
  return (
    <form
      {...f.props((datos) =>
        guardar.mutate(
          { id: orden.id, datos },
          {
            onSuccess: () => {
              aviso('Datos de facturación guardados.');
              f.guardado();
              volver();
            },
            onError: (e) =>
              f.falloAlGuardar(e, CAMPOS_FACTURACION, { alias: ALIAS_FACTURACION, soloDatosInvalidos: true }),
          },
        ),
      )}
      aria-label="Datos de facturación"
      data-testid="datos-facturacion"
    >
      <section className="delego-card ordenes-formulario__tarjeta">
        <p className="facturacion-orden">
          Orden #{orden.numero}: <span>{orden.titulo}</span>
        </p>
        {orden.facturacionDelegada && <LineaFacturacionDelegada delegada={orden.facturacionDelegada} />}
        {orden.datosFacturacion?.cargadosPorCliente && (
          <IonNote className="facturacion-nota" data-testid="facturacion-por-cliente">
            <IonIcon icon={hourglassOutline} aria-hidden="true" /> Estos datos los cargó el cliente desde el formulario
            que le enviamos.
          </IonNote>
        )}
        <CamposFacturacion f={f} />
      </section>
      <BotonesFormulario
        clase="ordenes-formulario__botones"
        onCancelar={volver}
        ocupado={guardar.isPending}
        testId="facturacion-guardar"
      />
    </form>
  );
}
