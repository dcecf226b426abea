import type { Pago, PlanCatalogo, PlanHabilitado, ResultadoSuscripcion, UsuarioLogueado } from '@delego/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/app';
import { crearQueryClient } from '../../../app/query-client';
import { guardarSesion } from '../../../lib/session';
import { makeAdmin, makeOperario, makePlan, makePropietario } from '../../../test/factories';
import { escribir, responderConfirmacion, deshabilitado } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { planKeys } from '../../../domain/plans';
import MercadopagoTarjetaPage, { planDeLaDireccion } from './mercadopago-tarjeta-page';
import PlanesPage from './planes-page';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

function plan(parcial: Partial<PlanCatalogo> & Pick<PlanCatalogo, 'id' | 'nombre'>): PlanCatalogo {
  return {
    precioMensual: 0,
    moneda: 'ARS',
    quota: 20,
    incluye: [],
    actual: false,
    programado: false,
    ...parcial,
  };
}

function catalogo(): PlanCatalogo[] {
  return [
    plan({ id: 1, nombre: 'Inicial', precioMensual: 0, quota: 20, incluye: ['20 órdenes por mes'] }),
    plan({ id: 2, nombre: 'Pyme', precioMensual: 24900, quota: 100, actual: true, incluye: ['Soporte por email'] }),
    plan({ id: 3, nombre: 'Empresa', precioMensual: 89900, quota: 1000, incluye: ['Estadísticas', 'Encuestas'] }),
    plan({ id: 4, nombre: 'Ilimitado <b>VIP</b>', precioMensual: 179900, quota: null }),
  ];
}

const PRUEBA: PlanHabilitado = {
  habilitado: true,
  motivo: null,
  modoPrueba: true,
  proveedor: 'prueba',
  publicKey: null,
};

function pago(parcial: Partial<Pago> = {}): Pago {
  return {
    id: 1,
    fecha: Date.UTC(2026, 9, 15, 15),
    monto: 24900,
    moneda: 'ARS',
    estado: 'aprobado',
    planNombre: 'Pyme',
    referencia: 'prueba-abc123',
    motivo: null,
    tarjeta: 'Visa •••• 3704',
    ...parcial,
  };
}

function servidorPlanes(extra: Record<string, Respuesta> = {}) {
  return simularServidor({
    'GET /api/v2/plan/all': catalogo(),
    'GET /api/v2/plan/habilitado': PRUEBA,
    'GET /api/v2/plan/pagos': [],
    'GET /api/v2/plan/estado': makePlan(),
    ...extra,
  });
}

/** The whole app at `ruta` with `usuario` logged in (guards, menu, lazy screens). */
function abrirApp(ruta: string, usuario: UsuarioLogueado) {
  guardarSesion({ usuario, md5: MD5 });
  window.history.replaceState(null, '', ruta);
  const queryClient = crearQueryClient();
  return { ...render(<App queryClient={queryClient} />), queryClient };
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  delete (window as { Ionic?: { platforms?: unknown } }).Ionic?.platforms;
});

