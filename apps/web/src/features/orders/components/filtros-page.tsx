import { CAMPOS_FECHA, ESTADOS, FILTROS_SLA, esDia, type FiltroSla } from '@delego/contract';
import { IonButton, IonContent, IonToggle, useIonRouter } from '@ionic/react';
import { useMemo, useState, type FormEvent } from 'react';
import { CampoFecha } from '../../../components/campo-fecha';
import { CampoSeleccion, type Opcion } from '../../../components/campos';
import { campoDeFiltro } from '../../../lib/campo-de-filtro';
import { CamposUbicacionEquipo } from '../../../domain/equipo';
import { PageHeader } from '../../../components/page-header';
import { useAreas, usePrioridades, useTiposOrden } from '../../../lib/catalogos';
import { useClientesUsados } from '../api/get-clientes-usados';
import { useResponsablesDisponibles } from '../../../domain/orden';
import { useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
import { errorDeFecha } from '../../../lib/fechas';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import {
  FILTROS_INICIALES,
  NOMBRES_CAMPO_FECHA,
  NOMBRES_FILTRO_SLA,
  consultaDeFiltros,
  idsDeEstados,
  leerFiltros,
  normalizarEstados,
  type FiltrosLista,
} from '../model/filtros';
import { nombrePersona } from '../model/formato';
import { enviarConEnter } from '../../../lib/formularios';
import { OpcionesVarias, opcionDeEstado } from './opciones';
import '../orders.css';

const RUTA = '/orderslistfilter';
const TODOS_LOS_ESTADOS = ESTADOS.map((e) => e.id as number);

type FiltroDeDato = 'cliente' | 'responsable' | 'tipo' | 'area' | 'prioridad';

/** A catalogue as the options of a select, while it loads none. */
function catalogo<E extends { id: number }>(
  lista: readonly E[] | undefined,
  texto: (e: E) => string,
): Opcion<number>[] {
  return (lista ?? []).map((e) => ({ valor: e.id, texto: texto(e) }));
}

/** The filters being edited: the states as a set of ticks. */
interface Borrador extends Omit<FiltrosLista, 'estados'> {
  estados: number[];
}

function aBorrador(f: FiltrosLista): Borrador {
  return { ...f, estados: idsDeEstados(f.estados) ?? TODOS_LOS_ESTADOS };
}

function deBorrador(b: Borrador): FiltrosLista {
  return { ...b, estados: normalizarEstados(b.estados) };
}

/** The problem with a date range, if any: shown on «hasta», the field that closes it. */
export function problemaRango(desde: string | null, hasta: string | null): string | undefined {
  if (hasta && !esDia(hasta)) return errorDeFecha(hasta);
  return desde && hasta && esDia(desde) && hasta < desde
    ? 'La fecha "hasta" no puede ser anterior a "desde".'
    : undefined;
}

/**
 * orderslistfilter: the filters of the order list. It opens with the list's filters (they come in
 * its address) and applies them by going to Inicio with them in the address.
 */
export default function FiltrosPage() {
  const consulta = useConsultaDeRuta(RUTA);
  const iniciales = useMemo(() => leerFiltros(consulta), [consulta]);
  const vez = useReinicioAlSalir();
  // Opened again, the form starts over from the list's filters.
  return <FormularioFiltros key={`${consulta.toString()}-${vez}`} iniciales={iniciales} />;
}

function FormularioFiltros({ iniciales }: { iniciales: FiltrosLista }) {
  const router = useIonRouter();
  const [borrador, setBorrador] = useState<Borrador>(() => aBorrador(iniciales));
  const [intento, setIntento] = useState(false);
  const clientes = useClientesUsados();
  const usuarios = useResponsablesDisponibles('todos');
  const tipos = useTiposOrden();
  const areas = useAreas();
  const prioridades = usePrioridades();

  const errorRango = intento ? problemaRango(borrador.fechaDesde, borrador.fechaHasta) : undefined;
  const cambiar = (parcial: Partial<Borrador>) => setBorrador((b) => ({ ...b, ...parcial }));
  // The filters on the order's own data: each one is 'Todos' (none) or one of its catalogue.
  const datos: { campo: FiltroDeDato; etiqueta: string; todos: string; opciones: Opcion<number>[] }[] = [
    { campo: 'cliente', etiqueta: 'Cliente', todos: 'Todos', opciones: catalogo(clientes.data, (c) => c.nombre) },
    { campo: 'responsable', etiqueta: 'Responsable', todos: 'Todos', opciones: catalogo(usuarios.data, nombrePersona) },
    { campo: 'tipo', etiqueta: 'Tipo de orden', todos: 'Todos', opciones: catalogo(tipos.data, (t) => t.nombre) },
    { campo: 'area', etiqueta: 'Área', todos: 'Todas', opciones: catalogo(areas.data, (a) => a.nombre) },
    {
      campo: 'prioridad',
      etiqueta: 'Prioridad',
      todos: 'Todas',
      opciones: catalogo(prioridades.data, (p) => p.nombre),
    },
  ];

  function aplicar() {
    setIntento(true);
    if (errorDeFecha(borrador.fechaDesde ?? '') || problemaRango(borrador.fechaDesde, borrador.fechaHasta)) return;
    router.push(`/home${consultaDeFiltros(deBorrador(borrador))}`, 'back', 'pop');
  }

  function alEnviar(e: FormEvent) {
    e.preventDefault();
    aplicar();
  }

  function limpiar() {
    setIntento(false);
    setBorrador(aBorrador({ ...FILTROS_INICIALES, buscar: borrador.buscar, orden: borrador.orden }));
  }

  return (
    <>
      <PageHeader titulo="Filtros" volverA={`/home${consultaDeFiltros(iniciales)}`} />
      <IonContent className="ion-padding delego-page-content">
        <form
          className="delego-container ordenes-formulario"
          onSubmit={alEnviar}
          onKeyDown={enviarConEnter(aplicar)}
          noValidate
          aria-label="Filtros de órdenes"
        >
          <section className="delego-card ordenes-formulario__tarjeta">
            <h2 className="ordenes-formulario__subtitulo">Estados</h2>
            <OpcionesVarias
              lines="none"
              clase="ordenes-opciones--compactas"
              opciones={ESTADOS.map((e) => opcionDeEstado(e, `filtro-estado-${e.id}`))}
              elegidas={borrador.estados}
              onCambiar={(estados) => cambiar({ estados })}
            />
            <p className="ordenes-formulario__ayuda">Sin ninguno marcado se muestran todas.</p>
            <IonToggle
              className="ordenes-toggle"
              checked={borrador.vencidas}
              onIonChange={(e) => cambiar({ vencidas: e.detail.checked })}
              justify="space-between"
              data-testid="filtro-vencidas"
            >
              Solo vencidas
            </IonToggle>
            <div className="ordenes-filtro-sla">
              <CampoSeleccion<FiltroSla, FiltroSla | null>
                {...campoDeFiltro(borrador.sla, (sla) => cambiar({ sla }), 'sla')}
                label="Nivel de servicio (SLA)"
                ninguno="Todas"
                opciones={FILTROS_SLA.map((s) => ({ valor: s, texto: NOMBRES_FILTRO_SLA[s] }))}
                data-testid="filtro-sla"
              />
            </div>
          </section>

          <section className="delego-card ordenes-formulario__tarjeta ordenes-formulario__grilla delego-columnas delego-columnas--640">
            <h2 className="ordenes-formulario__subtitulo">Datos de la orden</h2>
            {datos.map(({ campo, etiqueta, todos, opciones }) => (
              <CampoSeleccion<number, number | null>
                key={campo}
                {...campoDeFiltro(
                  borrador[campo],
                  // Another client: its sites and equipos are not the old one's.
                  (valor) =>
                    cambiar(
                      campo === 'cliente' && valor !== borrador.cliente
                        ? { cliente: valor, ubicacion: null, equipo: null }
                        : { [campo]: valor },
                    ),
                  campo,
                )}
                label={etiqueta}
                ninguno={todos}
                opciones={opciones}
                data-testid={`filtro-${campo}`}
              />
            ))}
            <CamposUbicacionEquipo
              cliente={borrador.cliente}
              ubicacion={campoDeFiltro(borrador.ubicacion, (ubicacion) => cambiar({ ubicacion }), 'ubicacion')}
              equipo={campoDeFiltro(borrador.equipo, (equipo) => cambiar({ equipo }), 'equipo')}
              testId="filtro"
              comoFiltro
            />
          </section>

          <section className="delego-card ordenes-formulario__tarjeta ordenes-formulario__campos">
            <h2 className="ordenes-formulario__subtitulo">Fechas</h2>
            <CampoSeleccion
              {...campoDeFiltro(borrador.campoFecha, (campoFecha) => cambiar({ campoFecha }), 'campoFecha')}
              label="Fecha de"
              opciones={CAMPOS_FECHA.map((c) => ({ valor: c, texto: NOMBRES_CAMPO_FECHA[c] }))}
              data-testid="filtro-campo-fecha"
            />
            <div className="ordenes-formulario__par">
              <CampoFecha
                label="Desde"
                value={borrador.fechaDesde ?? ''}
                error={intento ? errorDeFecha(borrador.fechaDesde ?? '') : undefined}
                onChange={(dia) => cambiar({ fechaDesde: dia || null })}
                data-testid="filtro-desde"
              />
              <CampoFecha
                label="Hasta"
                value={borrador.fechaHasta ?? ''}
                min={borrador.fechaDesde && esDia(borrador.fechaDesde) ? borrador.fechaDesde : undefined}
                error={errorRango}
                onChange={(dia) => cambiar({ fechaHasta: dia || null })}
                data-testid="filtro-hasta"
              />
            </div>
          </section>

          <div className="ordenes-formulario__botones">
            <IonButton type="button" fill="outline" color="medium" onClick={limpiar} data-testid="filtros-limpiar">
              Limpiar
            </IonButton>
            <IonButton type="submit" data-testid="filtros-aplicar">
              Aplicar filtros
            </IonButton>
          </div>
        </form>
      </IonContent>
    </>
  );
}
