import type { OrdenDetalle } from '@delego/contract';
import { useIonAlert } from '@ionic/react';
import { documentTextOutline, mailOutline, shareSocialOutline } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BotonConIcono } from '../../../components/boton-icono';
import { useAviso } from '../../../components/avisos';
import { Texto } from '../../../components/texto';
import { notificarError } from '../../../lib/errors';
import { useDelegarFacturacion } from '../api/delegar-facturacion';
import { opcionesEnlaceCompartido } from '../api/get-enlace-compartido';
import { CompartirSheet } from './compartir-sheet';
import { LineaFacturacionDelegada } from './linea-facturacion-delegada';
import '../client-side.css';

/**
 * The client's side on the order detail (issue 16): billing data and its delegation, and
 * "Compartir con el cliente" (the public link). What a read-only user may not do is not offered.
 */
export function ClienteDeOrden({ orden }: { orden: OrdenDetalle }) {
  const puede = !orden.acciones.soloLectura && orden.acciones.modificar;
  const [abierto, setAbierto] = useState(false);
  // The sheet is in the page only from its opening to the end of its closing animation: Ionic keeps
  // the order detail mounted under the screens opened from it, and a hidden modal would be there too.
  const [montado, setMontado] = useState(false);
  const queryClient = useQueryClient();
  const delegar = useDelegarFacturacion();
  const [preguntar] = useIonAlert();
  const aviso = useAviso();
  const d = orden.datosFacturacion;

  async function pedirDatos() {
    // The client's email, offered as the address (read when asked for, not on every detail).
    const enlace = await queryClient.fetchQuery(opcionesEnlaceCompartido(orden.id)).catch(() => undefined);
    void preguntar({
      header: 'Pedir datos de facturación',
      message:
        'Le enviaremos al cliente el resumen de la orden con un formulario para sus datos de facturación. El formulario sirve una vez.',
      cssClass: 'delego-confirmacion',
      inputs: [
        {
          name: 'email',
          type: 'email',
          placeholder: 'Email del cliente',
          value: orden.facturacionDelegada?.email ?? enlace?.emailCliente ?? '',
          attributes: { 'aria-label': 'Email del cliente', 'data-testid': 'delegar-email' },
        },
      ],
      buttons: [
        { text: 'Cancelar', role: 'cancel' },
        { text: 'Enviar', role: 'confirm', cssClass: 'delego-confirmacion__aceptar' },
      ],
      onDidDismiss: (e) => {
        if (e.detail.role !== 'confirm') return;
        const email = String(
          (e.detail.data as { values?: { email?: string } } | undefined)?.values?.email ?? '',
        ).trim();
        delegar.mutate(
          { id: orden.id, ...(email ? { email } : {}) },
          {
            onSuccess: (o) => aviso(`Le pedimos los datos de facturación a ${o.facturacionDelegada?.email ?? email}.`),
            onError: (err) => notificarError(err),
          },
        );
      },
    });
  }

  return (
    <section className="delego-card orden-detalle__seccion cliente-de-orden" aria-labelledby="orden-cliente-publico">
      <h2 id="orden-cliente-publico">Cliente y facturación</h2>
      {orden.facturacionDelegada && <LineaFacturacionDelegada delegada={orden.facturacionDelegada} />}
      {d ? (
        <dl className="facturacion-resumen" data-testid="orden-datos-facturacion">
          <div>
            <dt>Razón social</dt>
            <dd>{d.razonSocial}</dd>
          </div>
          <div>
            <dt>CUIT</dt>
            <dd>{d.cuit}</dd>
          </div>
          <div>
            <dt>Condición frente al IVA</dt>
            <dd>{d.condicionIva}</dd>
          </div>
          <div>
            <dt>Domicilio fiscal</dt>
            <dd>{d.domicilioFiscal}</dd>
          </div>
          <div>
            <dt>Email para facturas</dt>
            <dd>{d.email}</dd>
          </div>
          {d.cargadosPorCliente && <p className="facturacion-nota">Los cargó el cliente.</p>}
        </dl>
      ) : (
        <p className="orden-dato__vacio" data-testid="orden-sin-facturacion">
          Sin datos de facturación.
        </p>
      )}
      <div className="cliente-de-orden__botones">
        <BotonConIcono
          icono={shareSocialOutline}
          size="small"
          onClick={() => {
            setMontado(true);
            setAbierto(true);
          }}
          testId="accion-compartir-cliente"
        >
          <Texto>Compartir con el cliente</Texto>
        </BotonConIcono>
        {puede && (
          <>
            <BotonConIcono
              icono={documentTextOutline}
              size="small"
              fill="outline"
              routerLink={`/datos-facturacion?id=${orden.id}`}
              testId="accion-datos-facturacion"
            >
              <Texto>{d ? 'Editar datos de facturación' : 'Cargar datos de facturación'}</Texto>
            </BotonConIcono>
            <BotonConIcono
              icono={mailOutline}
              size="small"
              fill="outline"
              onClick={() => void pedirDatos()}
              disabled={delegar.isPending}
              testId="accion-delegar-facturacion"
            >
              <Texto>{orden.facturacionDelegada ? 'Volver a pedir datos al cliente' : 'Pedir datos al cliente'}</Texto>
            </BotonConIcono>
          </>
        )}
      </div>
      {montado && (
        <CompartirSheet
          orden={orden}
          abierto={abierto}
          alCerrar={() => setAbierto(false)}
          alTerminarDeCerrar={() => setMontado(false)}
          puede={puede}
        />
      )}
    </section>
  );
}
