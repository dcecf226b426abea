import { CAMPOS_FECHA, ESTADOS, esDia } from '@delego/contract';
import {
  IonButton,
  IonCheckbox,
  IonContent,
  IonItem,
  IonList,
  IonSelect,
  IonSelectOption,
  IonToggle,
  useIonRouter,
} from '@ionic/react';
import { useMemo, useState, type FormEvent } from 'react';
import { CampoFecha as CampoDeFecha } from '../../../components/campo-fecha';
import { PageHeader } from '../../../components/page-header';
import { useAreas } from '../api/get-areas';
import { useClientesUsados } from '../api/get-clientes-usados';
import { usePrioridades } from '../api/get-prioridades';
import { useResponsablesDisponibles } from '../api/get-responsables-disponibles';
import { useTiposOrden } from '../api/get-tipos-orden';
import { useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
import { errorDeFecha } from '../../../lib/fechas';
import { useReinicioAlSalir } from '../hooks/use-reinicio';
import {
  FILTROS_INICIALES,
  NOMBRES_CAMPO_FECHA,
  consultaDeFiltros,
  idsDeEstados,
  leerFiltros,
  normalizarEstados,
  type CampoFecha,
  type FiltrosLista,
} from '../model/filtros';
import { nombrePersona } from '../model/formato';
import { enviarConEnter } from '../../../lib/formularios';
import { PuntoEstado } from './insignias';
import '../orders.css';

const RUTA = '/orderslistfilter';
const TODOS = 0;
const TODOS_LOS_ESTADOS = ESTADOS.map((e) => e.id as number);

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
  const id = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);

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
            <IonList lines="none" className="ordenes-opciones ordenes-opciones--compactas">
              {ESTADOS.map((e) => (
                <IonItem key={e.id}>
                  <IonCheckbox
                    labelPlacement="end"
                    justify="start"
                    checked={borrador.estados.includes(e.id)}
                    onIonChange={(ev) =>
                      cambiar({
                        estados: ev.detail.checked
                          ? [...borrador.estados, e.id]
                          : borrador.estados.filter((x) => x !== e.id),
                      })
                    }
                    data-testid={`filtro-estado-${e.id}`}
                  >
                    <span className="ordenes-opcion">
                      <PuntoEstado color={e.color} />
                      {e.nombre}
                    </span>
                  </IonCheckbox>
                </IonItem>
              ))}
            </IonList>
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
          </section>

          <section className="delego-card ordenes-formulario__tarjeta ordenes-formulario__grilla">
            <h2 className="ordenes-formulario__subtitulo">Datos de la orden</h2>
            <IonSelect
              label="Cliente"
              labelPlacement="floating"
              fill="outline"
              interface="popover"
              value={borrador.cliente ?? TODOS}
              onIonChange={(e) => cambiar({ cliente: id(e.detail.value) })}
              data-testid="filtro-cliente"
            >
              <IonSelectOption value={TODOS}>Todos</IonSelectOption>
              {(clientes.data ?? []).map((c) => (
                <IonSelectOption key={c.id} value={c.id}>
                  {c.nombre}
                </IonSelectOption>
              ))}
            </IonSelect>
            <IonSelect
              label="Responsable"
              labelPlacement="floating"
              fill="outline"
              interface="popover"
              value={borrador.responsable ?? TODOS}
              onIonChange={(e) => cambiar({ responsable: id(e.detail.value) })}
              data-testid="filtro-responsable"
            >
              <IonSelectOption value={TODOS}>Todos</IonSelectOption>
              {(usuarios.data ?? []).map((u) => (
                <IonSelectOption key={u.id} value={u.id}>
                  {nombrePersona(u)}
                </IonSelectOption>
              ))}
            </IonSelect>
            <IonSelect
              label="Tipo de orden"
              labelPlacement="floating"
              fill="outline"
              interface="popover"
              value={borrador.tipo ?? TODOS}
              onIonChange={(e) => cambiar({ tipo: id(e.detail.value) })}
              data-testid="filtro-tipo"
            >
              <IonSelectOption value={TODOS}>Todos</IonSelectOption>
              {(tipos.data ?? []).map((t) => (
                <IonSelectOption key={t.id} value={t.id}>
                  {t.nombre}
                </IonSelectOption>
              ))}
            </IonSelect>
            <IonSelect
              label="Área"
              labelPlacement="floating"
              fill="outline"
              interface="popover"
              value={borrador.area ?? TODOS}
              onIonChange={(e) => cambiar({ area: id(e.detail.value) })}
              data-testid="filtro-area"
            >
              <IonSelectOption value={TODOS}>Todas</IonSelectOption>
              {(areas.data ?? []).map((a) => (
                <IonSelectOption key={a.id} value={a.id}>
                  {a.nombre}
                </IonSelectOption>
              ))}
            </IonSelect>
            <IonSelect
              label="Prioridad"
              labelPlacement="floating"
              fill="outline"
              interface="popover"
              value={borrador.prioridad ?? TODOS}
              onIonChange={(e) => cambiar({ prioridad: id(e.detail.value) })}
              data-testid="filtro-prioridad"
            >
              <IonSelectOption value={TODOS}>Todas</IonSelectOption>
              {(prioridades.data ?? []).map((p) => (
                <IonSelectOption key={p.id} value={p.id}>
                  {p.nombre}
                </IonSelectOption>
              ))}
            </IonSelect>
          </section>

          <section className="delego-card ordenes-formulario__tarjeta ordenes-formulario__campos">
            <h2 className="ordenes-formulario__subtitulo">Fechas</h2>
            <IonSelect
              label="Fecha de"
              labelPlacement="floating"
              fill="outline"
              interface="popover"
              value={borrador.campoFecha}
              onIonChange={(e) => cambiar({ campoFecha: e.detail.value as CampoFecha })}
              data-testid="filtro-campo-fecha"
            >
              {CAMPOS_FECHA.map((c) => (
                <IonSelectOption key={c} value={c}>
                  {NOMBRES_CAMPO_FECHA[c]}
                </IonSelectOption>
              ))}
            </IonSelect>
            <div className="ordenes-formulario__par">
              <CampoDeFecha
                label="Desde"
                value={borrador.fechaDesde ?? ''}
                error={intento ? errorDeFecha(borrador.fechaDesde ?? '') : undefined}
                onChange={(dia) => cambiar({ fechaDesde: dia || null })}
                data-testid="filtro-desde"
              />
              <CampoDeFecha
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
