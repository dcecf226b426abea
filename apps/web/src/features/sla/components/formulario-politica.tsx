import {
  LIMITES_POLITICA,
  MENSAJES_POLITICA,
  UNIDADES_OBJETIVO,
  type Politica,
  type PoliticaGuardar,
  type UnidadObjetivo,
} from '@delego/contract';
import { IonLabel } from '@ionic/react';
import { useEffect } from 'react';
import { BotonesFormulario } from '../../../components/botones-formulario';
import { CampoInterruptor, CampoSeleccion, CampoTexto, MensajeCampo, type Opcion } from '../../../components/campos';
import { useAviso } from '../../../components/avisos';
import { ApiError } from '../../../lib/errors';
import { usePrioridades, useTiposOrden } from '../../../lib/catalogos';
import { useFormulario } from '../../../lib/formularios';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { useEmpresasAsignables } from '../../orders';
import { useCrearPoliticaSla } from '../api/crear-politica';
import { useGuardarPoliticaSla } from '../api/guardar-politica';
import {
  ALIAS_POLITICA,
  POLITICA_NUEVA,
  validarPolitica,
  valoresDePolitica,
  type CampoPolitica,
  type MensajePolitica,
  type ValoresPolitica,
} from '../model/politica';

const UNIDADES: Opcion<UnidadObjetivo>[] = UNIDADES_OBJETIVO.map((u) => ({
  valor: u,
  texto: u === 'horas' ? 'Horas hábiles' : 'Días hábiles',
}));

const CAMPOS: readonly (CampoPolitica | MensajePolitica)[] = [
  'nombre',
  'clienteId',
  'tipoOrdenId',
  'prioridadId',
  'respuestaCantidad',
  'respuestaUnidad',
  'resolucionCantidad',
  'resolucionUnidad',
  'pausaEnEspera',
];

/** A catalogue as options; the one the policy names stays offered, even if it left the catalogue. */
function opciones(lista: readonly { id: number; nombre: string }[] | undefined, suya: Politica['cliente']) {
  const todas: Opcion<number>[] = (lista ?? []).map((e) => ({ valor: e.id, texto: e.nombre }));
  if (suya && !todas.some((o) => o.valor === suya.id)) todas.push({ valor: suya.id, texto: suya.nombre });
  return todas;
}

interface Props {
  /** The policy being changed (PUT); without it, a new one (POST). */
  original?: Politica;
  alGuardar: () => void;
  alCancelar: () => void;
}

/**
 * A service-level policy, new or changed: its name, what it applies to (cliente, tipo de orden,
 * prioridad, each «Cualquiera» = null), its response and resolution targets (a quantity in business
 * hours or days; empty = no target) and whether «En espera» stops the clock.
 */
export function FormularioPolitica({ original, alGuardar, alCancelar }: Props) {
  // The same catalogues «Nueva orden» reads.
  const clientes = useEmpresasAsignables();
  const tipos = useTiposOrden();
  const prioridades = usePrioridades();
  const crear = useCrearPoliticaSla();
  const cambiar = useGuardarPoliticaSla();
  const ocupado = crear.isPending || cambiar.isPending;
  const avisar = useAviso();
  const f = useFormulario<ValoresPolitica, PoliticaGuardar, MensajePolitica>({
    inicial: () => (original ? valoresDePolitica(original) : POLITICA_NUEVA),
    validar: validarPolitica,
    limites: { nombre: LIMITES_POLITICA.nombre },
    habilitado: !ocupado,
    // The combination refused (409) is settled by changing any of its three parts.
    vinculados: { clienteId: ['combinacion'], tipoOrdenId: ['combinacion'], prioridadId: ['combinacion'] },
  });
  useCambiosSinGuardar(f.sucio);
  const enviar = (cuerpo: PoliticaGuardar) => {
    const opcionesMutacion = {
      onSuccess: (p: Politica) => {
        avisar(original ? `Se guardó la política «${p.nombre}».` : `Se creó la política «${p.nombre}».`);
        f.guardado();
        alGuardar();
      },
      onError: (e: unknown) =>
        e instanceof ApiError && e.status === 409
          ? f.mostrarErrores({ combinacion: MENSAJES_POLITICA.duplicada })
          : f.falloAlGuardar(e, CAMPOS, { alias: ALIAS_POLITICA }),
    };
    if (original) cambiar.mutate({ id: original.id, cuerpo }, opcionesMutacion);
    else crear.mutate(cuerpo, opcionesMutacion);
  };
  const propsFormulario = f.props(enviar);
  const { ref } = propsFormulario;
  // Opened from a policy further down the list: brought into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [ref]);

  const seleccion = (campo: 'clienteId' | 'tipoOrdenId' | 'prioridadId', label: string, lista: Opcion<number>[]) => (
    <CampoSeleccion<number, number | null>
      {...f.campo(campo)}
      label={label}
      ninguno="Cualquiera"
      opciones={lista}
      data-testid={`politica-${campo}`}
    />
  );

  return (
    <form
      {...propsFormulario}
      className="delego-card sla-politica-form delego-columnas delego-columnas--640"
      aria-label={original ? 'Editar política' : 'Nueva política'}
      data-testid="politica-form"
    >
      <h2 className="delego-subtitulo sla-politica-form__ancho">{original ? 'Editar política' : 'Nueva política'}</h2>
      <CampoTexto {...f.texto('nombre', 'Nombre', 'politica-nombre')} ubicacion="sla-politica-form__ancho" />
      <fieldset className="sla-politica-form__grupo sla-politica-form__ancho">
        <legend>Se aplica a</legend>
        {seleccion('clienteId', 'Cliente', opciones(clientes.data, original?.cliente ?? null))}
        {seleccion('tipoOrdenId', 'Tipo de orden', opciones(tipos.data, original?.tipoOrden ?? null))}
        {seleccion('prioridadId', 'Prioridad', opciones(prioridades.data, original?.prioridad ?? null))}
        <MensajeCampo error={f.error('combinacion')} className="sla-politica-form__ancho" />
      </fieldset>
      {(['respuesta', 'resolucion'] as const).map((plazo) => (
        <fieldset key={plazo} className="sla-politica-form__objetivo" data-testid={`politica-${plazo}`}>
          <legend>{plazo === 'respuesta' ? 'Objetivo de respuesta' : 'Objetivo de resolución'}</legend>
          <CampoTexto
            {...f.campo(`${plazo}Cantidad` as const)}
            label="Cantidad"
            inputmode="numeric"
            helperText="Vacío: sin este objetivo."
            data-testid={`politica-${plazo}-cantidad`}
          />
          <CampoSeleccion<UnidadObjetivo>
            {...f.campo(`${plazo}Unidad` as const)}
            label="Unidad"
            opciones={UNIDADES}
            data-testid={`politica-${plazo}-unidad`}
          />
        </fieldset>
      ))}
      <CampoInterruptor
        {...f.campo('pausaEnEspera')}
        className="sla-politica-form__ancho"
        justify="space-between"
        data-testid="politica-pausa"
      >
        <IonLabel>El tiempo En espera no cuenta</IonLabel>
      </CampoInterruptor>
      <BotonesFormulario
        clase="sla-politica-form__botones sla-politica-form__ancho"
        onCancelar={alCancelar}
        ocupado={ocupado}
        texto={original ? 'Guardar' : 'Crear política'}
        textoOcupado="Guardando…"
        testId="politica-guardar"
      />
    </form>
  );
}
