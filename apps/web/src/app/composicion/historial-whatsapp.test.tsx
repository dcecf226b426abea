import { configure, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ordenesKeys } from '../../domain/orden';
import { EL_12_DE_NOVIEMBRE, makeMensajeWhatsapp } from '../../features/whatsapp/test-utils';
import { makeSupervisor } from '../../test/factories';
import { makeEvento, makeOrdenDetalle } from '../../test/ordenes';
import { renderConApp } from '../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../test/servidor';
import HistorialConWhatsappPage from './historial-page';
import OrdenDetalleConPapeleoPage from './orden-detalle-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const MENSAJES = '/api/v4/whatsapp/orden/42';
const MIN = 60_000;
const XSS = '<img src=x onerror="window.__xss=1">';

/** Created at 10:00, moved to «En proceso» at 10:10 (Buenos Aires). */
const EVENTOS = [
  makeEvento({ fecha: EL_12_DE_NOVIEMBRE }),
  makeEvento({
    tipo: 'ESTADO',
    descripcion: 'Estado: Pendiente → En proceso',
    fecha: EL_12_DE_NOVIEMBRE + 10 * MIN,
    estadoAnterior: 1,
    estadoNuevo: 2,
  }),
];

/** The «Orden creada» message of 10:01, read at 10:25. */
const MENSAJE = makeMensajeWhatsapp({
  creado: EL_12_DE_NOVIEMBRE + MIN,
  texto: `Hola ${XSS}, registramos su orden #42`,
  estados: [
    { estado: 'enviado', fecha: EL_12_DE_NOVIEMBRE + MIN + 1_000 },
    { estado: 'entregado', fecha: EL_12_DE_NOVIEMBRE + 2 * MIN },
    { estado: 'leido', fecha: EL_12_DE_NOVIEMBRE + 25 * MIN },
  ],
});

function abrirDetalle(mensajes: Respuesta) {
  const llamadas = simularServidor({
    'GET /api/v3/ordenDTO/42': makeOrdenDetalle({ id: 42, numero: 42, titulo: 'Bomba de agua' }),
    'GET /api/v2/historial/detalle/42': EVENTOS,
    [`GET ${MENSAJES}`]: mensajes,
  });
  const render = renderConApp(
    <Routes>
      <Route path="/orden/:id" element={<OrdenDetalleConPapeleoPage />} />
    </Routes>,
    { usuario: makeSupervisor(), ruta: '/orden/42' },
  );
  return { llamadas, ...render };
}

/** What each line of the history says first, in order. */
function lineas(): string[] {
  return [...screen.getByTestId('historial').querySelectorAll('li .historial__descripcion')].map(
    (p) => p.textContent ?? '',
  );
}

describe('the order’s history shows its WhatsApp messages (issue 35)', () => {
  it('merges a message by date, in Spanish, with the time of its last status and its text as text', async () => {
    abrirDetalle([MENSAJE]);
    const linea = await screen.findByTestId('historial-linea');
    expect(lineas()).toEqual([
      'Creó la orden',
      'WhatsApp a Cliente: enviado, entregado, leído',
      'Estado: Pendiente → En proceso',
    ]);
    expect(linea).toHaveAttribute('data-tipo', 'whatsapp');
    // To whom (the number as the server hides it) and when it was read.
    expect(linea).toHaveTextContent('+5491 ••• 5678 · 12/11/2026 10:25');
    expect(linea).toHaveTextContent(`Hola ${XSS}, registramos su orden #42`);
    expect(linea.querySelector('img')).toBeNull();
  });

  it('names the user a message went to, and one that fell back to mail', async () => {
    abrirDetalle([
      makeMensajeWhatsapp({
        id: 2,
        evento: 'ORDEN_ASIGNADA',
        destinatario: { tipo: 'usuario', nombre: 'Diego Sosa' },
        creado: EL_12_DE_NOVIEMBRE + 20 * MIN,
        estado: 'correo',
        estados: [
          { estado: 'fallido', fecha: EL_12_DE_NOVIEMBRE + 21 * MIN },
          { estado: 'correo', fecha: EL_12_DE_NOVIEMBRE + 22 * MIN },
        ],
      }),
    ]);
    await screen.findByTestId('historial-linea');
    expect(lineas().at(-1)).toBe('WhatsApp a Diego Sosa: no se pudo enviar, enviado por correo');
  });

  it('when the messages cannot be read, the rest of the history shows, without an alert', async () => {
    const { llamadas } = abrirDetalle(() => errorDelServidor(500, 'falla'));
    await waitFor(() => expect(llamadas.de('GET', MENSAJES)).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('historial-evento')).toHaveLength(2));
    expect(screen.queryByTestId('historial-linea')).toBeNull();
    expect(document.querySelector('ion-alert')).toBeNull();
  });

  it('whatever refreshes the order’s detail reads its messages again (they live under its key)', async () => {
    let mensajes = [MENSAJE];
    const { llamadas, queryClient } = abrirDetalle(() => mensajes);
    await screen.findByTestId('historial-linea');
    mensajes = [MENSAJE, makeMensajeWhatsapp({ id: 2, creado: EL_12_DE_NOVIEMBRE + 30 * MIN, estados: [] })];
    await queryClient.invalidateQueries({ queryKey: ordenesKeys.detalle(42) });
    await waitFor(() => expect(screen.getAllByTestId('historial-linea')).toHaveLength(2));
    expect(llamadas.de('GET', MENSAJES)).toHaveLength(2);
    expect(lineas().at(-1)).toBe('WhatsApp a Cliente: leído');
  });

  it('the whole history (historial?id=42) shows them too', async () => {
    simularServidor({
      'GET /api/v3/ordenDTO/42': makeOrdenDetalle({ id: 42, numero: 42 }),
      'GET /api/v2/historial/detalle/42': EVENTOS,
      [`GET ${MENSAJES}`]: [MENSAJE],
    });
    renderConApp(<HistorialConWhatsappPage />, { usuario: makeSupervisor(), ruta: '/historial?id=42' });
    const linea = await screen.findByTestId('historial-linea');
    expect(within(linea).getByText('WhatsApp a Cliente: enviado, entregado, leído')).toBeInTheDocument();
    expect(lineas()[1]).toBe('WhatsApp a Cliente: enviado, entregado, leído');
  });
});
