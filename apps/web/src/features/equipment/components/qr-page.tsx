import { FORMA_CODIGO_QR } from '@delego/contract';
import { IonContent } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { qrCodeOutline } from 'ionicons/icons';
import { Navigate, useParams } from 'react-router-dom';
import { EstadoError, EstadoNoEncontrado, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { esNoEncontrado } from '../../../lib/errors';
import { equiposKeys } from '../../../domain/equipo';
import { resolverQr, useUbicacion } from '../api/equipos';
import { EQUIPOS, rutaEquipo, rutaEquiposDe } from '../recurso';

/**
 * q/:codigo (issue 32): a scanned label. Logged in, the code is resolved and the app goes to that
 * equipo (or to the equipos of that site); a code that does not exist or is another company's
 * says «No encontrado». Without a session, app/composicion/qr-page.tsx shows the request form instead (issue 33).
 */
export default function QrPage() {
  const codigo = useParams().codigo ?? '';
  const valido = FORMA_CODIGO_QR.test(codigo);
  const resuelto = useQuery({
    queryKey: [...equiposKeys.all, 'qr', codigo],
    queryFn: ({ signal }) => resolverQr(codigo, signal),
    enabled: valido,
    retry: false,
    meta: { errorSilencioso: true },
  });
  const noEncontrado = !valido || esNoEncontrado(resuelto.error);

  return (
    <>
      <PageHeader titulo="Código QR" />
      <IonContent className="delego-page-content">
        <div className="delego-container admin-pagina">
          {noEncontrado ? (
            <EstadoNoEncontrado
              icono={qrCodeOutline}
              titulo="No encontrado"
              volverA={{ ruta: EQUIPOS.rutaLista, texto: 'Ver equipos' }}
            >
              Este código no corresponde a ningún equipo ni ubicación de su empresa.
            </EstadoNoEncontrado>
          ) : resuelto.isError ? (
            <EstadoError ambito="admin" error={resuelto.error} onReintentar={() => void resuelto.refetch()} />
          ) : resuelto.data ? (
            resuelto.data.tipo === 'equipo' ? (
              <Navigate replace to={rutaEquipo(resuelto.data.id)} />
            ) : (
              <IrAUbicacion id={resuelto.data.id} />
            )
          ) : (
            <FilasCargando ambito="admin" filas={2} testId="qr-cargando" />
          )}
        </div>
      </IonContent>
    </>
  );
}

/** A site's label: the equipos at that site. */
function IrAUbicacion({ id }: { id: number }) {
  const ubicacion = useUbicacion(id);
  if (ubicacion.isError) {
    return <EstadoError ambito="admin" error={ubicacion.error} onReintentar={() => void ubicacion.refetch()} />;
  }
  if (!ubicacion.data) return <FilasCargando ambito="admin" filas={2} testId="qr-cargando" />;
  return <Navigate replace to={rutaEquiposDe(ubicacion.data)} />;
}
