import {
  CANALES_AVISO,
  EVENTOS_USUARIO,
  LIMITE_CORREOS_AVISO_SLA,
  MENSAJE_WHATSAPP_SIN_NUMERO,
  NOMBRES_CANAL_AVISO,
  NOMBRES_EVENTO_AVISO,
  textoFecha,
  type CanalAviso,
  type CanalesUsuario,
  type EventoUsuario,
  type GuardarCanalesUsuario,
} from '@delego/contract';
import { IonButton, IonCheckbox, IonIcon, IonNote, IonSkeletonText } from '@ionic/react';
import { chevronDownOutline, chevronUpOutline, megaphoneOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { useAviso } from '../../../components/avisos';
import { BotonGuardar } from '../../../components/botones-formulario';
import { CampoCasilla, CampoTelefono, MensajeCampo } from '../../../components/campos';
import { FalloDeSeccion } from '../../../components/estados-pantalla';
import { useCambiosSinGuardar, useConfirmarSalida } from '../../../lib/cambios-sin-guardar';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useFormulario } from '../../../lib/formularios';
import { useCanalesAviso } from '../api/get-canales-aviso';
import { useGuardarCanalesAviso } from '../api/guardar-canales-aviso';
import {
  ALIAS_CAMPOS_CANALES,
  CAMPOS_CANALES,
  validarCanales,
  valoresDeCanales,
  whatsappHabilitado,
  type ValoresCanales,
} from '../model/canales';
import { AvisoModoPrueba } from './modo-whatsapp';
import './whatsapp.css';

/** The longest number the contract takes (zNumeroWhatsapp). */
const LARGO_NUMERO = 30;

/**
 * «Canales de aviso» on Notificaciones (issue 35): for each kind of event the user receives, the
 * app, push, mail and WhatsApp; their WhatsApp number and their consent. Folded until opened, so
 * the notifications stay at the top of the screen.
 */
export function CanalesDeAviso() {
  const [abierto, setAbierto] = useState(false);
  // «Ocultar» unmounts the form: with unsaved ticks it is a way out like any other.
  const confirmarSalida = useConfirmarSalida();
  const id = useId();
  const titulo = `${id}-titulo`;
  const cuerpo = `${id}-cuerpo`;
  return (
    <section className="canales-aviso" aria-labelledby={titulo} data-testid="canales-aviso">
      <div className="canales-aviso__cabecera">
        <IonIcon icon={megaphoneOutline} className="canales-aviso__icono" aria-hidden="true" />
        <div className="canales-aviso__texto">
          <h2 id={titulo}>Canales de aviso</h2>
          <p>Elija por dónde recibir cada aviso: en la app, push, correo o WhatsApp.</p>
        </div>
        <IonButton
          size="small"
          fill="outline"
          aria-expanded={abierto}
          aria-controls={cuerpo}
          onClick={() => (abierto ? confirmarSalida(() => setAbierto(false)) : setAbierto(true))}
          data-testid="canales-aviso-abrir"
        >
          <IonIcon slot="end" icon={abierto ? chevronUpOutline : chevronDownOutline} aria-hidden="true" />
          {abierto ? 'Ocultar' : 'Elegir canales'}
        </IonButton>
      </div>
      <div id={cuerpo} hidden={!abierto}>
        {abierto && <CargaCanales />}
      </div>
    </section>
  );
}

function CargaCanales() {
  const canales = useCanalesAviso();
  if (canales.data) return <FormularioCanales canales={canales.data} />;
  if (canales.isError) {
    return (
      <FalloDeSeccion alerta onReintentar={() => void canales.refetch()} testId="canales-aviso-error">
        No se pudieron leer sus canales de aviso.
      </FalloDeSeccion>
    );
  }
  return (
    <div aria-busy="true" data-testid="canales-aviso-cargando">
      <span className="delego-visually-hidden" role="status">
        Cargando…
      </span>
      <IonSkeletonText animated style={{ width: '70%', height: 18 }} />
      <IonSkeletonText animated style={{ width: '50%', height: 18 }} />
    </div>
  );
}

