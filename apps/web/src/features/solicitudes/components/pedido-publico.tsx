import { MENSAJES_SOLICITUD, type FormularioSolicitud, type SolicitudEnviada } from '@delego/contract';
import { IonButton } from '@ionic/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { checkmarkCircleOutline, copyOutline, linkOutline } from 'ionicons/icons';
import { useState } from 'react';
import { BotonConIcono } from '../../../components/boton-icono';
import { CampoEnlace, useCopiarEnlace } from '../../../components/campo-enlace';
import { EstadoPantalla, EstadoSinDatos } from '../../../components/estados-pantalla';
import { PantallaPublica } from '../../../components/pantalla-publica';
import { ApiError } from '../../../lib/errors';
import { rutaLogin } from '../../../lib/return-path';
import { enlaceSeguro, textoLugar } from '../model/textos';
import { FormularioPublico, type DestinoSolicitud } from './formulario-publico';
import './solicitud-publica.css';

interface Props {
  destino: DestinoSolicitud;
  /** Who the form goes to (GET of the link or of the label), or nothing to ask (no token in the address). */
  consulta: UseQueryResult<FormularioSolicitud> | null;
}

/**
 * A request page without a session (issue 33), by a client's link or a label's QR: the form, then
 * the success screen with the tracking link. A link that does not exist (404) or no longer works
 * (410) is a page of its own, also when that is found out on sending.
 */
export function PedidoPublico({ destino, consulta }: Props) {
  const [cerrado, setCerrado] = useState<404 | 410 | null>(null);
  const [enviada, setEnviada] = useState<SolicitudEnviada | null>(null);
  // Another request from the same page starts a new form (and a new send id).
  const [ronda, setRonda] = useState(0);
  const error = consulta?.error;
  const estadoError = error instanceof ApiError && (error.status === 404 || error.status === 410) ? error.status : null;
  const sinEnlace = cerrado ?? estadoError;

  let contenido;
  if (sinEnlace !== null || consulta === null) {
    // Without a token in the address there is no link to ask about: it does not exist (404).
    contenido = <EnlaceNoDisponible estado={sinEnlace ?? 404} destino={destino} />;
  } else if (!consulta.data) {
    contenido = (
      <EstadoSinDatos
        consulta={consulta}
        titulo="No pudimos abrir el formulario"
        testId="solicitud-publica"
        className="solicitud-publica__cargando"
      >
        Cargando el formulario…
      </EstadoSinDatos>
    );
  } else if (enviada) {
    contenido = (
      <Exito
        enviada={enviada}
        alPedirOtro={() => {
          setEnviada(null);
          setRonda((r) => r + 1);
        }}
      />
    );
  } else {
    const datos = consulta.data;
    contenido = (
      <>
        <Encabezado formulario={datos} />
        <FormularioPublico key={ronda} destino={destino} alEnviar={setEnviada} alCerrarse={setCerrado} />
        {destino.tipo === 'qr' && <IngresoDeLaEmpresa codigo={destino.codigo} empresa={datos.empresa} />}
      </>
    );
  }
  return (
    <PantallaPublica ancho="media" testId="solicitud-publica">
      {contenido}
    </PantallaPublica>
  );
}

/** Who the request goes to: the company, the client and, from a label, the place. */
function Encabezado({ formulario }: { formulario: FormularioSolicitud }) {
  return (
    <header className="solicitud-publica__encabezado">
      <p className="solicitud-publica__empresa" data-testid="solicitud-empresa">
        {formulario.empresa}
      </p>
      <h1 className="solicitud-publica__titulo">Pedir un trabajo</h1>
      <p className="solicitud-publica__dato" data-testid="solicitud-cliente">
        Cliente: {formulario.cliente}
      </p>
      {formulario.lugar && (
        <p className="solicitud-publica__dato solicitud-publica__lugar" data-testid="solicitud-lugar">
          {textoLugar(formulario.lugar)}
        </p>
      )}
    </header>
  );
}

/** 404: «Este enlace de pedidos no existe…»; 410: «…ya no está activo…». */
function EnlaceNoDisponible({ estado, destino }: { estado: 404 | 410; destino: DestinoSolicitud }) {
  return (
    <>
      <EstadoPantalla
        icono={linkOutline}
        titulo={estado === 410 ? 'Enlace desactivado' : 'Enlace no disponible'}
        testId={estado === 410 ? 'solicitud-enlace-desactivado' : 'solicitud-enlace-no-disponible'}
      >
        {estado === 410 ? MENSAJES_SOLICITUD.enlaceDesactivado : MENSAJES_SOLICITUD.enlaceNoDisponible}
      </EstadoPantalla>
      {destino.tipo === 'qr' && <IngresoDeLaEmpresa codigo={destino.codigo} empresa={null} />}
    </>
  );
}

/** On a label's page: the company's own people log in to open the equipo or site instead. */
function IngresoDeLaEmpresa({ codigo, empresa }: { codigo: string; empresa: string | null }) {
  return (
    <p className="solicitud-publica__ingreso" data-testid="solicitud-ingreso">
      ¿Trabaja en {empresa ?? 'la empresa'}?{' '}
      <a href={rutaLogin(`/q/${encodeURIComponent(codigo)}`)}>Ingrese para ver el equipo o la ubicación</a>.
    </p>
  );
}

/** The request went: the server's message and the tracking link to keep (also mailed, with an email). */
function Exito({ enviada, alPedirOtro }: { enviada: SolicitudEnviada; alPedirOtro: () => void }) {
  const { campo, copiar } = useCopiarEnlace();
  const href = enlaceSeguro(enviada.seguimiento);

  return (
    <section className="solicitud-publica__exito" data-testid="solicitud-enviada">
      <EstadoPantalla icono={checkmarkCircleOutline} color="success" titulo="Pedido enviado">
        {enviada.mensaje}
      </EstadoPantalla>
      <label className="solicitud-publica__etiqueta" htmlFor="solicitud-seguimiento-url">
        Enlace para seguir su pedido
      </label>
      <CampoEnlace
        id="solicitud-seguimiento-url"
        campo={campo}
        className="solicitud-publica__url"
        url={enviada.seguimiento}
        testId="solicitud-seguimiento-url"
      />
      <div className="solicitud-publica__acciones">
        <BotonConIcono
          icono={copyOutline}
          onClick={() => void copiar(enviada.seguimiento)}
          testId="solicitud-copiar-seguimiento"
        >
          Copiar enlace
        </BotonConIcono>
        {href && (
          <IonButton fill="outline" href={href} data-testid="solicitud-ver-seguimiento">
            Ver el seguimiento
          </IonButton>
        )}
      </div>
      <IonButton fill="clear" expand="block" onClick={alPedirOtro} data-testid="solicitud-otro">
        Enviar otro pedido
      </IonButton>
    </section>
  );
}
