import {
  DIAS_SEMANA,
  hoyEn,
  LIMITES_ORDEN,
  NOMBRES_DIAS_SEMANA,
  proximasFechas,
  textoDeDia,
  zReglaRecurrencia,
  type Mantenimiento,
  type MantenimientoGuardar,
} from '@delego/contract';
import { IonCheckbox, IonNote } from '@ionic/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BotonesFormulario } from '../../../components/botones-formulario';
import { CampoFecha } from '../../../components/campo-fecha';
import {
  CampoSeleccion,
  CampoSeleccionMultiple,
  CampoTexto,
  CampoTextoLargo,
  MensajeCampo,
  type Opcion,
} from '../../../components/campos';
import { useAviso } from '../../../components/avisos';
import { CamposUbicacionEquipo } from '../../../domain/equipo';
import { useResponsablesDisponibles } from '../../../domain/orden';
import { useAreas, useEtiquetas, usePrioridades, useTiposOrden, type ClaseEtiqueta } from '../../../lib/catalogos';
import { useZonaEmpresa } from '../../../lib/fechas';
import { ApiError } from '../../../lib/errors';
import { erroresDeGuardado, mismoValor, type PropsCampo } from '../../../lib/formularios';
import { useCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { nuevaClave } from '../../../lib/outbox';
import { nombrePersona, useEmpresasAsignables } from '../../orders';
import { useCrearMantenimiento, useGuardarMantenimiento } from '../api/mantenimientos';
import { REGLA_INICIAL, reglaDe, reglaEnFormulario, type ReglaEnFormulario } from '../model/regla';

const TIPOS: { valor: ReglaEnFormulario['tipo']; texto: string }[] = [
  { valor: 'dias', texto: 'Cada N días' },
  { valor: 'semanas', texto: 'Cada N semanas, en días elegidos' },
  { valor: 'meses', texto: 'Cada N meses, un día del mes' },
  { valor: 'tras_finalizar', texto: 'N días después de finalizar la anterior' },
];

const CAMPOS = [
  'cliente',
  'ubicacion',
  'equipo',
  'inicio',
  'fin',
  'anticipacion',
  'plantilla.titulo',
  'plantilla.detalle',
  'plantilla.tipoOrden',
  'plantilla.area',
  'plantilla.prioridad',
  'plantilla.responsable',
  'regla.cada',
  'regla.dias',
  'regla.dia',
  'regla.diasSemana',
] as const;
type Campo = (typeof CAMPOS)[number];

/** What the form holds: the plan's fields as the person types them. */
interface Valores {
  cliente: number | null;
  ubicacion: number | null;
  equipo: number | null;
  titulo: string;
  detalle: string;
  tipoOrden: number | null;
  area: number | null;
  prioridad: number | null;
  responsable: number[];
  regla: ReglaEnFormulario;
  inicio: string;
  fin: string;
  anticipacion: string;
}

/** Where a new plan starts: a client, site and equipo may come from the equipo's screen. */
export interface PlanPrevio {
  cliente: number;
  ubicacion: number | null;
  equipo: number | null;
}

function valoresIniciales(hoy: string, original?: Mantenimiento, previo?: PlanPrevio | null): Valores {
  if (original) {
    const { plantilla: p } = original;
    return {
      cliente: original.cliente,
      ubicacion: original.ubicacion,
      equipo: original.equipo,
      titulo: p.titulo,
      detalle: p.detalle,
      tipoOrden: p.tipoOrden,
      area: p.area,
      prioridad: p.prioridad,
      responsable: [...p.responsable],
      regla: reglaEnFormulario(original.regla),
      inicio: original.inicio,
      fin: original.fin ?? '',
      anticipacion: String(original.anticipacion),
    };
  }
  return {
    cliente: previo?.cliente ?? null,
    ubicacion: previo?.ubicacion ?? null,
    equipo: previo?.equipo ?? null,
    titulo: '',
    detalle: '',
    tipoOrden: null,
    area: null,
    prioridad: null,
    responsable: [],
    regla: REGLA_INICIAL,
    inicio: hoy,
    fin: '',
    anticipacion: '0',
  };
}

interface Props {
  /** The plan being changed (PUT); without it, a new plan (POST). */
  original?: Mantenimiento;
  /** A new plan's client, site and equipo (from the equipo's screen). */
  previo?: PlanPrevio | null;
  alGuardar: () => void;
  alCancelar: () => void;
}

/**
 * A plan's form, new or changed: client, site and equipo, the order's template (title, detail, type,
 * area, priority, responsables), the rule with a preview of its next 5 dates, start, end, anticipation.
 */
export function FormularioMantenimiento({ original, previo, alGuardar, alCancelar }: Props) {
  const zona = useZonaEmpresa();
  const hoy = hoyEn(zona);
  const clientes = useEmpresasAsignables();
  const tipos = useTiposOrden();
  const areas = useAreas();
  const prioridades = usePrioridades();
  const crear = useCrearMantenimiento();
  // One key per plan being created: a retry after a cut is the same request; a refusal (the
  // server answered, nothing was created) takes a new one, since the corrected form is another.
  const [clave, setClave] = useState(nuevaClave);
  const cambiar = useGuardarMantenimiento();
  const ocupado = crear.isPending || cambiar.isPending;
  const avisar = useAviso();
  const [v, setV] = useState<Valores>(() => valoresIniciales(hoy, original, previo));
  // What it opened with (or last saved): any other value asks before leaving.
  const [base, setBase] = useState(v);
  useCambiosSinGuardar(useMemo(() => !mismoValor(v, base), [v, base]));
  const [errores, setErrores] = useState<Partial<Record<Campo, string>>>({});
  const disponibles = useResponsablesDisponibles(v.cliente ?? 'todos');
  const { regla } = v;
  // Opened from a plan further down the list: brought into view.
  const formulario = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formulario.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  const setRegla = (r: ReglaEnFormulario) => setV((x) => ({ ...x, regla: r }));

  const reglaValida = zReglaRecurrencia.safeParse(reglaDe(regla));
  const previa =
    reglaValida.success && /^\d{4}-\d{2}-\d{2}$/.test(v.inicio)
      ? proximasFechas(reglaValida.data, { inicio: v.inicio, fin: v.fin || null }, v.inicio > hoy ? v.inicio : hoy)
      : [];
  const campoRegla = regla.tipo === 'tras_finalizar' ? 'regla.dias' : 'regla.cada';
  /** What a field holding one of the values takes: its value, change, message, off while saving. */
  const campo = <K extends keyof Valores>(nombre: K, error: Campo): PropsCampo<Valores[K]> => ({
    name: nombre,
    value: v[nombre],
    onChange: (valor) => setV((x) => ({ ...x, [nombre]: valor })),
    error: errores[error],
    disabled: ocupado,
  });
  /** The same plus the label and test id (`mantenimiento-<nombre>`). */
  const enlace = <T,>(
    nombre: string,
    label: string,
    value: T,
    onChange: (v: T) => void,
    error: string | undefined,
  ) => ({
    label,
    value,
    onChange,
    error,
    disabled: ocupado,
    'data-testid': `mantenimiento-${nombre}`,
  });
  // Type and area may have been archived since the plan was saved: the plan's own stays offered.
  const etiquetas = [
    {
      nombre: 'tipoOrden',
      clase: 'tipos',
      etiqueta: 'Tipo de orden',
      ninguno: 'Sin tipo',
      enUso: tipos.data,
      testId: 'tipo-orden',
    },
    { nombre: 'area', clase: 'areas', etiqueta: 'Área', ninguno: 'Sin área', enUso: areas.data, testId: 'area' },
  ] as const;

  function enviar() {
    const faltan: Partial<Record<Campo, string>> = {};
    if (v.cliente === null) faltan.cliente = 'Elija el cliente.';
    if (!v.titulo.trim()) faltan['plantilla.titulo'] = 'Ingrese el título de la orden.';
    if (!reglaValida.success) faltan[campoRegla] = reglaValida.error.issues[0]?.message ?? 'La regla no es válida.';
    setErrores(faltan);
    if (Object.keys(faltan).length || v.cliente === null) return;
    const cuerpo: MantenimientoGuardar = {
      cliente: v.cliente,
      ubicacion: v.ubicacion,
      equipo: v.equipo,
      regla: reglaDe(regla),
      inicio: v.inicio,
      fin: v.fin || null,
      anticipacion: Number(v.anticipacion),
      plantilla: {
        titulo: v.titulo.trim(),
        detalle: v.detalle,
        tipoOrden: v.tipoOrden,
        area: v.area,
        prioridad: v.prioridad,
        responsable: v.responsable,
      },
      // Changing a plan does not resume or pause it.
      activo: original?.activo ?? true,
    };
    const opciones = {
      onSuccess: (p: Mantenimiento) => {
        avisar(original ? `Se guardó «${p.plantilla.titulo}».` : `Se programó «${p.plantilla.titulo}».`);
        setBase(v);
        alGuardar();
      },
      onError: (e: unknown) => {
        if (e instanceof ApiError && e.status >= 400 && e.status < 500) setClave(nuevaClave());
        setErrores(erroresDeGuardado(e, CAMPOS));
      },
    };
    if (original) cambiar.mutate({ id: original.id, cuerpo }, opciones);
    else crear.mutate({ cuerpo, clave }, opciones);
  }

  return (
    <form
      ref={formulario}
      className="delego-card mantenimiento-form delego-columnas delego-columnas--768"
      data-testid="mantenimiento-form"
      aria-label={original ? 'Editar plan' : 'Nuevo plan'}
      onSubmit={(e) => {
        e.preventDefault();
        enviar();
      }}
    >
      <CampoSeleccion<number, number | null>
        {...campo('cliente', 'cliente')}
        label="Cliente"
        placeholder={clientes.isPending ? 'Cargando…' : 'Elija el cliente'}
        opciones={(clientes.data ?? []).map((c) => ({ valor: c.id, texto: c.nombre }))}
        onChange={(cliente) =>
          // A site, an equipo and the responsables belong to one client.
          setV((x) => (cliente === x.cliente ? x : { ...x, cliente, ubicacion: null, equipo: null, responsable: [] }))
        }
        data-testid="mantenimiento-cliente"
      />
      <CamposUbicacionEquipo
        cliente={v.cliente}
        ubicacion={campo('ubicacion', 'ubicacion')}
        equipo={campo('equipo', 'equipo')}
        testId="mantenimiento"
      />
      <CampoTexto
        {...campo('titulo', 'plantilla.titulo')}
        label="Título de la orden"
        max={LIMITES_ORDEN.titulo}
        data-testid="mantenimiento-titulo"
      />
      <CampoTextoLargo
        {...campo('detalle', 'plantilla.detalle')}
        label="Detalle de la orden (opcional)"
        max={LIMITES_ORDEN.detalle}
        rows={3}
        ubicacion="mantenimiento-form__ancho"
        data-testid="mantenimiento-detalle"
      />
      {etiquetas.map(({ nombre, clase, etiqueta, ninguno, enUso, testId }) => (
        <CampoEtiqueta
          key={nombre}
          {...campo(nombre, `plantilla.${nombre}`)}
          clase={clase}
          enUso={enUso}
          delPlan={original ? original.plantilla[nombre] : undefined}
          label={etiqueta}
          ninguno={ninguno}
          data-testid={`mantenimiento-${testId}`}
        />
      ))}
      <CampoSeleccion<number, number | null>
        {...campo('prioridad', 'plantilla.prioridad')}
        label="Prioridad"
        ninguno="Sin prioridad"
        opciones={(prioridades.data ?? []).map((e) => ({ valor: e.id, texto: e.nombre }))}
        data-testid="mantenimiento-prioridad"
      />
      <CampoSeleccionMultiple
        {...campo('responsable', 'plantilla.responsable')}
        label="Responsables"
        interfaceOptions={{ header: 'Responsables' }}
        placeholder="Sin responsable"
        opciones={(disponibles.data ?? []).map((u) => ({ valor: u.id, texto: nombrePersona(u) }))}
        data-testid="mantenimiento-responsables"
      />
      <CampoSeleccion
        name="tipo"
        {...enlace('tipo', 'Se repite', regla.tipo, (tipo) => setRegla({ ...regla, tipo }), undefined)}
        opciones={TIPOS}
      />
      <CampoTexto
        name="cada"
        inputmode="numeric"
        {...enlace(
          'cada',
          regla.tipo === 'tras_finalizar' ? 'Días después de finalizar' : 'Cada (N)',
          regla.cada,
          (cada) => setRegla({ ...regla, cada }),
          errores[campoRegla],
        )}
      />
      {regla.tipo === 'meses' && (
        <CampoTexto
          name="dia"
          inputmode="numeric"
          {...enlace(
            'dia',
            'Día del mes (31 = último día)',
            regla.dia,
            (dia) => setRegla({ ...regla, dia }),
            errores['regla.dia'],
          )}
        />
      )}
      {regla.tipo === 'semanas' && (
        <fieldset
          className="mantenimiento-form__dias mantenimiento-form__ancho"
          data-testid="mantenimiento-dias-semana"
        >
          <legend>Días de la semana</legend>
          {DIAS_SEMANA.map((d) => (
            <IonCheckbox
              key={d}
              labelPlacement="end"
              checked={regla.diasSemana.includes(d)}
              onIonChange={(e) =>
                setRegla({
                  ...regla,
                  diasSemana: e.detail.checked ? [...regla.diasSemana, d] : regla.diasSemana.filter((x) => x !== d),
                })
              }
            >
              {NOMBRES_DIAS_SEMANA[d - 1]}
            </IonCheckbox>
          ))}
          <MensajeCampo error={errores['regla.diasSemana']} />
        </fieldset>
      )}
      <CampoFecha {...campo('inicio', 'inicio')} label="Desde" data-testid="mantenimiento-inicio" />
      <CampoFecha {...campo('fin', 'fin')} label="Hasta (opcional)" data-testid="mantenimiento-fin" />
      <CampoTexto
        {...campo('anticipacion', 'anticipacion')}
        inputmode="numeric"
        label="Crear la orden N días antes"
        data-testid="mantenimiento-anticipacion"
      />
      <div
        className="mantenimiento-form__previa mantenimiento-form__ancho"
        data-testid="mantenimiento-previa"
        aria-live="polite"
      >
        <IonNote>Próximas fechas: </IonNote>
        {previa.length ? previa.map(textoDeDia).join(' · ') : 'ninguna con estos datos'}
      </div>
      <BotonesFormulario
        clase="mantenimiento-form__botones mantenimiento-form__ancho"
        onCancelar={alCancelar}
        ocupado={ocupado}
        texto={original ? 'Guardar' : 'Programar'}
        textoOcupado="Guardando…"
        testId="mantenimiento-guardar"
      />
    </form>
  );
}

type PropsEtiqueta = PropsCampo<number | null> & {
  clase: ClaseEtiqueta;
  /** The catalogue in use (archived ones left out), undefined while it loads. */
  enUso: readonly { id: number; nombre: string }[] | undefined;
  label: string;
  ninguno: string;
  'data-testid': string;
};

const ARCHIVADO: Record<ClaseEtiqueta, string> = { tipos: 'archivado', areas: 'archivada' };

/**
 * The template's type or area. A new plan is offered the ones in use. A plan being edited (a form
 * is one or the other for its whole life) also reads the archived ones: the one it has saved, when
 * archived since, is offered as «Preventivo (archivado)» instead of a blank select, to that plan only.
 */
function CampoEtiqueta({ delPlan, ...props }: PropsEtiqueta & { delPlan: number | null | undefined }) {
  if (delPlan === undefined)
    return <CampoSeleccion<number, number | null> {...props} opciones={opcionesDe(props.enUso)} />;
  return <CampoEtiquetaDelPlan {...props} delPlan={delPlan} />;
}

function CampoEtiquetaDelPlan({ clase, enUso, delPlan, ...props }: PropsEtiqueta & { delPlan: number | null }) {
  const todas = useEtiquetas(clase);
  const opciones = opcionesDe(enUso);
  const suya = enUso && !enUso.some((e) => e.id === delPlan) && todas.data?.find((e) => e.id === delPlan);
  if (suya) opciones.push({ valor: suya.id, texto: `${suya.nombre} (${ARCHIVADO[clase]})` });
  return <CampoSeleccion<number, number | null> {...props} opciones={opciones} />;
}

function opcionesDe(lista: PropsEtiqueta['enUso']): Opcion<number>[] {
  return (lista ?? []).map((e) => ({ valor: e.id, texto: e.nombre }));
}
