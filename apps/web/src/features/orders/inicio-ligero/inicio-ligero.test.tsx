import { ESTADOS, RUTAS, ZONA_HORARIA_EMPRESA_POR_DEFECTO, puedeCrearOrden } from '@delego/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { menuOutline } from 'ionicons/icons';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sembrarInicio } from '../../../app/semilla-inicio';
import { md5Hex } from '../../../lib/md5';
import { guardarSesion } from '../../../lib/session';
import { makeOperario, makeSupervisor } from '../../../test/factories';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { ordenesKeys } from '../../../domain/orden';
import { FILTROS_INICIALES, NOMBRES_ORDEN, alternarEstado, consultaDeFiltros, cuerpoDeFiltros } from '../model/filtros';
import { makeOrdenResumen } from '../../../test/ordenes';
import { mascaraDeIcono } from './icono-ligero';
import cssInicio from './inicio-ligero.css?raw';
import cssLista from '../lista-ordenes.css?raw';
import { InicioLigero, TEXTO_ORDEN_INICIAL, destinoDeChip, puedeCrearLigero, type Traspaso } from './inicio-ligero';
import {
  RUTA_NOTIFICACIONES,
  RUTA_ORDENES,
  RUTA_PRIMEROS_PASOS,
  cuerpoInicial,
  leerSesionLigera,
  type SesionLigera,
} from './pedir-inicio';

const LISTA = 'POST /api/v4/ordenes/all/filtered';

function pagina(numeros: number[], total = numeros.length, numero = 0) {
  return {
    ordenes: numeros.map((n) => makeOrdenResumen({ id: n + 1000, numero: n, titulo: `Orden ${n}` })),
    total,
    pagina: numero,
    porPagina: 25,
  };
}

function sesionDe(usuario = makeSupervisor()): SesionLigera {
  guardarSesion({ usuario, md5: md5Hex('Demo1234!') });
  const sesion = leerSesionLigera();
  if (!sesion) throw new Error('La sesión guardada no se leyó');
  return sesion;
}

const NOTIFICACIONES = 'GET /api/v2/notificaciones/all';

function pantalla(respuesta: Respuesta, sesion = sesionDe(), notificaciones: Respuesta = []) {
  const llamadas = simularServidor({ [LISTA]: respuesta, [NOTIFICACIONES]: notificaciones });
  const alTraspasar = vi.fn<(t: Traspaso) => Promise<void>>(async () => undefined);
  render(<InicioLigero sesion={sesion} alTraspasar={alTraspasar} />);
  return { llamadas, alTraspasar };
}

afterEach(() => window.localStorage.clear());

