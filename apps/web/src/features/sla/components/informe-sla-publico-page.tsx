import { RUTAS, urlDe } from '@delego/contract';
import { IonButton } from '@ionic/react';
import { linkOutline } from 'ionicons/icons';
import { useParams } from 'react-router-dom';
import { EstadoPantalla, EstadoSinDatos } from '../../../components/estados-pantalla';
import { PantallaPublica } from '../../../components/pantalla-publica';
import { esNoEncontrado } from '../../../lib/errors';
import { useInformeSlaPublico } from '../api/get-informe-publico';
import { InformeSlaVista } from './informe-sla-vista';
import './informe-sla.css';

/**
 * informesla/:id (no login): a client's monthly service-level report, behind the unguessable token
 * of the link the company copied or mailed. Text only; «Descargar PDF» asks for the same report.
 */
export default function InformeSlaPublicoPage() {
  const { id = '' } = useParams();
  const k = id || null;
  const informe = useInformeSlaPublico(k);
  return (
    <PantallaPublica ancho="media" testId="informe-sla-publico">
      {!k || (informe.isError && esNoEncontrado(informe.error)) ? (
        <EstadoPantalla icono={linkOutline} titulo="Este informe no está disponible" testId="informe-sla-no-disponible">
          El enlace no existe o se escribió mal. Pida uno nuevo a la empresa.
        </EstadoPantalla>
      ) : informe.data ? (
        <>
          <p className="informe-sla__nota">{informe.data.entidad.nombre}</p>
          <h1 className="delego-titulo">Informe de niveles de servicio</h1>
          <IonButton
            href={urlDe(RUTAS.informeSlaPublicoPdf, undefined, { k })}
            download=""
            data-testid="informe-sla-publico-pdf"
          >
            Descargar PDF
          </IonButton>
          <InformeSlaVista informe={informe.data} />
        </>
      ) : (
        <EstadoSinDatos
          consulta={informe}
          titulo="No pudimos cargar el informe"
          testId="informe-sla-publico"
          className="resumen-cargando"
        >
          Cargando el informe…
        </EstadoSinDatos>
      )}
    </PantallaPublica>
  );
}
