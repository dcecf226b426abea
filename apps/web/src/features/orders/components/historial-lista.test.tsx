import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventoOrden } from '@delego/contract';
import type { Cambio } from '../../../lib/outbox';
import { renderConApp } from '../../../test/render';
import { conLineas, descripcionPendiente, HistorialLista, type LineaHistorial } from './historial-lista';

/** 27/11/2026 14:05 in Buenos Aires (UTC−3), the company's zone. */
const HECHO = Date.UTC(2026, 10, 27, 17, 5);

function cambio(extra: Partial<Cambio>): Cambio {
  return {
    id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    usuarioId: 1,
    tipo: 'estado',
    ordenId: 12,
    descripcion: 'Orden #12 · Estado → En espera',
    cuerpo: { estado: 3, comentarios: 'Falta un repuesto' },
    creado: HECHO,
    secuencia: 0,
    estado: 'pendiente',
    intentos: 0,
    ...extra,
  };
}

describe('historial: lo hecho en el dispositivo que espera en la bandeja', () => {
  it('va después de lo del servidor, con cuándo se hizo en el dispositivo, su comentario y «pendiente» o «rechazado»', () => {
    renderConApp(
      <HistorialLista
        eventos={[]}
        pendientes={[
          cambio({}),
          cambio({
            id: '7a1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
            tipo: 'registro',
            descripcion: 'Orden #12 · Registrar 1 h 45 min',
            cuerpo: { horas: [] },
            creado: HECHO + 60_000,
            estado: 'rechazado',
          }),
        ]}
      />,
    );
    const [estado, horas] = screen.getAllByTestId('historial-pendiente') as [HTMLElement, HTMLElement];
    expect(estado).toHaveTextContent('Estado → En espera');
    expect(estado).not.toHaveTextContent('Orden #12');
    expect(estado).toHaveTextContent('Hecho en este dispositivo · 27/11/2026 14:05');
    expect(estado).toHaveTextContent('Falta un repuesto');
    expect(within(estado).getByTestId('marca-pendiente')).toHaveTextContent('pendiente');
    expect(horas).toHaveTextContent('Registrar 1 h 45 min');
    expect(horas).toHaveTextContent('27/11/2026 14:06');
    expect(within(horas).getByTestId('marca-pendiente')).toHaveTextContent('rechazado');
  });

  it('la descripción pierde solo el número de la orden', () => {
    expect(descripcionPendiente({ descripcion: 'Orden #? · Gasto: Peaje' })).toBe('Gasto: Peaje');
    expect(descripcionPendiente({ descripcion: 'Adjuntar foto.jpg' })).toBe('Adjuntar foto.jpg');
  });
});

describe('historial: lo hecho sin conexión que ya llegó (X-Hecho-En)', () => {
  const evento = (extra: Partial<EventoOrden>): EventoOrden => ({
    id: 1,
    tipo: 'ESTADO',
    descripcion: 'Estado: Pendiente → En proceso',
    fecha: HECHO,
    usuario: { id: 1, usuario: 'diego', nombre: 'Diego', apellido: 'Paz' },
    estadoAnterior: 1,
    estadoNuevo: 2,
    comentario: null,
    ...extra,
  });

  it('dice cuándo se hizo en el dispositivo y cuándo llegó; sin hora del dispositivo, la de siempre', () => {
    renderConApp(
      <HistorialLista
        eventos={[
          evento({ id: 1, fecha: HECHO + 3 * 3_600_000, hechoEn: HECHO }),
          evento({ id: 2, fecha: HECHO + 24 * 3_600_000, hechoEn: HECHO }),
          evento({ id: 3, fecha: HECHO + 20_000, hechoEn: HECHO }),
          evento({ id: 4 }),
        ]}
      />,
    );
    const [mismoDia, otroDia, enLinea, sinHora] = screen.getAllByTestId('historial-evento') as HTMLElement[];
    expect(within(mismoDia!).getByTestId('historial-hecho-en')).toHaveTextContent(
      'Hecho el 27/11 14:05 en el dispositivo · llegó 17:05',
    );
    expect(otroDia).toHaveTextContent('Hecho el 27/11 14:05 en el dispositivo · llegó 28/11 14:05');
    // Sent at once (within a minute): just the time, as always.
    expect(within(enLinea!).queryByTestId('historial-hecho-en')).toBeNull();
    expect(enLinea).toHaveTextContent('Diego Paz · 27/11/2026 14:05');
    expect(sinHora).toHaveTextContent('Diego Paz · 27/11/2026 14:05');
    expect(sinHora).not.toHaveTextContent('dispositivo');
  });
});

describe('historial: lo que hizo el cliente desde un enlace', () => {
  const evento = (extra: Partial<EventoOrden>): EventoOrden => ({
    id: 1,
    tipo: 'CONFORMIDAD',
    descripcion: 'El cliente respondió «No conforme» desde el resumen público: «Quedó una mancha»',
    fecha: HECHO,
    usuario: { id: 3, usuario: 'admin', nombre: 'Ana', apellido: 'Pérez' },
    estadoAnterior: null,
    estadoNuevo: null,
    comentario: null,
    ...extra,
  });

  it('nombra al cliente en lugar de quien creó el enlace; lo demás lleva a su autor', () => {
    renderConApp(<HistorialLista eventos={[evento({ porCliente: true }), evento({ id: 2, tipo: 'TITULO' })]} />);
    const [cliente, propio] = screen.getAllByTestId('historial-evento') as [HTMLElement, HTMLElement];
    expect(cliente).toHaveTextContent('El cliente, desde el enlace');
    expect(cliente).not.toHaveTextContent('Ana Pérez');
    expect(propio).toHaveTextContent('Ana Pérez');
  });
});

describe('historial: las líneas de otras features (sus mensajes de WhatsApp, issue 35)', () => {
  const evento = (id: number, fecha: number): EventoOrden => ({
    id,
    tipo: 'COMENTARIO',
    descripcion: `Evento ${id}`,
    fecha,
    usuario: { id: 1, usuario: 'diego', nombre: 'Diego', apellido: 'Paz' },
    estadoAnterior: null,
    estadoNuevo: null,
    comentario: null,
  });
  const linea = (clave: string, fecha: number): LineaHistorial => ({
    clave,
    fecha,
    descripcion: clave,
    quien: '+5491 ••• 5678',
    hora: fecha,
    color: 'success',
    tipo: 'whatsapp',
  });

  const orden = (eventos: EventoOrden[], lineas: LineaHistorial[]) =>
    conLineas(eventos, lineas).map((i) => ('evento' in i ? i.evento.descripcion : i.linea.clave));

  it('van entre los eventos por su fecha; en el mismo instante, después del evento', () => {
    expect(
      orden([evento(1, 10), evento(2, 20), evento(3, 30)], [linea('b', 30), linea('a', 5), linea('c', 20)]),
    ).toEqual(['a', 'Evento 1', 'Evento 2', 'c', 'Evento 3', 'b']);
  });

  it('los eventos quedan en el orden del servidor, aunque sus fechas no lo estén', () => {
    expect(orden([evento(1, 50), evento(2, 10), evento(3, 60)], [linea('a', 55), linea('b', 5)])).toEqual([
      'b',
      'Evento 1',
      'Evento 2',
      'a',
      'Evento 3',
    ]);
  });
});
