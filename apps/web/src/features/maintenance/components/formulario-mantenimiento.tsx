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
        label="Cliente"
        value={cliente}
        onChange={setCliente}
        error={errores.cliente}
        placeholder={clientes.isPending ? 'Cargando…' : 'Elija el cliente'}
        opciones={(clientes.data ?? []).map((c) => ({ valor: c.id, texto: c.nombre }))}
        disabled={crear.isPending}
        data-testid="mantenimiento-cliente"
      />
      <CampoTexto
        name="titulo"
        label="Título de la orden"
        value={titulo}
        onChange={setTitulo}
        error={errores['plantilla.titulo']}
        disabled={crear.isPending}
        data-testid="mantenimiento-titulo"
      />
      <CampoSeleccion
        name="tipo"
        label="Se repite"
        value={regla.tipo}
        onChange={(tipo) => setRegla({ ...regla, tipo })}
        opciones={TIPOS}
        error={undefined}
        disabled={crear.isPending}
        data-testid="mantenimiento-tipo"
      />
      <CampoTexto
        name="cada"
        label={regla.tipo === 'tras_finalizar' ? 'Días después de finalizar' : 'Cada (N)'}
        inputmode="numeric"
        value={regla.cada}
        onChange={(cada) => setRegla({ ...regla, cada })}
        error={errores[campoRegla]}
        disabled={crear.isPending}
        data-testid="mantenimiento-cada"
      />
      {regla.tipo === 'meses' && (
        <CampoTexto
          name="dia"
          label="Día del mes (31 = último día)"
          inputmode="numeric"
          value={regla.dia}
          onChange={(dia) => setRegla({ ...regla, dia })}
          error={errores['regla.dia']}
          disabled={crear.isPending}
          data-testid="mantenimiento-dia"
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
      <CampoFecha
        label="Desde"
        value={inicio}
        onChange={setInicio}
        error={errores.inicio}
        disabled={crear.isPending}
        data-testid="mantenimiento-inicio"
      />
      <CampoFecha
        label="Hasta (opcional)"
        value={fin}
        onChange={setFin}
        error={errores.fin}
        disabled={crear.isPending}
        data-testid="mantenimiento-fin"
      />
      <CampoTexto
        name="anticipacion"
        label="Crear la orden N días antes"
        inputmode="numeric"
        value={anticipacion}
        onChange={setAnticipacion}
        error={errores.anticipacion}
        disabled={crear.isPending}
        data-testid="mantenimiento-anticipacion"
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
