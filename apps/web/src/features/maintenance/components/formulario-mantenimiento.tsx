import {
  DIAS_SEMANA,
  hoyEn,
  NOMBRES_DIAS_SEMANA,
  proximasFechas,
  textoDeDia,
  zReglaRecurrencia,
  type MantenimientoGuardar,
} from '@delego/contract';
import { IonCheckbox, IonNote } from '@ionic/react';
import { useState } from 'react';
import { BotonGuardar } from '../../../components/botones-formulario';
import { CampoFecha } from '../../../components/campo-fecha';
import { CampoSeleccion, CampoTexto, MensajeCampo } from '../../../components/campos';
import { useAviso } from '../../../components/avisos';
import { useZonaEmpresa } from '../../../lib/fechas';
import { erroresDeGuardado } from '../../../lib/formularios';
import { useEmpresasAsignables } from '../../orders';
import { useCrearMantenimiento } from '../api/mantenimientos';
import { REGLA_INICIAL, reglaDe, type ReglaEnFormulario } from '../model/regla';

const TIPOS: { valor: ReglaEnFormulario['tipo']; texto: string }[] = [
  { valor: 'dias', texto: 'Cada N días' },
  { valor: 'semanas', texto: 'Cada N semanas, en días elegidos' },
  { valor: 'meses', texto: 'Cada N meses, un día del mes' },
  { valor: 'tras_finalizar', texto: 'N días después de finalizar la anterior' },
];

const CAMPOS = [
  'cliente',
  'inicio',
  'fin',
  'anticipacion',
  'plantilla.titulo',
  'regla.cada',
  'regla.dias',
  'regla.dia',
  'regla.diasSemana',
] as const;
type Campo = (typeof CAMPOS)[number];

/** The new plan's form: client, order title, the rule with a preview of its next 5 dates, start, end, anticipation. */
export function FormularioMantenimiento({ alGuardar }: { alGuardar: () => void }) {
  const zona = useZonaEmpresa();
  const hoy = hoyEn(zona);
  const clientes = useEmpresasAsignables();
  const crear = useCrearMantenimiento();
  const avisar = useAviso();
  const [cliente, setCliente] = useState<number | null>(null);
  const [titulo, setTitulo] = useState('');
  const [regla, setRegla] = useState<ReglaEnFormulario>(REGLA_INICIAL);
  const [inicio, setInicio] = useState(hoy);
  const [fin, setFin] = useState('');
  const [anticipacion, setAnticipacion] = useState('0');
  const [errores, setErrores] = useState<Partial<Record<Campo, string>>>({});

  const reglaValida = zReglaRecurrencia.safeParse(reglaDe(regla));
  const previa =
    reglaValida.success && /^\d{4}-\d{2}-\d{2}$/.test(inicio)
      ? proximasFechas(reglaValida.data, { inicio, fin: fin || null }, inicio > hoy ? inicio : hoy)
      : [];
  const campoRegla = regla.tipo === 'tras_finalizar' ? 'regla.dias' : 'regla.cada';
  /** What every field of this form takes: its label, value, message, and off while saving. */
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
    disabled: crear.isPending,
    'data-testid': `mantenimiento-${nombre}`,
  });

  function enviar() {
    const faltan: Partial<Record<Campo, string>> = {};
    if (cliente === null) faltan.cliente = 'Elija el cliente.';
    if (!titulo.trim()) faltan['plantilla.titulo'] = 'Ingrese el título de la orden.';
    if (!reglaValida.success) faltan[campoRegla] = reglaValida.error.issues[0]?.message ?? 'La regla no es válida.';
    setErrores(faltan);
    if (Object.keys(faltan).length || cliente === null) return;
    const cuerpo: MantenimientoGuardar = {
      cliente,
      regla: reglaDe(regla),
      inicio,
      fin: fin || null,
      anticipacion: Number(anticipacion),
      plantilla: { titulo: titulo.trim(), responsable: [] },
    };
    crear.mutate(cuerpo, {
      onSuccess: (p) => {
        avisar(`Se programó «${p.plantilla.titulo}».`);
        alGuardar();
      },
      onError: (e) => setErrores(erroresDeGuardado(e, CAMPOS)),
    });
  }

  return (
    <form
      className="delego-card mantenimiento-form"
      data-testid="mantenimiento-form"
      onSubmit={(e) => {
        e.preventDefault();
        enviar();
      }}
    >
      <CampoSeleccion<number, number | null>
        name="cliente"
        {...enlace('cliente', 'Cliente', cliente, setCliente, errores.cliente)}
        placeholder={clientes.isPending ? 'Cargando…' : 'Elija el cliente'}
        opciones={(clientes.data ?? []).map((c) => ({ valor: c.id, texto: c.nombre }))}
      />
      <CampoTexto
        name="titulo"
        {...enlace('titulo', 'Título de la orden', titulo, setTitulo, errores['plantilla.titulo'])}
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
        <fieldset className="mantenimiento-form__dias" data-testid="mantenimiento-dias-semana">
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
      <CampoFecha {...enlace('inicio', 'Desde', inicio, setInicio, errores.inicio)} />
      <CampoFecha {...enlace('fin', 'Hasta (opcional)', fin, setFin, errores.fin)} />
      <CampoTexto
        name="anticipacion"
        inputmode="numeric"
        {...enlace('anticipacion', 'Crear la orden N días antes', anticipacion, setAnticipacion, errores.anticipacion)}
      />
      <div className="mantenimiento-form__previa" data-testid="mantenimiento-previa" aria-live="polite">
        <IonNote>Próximas fechas: </IonNote>
        {previa.length ? previa.map(textoDeDia).join(' · ') : 'ninguna con estos datos'}
      </div>
      <BotonGuardar
        ocupado={crear.isPending}
        texto="Programar"
        textoOcupado="Guardando…"
        testId="mantenimiento-guardar"
      />
    </form>
  );
}