describe('planes', () => {
  it('shows the plans with the current one highlighted, prices in pesos and what each includes', async () => {
    servidorPlanes();
    renderConApp(<PlanesPage />, { usuario: makePropietario(), ruta: '/planes' });

    const lista = await screen.findByTestId('planes-lista');
    expect(within(lista).getAllByRole('listitem', { current: true })).toHaveLength(1);
    const pyme = screen.getByTestId('plan-2');
    expect(pyme).toHaveAttribute('aria-current', 'true');
    expect(pyme).toHaveClass('plan-tarjeta--actual');
    expect(within(pyme).getByText('Plan actual', { selector: 'ion-badge' })).toBeInTheDocument();
    expect(within(pyme).getByTestId('plan-precio')).toHaveTextContent('$ 24.900,00 por mes');
    expect(within(pyme).getByTestId('plan-cupo')).toHaveTextContent('100 órdenes por mes');
    expect(deshabilitado(within(pyme).getByTestId('plan-elegir'))).toBe(true);

    const empresa = screen.getByTestId('plan-3');
    expect(within(empresa).getByTestId('plan-precio')).toHaveTextContent('$ 89.900,00 por mes');
    expect(within(empresa).getByTestId('plan-cupo')).toHaveTextContent('1.000 órdenes por mes');
    expect(within(empresa).getByText('Estadísticas')).toBeInTheDocument();
    const mejorar = within(empresa).getByTestId('plan-elegir');
    expect(mejorar).toHaveTextContent('Mejorar a Empresa');
    expect((mejorar as HTMLIonButtonElement).href ?? mejorar.getAttribute('href')).toBe('/mercadopago-tarjeta?plan=3');
    // Issue 36: an upgrade starts a new period, said on the card; what differs between plans is said once.
    expect(empresa).toHaveTextContent('Se cobra hoy el mes entero y empieza un período nuevo, hasta el');
    expect(screen.getByTestId('planes-nota-funciones')).toHaveTextContent(
      'Todos los planes tienen todas las funciones y usuarios ilimitados: cambian el precio y las órdenes por mes.',
    );

    // An unlimited plan; its name is text, never markup.
    const ilimitado = screen.getByTestId('plan-4');
    expect(within(ilimitado).getByTestId('plan-cupo')).toHaveTextContent('Órdenes ilimitadas');
    expect(within(ilimitado).getByRole('heading')).toHaveTextContent('Ilimitado <b>VIP</b>');
    expect(ilimitado.querySelector('b')).toBeNull();

    const inicial = screen.getByTestId('plan-1');
    expect(within(inicial).getByTestId('plan-precio')).toHaveTextContent('Gratis');
    expect(within(inicial).getByTestId('plan-elegir')).toHaveTextContent('Cambiar a Inicial');
    expect(inicial).toHaveTextContent('Se aplica en la próxima renovación, el 15/07/2025.');

    expect(screen.getByTestId('plan-modo-prueba')).toHaveTextContent('Modo de prueba');
    expect(await screen.findByTestId('pagos-vacio')).toHaveTextContent('Todavía no hay pagos');
  });

  it('warns of a grace period and a scheduled downgrade, and marks the next plan', async () => {
    const estado = makePlan({
      gracia: { hasta: Date.UTC(2026, 10, 30, 15) },
      pendiente: { planNombre: 'Inicial', desde: Date.UTC(2026, 11, 15, 15) },
    });
    servidorPlanes({
      'GET /api/v2/plan/estado': estado,
      'GET /api/v2/plan/all': catalogo().map((p) => (p.id === 1 ? { ...p, programado: true } : p)),
    });
    renderConApp(<PlanesPage />, { usuario: makeAdmin(), ruta: '/planes' });

    expect(await screen.findByTestId('planes-gracia')).toHaveTextContent(
      'No se pudo cobrar el último pago del plan Pyme. El plan se mantiene hasta el 30/11/2026',
    );
    expect(screen.getByTestId('planes-gracia')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('planes-pendiente')).toHaveTextContent(
      'La empresa pasará al plan Inicial el 15/12/2026, en la próxima renovación.',
    );
    const inicial = await screen.findByTestId('plan-1');
    expect(within(inicial).getByText('Próximo plan')).toBeInTheDocument();
    expect(within(inicial).getByTestId('plan-elegir')).toHaveTextContent('Cambio programado');
    expect(deshabilitado(within(inicial).getByTestId('plan-elegir'))).toBe(true);
  });

  it('lists the payments: date, amount, state in Spanish, plan and reference', async () => {
    servidorPlanes({
      'GET /api/v2/plan/pagos': [
        pago({ id: 2, estado: 'rechazado', motivo: 'la tarjeta no tiene saldo suficiente.', referencia: null }),
        pago({ id: 1, monto: 1234567.5 }),
      ],
    });
    renderConApp(<PlanesPage />, { usuario: makePropietario(), ruta: '/planes' });

    const filas = await screen.findAllByTestId('pago-fila');
    expect(filas).toHaveLength(2);
    expect(filas[0]).toHaveTextContent('15/10/2026');
    expect(filas[0]).toHaveTextContent('$ 24.900,00');
    expect(filas[0]).toHaveTextContent('Rechazado');
    expect(filas[0]).toHaveTextContent('La tarjeta no tiene saldo suficiente.');
    expect(filas[0]).toHaveTextContent('—');
    expect(filas[1]).toHaveTextContent('$ 1.234.567,50');
    expect(filas[1]).toHaveTextContent('Aprobado');
    expect(filas[1]).toHaveTextContent('Pyme');
    expect(filas[1]).toHaveTextContent('Visa •••• 3704');
    expect(filas[1]).toHaveTextContent('prueba-abc123');
  });

  it('the card data of a payment, typed as HTML, shows as typed', async () => {
    servidorPlanes({ 'GET /api/v2/plan/pagos': [pago({ tarjeta: '<img src=x onerror=alert(1)> •••• 3704' })] });
    renderConApp(<PlanesPage />, { usuario: makePropietario(), ruta: '/planes' });

    const fila = await screen.findByTestId('pago-fila');
    expect(fila).toHaveTextContent('<img src=x onerror=alert(1)> •••• 3704');
    expect(fila.querySelector('img')).toBeNull();
  });

  it('a history that cannot load shows the error with a retry, and the retry loads it', async () => {
    let veces = 0;
    servidorPlanes({
      'GET /api/v2/plan/pagos': () => (++veces === 1 ? errorDelServidor(500, 'Falló la base de datos.') : [pago()]),
    });
    renderConApp(<PlanesPage />, { usuario: makePropietario(), ruta: '/planes' });
    const error = await screen.findByTestId('admin-error');
    expect(error).toHaveTextContent('No se pudieron cargar los datos');
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findAllByTestId('pago-fila')).toHaveLength(1);
  });

  it('a downgrade asks first, goes without a card and says when it applies', async () => {
    const programado: ResultadoSuscripcion = {
      estado: 'programado',
      mensaje: 'El cambio al plan Inicial se aplicará en la próxima renovación, el 15/07/2025.',
      plan: makePlan({ pendiente: { planNombre: 'Inicial', desde: Date.UTC(2025, 6, 15, 12) } }),
      pago: null,
    };
    const s = servidorPlanes({ 'POST /api/v2/plan/suscribir': programado });
    const usuario = makePropietario();
    const { queryClient } = renderConApp(<PlanesPage />, { usuario, ruta: '/planes' });

    fireEvent.click(within(await screen.findByTestId('plan-1')).getByTestId('plan-elegir'));
    await responderConfirmacion('Programar cambio');

    await waitFor(() => expect(s.de('POST', '/api/v2/plan/suscribir')).toHaveLength(1));
    expect(s.de('POST', '/api/v2/plan/suscribir')[0]?.cuerpo).toEqual({ entidadId: usuario.entidadId, planId: 1 });
    await waitFor(() => expect(document.querySelector('ion-toast')?.message).toBe(programado.mensaje));
    await waitFor(() => expect(queryClient.getQueryData(planKeys.estado(usuario.id))).toEqual(programado.plan));
    expect(await screen.findByTestId('planes-pendiente')).toHaveTextContent('La empresa pasará al plan Inicial');
  });

  it('a user the server does not let change the plan sees why, and the buttons are off', async () => {
    servidorPlanes({
      'GET /api/v2/plan/habilitado': {
        ...PRUEBA,
        habilitado: false,
        motivo: 'Solo un administrador o el propietario puede cambiar el plan.',
      },
    });
    renderConApp(<PlanesPage />, { usuario: makeAdmin(), ruta: '/planes' });
    expect(await screen.findByTestId('planes-no-habilitado')).toHaveTextContent('Solo un administrador');
    expect(deshabilitado(within(await screen.findByTestId('plan-3')).getByTestId('plan-elegir'))).toBe(true);
  });
});

