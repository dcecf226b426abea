import { MENSAJES_CLIENTE_PUBLICO, type ResumenPublico } from '@delego/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../app/app';
import { crearQueryClient } from '../../../app/query-client';
import { errorDelServidor, simularServidor } from '../../../test/servidor';

function abrir(ruta: string) {
  window.history.replaceState(null, '', ruta);
  return render(<App queryClient={crearQueryClient()} />);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const resumen = (cambios: Partial<ResumenPublico> = {}): ResumenPublico => ({
  entidad: { nombre: 'Demo <b>Servicios</b>', logo: null },
  orden: {
    numero: 42,
    titulo: '<img src=x onerror=alert(1)> Cambiar la bomba',
    estado: { id: 2, nombre: 'En proceso', color: 'primary' },
    creada: Date.UTC(2026, 10, 20, 13),
    fechaInicio: Date.UTC(2026, 10, 20, 3),
    fechaFin: Date.UTC(2026, 10, 30, 2, 59),
    finalizada: null,
    responsables: ['Diego'],
  },
  historial: [
    { estado: { id: 1, nombre: 'Pendiente', color: 'medium' }, fecha: Date.UTC(2026, 10, 20, 13) },
    { estado: { id: 2, nombre: 'En proceso', color: 'primary' }, fecha: Date.UTC(2026, 10, 21, 15, 30) },
  ],
  archivos: [{ id: 9, nombre: 'presupuesto.pdf', tamanio: 2048, esImagen: false }],
  facturacionPendiente: false,
  encuestaPendiente: false,
  leido: Date.UTC(2026, 10, 22, 12),
  ...cambios,
});

describe('ordersummary/:id', () => {
  it('shows the order without a session, with user text as text', async () => {
    const s = simularServidor({ 'GET /api/v2/ordersummary': resumen() });
    abrir('/ordersummary/tok-abc');

    expect(await screen.findByTestId('resumen-titulo')).toHaveTextContent(
      '<img src=x onerror=alert(1)> Cambiar la bomba',
    );
    expect(screen.getByTestId('resumen-empresa')).toHaveTextContent('Demo <b>Servicios</b>');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('resumen-estado')).toHaveTextContent('En proceso');
    expect(screen.getByTestId('resumen-fecha-fin')).toHaveTextContent('29/11/2026');
    const historial = within(screen.getByTestId('resumen-historial')).getAllByRole('listitem');
    expect(historial.map((li) => li.textContent)).toEqual(['Pendiente20/11/2026 10:00', 'En proceso21/11/2026 12:30']);
    const enlace = within(screen.getByTestId('resumen-archivos')).getByRole('link');
    expect(enlace.getAttribute('href')).toBe('/api/v2/ordersummary/archivo?k=tok-abc&archivo=9');
    const llamada = s.de('GET', '/api/v2/ordersummary')[0];
    expect(llamada?.query.get('k')).toBe('tok-abc');
    expect(llamada?.autorizacion).toBeNull();
  });

  it('a revoked or unknown link says it is not available', async () => {
    simularServidor({
      'GET /api/v2/ordersummary': () => errorDelServidor(404, MENSAJES_CLIENTE_PUBLICO.enlaceNoDisponible),
    });
    abrir('/ordersummary/tok-viejo');
    expect(await screen.findByTestId('resumen-no-disponible')).toHaveTextContent('Este enlace no está disponible');
  });

  it('with the mailed form in the fragment, shows the billing form only while it is pending', async () => {
    simularServidor({ 'GET /api/v2/ordersummary': resumen({ facturacionPendiente: true }) });
    abrir('/ordersummary/tok-abc#facturacion=formulario-de-prueba-123');
    expect(await screen.findByTestId('facturacion-publica')).toBeInTheDocument();
    expect(screen.getByTestId('facturacion-cuit')).toBeInTheDocument();
  });

  it('without a pending delegation, the form is not offered', async () => {
    simularServidor({ 'GET /api/v2/ordersummary': resumen() });
    abrir('/ordersummary/tok-abc#facturacion=formulario-de-prueba-123');
    expect(await screen.findByTestId('facturacion-no-pendiente')).toBeInTheDocument();
    expect(screen.queryByTestId('facturacion-publica')).toBeNull();
  });

  it('shows the public checklist items and their answer as text (issue 31)', async () => {
    simularServidor({
      'GET /api/v2/ordersummary': resumen({
        checklist: [
          {
            seccion: 'Hidráulica',
            etiqueta: 'Presión <b>bomba</b>',
            tipo: 'numero',
            estado: 'fallido',
            respuesta: '7,5 bar',
          },
          { seccion: 'Hidráulica', etiqueta: 'Limpieza', tipo: 'tick', estado: 'hecho', respuesta: 'Hecho' },
          { seccion: null, etiqueta: 'Foto final', tipo: 'foto', estado: 'pendiente', respuesta: null },
        ],
      }),
    });
    abrir('/ordersummary/tok-abc');
    const lista = await screen.findByTestId('resumen-checklist');
    const filas = within(lista)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(filas).toEqual([
      'Hidráulica',
      'Presión <b>bomba</b>Con observaciones: 7,5 bar',
      'LimpiezaHecho',
      'Foto finalPendiente',
    ]);
  });

  it('«No conforme» asks for the reason and sends it without a session; «Conforme» needs none', async () => {
    const conformidad = {
      requerida: 'no' as const,
      estado: 'pendiente' as const,
      firma: null,
      remota: null,
      puedeResponder: true,
    };
    const s = simularServidor({
      'GET /api/v2/ordersummary': resumen({ conformidad }),
      'POST /api/v2/ordersummary/conformidad': {
        ok: true,
        mensaje: 'Registramos su no conformidad. La empresa ya fue avisada.',
        conformidad: { ...conformidad, estado: 'no_conforme', puedeResponder: true },
      },
    });
    abrir('/ordersummary/tok-abc');
    fireEvent.click(await screen.findByTestId('conformidad-no-conforme'));
    fireEvent.click(screen.getByTestId('conformidad-enviar-no-conforme'));
    expect(await screen.findByTestId('conformidad-error')).toHaveTextContent('Indique el motivo de la no conformidad.');
    expect(s.de('POST', '/api/v2/ordersummary/conformidad')).toHaveLength(0);

    fireEvent(
      screen.getByTestId('conformidad-motivo-campo'),
      new CustomEvent('ionInput', { detail: { value: '  Gotea la <i>bomba</i>  ' } }),
    );
    fireEvent.click(screen.getByTestId('conformidad-enviar-no-conforme'));
    expect(await screen.findByTestId('conformidad-hecha')).toHaveTextContent('Registramos su no conformidad.');
    const post = s.de('POST', '/api/v2/ordersummary/conformidad')[0];
    expect(post?.cuerpo).toEqual({ k: 'tok-abc', conforme: false, motivo: 'Gotea la <i>bomba</i>' });
    expect(post?.autorizacion).toBeNull();
    await waitFor(() => expect(s.de('GET', '/api/v2/ordersummary').length).toBeGreaterThan(1));
  });
});
