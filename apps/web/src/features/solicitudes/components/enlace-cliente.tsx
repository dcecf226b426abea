import { esAdmin, textoFecha, type EnlaceSolicitudes } from '@delego/contract';
import { copyOutline, linkOutline, refreshOutline } from 'ionicons/icons';
import { useAviso, useConfirmar } from '../../../components/avisos';
import { BotonConIcono } from '../../../components/boton-icono';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { CampoEnlace, useCopiarEnlace } from '../../../components/campo-enlace';
import { TarjetaDeConsulta } from '../../../components/tarjeta-de-consulta';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useSession } from '../../auth';
import { useCrearEnlaceSolicitudes } from '../api/crear-enlace';
import { useEnlaceSolicitudes } from '../api/get-enlace';
import { useQuitarEnlaceSolicitudes } from '../api/quitar-enlace';
import './solicitudes.css';

/**
 * «Pedidos por enlace» of a client (issue 33), on its admin page: the link its people use to ask for
 * work without an account, to turn on, copy, renew or turn off. Administrators only (the server
 * refuses the others): nothing for them.
 */
export function EnlaceSolicitudesDeCliente({ clienteId, nombre }: { clienteId: number; nombre: string }) {
  const { usuario } = useSession();
  const admin = !!usuario && esAdmin(usuario);
  const enlace = useEnlaceSolicitudes(admin ? clienteId : null);
  if (!admin) return null;
  return (
    <TarjetaDeConsulta
      titulo="Pedidos por enlace"
      subtitulo="Su gente pide trabajos sin cuenta; llegan a «Solicitudes»."
      clase="enlace-solicitudes"
      testId="enlace-solicitudes"
      consulta={enlace}
      fallo="No se pudo leer el enlace de pedidos de este cliente."
    >
      {(datos) => <Enlace enlace={datos} nombre={nombre} />}
    </TarjetaDeConsulta>
  );
}

function Enlace({ enlace, nombre }: { enlace: EnlaceSolicitudes; nombre: string }) {
  const crear = useCrearEnlaceSolicitudes();
  const quitar = useQuitarEnlaceSolicitudes();
  const avisar = useAviso();
  const confirmar = useConfirmar();
  const zona = useZonaEmpresa();
  const { campo, copiar } = useCopiarEnlace();
  const ocupado = crear.isPending || quitar.isPending;

  function activar() {
    crear.mutate(enlace.clienteId, { onSuccess: () => avisar(`Se activó el enlace de pedidos de ${nombre}.`) });
  }

  async function renovar() {
    const seguro = await confirmar({
      titulo: '¿Renovar el enlace?',
      mensaje: `Se crea un enlace nuevo y el anterior deja de funcionar: quien lo tenga verá que ya no está activo. Envíe el nuevo a ${nombre}.`,
      aceptar: 'Renovar',
    });
    if (seguro)
      crear.mutate(enlace.clienteId, { onSuccess: () => avisar('Enlace renovado. El anterior ya no funciona.') });
  }

  if (!enlace.activo || !enlace.url) {
    return (
      <div className="enlace-solicitudes__cuerpo" data-testid="enlace-solicitudes-inactivo">
        <p>
          Sin enlace de pedidos: {nombre} pide sus trabajos por teléfono o correo. Con el enlace, su gente los pide
          desde el teléfono, con fotos, y también desde las etiquetas QR de sus equipos y ubicaciones.
        </p>
        <BotonConIcono
          icono={linkOutline}
          onClick={activar}
          ocupado={ocupado}
          disabled={ocupado}
          testId="enlace-solicitudes-activar"
        >
          Activar enlace
        </BotonConIcono>
      </div>
    );
  }

  const url = enlace.url;
  return (
    <div className="enlace-solicitudes__cuerpo" data-testid="enlace-solicitudes-activo">
      <label className="enlace-solicitudes__etiqueta" htmlFor={`enlace-solicitudes-${enlace.clienteId}`}>
        Enlace de pedidos{enlace.creado != null ? ` (desde el ${textoFecha(enlace.creado, zona)})` : ''}
      </label>
      <CampoEnlace
        id={`enlace-solicitudes-${enlace.clienteId}`}
        campo={campo}
        className="delego-campo-enlace enlace-solicitudes__url"
        url={url}
        testId="enlace-solicitudes-url"
      />
      <p className="enlace-solicitudes__nota">
        Mientras está activo, las etiquetas QR de sus equipos y ubicaciones también reciben pedidos.
      </p>
      <div className="enlace-solicitudes__botones">
        <BotonConIcono
          icono={copyOutline}
          size="small"
          onClick={() => void copiar(url)}
          testId="enlace-solicitudes-copiar"
        >
          Copiar
        </BotonConIcono>
        <BotonConIcono
          icono={refreshOutline}
          size="small"
          fill="outline"
          onClick={() => void renovar()}
          ocupado={crear.isPending}
          disabled={ocupado}
          testId="enlace-solicitudes-renovar"
        >
          Renovar enlace
        </BotonConIcono>
        <BotonPeligroso
          pregunta={{
            titulo: '¿Desactivar el enlace?',
            mensaje: `${nombre} ya no podrá pedir trabajos por el enlace ni por las etiquetas QR de sus equipos y ubicaciones. Puede activarlo otra vez cuando quiera (será un enlace nuevo).`,
          }}
          alConfirmar={() =>
            quitar.mutate(enlace.clienteId, { onSuccess: () => avisar('Enlace de pedidos desactivado.') })
          }
          fill="outline"
          disabled={ocupado}
          testId="enlace-solicitudes-desactivar"
        >
          Desactivar
        </BotonPeligroso>
      </div>
    </div>
  );
}