describe('first-stage Inicio (issue 17)', () => {
  it('asks for what the full Inicio asks for without filters, and agrees with its rules', () => {
    expect(RUTA_NOTIFICACIONES).toBe(RUTAS.notificaciones.path);
    expect(RUTA_ORDENES).toBe(RUTAS.ordenesFiltradas.path);
    expect(cuerpoInicial()).toEqual(cuerpoDeFiltros(FILTROS_INICIALES, ZONA_HORARIA_EMPRESA_POR_DEFECTO));
    expect(TEXTO_ORDEN_INICIAL).toBe(NOMBRES_ORDEN[FILTROS_INICIALES.orden]);
    expect(destinoDeChip('todas')).toBe(`/home${consultaDeFiltros({ ...FILTROS_INICIALES, estados: 'todas' })}`);
    expect(destinoDeChip('vencidas')).toBe(`/home${consultaDeFiltros({ ...FILTROS_INICIALES, vencidas: true })}`);
    for (const e of ESTADOS) {
      const filtros = { ...FILTROS_INICIALES, estados: alternarEstado(FILTROS_INICIALES.estados, e.id) };
      expect(destinoDeChip(e.id)).toBe(`/home${consultaDeFiltros(filtros)}`);
    }
    for (const usuario of [makeSupervisor(), makeOperario()]) {
      expect(puedeCrearLigero(sesionDe(usuario))).toBe(puedeCrearOrden(usuario));
    }
  });

  it('reads only a well-formed stored session', () => {
    expect(leerSesionLigera()).toBeNull();
    window.localStorage.setItem('delego.sesion', '{no es json');
    expect(leerSesionLigera()).toBeNull();
    window.localStorage.setItem('delego.sesion', JSON.stringify({ usuario: { id: 'x' }, md5: 'a' }));
    expect(leerSesionLigera()).toBeNull();
    const usuario = makeOperario();
    expect(sesionDe(usuario).usuario.usuario).toBe(usuario.usuario);
  });

  it('draws the first page from one request with the session, as text', async () => {
    const usuario = makeSupervisor();
    const { llamadas, alTraspasar } = pantalla(
      {
        ...pagina([12, 11]),
        ordenes: [
          makeOrdenResumen({ id: 1012, numero: 12, titulo: '<img src=x onerror=alert(1)>' }),
          makeOrdenResumen({ id: 1011, numero: 11, cliente: null, responsables: [] }),
        ],
      },
      sesionDe(usuario),
    );
    expect(screen.getByTestId('inicio-ligero-cargando')).toBeInTheDocument();
    const items = await screen.findAllByTestId('inicio-ligero-orden');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('#12');
    expect(items[0]).toHaveAttribute('href', '/orden/1012');
    // User text stays text.
    expect(within(items[0]!).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(items[1]).toHaveTextContent('Sin cliente');
    expect(items[1]).toHaveTextContent('Sin responsable');
    expect(screen.getByTestId('inicio-ligero-total')).toHaveTextContent('2 órdenes');
    expect(screen.getByText('No hay más órdenes.')).toBeInTheDocument();
    // The supervisor may create: the button shows.
    expect(screen.getByTestId('inicio-ligero-nueva')).toHaveAttribute('href', '/nueva-orden');

    const pedidos = llamadas.de('POST', '/api/v4/ordenes/all/filtered');
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0]?.autorizacion).toBe(`${usuario.usuario}#${md5Hex('Demo1234!')}`);
    expect(pedidos[0]?.query.get('tsp')).toMatch(/^\d+$/);
    expect(pedidos[0]?.cuerpo).toEqual({ ...cuerpoInicial(), pagina: 0 });
    expect(alTraspasar).not.toHaveBeenCalled();
  });

  it('hands over on a tap on an order, with the page it read', async () => {
    const { alTraspasar } = pantalla(pagina([5]));
    const [item] = await screen.findAllByTestId('inicio-ligero-orden');
    fireEvent.click(item!);
    expect(alTraspasar).toHaveBeenCalledTimes(1);
    const traspaso = alTraspasar.mock.calls[0]![0];
    expect(traspaso.destino()).toBe('/orden/1005');
    expect(traspaso.lista?.paginas).toEqual([pagina([5])]);
    expect(screen.getByRole('progressbar', { name: 'Abriendo Delego' })).toBeInTheDocument();
    // A second tap while the app loads does not start another handover.
    fireEvent.click(item!);
    expect(alTraspasar).toHaveBeenCalledTimes(1);
  });

  it('leaves a new-tab click to the browser', async () => {
    const { alTraspasar } = pantalla(pagina([5]));
    const [item] = await screen.findAllByTestId('inicio-ligero-orden');
    fireEvent.click(item!, { ctrlKey: true });
    expect(alTraspasar).not.toHaveBeenCalled();
  });

  it('repeats a header button in the full app and turns a search typed meanwhile into its address', async () => {
    const { alTraspasar } = pantalla(pagina([5]));
    await screen.findAllByTestId('inicio-ligero-orden');
    const buscar = screen.getByRole('searchbox', { name: 'Buscar órdenes' });
    fireEvent.focus(buscar);
    fireEvent.change(buscar, { target: { value: ' bomba de agua ' } });
    const traspaso = alTraspasar.mock.calls[0]![0];
    expect(traspaso.repetir).toBe('[data-testid="ordenes-buscar"] input');
    expect(traspaso.destino()).toBe('/home?q=bomba+de+agua');
  });

  it('opens the chosen chip and the header links where the full app has them', async () => {
    const { alTraspasar } = pantalla(pagina([5]));
    await screen.findAllByTestId('inicio-ligero-orden');
    fireEvent.click(screen.getByRole('link', { name: 'En proceso' }));
    expect(alTraspasar.mock.calls[0]![0].destino()).toBe('/home?estados=2');
  });

  it('presses the menu button of the full app after a tap on its own', async () => {
    const { alTraspasar } = pantalla(pagina([5]));
    await screen.findAllByTestId('inicio-ligero-orden');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    expect(alTraspasar.mock.calls[0]![0]).toMatchObject({ repetir: 'ion-menu-button' });
    expect(alTraspasar.mock.calls[0]![0].destino()).toBe('/home');
  });

  it('reads the next page itself and hands both over', async () => {
    const llamadas = simularServidor({
      [LISTA]: ({ cuerpo }) => {
        const numero = (cuerpo as { pagina: number }).pagina;
        return numero === 0 ? pagina([30, 29], 3, 0) : pagina([28], 3, 1);
      },
    });
    const alTraspasar = vi.fn<(t: Traspaso) => Promise<void>>(async () => undefined);
    render(<InicioLigero sesion={sesionDe()} alTraspasar={alTraspasar} />);
    await screen.findAllByTestId('inicio-ligero-orden');
    fireEvent.click(screen.getByTestId('inicio-ligero-mas'));
    await waitFor(() => expect(screen.getAllByTestId('inicio-ligero-orden')).toHaveLength(3));
    expect(screen.getByText('No hay más órdenes.')).toBeInTheDocument();
    expect(
      llamadas.de('POST', '/api/v4/ordenes/all/filtered').map((l) => (l.cuerpo as { pagina: number }).pagina),
    ).toEqual([0, 1]);
    fireEvent.click(screen.getAllByTestId('inicio-ligero-orden')[2]!);
    expect(alTraspasar.mock.calls[0]![0].lista?.paginas).toHaveLength(2);
  });

  it.each([
    ['a refused session', errorDelServidor(401, 'Credenciales inválidas')],
    ['a server error', errorDelServidor(500, 'Error')],
    ['an unexpected answer', { ordenes: [{ id: 1 }], total: 1, pagina: 0, porPagina: 25 }],
    ['no connection', () => Response.error()],
  ])('hands over at once to the full app on %s', async (_, respuesta) => {
    const { alTraspasar } = pantalla(respuesta as Respuesta);
    await waitFor(() => expect(alTraspasar).toHaveBeenCalledTimes(1));
    const traspaso = alTraspasar.mock.calls[0]![0];
    expect(traspaso.destino()).toBe('/home');
    expect(traspaso.lista).toBeUndefined();
    expect(screen.queryByTestId('inicio-ligero-orden')).toBeNull();
  });

  it('stays usable when the full app fails to load, and the next tap tries again', async () => {
    const sesion = sesionDe();
    simularServidor({ [LISTA]: pagina([5]) });
    const alTraspasar = vi
      .fn<(t: Traspaso) => Promise<void>>()
      .mockRejectedValueOnce(new Error('sin red'))
      .mockResolvedValue(undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<InicioLigero sesion={sesion} alTraspasar={alTraspasar} />);
    const [item] = await screen.findAllByTestId('inicio-ligero-orden');
    fireEvent.click(item!);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    fireEvent.click(item!);
    expect(alTraspasar).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('shows the empty state with «Nueva orden» only to who may create', async () => {
    pantalla(pagina([]), sesionDe(makeOperario()));
    expect(await screen.findByTestId('inicio-ligero-vacia')).toHaveTextContent('No hay órdenes que coincidan');
    expect(screen.queryByRole('link', { name: 'Nueva orden' })).toBeNull();
  });

  it('a company without any order: the full app takes over (its Inicio shows «Primeros pasos»), with the page', async () => {
    const llamadas = simularServidor({
      [LISTA]: pagina([]),
      'GET /api/v4/entidad/primeros-pasos': { hayClientes: false, hayOtrosUsuarios: false, hayOrdenes: false },
    });
    const alTraspasar = vi.fn<(t: Traspaso) => Promise<void>>(async () => undefined);
    render(<InicioLigero sesion={sesionDe()} alTraspasar={alTraspasar} />);
    await waitFor(() => expect(alTraspasar).toHaveBeenCalledTimes(1));
    const traspaso = alTraspasar.mock.calls[0]![0];
    expect(traspaso.destino()).toBe('/home');
    expect(traspaso.lista?.paginas).toEqual([pagina([])]);
    expect(screen.queryByTestId('inicio-ligero-vacia')).toBeNull();
    expect(RUTA_PRIMEROS_PASOS).toBe(RUTAS.primerosPasos.path);
    expect(llamadas.de('GET', RUTA_PRIMEROS_PASOS)[0]?.autorizacion).toMatch(/#[0-9a-f]{32}$/);
  });

  it('a company with orders, none open here: the plain empty state, no handover', async () => {
    simularServidor({
      [LISTA]: pagina([]),
      'GET /api/v4/entidad/primeros-pasos': { hayClientes: true, hayOtrosUsuarios: true, hayOrdenes: true },
    });
    const alTraspasar = vi.fn<(t: Traspaso) => Promise<void>>(async () => undefined);
    render(<InicioLigero sesion={sesionDe()} alTraspasar={alTraspasar} />);
    expect(await screen.findByTestId('inicio-ligero-vacia')).toBeInTheDocument();
    expect(alTraspasar).not.toHaveBeenCalled();
  });

  it('paints outline icons as strokes in the mask', () => {
    const mascara = decodeURIComponent(mascaraDeIcono(menuOutline));
    expect(mascara).toContain("fill='none' stroke='black' stroke-width='32'");
    expect(mascara).not.toContain('ionicon-');
  });
});

describe('the full app taking the first-stage pages (app/semilla-inicio.ts)', () => {
  const clave = ordenesKeys.lista(cuerpoDeFiltros(FILTROS_INICIALES, ZONA_HORARIA_EMPRESA_POR_DEFECTO));

  it('puts valid pages under the default list key, dated when they were read', () => {
    const queryClient = new QueryClient();
    expect(sembrarInicio(queryClient, { paginas: [pagina([2, 1], 3), pagina([0], 3, 1)], obtenidaEn: 1234 })).toBe(
      true,
    );
    expect(queryClient.getQueryData(clave)).toEqual({
      pages: [pagina([2, 1], 3), pagina([0], 3, 1)],
      pageParams: [0, 1],
    });
    expect(queryClient.getQueryState(clave)?.dataUpdatedAt).toBe(1234);
  });

  it('drops pages that do not pass the contract', () => {
    const queryClient = new QueryClient();
    expect(sembrarInicio(queryClient, { paginas: [{ ordenes: 'x' }], obtenidaEn: 1 })).toBe(false);
    expect(sembrarInicio(queryClient, { paginas: [], obtenidaEn: 1 })).toBe(false);
    expect(queryClient.getQueryData(clave)).toBeUndefined();
  });

  it('the bell shows the unread count as the full app does', async () => {
    const notificacion = (id: number, leida: boolean) => ({ id, leida });
    pantalla(pagina([7]), sesionDe(), [notificacion(1, false), notificacion(2, true), notificacion(3, false)]);
    const campana = await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' });
    expect(within(campana).getByTestId('notificaciones-no-leidas')).toHaveTextContent('2');
  });

  it("an order's state badge stays in its row: no rule of the bell's count reaches it", async () => {
    // The bell's count was once drawn with the state badge's class: every badge left its row and
    // piled up, absolutely placed, under the header, so the list showed no states at all.
    pantalla(pagina([7]), sesionDe(), [{ id: 1, leida: false }]);
    const fila = await screen.findByTestId('inicio-ligero-orden');
    const estado = within(fila).getByText(makeOrdenResumen().estado.nombre);
    const cuenta = screen.getByTestId('notificaciones-no-leidas');
    const clasesEstado = [...estado.classList];
    expect(clasesEstado.filter((c) => cuenta.classList.contains(c))).toEqual([]);
    const colocadas = reglasCon(`${cssInicio}\n${cssLista}`, /position:\s*(absolute|fixed)/)
      .flatMap((selector) => selector.split(','))
      .map((s) => s.trim());
    for (const clase of clasesEstado) expect(colocadas.filter((s) => s.endsWith(`.${clase}`))).toEqual([]);
  });

  it('the bell keeps no badge when notifications fail', async () => {
    pantalla(pagina([7]), sesionDe(), errorDelServidor(500, 'Error'));
    await screen.findByText('Orden 7');
    expect(screen.getByRole('button', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(screen.queryByTestId('notificaciones-no-leidas')).toBeNull();
  });
});

/** The selectors of the CSS rules whose declarations match `declaracion`. */
function reglasCon(css: string, declaracion: RegExp): string[] {
  const sinComentarios = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...sinComentarios.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .filter(([, , cuerpo]) => declaracion.test(cuerpo ?? ''))
    .map(([, selector]) => (selector ?? '').trim());
}
