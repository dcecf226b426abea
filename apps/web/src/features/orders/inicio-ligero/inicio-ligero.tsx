import type { OrdenResumen, PaginaOrdenes } from '@delego/contract';
import { ESTADOS } from '@delego/contract/ligero';
import {
  add,
  alertCircle,
  alertCircleOutline,
  businessOutline,
  checkboxOutline,
  downloadOutline,
  filterOutline,
  gridOutline,
  menuOutline,
  notifications,
  notificationsOutline,
  personOutline,
  searchOutline,
} from 'ionicons/icons';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useZonaEmpresa } from '../../../lib/zona-empresa';
import { colorEstado, textoResponsables, textoTotalOrdenes, vencimiento } from '../model/formato-ligero';
import { IconoLigero } from './icono-ligero';
import { empresaSinOrdenes, pedirNoLeidas, pedirPagina, type SesionLigera } from './pedir-inicio';
import '../../../components/pantalla-ligera.css';
import './inicio-ligero.css';

/** The pages read (from the first) and when: the full app takes them as its list's answer. */
export interface ListaObtenida {
  paginas: PaginaOrdenes[];
  obtenidaEn: number;
}

/** What the first stage hands to the full app when the person does anything but read. */
export interface Traspaso {
  /** Where the full app opens; asked at the moment of the handover (a search typed meanwhile goes in). */
  destino: () => string;
  /**
   * A control of the full app (a CSS selector) to press once it shows, or to focus if it is a text
   * field: the tap the person made here, done again there.
   */
  repetir?: string;
  lista?: ListaObtenida;
}

interface Props {
  sesion: SesionLigera;
  /** The first page, already asked for (main.tsx asks while this screen's code loads). */
  primeraPagina?: Promise<PaginaOrdenes>;
  /** Loads the full app (main.tsx); it replaces this screen. */
  alTraspasar: (traspaso: Traspaso) => Promise<void>;
}

/** The sort the full Inicio shows by default (model/filtros.ts NOMBRES_ORDEN.recientes). */
export const TEXTO_ORDEN_INICIAL = 'Más recientes';

/** The permission that shows «Nueva orden» (the contract's puedeCrearOrden; the test checks they agree). */
export function puedeCrearLigero(sesion: SesionLigera): boolean {
  return sesion.usuario.permisosResumen.some((p) => p.nombre === 'crearOrden');
}

/** The address a state chip opens (model/filtros.ts: alternarEstado from the default, written to the address). */
export function destinoDeChip(chip: 'todas' | 'vencidas' | number): string {
  if (chip === 'todas') return '/home?estados=todas';
  if (chip === 'vencidas') return '/home?vencidas=1';
  return `/home?estados=${chip}`;
}