describe('the guard of planes and mercadopago-tarjeta', () => {
  it('an operario opening planes stays there and reads «Sin permiso» (not sent home); an admin gets in', async () => {
    servidorPlanes({
      'POST /api/v4/ordenes/all/filtered': { ordenes: [], total: 0, pagina: 0, porPagina: 25 },
      'GET /api/v2/notificaciones/all': [],
    });
    const { unmount } = abrirApp('/planes', makeOperario());
    const sinPermiso = await screen.findByTestId('admin-sin-permiso', {}, { timeout: 5000 });
    expect(sinPermiso).toHaveTextContent('Sin permiso');
    expect(sinPermiso).toHaveTextContent('Solo un administrador o el propietario puede ver y cambiar el plan.');
    expect(sinPermiso.querySelector('ion-button')).toHaveAttribute('router-link', '/home');
    expect(window.location.pathname).toBe('/planes');
    expect(screen.queryByTestId('planes-lista')).toBeNull();
    unmount();

    abrirApp('/planes', makeAdmin());
    expect(await screen.findByTestId('planes-lista', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/planes');
  });

  it('a logged-in user who is not admin opening mercadopago-tarjeta sees no form', async () => {
    servidorPlanes();
    renderConApp(<MercadopagoTarjetaPage />, { usuario: makeOperario(), ruta: '/mercadopago-tarjeta?plan=3' });
    expect(await screen.findByTestId('admin-sin-permiso')).toHaveTextContent('Solo un administrador o el propietario');
    expect(screen.queryByTestId('tarjeta-form')).toBeNull();
  });

  it('on iPhone neither screen shows the plan (SPEC §2)', async () => {
    const agente = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent');
    Object.defineProperty(window.navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    });
    delete (window as { Ionic?: { platforms?: unknown } }).Ionic?.platforms;
    try {
      servidorPlanes();
      const { unmount } = renderConApp(<PlanesPage />, { usuario: makePropietario(), ruta: '/planes' });
      expect(await screen.findByTestId('planes-ios')).toHaveTextContent('No disponible en este dispositivo');
      expect(screen.queryByTestId('planes-lista')).toBeNull();
      unmount();
      renderConApp(<MercadopagoTarjetaPage />, { usuario: makePropietario(), ruta: '/mercadopago-tarjeta?plan=3' });
      expect(await screen.findByTestId('planes-ios')).toBeInTheDocument();
      expect(screen.queryByTestId('tarjeta-form')).toBeNull();
    } finally {
      if (agente) Object.defineProperty(window.navigator, 'userAgent', agente);
      else delete (window.navigator as { userAgent?: string }).userAgent;
    }
  });
});

function resultado(estado: ResultadoSuscripcion['estado'], mensaje: string, nombre = 'Pyme'): ResultadoSuscripcion {
  return {
    estado,
    mensaje,
    plan: makePlan({
      nombre,
      quota: nombre === 'Empresa' ? 1000 : 100,
      quotaDisponible: nombre === 'Empresa' ? 990 : 90,
    }),
    pago: pago({ estado: estado === 'aprobado' ? 'aprobado' : estado === 'pendiente' ? 'pendiente' : 'rechazado' }),
  };
}

function llenarTarjeta(titular: string, numero = '4509953566233704') {
  escribir(screen.getByTestId('tarjeta-numero'), numero);
  escribir(screen.getByTestId('tarjeta-vencimiento'), '1130');
  escribir(screen.getByTestId('tarjeta-cvv'), '123');
  escribir(screen.getByTestId('tarjeta-titular'), titular);
  escribir(screen.getByTestId('tarjeta-documento'), '12345678');
}

describe('mercadopago-tarjeta (test mode)', () => {
  it('checks the card in Spanish and sends nothing while a field is wrong', async () => {
    const s = servidorPlanes();
    renderConApp(<MercadopagoTarjetaPage />, { usuario: makePropietario(), ruta: '/mercadopago-tarjeta?plan=3' });
    const form = await screen.findByTestId('tarjeta-form');
    expect(screen.getByTestId('tarjeta-resumen')).toHaveTextContent('Plan Empresa');
    expect(screen.getByTestId('tarjeta-resumen')).toHaveTextContent('$ 89.900,00 por mes');
    expect(screen.getByTestId('tarjeta-pagar')).toHaveTextContent('Pagar $ 89.900,00');
    expect(screen.getByTestId('plan-modo-prueba')).toBeInTheDocument();
    // The help lists the test cards and the cardholder names.
    const ayuda = screen.getByTestId('tarjeta-ayuda');
    expect(ayuda).toHaveTextContent('4509 9535 6623 3704');
    for (const titular of ['APRO', 'OTHE', 'CONT', 'CALL', 'FUND', 'SECU', 'EXPI', 'FORM']) {
      expect(ayuda).toHaveTextContent(titular);
    }

    fireEvent.submit(form);
    expect(await screen.findByText('Ingrese el número de la tarjeta.')).toBeInTheDocument();
    expect(screen.getByText('Ingrese el vencimiento.')).toBeInTheDocument();
    expect(screen.getByText('Ingrese el código de seguridad.')).toBeInTheDocument();
    expect(screen.getByText('Ingrese el nombre del titular como figura en la tarjeta.')).toBeInTheDocument();
    expect(screen.getByText('Ingrese el DNI del titular.')).toBeInTheDocument();

    llenarTarjeta('APRO', '4509953566233705');
    escribir(screen.getByTestId('tarjeta-vencimiento'), '0120');
    fireEvent.submit(form);
    expect(await screen.findByText('El número de la tarjeta no es válido: revíselo.')).toBeInTheDocument();
    expect(screen.getByText('La tarjeta está vencida.')).toBeInTheDocument();
    expect(s.de('POST', '/api/v2/plan/suscribir')).toHaveLength(0);
  });

  it('an approved card: processing, then the result; only the token and display data are sent', async () => {
    let liberar: () => void = () => undefined;
    const espera = new Promise<void>((r) => (liberar = r));
    const aprobado = resultado(
      'aprobado',
      '¡Listo! El pago fue aprobado y la empresa ya tiene el plan Empresa.',
      'Empresa',
    );
    let pagado = false;
    const s = servidorPlanes({
      'POST /api/v2/plan/suscribir': async () => {
        await espera;
        pagado = true;
        return aprobado;
      },
      // Read again after the payment: Empresa is now the current plan (the outcome must stay on screen).
      'GET /api/v2/plan/all': () =>
        pagado ? catalogo().map((p) => ({ ...p, actual: p.nombre === 'Empresa' })) : catalogo(),
    });
    const usuario = makePropietario();
    const { queryClient } = renderConApp(<MercadopagoTarjetaPage />, { usuario, ruta: '/mercadopago-tarjeta?plan=3' });
    await screen.findByTestId('tarjeta-form');
    // Before paying (issue 36): what is charged today and that a new period starts, ending the paid one.
    const nota = screen.getByTestId('tarjeta-nota-periodo');
    expect(nota).toHaveTextContent('Hoy se cobra $ 89.900,00, el mes entero, y empieza un período nuevo');
    expect(nota).toHaveTextContent('con 1.000 órdenes disponibles, y se renueva el');
    llenarTarjeta('APRO');
    expect(screen.getByTestId('tarjeta-marca')).toHaveTextContent('Visa');
    fireEvent.submit(screen.getByTestId('tarjeta-form'));

    expect(await screen.findByTestId('pago-procesando')).toHaveTextContent('Procesando el pago…');
    liberar();
    expect(await screen.findByTestId('pago-aprobado')).toHaveTextContent('Pago aprobado');
    expect(screen.getByTestId('pago-mensaje')).toHaveTextContent(aprobado.mensaje);

    const cuerpo = s.de('POST', '/api/v2/plan/suscribir')[0]?.cuerpo as { datosTarjeta: Record<string, string> };
    expect(cuerpo).toEqual({
      entidadId: usuario.entidadId,
      planId: 3,
      datosTarjeta: {
        token: expect.stringMatching(/^prueba_[0-9a-f]{32}$/),
        marca: 'visa',
        ultimosCuatro: '3704',
        titular: 'APRO',
      },
    });
    const enviado = JSON.stringify(cuerpo);
    for (const secreto of ['4509953566233704', '11/30', '12345678', '"123"']) expect(enviado).not.toContain(secreto);
    // The menu's panel takes the new plan at once.
    await waitFor(() => expect(queryClient.getQueryData(planKeys.estado(usuario.id))).toEqual(aprobado.plan));
    await waitFor(() => expect(s.de('GET', '/api/v2/plan/all')).toHaveLength(2));
    expect(screen.getByTestId('pago-aprobado')).toBeInTheDocument();
    expect(screen.queryByText('Ya tiene este plan')).toBeNull();
  });

  it('a rejected card shows the reason, keeps the plan, and lets the person try another card', async () => {
    const rechazado = resultado(
      'rechazado',
      'El pago fue rechazado: la tarjeta rechazó el pago (error general). El plan no cambió.',
    );
    const s = servidorPlanes({ 'POST /api/v2/plan/suscribir': rechazado });
    renderConApp(<MercadopagoTarjetaPage />, { usuario: makePropietario(), ruta: '/mercadopago-tarjeta?plan=3' });
    await screen.findByTestId('tarjeta-form');
    llenarTarjeta('OTHE');
    fireEvent.submit(screen.getByTestId('tarjeta-form'));

    expect(await screen.findByTestId('pago-rechazado')).toHaveTextContent('Pago rechazado');
    expect(screen.getByTestId('pago-mensaje')).toHaveTextContent(
      'la tarjeta rechazó el pago (error general). El plan no cambió.',
    );
    fireEvent.click(screen.getByTestId('pago-reintentar'));
    expect(await screen.findByTestId('tarjeta-form')).toBeInTheDocument();
    expect(s.de('POST', '/api/v2/plan/suscribir')).toHaveLength(1);
  });

  it('a pending payment says the plan changes when it is approved', async () => {
    servidorPlanes({
      'POST /api/v2/plan/suscribir': resultado(
        'pendiente',
        'El pago quedó pendiente. Cuando MercadoPago lo apruebe, la empresa pasará al plan Empresa.',
      ),
    });
    renderConApp(<MercadopagoTarjetaPage />, { usuario: makePropietario(), ruta: '/mercadopago-tarjeta?plan=3' });
    await screen.findByTestId('tarjeta-form');
    llenarTarjeta('CONT');
    fireEvent.submit(screen.getByTestId('tarjeta-form'));
    expect(await screen.findByTestId('pago-pendiente')).toHaveTextContent('Pago pendiente');
    expect(screen.getByTestId('pago-mensaje')).toHaveTextContent('Cuando MercadoPago lo apruebe');
  });

  it('a refused call (e.g. a bad token) shows the server message on the form', async () => {
    servidorPlanes({
      'POST /api/v2/plan/suscribir': () =>
        errorDelServidor(
          400,
          'El token de la tarjeta no es válido. Vuelva a cargar los datos de la tarjeta.',
          'datosTarjeta',
        ),
    });
    renderConApp(<MercadopagoTarjetaPage />, { usuario: makePropietario(), ruta: '/mercadopago-tarjeta?plan=3' });
    await screen.findByTestId('tarjeta-form');
    llenarTarjeta('APRO');
    fireEvent.submit(screen.getByTestId('tarjeta-form'));
    expect(await screen.findByTestId('pago-error')).toHaveTextContent('El token de la tarjeta no es válido.');
    expect(screen.getByTestId('tarjeta-form')).toBeInTheDocument();
  });

  it('without a plan, with an unknown one, or with the current one, there is no form', async () => {
    expect(planDeLaDireccion('?plan=3')).toBe(3);
    expect(planDeLaDireccion('?plan=0')).toBeNull();
    expect(planDeLaDireccion('?plan=3x')).toBeNull();
    expect(planDeLaDireccion('')).toBeNull();

    servidorPlanes();
    const a = renderConApp(<MercadopagoTarjetaPage />, { usuario: makePropietario(), ruta: '/mercadopago-tarjeta' });
    expect(await screen.findByText('Elija un plan')).toBeInTheDocument();
    a.unmount();
    const b = renderConApp(<MercadopagoTarjetaPage />, {
      usuario: makePropietario(),
      ruta: '/mercadopago-tarjeta?plan=99',
    });
    expect(await screen.findByText('Plan no encontrado')).toBeInTheDocument();
    b.unmount();
    renderConApp(<MercadopagoTarjetaPage />, { usuario: makePropietario(), ruta: '/mercadopago-tarjeta?plan=2' });
    expect(await screen.findByText('Ya tiene este plan')).toBeInTheDocument();
    expect(screen.queryByTestId('tarjeta-form')).toBeNull();
  });

  it('in MercadoPago mode without a public key it says the payment form is not available', async () => {
    servidorPlanes({
      'GET /api/v2/plan/habilitado': { ...PRUEBA, modoPrueba: false, proveedor: 'mercadopago', publicKey: null },
    });
    renderConApp(<MercadopagoTarjetaPage />, { usuario: makePropietario(), ruta: '/mercadopago-tarjeta?plan=3' });
    expect(await screen.findByTestId('tarjeta-brick-error')).toHaveTextContent('Formulario de pago no disponible');
    expect(screen.queryByTestId('plan-modo-prueba')).toBeNull();
    expect(screen.queryByTestId('tarjeta-form')).toBeNull();
  });
});
