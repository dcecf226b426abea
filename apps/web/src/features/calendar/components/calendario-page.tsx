import {
  ESTADOS,
  diaDeMs,
  diaDeTexto,
  esDia,
  hoyEn,
  textoDeDia,
  type Calendario,
  type CalendarioQuery,
  type Dia,
} from '@delego/contract';
import {
  IonButton,
  IonContent,
  IonLabel,
  IonProgressBar,
  IonSegment,
  IonSegmentButton,
  useIonRouter,
} from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { calendarOutline, chevronBackOutline, chevronForwardOutline } from 'ionicons/icons';
import { useEffect, useMemo, useState } from 'react';
import { BotonIcono } from '../../../components/boton-icono';
import { CampoFecha } from '../../../components/campo-fecha';
import { CampoSeleccion, type Opcion } from '../../../components/campos';
import { campoDeFiltro } from '../../../lib/campo-de-filtro';
import { EstadoError, EstadoPantalla, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { useAviso } from '../../../components/avisos';
import { notificarError } from '../../../lib/errors';
import { useZonaEmpresa } from '../../../lib/fechas';
import { useResponsablesDisponibles } from '../../../domain/orden';
import { nombrePersona, useClientesUsados } from '../../orders';
import { useCalendario } from '../api/get-calendario';
import { useMoverOrden } from '../api/mover-orden';
import { calendarioKeys } from '../keys';
import {
  cargaPorResponsable,
  conOrdenMovida,
  diasDelMes,
  fechaFinMovida,
  moverAncla,
  porDia,
  rangoDeVista,
  semanaDe,
  semanasDelMes,
  tituloDeVista,
  type DelDia,
  type Vista,
} from '../model/grilla';
import { enVista, type OrdenEnVista } from '../model/respuesta';
import type { AccionesDeOrden } from './chips';
import { Agenda, VistaMes, VistaSemana } from './vistas';
import '../calendario.css';

/** Narrower than this, the calendar is an agenda list (a phone). */
const TELEFONO = '(max-width: 767.98px)';

function useEsTelefono(): boolean {
  const [es, setEs] = useState(() => window.matchMedia(TELEFONO).matches);
  useEffect(() => {
    const m = window.matchMedia(TELEFONO);
    const cambio = () => setEs(m.matches);
    m.addEventListener('change', cambio);
    return () => m.removeEventListener('change', cambio);
  }, []);
  return es;
}

interface Filtros {
  responsable: number | null;
  cliente: number | null;
  estado: number | null;
}

const opciones = <E extends { id: number }>(
  lista: readonly E[] | undefined,
  texto: (e: E) => string,
): Opcion<number>[] => (lista ?? []).map((e) => ({ valor: e.id, texto: texto(e) }));

/**
 * calendario (issue 32, docs/CALENDARIO.md): the orders due and the plans' scheduled occurrences,
 * by month or by week (a row per responsable), an agenda on the phone; drag an order to another day
 * (desktop) or «Mover a…» a chosen day to change its due date.
 */
export default function CalendarioPage() {
  const zona = useZonaEmpresa();
  const telefono = useEsTelefono();
  const router = useIonRouter();
  const queryClient = useQueryClient();
  const aviso = useAviso();
  const mover = useMoverOrden();
  const [vista, setVista] = useState<Vista>('mes');
  const [ancla, setAncla] = useState<Dia>(() => hoyEn(zona));
  const [filtros, setFiltros] = useState<Filtros>({ responsable: null, cliente: null, estado: null });
  const [moviendo, setMoviendo] = useState<{ orden: OrdenEnVista; dia: string } | null>(null);
  const clientes = useClientesUsados();
  const usuarios = useResponsablesDisponibles('todos');

  const rango = rangoDeVista(vista, ancla);
  const consulta: CalendarioQuery = {
    ...rango,
    ...(filtros.responsable ? { responsable: filtros.responsable } : {}),
    ...(filtros.cliente ? { cliente: filtros.cliente } : {}),
    ...(filtros.estado ? { estados: String(filtros.estado) } : {}),
  };
  const calendario = useCalendario(consulta);
  // The answer names people and clients once; its rows get their names back here, once per answer.
  const datos = useMemo(() => (calendario.data ? enVista(calendario.data) : undefined), [calendario.data]);
  const dias = useMemo(() => (datos ? porDia(datos, zona) : new Map<Dia, DelDia>()), [datos, zona]);
  const filas = useMemo(() => (datos ? cargaPorResponsable(datos, zona) : []), [datos, zona]);

  /** Moves the order's due date to `dia`: shown at once, put back with the server's message if refused. */
  async function moverA(o: OrdenEnVista, dia: Dia) {
    if (diaDeMs(o.fechaFin, zona) === dia) return;
    const fecha = fechaFinMovida(o.fechaFin, dia, zona);
    const clave = calendarioKeys.rango(consulta);
    const antes = queryClient.getQueryData<Calendario>(clave);
    if (antes) queryClient.setQueryData(clave, conOrdenMovida(antes, o.id, fecha));
    try {
      await mover.mutateAsync({ id: o.id, fecha });
      aviso(`#${o.numero} ahora vence el ${textoDeDia(dia)}.`);
    } catch (error) {
      if (antes) queryClient.setQueryData(clave, antes);
      notificarError(error);
    } finally {
      void queryClient.invalidateQueries({ queryKey: calendarioKeys.all });
    }
  }

  const acciones: AccionesDeOrden = {
    abrir: (o) => router.push(`/orden/${o.id}`),
    pedirMover: (o) => setMoviendo({ orden: o, dia: diaDeMs(o.fechaFin, zona) }),
    arrastrable: !telefono,
  };
  const soltar = (id: number, dia: Dia) => {
    const o = datos?.ordenes.find((x) => x.id === id);
    if (o?.editable) void moverA(o, dia);
  };
  // The phone's month agenda lists the month's own days; the grid shows its whole weeks.
  const visibles = telefono && vista === 'mes' ? delMes(dias, ancla) : dias;
  const vacio = visibles.size === 0;
  // What «nada vence» speaks of: the days shown (the phone's month agenda, the month alone).
  const periodo = telefono && vista === 'mes' ? diasDelMes(ancla) : rango;
  const filtrosDeLaBarra: { campo: keyof Filtros; etiqueta: string; opciones: Opcion<number>[] }[] = [
    { campo: 'responsable', etiqueta: 'Responsable', opciones: opciones(usuarios.data, nombrePersona) },
    { campo: 'cliente', etiqueta: 'Cliente', opciones: opciones(clientes.data, (c) => c.nombre) },
    { campo: 'estado', etiqueta: 'Estado', opciones: opciones(ESTADOS, (e) => e.nombre) },
  ];

  return (
    <>
      <PageHeader titulo="Calendario" volverA="/home" />
      <IonContent className="ion-padding delego-page-content">
        <div className="delego-container calendario">
          <section className="delego-card calendario-barra" aria-label="Período y filtros">
            <div className="calendario-barra__periodo">
              <BotonIcono
                icono={chevronBackOutline}
                etiqueta={vista === 'mes' ? 'Mes anterior' : 'Semana anterior'}
                onClick={() => setAncla((a) => moverAncla(vista, a, -1))}
                className="calendario-barra__anterior"
                testId="calendario-anterior"
              />
              <h2 className="calendario-barra__titulo" data-testid="calendario-titulo">
                {tituloDeVista(vista, ancla)}
              </h2>
              <BotonIcono
                icono={chevronForwardOutline}
                etiqueta={vista === 'mes' ? 'Mes siguiente' : 'Semana siguiente'}
                onClick={() => setAncla((a) => moverAncla(vista, a, 1))}
                className="calendario-barra__siguiente"
                testId="calendario-siguiente"
              />
              <IonButton
                className="calendario-barra__hoy"
                fill="outline"
                size="small"
                onClick={() => setAncla(hoyEn(zona))}
                data-testid="calendario-hoy"
              >
                Hoy
              </IonButton>
              <IonSegment
                className="calendario-barra__vista"
                value={vista}
                onIonChange={(e) => setVista(e.detail.value === 'semana' ? 'semana' : 'mes')}
                aria-label="Vista"
              >
                <IonSegmentButton value="mes" data-testid="calendario-vista-mes">
                  <IonLabel>Mes</IonLabel>
                </IonSegmentButton>
                <IonSegmentButton value="semana" data-testid="calendario-vista-semana">
                  <IonLabel>Semana</IonLabel>
                </IonSegmentButton>
              </IonSegment>
            </div>
            <div className="calendario-barra__filtros">
              {filtrosDeLaBarra.map(({ campo, etiqueta, opciones: lista }) => (
                <CampoSeleccion<number, number | null>
                  key={campo}
                  {...campoDeFiltro(filtros[campo], (valor) => setFiltros((f) => ({ ...f, [campo]: valor })), campo)}
                  label={etiqueta}
                  ninguno="Todos"
                  opciones={lista}
                  data-testid={`calendario-filtro-${campo}`}
                />
              ))}
            </div>
          </section>

          {moviendo && (
            <MoverA
              orden={moviendo.orden}
              dia={moviendo.dia}
              onDia={(dia) => setMoviendo((m) => m && { ...m, dia })}
              onCancelar={() => setMoviendo(null)}
              onMover={(dia) => {
                setMoviendo(null);
                void moverA(moviendo.orden, dia);
              }}
            />
          )}

          {calendario.isPending ? (
            <FilasCargando ambito="ordenes" filas={6} testId="calendario-cargando" />
          ) : calendario.isError ? (
            <EstadoError
              ambito="estadisticas"
              error={calendario.error}
              onReintentar={() => void calendario.refetch()}
            />
          ) : (
            <div
              className={`calendario-resultado${calendario.isPlaceholderData ? ' calendario-resultado--actualizando' : ''}`}
              aria-busy={calendario.isPlaceholderData}
            >
              {calendario.isPlaceholderData && <IonProgressBar type="indeterminate" aria-label="Actualizando" />}
              {vacio && (
                <EstadoPantalla icono={calendarOutline} titulo="Nada vence en este período" testId="calendario-vacio">
                  No hay órdenes con fecha de fin ni trabajos programados entre el {textoDeDia(periodo.desde)} y el{' '}
                  {textoDeDia(periodo.hasta)}
                  {filtros.responsable || filtros.cliente || filtros.estado ? ' con estos filtros' : ''}. Las órdenes
                  sin fecha de fin no aparecen en el calendario.
                </EstadoPantalla>
              )}
              {vacio ? null : telefono ? (
                <Agenda dias={visibles} zona={zona} acciones={acciones} />
              ) : vista === 'mes' ? (
                <VistaMes
                  semanas={semanasDelMes(ancla)}
                  mes={ancla.slice(0, 7)}
                  dias={dias}
                  zona={zona}
                  acciones={acciones}
                  soltar={soltar}
                />
              ) : (
                <VistaSemana
                  semana={semanaDe(ancla)}
                  filas={filas}
                  dias={dias}
                  zona={zona}
                  acciones={acciones}
                  soltar={soltar}
                />
              )}
            </div>
          )}
        </div>
      </IonContent>
    </>
  );
}

/** The days of the anchor's month only (the month view's first and last weeks reach into others). */
function delMes<T>(dias: Map<Dia, T>, ancla: Dia): Map<Dia, T> {
  return new Map([...dias].filter(([dia]) => dia.slice(0, 7) === ancla.slice(0, 7)));
}

/** The keyboard's way to move an order: a day field and «Mover». */
function MoverA({
  orden,
  dia,
  onDia,
  onCancelar,
  onMover,
}: {
  orden: OrdenEnVista;
  dia: string;
  onDia: (dia: string) => void;
  onCancelar: () => void;
  onMover: (dia: Dia) => void;
}) {
  const valido = esDia(dia);
  return (
    <section
      className="delego-card calendario-mover"
      aria-label={`Mover #${orden.numero}`}
      data-testid="calendario-mover"
    >
      <p className="calendario-mover__titulo">
        Mover #{orden.numero} «{orden.titulo}» a…
      </p>
      <form
        className="calendario-mover__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valido) onMover(dia);
        }}
      >
        <CampoFecha
          label="Nueva fecha de fin"
          value={dia}
          onChange={(v) => onDia(diaDeTexto(v) ?? v)}
          data-testid="calendario-mover-fecha"
        />
        <IonButton type="submit" disabled={!valido} data-testid="calendario-mover-confirmar">
          Mover
        </IonButton>
        <IonButton type="button" fill="clear" color="medium" onClick={onCancelar}>
          Cancelar
        </IonButton>
      </form>
    </section>
  );
}