/** A plain left click: the others (new tab, new window) are left to the browser. */
function clicSimple(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * The first-stage Inicio (issue 17, docs/APP-DE-CAMPO.md «Inicio de primera etapa»): on a phone
 * with a stored session, the order list is drawn in plain React and CSS from one request, with
 * the look, texts and order of features/orders/components/ordenes-lista-page.tsx, and without
 * Ionic, the contract's schemas or TanStack Query. Reading needs nothing else. Any other action
 * (a tap on an order, a chip, the search, a header button) loads the full app, which opens where
 * that action leads and takes this page as its first answer. If the list cannot be read here
 * (offline, a refused session, an unexpected answer), the full app takes over at once: it has the
 * offline cache, the messages and the session rules.
 */
export function InicioLigero({ sesion, primeraPagina, alTraspasar }: Props) {
  const zona = useZonaEmpresa();
  const [lista, setLista] = useState<ListaObtenida | null>(null);
  const [cargandoMas, setCargandoMas] = useState(false);
  const [traspasando, setTraspasando] = useState(false);
  const [noLeidas, setNoLeidas] = useState(0);
  const listaRef = useRef<ListaObtenida | null>(null);
  const busquedaRef = useRef<HTMLInputElement>(null);
  const enCurso = useRef(false);

  function mostrar(nueva: ListaObtenida) {
    listaRef.current = nueva;
    setLista(nueva);
  }

  function traspasar(traspaso: Omit<Traspaso, 'lista'>) {
    if (enCurso.current) return;
    enCurso.current = true;
    setTraspasando(true);
    alTraspasar({ ...traspaso, lista: listaRef.current ?? undefined }).catch((error: unknown) => {
      // The full app could not load (e.g. the connection dropped before its code was cached):
      // this screen stays usable and the next action tries again.
      console.error(error);
      enCurso.current = false;
      setTraspasando(false);
    });
  }
  const traspasarRef = useRef(traspasar);
  traspasarRef.current = traspasar;

  useEffect(() => {
    const control = new AbortController();
    const leer = async (primera: boolean) => {
      try {
        const datos = await (primera && primeraPagina ? primeraPagina : pedirPagina(sesion, 0, control.signal));
        if (control.signal.aborted) return;
        const obtenida = { paginas: [datos], obtenidaEn: Date.now() };
        // Nothing open: if the company has no order at all, the full Inicio guides its first steps
        // (issue 36) and takes this page along.
        if (primera && datos.total === 0 && (await empresaSinOrdenes(sesion, control.signal))) {
          if (control.signal.aborted) return;
          listaRef.current = obtenida;
          traspasarRef.current({ destino: () => '/home' });
          return;
        }
        if (control.signal.aborted) return;
        mostrar(obtenida);
      } catch (error) {
        if (control.signal.aborted) return;
        // A later refresh that fails keeps what is on screen; the first one hands over.
        if (primera) traspasarRef.current({ destino: () => '/home' });
        else console.error(error);
      }
    };
    void leer(true);
    // The bell's unread count: without it a new notification went unseen until the first tap.
    const leerNoLeidas = () =>
      void pedirNoLeidas(sesion, control.signal).then((n) => {
        if (!control.signal.aborted) setNoLeidas(n ?? 0);
      });
    leerNoLeidas();
    // Back to the foreground: the list is read again (the live channel comes with the full app),
    // unless more pages were opened: those stay as they are rather than jump back to the first.
    const alVolver = () => {
      if (document.visibilityState !== 'visible') return;
      leerNoLeidas();
      if (listaRef.current?.paginas.length === 1) void leer(false);
    };
    document.addEventListener('visibilitychange', alVolver);
    return () => {
      control.abort();
      document.removeEventListener('visibilitychange', alVolver);
    };
  }, [sesion, primeraPagina]);

  /** A link's click: the full app opens at its address. */
  const alLink = (destino: string, repetir?: string) => (e: MouseEvent) => {
    if (!clicSimple(e)) return;
    e.preventDefault();
    traspasar({ destino: () => destino, repetir });
  };
  /** A button's click: the full app opens here and presses the same button. */
  const alBoton = (repetir: string) => () => traspasar({ destino: () => '/home', repetir });

  /** «Ver más órdenes»: the next page, here; a failure hands over (the full app shows why). */
  async function verMas() {
    const actual = listaRef.current;
    if (!actual || cargandoMas) return;
    setCargandoMas(true);
    try {
      const siguiente = await pedirPagina(sesion, actual.paginas.length);
      mostrar({ paginas: [...actual.paginas, siguiente], obtenidaEn: actual.obtenidaEn });
    } catch {
      traspasar({ destino: () => '/home' });
    } finally {
      setCargandoMas(false);
    }
  }

  const ordenes = lista?.paginas.flatMap((p) => p.ordenes) ?? [];
  const total = lista?.paginas[0]?.total ?? 0;
  const puedeCrear = puedeCrearLigero(sesion);

  return (
    <div className="delego-ligera inicio-ligero" data-testid="inicio-ligero" aria-busy={traspasando || !lista}>
      <header className="inicio-ligero__barra">
        <AccionBarra icono={menuOutline} nombre="Abrir menú" onClick={alBoton('ion-menu-button')} />
        <h1 className="inicio-ligero__titulo">Órdenes</h1>
        <AccionBarra
          icono={filterOutline}
          nombre="Filtros"
          href="/orderslistfilter"
          onClick={alLink('/orderslistfilter')}
        />
        <AccionBarra
          icono={downloadOutline}
          nombre="Exportar a Excel"
          onClick={alBoton('[data-testid="ordenes-exportar"]')}
        />
        <AccionBarra icono={gridOutline} nombre="Tablero" href="/dashboard" onClick={alLink('/dashboard')} />
        <AccionBarra
          icono={noLeidas ? notifications : notificationsOutline}
          nombre={noLeidas ? `Notificaciones: ${noLeidas} sin leer` : 'Notificaciones'}
          insignia={noLeidas ? insigniaDe(noLeidas) : undefined}
          onClick={alBoton('[data-testid="campana-notificaciones"]')}
        />
      </header>
      {traspasando && <div className="inicio-ligero__progreso" role="progressbar" aria-label="Abriendo Delego" />}

      <main className="inicio-ligero__contenido">
        <div className="inicio-ligero__busqueda">
          <IconoLigero icono={searchOutline} className="inicio-ligero__lupa" />
          <input
            ref={busquedaRef}
            type="search"
            placeholder="Buscar #número, título, cliente…"
            aria-label="Buscar órdenes"
            inputMode="search"
            enterKeyHint="search"
            maxLength={200}
            onFocus={() =>
              traspasar({
                // What was typed while the full app loaded becomes its search.
                destino: () => {
                  const texto = busquedaRef.current?.value.trim() ?? '';
                  return texto ? `/home?${new URLSearchParams({ q: texto }).toString()}` : '/home';
                },
                repetir: '[data-testid="ordenes-buscar"] input',
              })
            }
          />
        </div>

        <div className="inicio-ligero__chips" role="group" aria-label="Estados">
          <a
            className="inicio-ligero__chip inicio-ligero__chip--activo"
            href="/home"
            aria-current="true"
            onClick={(e) => e.preventDefault()}
          >
            Abiertas
          </a>
          <a className="inicio-ligero__chip" href={destinoDeChip('todas')} onClick={alLink(destinoDeChip('todas'))}>
            Todas
          </a>
          {ESTADOS.map((e) => (
            <a
              key={e.id}
              className="inicio-ligero__chip"
              href={destinoDeChip(e.id)}
              onClick={alLink(destinoDeChip(e.id))}
            >
              <span className={`inicio-ligero__punto inicio-ligero--${e.color}`} aria-hidden="true" />
              {e.nombre}
            </a>
          ))}
          <a
            className="inicio-ligero__chip"
            href={destinoDeChip('vencidas')}
            onClick={alLink(destinoDeChip('vencidas'))}
          >
            <IconoLigero icono={alertCircleOutline} className="inicio-ligero--texto-danger" />
            Vencidas
          </a>
        </div>

        <div className="inicio-ligero__resumen">
          <span className="inicio-ligero__total" aria-live="polite" data-testid="inicio-ligero-total">
            {lista ? textoTotalOrdenes(total) : ' '}
          </span>
          <button type="button" className="inicio-ligero__ordenar" onClick={alBoton('[data-testid="ordenes-ordenar"]')}>
            <span className="inicio-ligero__ordenar-etiqueta">Ordenar:</span> {TEXTO_ORDEN_INICIAL}
            <span className="inicio-ligero__flecha" aria-hidden="true" />
          </button>
        </div>

        {!lista ? (
          <ul className="inicio-ligero__lista" aria-busy="true" data-testid="inicio-ligero-cargando">
            <li className="inicio-ligero__oculto" role="status">
              Cargando…
            </li>
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} className="inicio-ligero__esqueleto">
                <span style={{ width: `${45 + ((i * 17) % 35)}%` }} />
                <span style={{ width: `${30 + ((i * 23) % 40)}%` }} />
              </li>
            ))}
          </ul>
        ) : ordenes.length === 0 ? (
          <div className="inicio-ligero__vacia" data-testid="inicio-ligero-vacia">
            <IconoLigero icono={searchOutline} className="inicio-ligero__vacia-icono" />
            <h2>No hay órdenes que coincidan</h2>
            <p>Todavía no hay órdenes abiertas para usted.</p>
            {puedeCrear && (
              <a className="inicio-ligero__boton" href="/nueva-orden" onClick={alLink('/nueva-orden')}>
                <IconoLigero icono={add} />
                Nueva orden
              </a>
            )}
          </div>
        ) : (
          <ul className="inicio-ligero__lista" data-testid="inicio-ligero-ordenes">
            {ordenes.map((o) => (
              <OrdenLigera key={o.id} orden={o} zona={zona} alAbrir={alLink(`/orden/${o.id}`)} />
            ))}
          </ul>
        )}
        {lista && ordenes.length > 0 && (
          <p className="inicio-ligero__fin">
            {ordenes.length >= total ? (
              'No hay más órdenes.'
            ) : (
              <button
                type="button"
                className="inicio-ligero__mas"
                onClick={() => void verMas()}
                disabled={cargandoMas}
                data-testid="inicio-ligero-mas"
              >
                {cargandoMas ? 'Cargando más órdenes…' : 'Ver más órdenes'}
              </button>
            )}
          </p>
        )}
      </main>

      {puedeCrear && (
        <a
          className="inicio-ligero__fab"
          href="/nueva-orden"
          aria-label="Nueva orden"
          data-testid="inicio-ligero-nueva"
          onClick={alLink('/nueva-orden')}
        >
          <IconoLigero icono={add} />
        </a>
      )}
    </div>
  );
}

