import { textoFechaHora, type EnlaceExterno } from '@delego/contract';
import { IonBadge, IonIcon } from '@ionic/react';
import { copyOutline, logoWhatsapp, refreshOutline } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAviso } from '../../../components/avisos';
import { BotonConIcono } from '../../../components/boton-icono';
import { BotonPeligroso } from '../../../components/boton-peligroso';
import { CampoEnlace, useCopiarEnlace } from '../../../components/campo-enlace';
import { useRenovarExterno } from '../api/renovar';
import { useRevocarExterno } from '../api/revocar';
import { externosKeys } from '../keys';
import {
  COLOR_ESTADO_ENLACE,
  enlaceWeb,
  estadoDeEnlace,
  MENSAJE_SIN_CORREO,
  NOMBRES_ESTADO_ENLACE,
  puedeRenovar,
  sinCorreo,
  textoEntregado,
  textoRespuesta,
  textoRevocado,
  textoVence,
} from '../model/enlace';

/**
 * One contractor link of the order: who, how to reach them, their answer, when it was handed over,
 * until when it works and whether it was revoked. While active, the link itself to copy or share
 * by WhatsApp, and «Revocar»; «Renovar» once the order finished (also after it expired).
 */
export function EnlaceExternoFila({
  enlace,
  zona,
  ahora,
  recien = false,
}: {
  enlace: EnlaceExterno;
  zona: string;
  ahora: number;
  /** Just handed over: its link gets the cursor, ready to copy. */
  recien?: boolean;
}) {
  const estado = estadoDeEnlace(enlace, ahora);
  const contacto = [enlace.email, enlace.whatsapp].filter(Boolean).join(' · ');
  return (
    <li className={`externos__fila${recien ? ' externos__fila--nueva' : ''}`} data-testid="externos-fila">
      <div className="externos__cabecera">
        <span className="externos__nombre" data-testid="externos-fila-nombre">
          {enlace.nombre}
        </span>
        <IonBadge color={COLOR_ESTADO_ENLACE[estado]} data-testid="externos-estado">
          {NOMBRES_ESTADO_ENLACE[estado]}
        </IonBadge>
      </div>
      {contacto && (
        <p className="externos__contacto" data-testid="externos-contacto">
          {contacto}
        </p>
      )}
      <p className={`externos__respuesta externos__respuesta--${enlace.respuesta}`} data-testid="externos-respuesta">
        {textoRespuesta(enlace)}
      </p>
      <Dato texto={textoEntregado(enlace, zona)} testId="externos-entregado" />
      <Dato texto={textoVence(enlace, zona, ahora)} testId="externos-vence" />
      <Dato texto={textoRevocado(enlace, zona)} testId="externos-revocado" />
      <Acciones enlace={enlace} activo={estado === 'activo'} zona={zona} recien={recien} />
    </li>
  );
}

/** One line about the link (handed over, until when, revoked), when there is something to say. */
function Dato({ texto, testId }: { texto: string | null; testId: string }) {
  if (!texto) return null;
  return (
    <p className="externos__meta" data-testid={testId}>
      {texto}
    </p>
  );
}

function Acciones({
  enlace,
  activo,
  zona,
  recien,
}: {
  enlace: EnlaceExterno;
  activo: boolean;
  zona: string;
  recien: boolean;
}) {
  const revocar = useRevocarExterno();
  const renovar = useRenovarExterno();
  const avisar = useAviso();
  const queryClient = useQueryClient();
  const { campo, copiar } = useCopiarEnlace('Enlace copiado');
  const ocupado = revocar.isPending || renovar.isPending;
  const url = activo ? enlace.url : null;
  const whatsapp = activo ? enlaceWeb(enlace.compartirWhatsapp) : null;
  const renovable = puedeRenovar(enlace);

  /** A refusal (already revoked, no longer renewable) says the list is stale: the alert shows it, the list refetches. */
  function releer() {
    void queryClient.invalidateQueries({ queryKey: externosKeys.orden(enlace.ordenId) });
  }

  useEffect(() => {
    if (recien) campo.current?.select();
  }, [campo, recien]);

  function alRevocar() {
    revocar.mutate(enlace.id, {
      onSuccess: () => avisar(`Se revocó el enlace de ${enlace.nombre}.`),
      onError: releer,
    });
  }

  function alRenovar() {
    renovar.mutate(enlace.id, {
      onSuccess: (r) =>
        avisar(
          r.vence !== null
            ? `Se renovó el enlace de ${r.nombre}: vence el ${textoFechaHora(r.vence, zona)}.`
            : `Se renovó el enlace de ${r.nombre}.`,
        ),
      onError: releer,
    });
  }

  if (!activo && !renovable) return null;
  return (
    <div className="externos__enlace">
      {url && (
        <>
          <label className="externos__etiqueta" htmlFor={`externos-url-${enlace.id}`}>
            Enlace de {enlace.nombre}
          </label>
          <CampoEnlace
            id={`externos-url-${enlace.id}`}
            campo={campo}
            className="delego-campo-enlace externos__url"
            url={url}
            testId="externos-enlace-url"
          />
          {sinCorreo(enlace) && (
            <p className="externos__sin-correo" role="status" data-testid="externos-sin-correo">
              {MENSAJE_SIN_CORREO}
            </p>
          )}
        </>
      )}
      <div className="externos__botones">
        {url && (
          <BotonConIcono icono={copyOutline} size="small" onClick={() => void copiar(url)} testId="externos-copiar">
            Copiar enlace
          </BotonConIcono>
        )}
        {whatsapp && (
          <a
            className="externos__whatsapp"
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="externos-compartir-whatsapp"
          >
            <IonIcon icon={logoWhatsapp} aria-hidden="true" />
            Compartir por WhatsApp
          </a>
        )}
        {renovable && (
          <BotonConIcono
            icono={refreshOutline}
            size="small"
            fill="outline"
            onClick={alRenovar}
            ocupado={renovar.isPending}
            disabled={ocupado}
            testId="externos-renovar"
          >
            Renovar
          </BotonConIcono>
        )}
        {activo && (
          <BotonPeligroso
            pregunta={{
              titulo: `¿Revocar el enlace de ${enlace.nombre}?`,
              mensaje: 'Dejará de funcionar en el momento.',
            }}
            alConfirmar={alRevocar}
            fill="outline"
            disabled={ocupado}
            testId="externos-revocar"
          >
            Revocar
          </BotonPeligroso>
        )}
      </div>
    </div>
  );
}
