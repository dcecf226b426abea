import type { Equipo } from '@delego/contract';
import {
  IonButton,
  IonContent,
  IonIcon,
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  IonRefresher,
  IonRefresherContent,
} from '@ionic/react';
import { manejadoresDeLista } from '../../../lib/lista-infinita';
import { hardwareChipOutline, locationOutline, printOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { EstadoError, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { leerId, useConsultaDeRuta } from '../../../lib/consulta-de-ruta';
import { guardarArchivo } from '../../../lib/descargas';
import { mensajeDeError } from '../../../lib/errors';
import { Aviso, BarraDeBusqueda, BotonImportar, ListaVacia, plural, useTienePermiso } from '../../admin';
import { getEtiquetas, useEquipos } from '../api/equipos';
import { EQUIPOS, rutaEquipo } from '../recurso';
import { FiltroClienteUbicacion } from './filtro-cliente';
import { BotonNuevo, FilaEnlace, ListaDeFilas } from './fila';
import '../equipment.css';

/** What an equipo's row says under its name: code, client and site, brand and model. */
export function resumenEquipo(e: Equipo): string {
  const donde = [e.cliente.nombre, e.ubicacion?.nombre].filter(Boolean).join(' · ');
  const que = [e.marca, e.modelo].filter(Boolean).join(' ');
  return [e.codigo, donde, que].filter(Boolean).join(' — ');
}

/** Equipos (issue 32): search, client and site filters, pages as the order list, labels of a selection. */
export default function EquiposPage() {
  const administra = useTienePermiso('altaClientes');
  const [q, setQ] = useState('');
  const [cliente, setCliente] = useState<number | null>(null);
  const [ubicacion, setUbicacion] = useState<number | null>(null);
  const [elegidos, setElegidos] = useState<ReadonlySet<number>>(new Set());
  const [imprimiendo, setImprimiendo] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A site's «Ver equipos» (and a scanned site label) opens the list filtered by it.
  const consulta = useConsultaDeRuta(EQUIPOS.rutaLista);
  const clienteDeRuta = leerId(consulta.get('cliente'));
  const ubicacionDeRuta = leerId(consulta.get('ubicacion'));
  useEffect(() => {
    if (clienteDeRuta === null) return;
    setCliente(clienteDeRuta);
    setUbicacion(ubicacionDeRuta);
  }, [clienteDeRuta, ubicacionDeRuta]);

  const lista = useEquipos({
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(cliente === null ? {} : { cliente }),
    ...(ubicacion === null ? {} : { ubicacion }),
  });
  const equipos = lista.data?.pages.flatMap((p) => p.equipos) ?? [];
  const total = lista.data?.pages[0]?.total ?? 0;
  const todosElegidos = equipos.length > 0 && equipos.every((e) => elegidos.has(e.id));

  function alternar(id: number) {
    setElegidos((s) => {
      const nuevo = new Set(s);
      if (!nuevo.delete(id)) nuevo.add(id);
      return nuevo;
    });
  }

  async function imprimir() {
    setError(null);
    setImprimiendo(true);
    try {
      const pdf = await getEtiquetas(equipos.filter((e) => elegidos.has(e.id)).map((e) => e.id));
      guardarArchivo(pdf.blob, pdf.nombre ?? 'etiquetas-equipos.pdf');
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setImprimiendo(false);
    }
  }

  const { refrescar, cargarMas } = manejadoresDeLista(lista);

  const filtrando = q.trim() !== '' || cliente !== null;

  return (
    <>
      <PageHeader titulo={EQUIPOS.titulo}>
        <IonButton
          routerLink="/ubicaciones"
          aria-label="Ubicaciones"
          title="Ubicaciones de los clientes"
          data-testid="equipos-ubicaciones"
        >
          <IonIcon slot="icon-only" icon={locationOutline} aria-hidden="true" />
        </IonButton>
        {administra && <BotonImportar recurso={EQUIPOS} />}
      </PageHeader>
      <IonContent className="delego-page-content">
        <IonRefresher slot="fixed" onIonRefresh={(e) => void refrescar(e)}>
          <IonRefresherContent pullingText="Deslice para actualizar" refreshingSpinner="crescent" />
        </IonRefresher>
        <div className="delego-container admin-pagina">
          <BarraDeBusqueda
            valor={q}
            onCambiar={setQ}
            placeholder="Buscar por nombre, código, marca, modelo o serie"
            varios="equipos"
            debounce={300}
            testId="equipos-buscar"
          >
            <FiltroClienteUbicacion
              prefijo="equipos-filtro"
              cliente={cliente}
              ubicacion={ubicacion}
              alCambiar={(c, u) => {
                setCliente(c);
                setUbicacion(u);
              }}
            />
          </BarraDeBusqueda>

          {error && (
            <Aviso tipo="peligro" titulo="No se generaron las etiquetas." testId="equipos-etiquetas-error">
              {error}
            </Aviso>
          )}

          {lista.isPending ? (
            <FilasCargando ambito="admin" filas={8} testId="equipos-cargando" />
          ) : lista.isError && equipos.length === 0 ? (
            <EstadoError ambito="admin" error={lista.error} onReintentar={() => void lista.refetch()} />
          ) : equipos.length === 0 ? (
            <ListaVacia filtrada={filtrando} icono={hardwareChipOutline} varios="equipos" testId="equipos-vacio">
              {filtrando
                ? 'Ningún equipo coincide con la búsqueda y los filtros.'
                : administra
                  ? 'Cree el primero con «Nuevo equipo» o impórtelos de un archivo.'
                  : 'Todavía no hay equipos de sus clientes.'}
            </ListaVacia>
          ) : (
            <>
              <div className="equipos-seleccion">
                <label className="equipos-seleccion__todos">
                  <input
                    type="checkbox"
                    checked={todosElegidos}
                    onChange={() => setElegidos(todosElegidos ? new Set() : new Set(equipos.map((e) => e.id)))}
                    data-testid="equipos-todos"
                  />
                  Seleccionar todos
                </label>
                <span className="admin-conteo" role="status">
                  {equipos.length < total
                    ? `${equipos.length} de ${plural(total, 'equipo', 'equipos')}`
                    : plural(total, 'equipo', 'equipos')}
                  {elegidos.size > 0 ? ` · ${plural(elegidos.size, 'elegido', 'elegidos')}` : ''}
                </span>
                <IonButton
                  size="small"
                  disabled={elegidos.size === 0 || imprimiendo}
                  onClick={() => void imprimir()}
                  data-testid="equipos-imprimir"
                >
                  <IonIcon slot="start" icon={printOutline} aria-hidden="true" />
                  {imprimiendo ? 'Generando…' : 'Imprimir etiquetas'}
                </IonButton>
              </div>
              <ListaDeFilas testId="equipos-lista">
                {equipos.map((e) => (
                  <FilaEnlace
                    key={e.id}
                    ruta={rutaEquipo(e.id)}
                    titulo={e.nombre}
                    linea={resumenEquipo(e)}
                    testId={`equipo-${e.id}`}
                    antes={
                      <input
                        type="checkbox"
                        checked={elegidos.has(e.id)}
                        onChange={() => alternar(e.id)}
                        aria-label={`Elegir ${e.nombre}`}
                        data-testid={`equipo-elegir-${e.id}`}
                      />
                    }
                  />
                ))}
              </ListaDeFilas>
            </>
          )}
        </div>
        <IonInfiniteScroll onIonInfinite={(e) => void cargarMas(e)} disabled={!lista.hasNextPage}>
          <IonInfiniteScrollContent loadingText="Cargando más equipos…" />
        </IonInfiniteScroll>
        {administra && <BotonNuevo ruta={EQUIPOS.rutaForm} etiqueta={EQUIPOS.nuevo} testId="equipos-nuevo" />}
      </IonContent>
    </>
  );
}