/** The bell's badge text, as the full app's (notifications' textoInsignia): 99 at most, then «99+». */
const insigniaDe = (n: number) => (n > 99 ? '99+' : String(n));

/** A button of the bar (a link when it opens a screen), named for screen readers and on hover. */
function AccionBarra({
  icono,
  nombre,
  href,
  onClick,
  insignia,
}: {
  icono: string;
  nombre: string;
  href?: string;
  onClick: (e: MouseEvent) => void;
  /** A count over the icon's corner (the bell's unread notifications). */
  insignia?: string;
}) {
  const contenido = (
    <>
      <IconoLigero icono={icono} />
      {insignia && (
        <span className="inicio-ligero__no-leidas" data-testid="notificaciones-no-leidas" aria-hidden="true">
          {insignia}
        </span>
      )}
    </>
  );
  return href ? (
    <a className="inicio-ligero__accion" href={href} aria-label={nombre} title={nombre} onClick={onClick}>
      {contenido}
    </a>
  ) : (
    <button type="button" className="inicio-ligero__accion" aria-label={nombre} title={nombre} onClick={onClick}>
      {contenido}
    </button>
  );
}

/** One order, as features/orders/components/orden-item.tsx draws it. */
function OrdenLigera({
  orden,
  zona,
  alAbrir,
}: {
  orden: OrdenResumen;
  zona: string;
  alAbrir: (e: MouseEvent) => void;
}) {
  const v = vencimiento(orden, zona);
  return (
    <li>
      <a
        className="inicio-ligero__orden"
        href={`/orden/${orden.id}`}
        onClick={alAbrir}
        data-testid="inicio-ligero-orden"
        data-numero={orden.numero}
      >
        <span className="inicio-ligero__cabecera">
          <span className="inicio-ligero__numero">#{orden.numero}</span>
          <span className="inicio-ligero__orden-titulo">{orden.titulo}</span>
          <span className={`inicio-ligero__insignia inicio-ligero--fondo-${colorEstado(orden.estado)}`}>
            {orden.estado.nombre}
          </span>
        </span>
        <span className="inicio-ligero__datos">
          <span className="inicio-ligero__dato">
            <IconoLigero icono={businessOutline} />
            <span className="inicio-ligero__oculto">Cliente: </span>
            {orden.cliente?.nombre ?? 'Sin cliente'}
          </span>
          <span className="inicio-ligero__dato">
            <IconoLigero icono={personOutline} />
            <span className="inicio-ligero__oculto">Responsables: </span>
            {textoResponsables(orden.responsables)}
          </span>
          {orden.checklist && orden.checklist.total > 0 && (
            <span className="inicio-ligero__dato" data-testid="orden-item-checklist">
              <IconoLigero icono={checkboxOutline} />
              <span className="inicio-ligero__oculto">Checklist: </span>
              {orden.checklist.hechos} de {orden.checklist.total}
            </span>
          )}
        </span>
        {(orden.prioridad || v) && (
          <span className="inicio-ligero__datos">
            {orden.prioridad && (
              <span
                className={`inicio-ligero__prioridad${orden.prioridad.color === 'danger' ? ' inicio-ligero__prioridad--alta' : ''}`}
              >
                <span className={`inicio-ligero__punto inicio-ligero--${orden.prioridad.color}`} aria-hidden="true" />
                Prioridad {orden.prioridad.nombre.toLocaleLowerCase('es')}
              </span>
            )}
            {v && (
              <span
                className={v.vencida ? 'inicio-ligero__vence inicio-ligero__vence--vencida' : 'inicio-ligero__vence'}
              >
                {v.vencida && <IconoLigero icono={alertCircle} />}
                {v.texto}
                {v.vencida && <strong className="inicio-ligero__marca">Vencida</strong>}
              </span>
            )}
          </span>
        )}
      </a>
    </li>
  );
}