function FormularioCanales({ canales }: { canales: CanalesUsuario }) {
  const guardar = useGuardarCanalesAviso();
  const avisar = useAviso();
  const zona = useZonaEmpresa();
  const f = useFormulario<ValoresCanales, GuardarCanalesUsuario, never>({
    inicial: () => valoresDeCanales(canales),
    validar: validarCanales,
    limites: { numero: LARGO_NUMERO },
    habilitado: !guardar.isPending,
    // Typing the number or ticking the consent settles «WhatsApp needs a number and consent».
    vinculados: { numero: ['acepta', 'eventos'], acepta: ['numero', 'eventos'] },
  });
  useCambiosSinGuardar(f.sucio);

  const enviar = (cuerpo: GuardarCanalesUsuario) =>
    guardar.mutate(cuerpo, {
      onSuccess: (guardados) => {
        // The number as the server keeps it (E.164), and the consent with its date; also the new
        // starting point, so leaving no longer asks.
        f.reiniciar(valoresDeCanales(guardados));
        avisar('Se guardaron sus canales de aviso.');
      },
      onError: (e) => f.falloAlGuardar(e, CAMPOS_CANALES, { alias: ALIAS_CAMPOS_CANALES, soloDatosInvalidos: true }),
    });

  const marcar = (evento: EventoUsuario, canal: CanalAviso, valor: boolean) =>
    f.cambiar('eventos', { ...f.valores.eventos, [evento]: { ...f.valores.eventos[evento], [canal]: valor } });

  const sinWhatsapp = !whatsappHabilitado(f.valores);

  return (
    <form {...f.props(enviar)} className="canales-aviso__formulario" aria-label="Canales de aviso">
      <div className="canales-aviso__grilla" data-testid="canales-grilla">
        <div className="canales-aviso__encabezado" aria-hidden="true">
          <span />
          {CANALES_AVISO.map((canal) => (
            <span key={canal}>{NOMBRES_CANAL_AVISO[canal]}</span>
          ))}
        </div>
        {EVENTOS_USUARIO.map((evento) => (
          <div
            key={evento}
            role="group"
            aria-labelledby={`canales-${evento}`}
            className="canales-aviso__fila"
            data-testid={`canales-${evento}`}
          >
            <span id={`canales-${evento}`} className="canales-aviso__evento">
              {NOMBRES_EVENTO_AVISO[evento]}
            </span>
            {CANALES_AVISO.map((canal) => (
              <IonCheckbox
                key={canal}
                className="canales-aviso__casilla"
                labelPlacement="end"
                justify="start"
                checked={f.valores.eventos[evento][canal]}
                disabled={!f.habilitado}
                onIonChange={(e) => marcar(evento, canal, e.detail.checked)}
                data-testid={`canal-${evento}-${canal}`}
              >
                <span className="canales-aviso__canal">{NOMBRES_CANAL_AVISO[canal]}</span>
              </IonCheckbox>
            ))}
          </div>
        ))}
      </div>
      <MensajeCampo error={f.error('eventos')} className="canales-aviso__error" />
      <p className="canales-aviso__nota">
        El correo de «{NOMBRES_EVENTO_AVISO.SLA_POR_VENCER}» llega hasta {LIMITE_CORREOS_AVISO_SLA} veces por día.
      </p>

      <h3 className="canales-aviso__subtitulo">WhatsApp</h3>
      {sinWhatsapp && (
        <p className="canales-aviso__nota canales-aviso__nota--whatsapp" data-testid="canales-whatsapp-sin-numero">
          {MENSAJE_WHATSAPP_SIN_NUMERO}
        </p>
      )}
      <AvisoModoPrueba modo={canales.modo} />
      <CampoTelefono {...f.texto('numero', 'Su número de WhatsApp', 'canales-numero')} autocomplete="tel" />
      <CampoCasilla
        {...f.campo('acepta')}
        className="canales-aviso__acepta"
        claseMensaje="canales-aviso__error"
        data-testid="canales-acepta"
      >
        <span>Acepto recibir avisos por WhatsApp en este número</span>
      </CampoCasilla>
      {canales.optIn !== null && f.valores.acepta && (
        <IonNote className="canales-aviso__nota" data-testid="canales-acepto-el">
          Aceptó el {textoFecha(canales.optIn, zona)}.
        </IonNote>
      )}
      {/* One button for the whole form (the grid and WhatsApp), set apart from the WhatsApp part. */}
      <div className="canales-aviso__acciones">
        {f.sucio && (
          <span className="canales-aviso__sin-guardar" data-testid="canales-sin-guardar">
            Hay cambios sin guardar.
          </span>
        )}
        <BotonGuardar
          texto="Guardar canales"
          ocupado={guardar.isPending}
          textoOcupado="Guardando…"
          testId="canales-guardar"
        />
      </div>
    </form>
  );
}
