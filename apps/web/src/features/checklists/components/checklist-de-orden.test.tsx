import type { ChecklistOrden, ItemChecklist, ItemGuardado } from '@delego/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hayCambiosSinGuardar } from '../../../lib/cambios-sin-guardar';
import { configurarBandeja, enviarCambio, encolar, procesarBandeja } from '../../../lib/outbox';
import { bandejaDePrueba } from '../../../test/bandeja';
import { crearQueryClient } from '../../../app/query-client';
import { makeOperario, makeSupervisor } from '../../../test/factories';
import { makeOrdenDetalle } from '../../../test/ordenes';
import { responderConfirmacion } from '../../../test/ionic';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Llamada, type Respuesta } from '../../../test/servidor';
import { itemGuardado } from '../api/cache';
import { checklistKeys } from '../keys';
import { resumenDe } from '../model/checklist';
import { ChecklistDeOrden } from './checklist-de-orden';

function item(id: number, cambios: Partial<ItemChecklist> = {}): ItemChecklist {
  return {
    id,
    seccion: null,
    etiqueta: `Ítem ${id}`,
    tipo: 'tick',
    requerido: false,
    publico: false,
    unidad: null,
    min: null,
    max: null,
    adHoc: false,
    respuesta: null,
    hecho: false,
    fallido: false,
    seguimiento: null,
    ...cambios,
  };
}

function checklist(items: ItemChecklist[], cambios: Partial<ChecklistOrden> = {}): ChecklistOrden {
  return {
    ordenId: 42,
    tipoOrdenId: 1,
    version: 1,
    plantillaDesactualizada: false,
    items,
    origen: null,
    seguimientos: [],
    modificar: true,
    ...resumenDe(items),
    ...cambios,
  };
}

const POR = { id: 9, nombre: 'Ana Pérez' };
const RESPUESTA = { marcado: null, resultado: null, numero: null, texto: null, fotos: [], firmante: null, nota: null };

function mostrar(c: ChecklistOrden, extra: Record<string, unknown> = {}, usuario = makeOperario()) {
  const llamadas = simularServidor({
    'GET /api/v2/checklist/orden/42': c,
    'GET /api/v2/archivos/42': [],
    ...extra,
  });
  const vista = renderConApp(<ChecklistDeOrden orden={makeOrdenDetalle({ id: 42, numero: 7 })} />, {
    usuario,
    queryClient: crearQueryClient(),
  });
  return { llamadas, ...vista };
}

describe('ChecklistDeOrden', () => {
  it('muestra el progreso, las secciones y lo que falta para finalizar; el texto del usuario como texto', async () => {
    mostrar(
      checklist([
        item(1, {
          seccion: 'Eléctrico',
          etiqueta: '<img src=x onerror=alert(1)>',
          hecho: true,
          respuesta: { ...RESPUESTA, marcado: true, por: POR, en: 1 },
        }),
        item(2, {
          seccion: 'Eléctrico',
          etiqueta: 'Presión',
          tipo: 'numero',
          unidad: 'bar',
          min: 2,
          max: 5,
          requerido: true,
        }),
        item(3, { etiqueta: 'Estado general', tipo: 'pasa_falla' }),
      ]),
    );
    expect(await screen.findByTestId('checklist-progreso')).toHaveTextContent('1 de 3');
    expect(screen.getByText('Eléctrico')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('checklist-faltantes')).toHaveTextContent('Para finalizar faltan: «Presión».');
  });

  it('un toque en «Falla» envía la respuesta y ofrece la orden de seguimiento', { timeout: 20_000 }, async () => {
    const base = item(3, { etiqueta: 'Estado general', tipo: 'pasa_falla' });
    const fallido = {
      ...base,
      hecho: true,
      fallido: true,
      respuesta: { ...RESPUESTA, resultado: 'falla' as const, por: POR, en: 2 },
    };
    const { llamadas, queryClient } = mostrar(
      checklist([base]),
      {
        'PUT /api/v2/checklist/orden/42/item/3': { item: fallido, progreso: { hechos: 1, total: 1 }, faltantes: [] },
        'POST /api/v2/checklist/orden/42/item/3/seguimiento': {
          seguimiento: { ordenId: 50, numero: 8, titulo: 'Seguimiento: Estado general' },
          item: { ...fallido, seguimiento: { ordenId: 50, numero: 8, titulo: 'Seguimiento: Estado general' } },
          creado: true,
        },
      },
      makeSupervisor(),
    );
    fireEvent.click(await screen.findByTestId('checklist-falla-3'));
    await waitFor(() => expect(llamadas.de('PUT', '/api/v2/checklist/orden/42/item/3')).toHaveLength(1));
    const put = llamadas.de('PUT', '/api/v2/checklist/orden/42/item/3')[0] as Llamada;
    expect(put.cuerpo).toEqual({ tipo: 'pasa_falla', resultado: 'falla' });
    expect(put.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(queryClient.getQueryData<ChecklistOrden>(checklistKeys.orden(42))?.progreso.hechos).toBe(1),
    );

    fireEvent.click(await screen.findByTestId('checklist-crear-seguimiento-3'));
    expect(await screen.findByTestId('checklist-seguimiento-link-3')).toHaveTextContent('Seguimiento: orden #8');
    const post = llamadas.de('POST', '/api/v2/checklist/orden/42/item/3/seguimiento')[0] as Llamada;
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('un número fuera de los límites dice «Fuera de rango» y se envía como fallido', async () => {
    const medida = item(2, { etiqueta: 'Presión', tipo: 'numero', unidad: 'bar', min: 2, max: 5 });
    const { llamadas } = mostrar(checklist([medida]), {
      'PUT /api/v2/checklist/orden/42/item/2': {
        item: { ...medida, hecho: true, fallido: true, respuesta: { ...RESPUESTA, numero: 9.5, por: POR, en: 3 } },
        progreso: { hechos: 1, total: 1 },
        faltantes: [],
      },
    });
    const campo = await screen.findByTestId('checklist-numero-2');
    fireEvent(campo, new CustomEvent('ionInput', { detail: { value: '9,5' } }));
    expect(await screen.findByTestId('checklist-fuera-2')).toHaveTextContent(
      'Fuera de rango (entre 2 y 5 bar): se guardará como fallido.',
    );
    fireEvent.click(screen.getByTestId('checklist-guardar-2'));
    await waitFor(() => expect(llamadas.de('PUT', '/api/v2/checklist/orden/42/item/2')).toHaveLength(1));
    expect(llamadas.de('PUT', '/api/v2/checklist/orden/42/item/2')[0]?.cuerpo).toEqual({
      tipo: 'numero',
      numero: 9.5,
      fallido: true,
    });
    expect(await screen.findByTestId('checklist-fallido-2')).toBeInTheDocument();
    // Saved: the warning no longer speaks of the future.
    expect(screen.getByTestId('checklist-fuera-2')).toHaveTextContent(
      'Fuera de rango (entre 2 y 5 bar): quedó guardado como fallido.',
    );
    // An operario cannot create orders: the follow-up is left to who can, and it says so.
    expect(screen.queryByTestId('checklist-crear-seguimiento-2')).toBeNull();
    expect(screen.getByTestId('checklist-sin-seguimiento-2')).toHaveTextContent('Quien pueda crear órdenes');
  });

  it('un número fuera de los límites ya guardado dice que quedó como fallido, no que se guardará', async () => {
    const medida = item(2, {
      etiqueta: 'Presión',
      tipo: 'numero',
      unidad: 'bar',
      min: 2,
      max: 5,
      hecho: true,
      fallido: true,
      respuesta: { ...RESPUESTA, numero: 9.5, por: POR, en: 3 },
    });
    mostrar(checklist([medida]));
    expect(await screen.findByTestId('checklist-fuera-2')).toHaveTextContent(
      'Fuera de rango (entre 2 y 5 bar): quedó guardado como fallido.',
    );
    // Typing another number that is also out of range: that one is not saved yet.
    fireEvent(screen.getByTestId('checklist-numero-2'), new CustomEvent('ionInput', { detail: { value: '7' } }));
    expect(await screen.findByTestId('checklist-fuera-2')).toHaveTextContent(
      'Fuera de rango (entre 2 y 5 bar): se guardará como fallido.',
    );
  });

  it('una nota va con la misma respuesta, por la bandeja como cualquier respuesta', async () => {
    const falla = item(3, {
      etiqueta: 'Estado general',
      tipo: 'pasa_falla',
      hecho: true,
      fallido: true,
      respuesta: { ...RESPUESTA, resultado: 'falla' as const, por: POR, en: 2 },
    });
    const conNota = { ...falla, respuesta: { ...falla.respuesta, nota: 'Junta <b>rota</b>' } };
    const { llamadas } = mostrar(checklist([falla]), {
      'PUT /api/v2/checklist/orden/42/item/3': { item: conNota, progreso: { hechos: 1, total: 1 }, faltantes: [] },
    });
    fireEvent.click(await screen.findByTestId('checklist-nota-abrir-3'));
    fireEvent(
      await screen.findByTestId('checklist-nota-3'),
      new CustomEvent('ionInput', { detail: { value: 'Junta <b>rota</b>' } }),
    );
    fireEvent.click(screen.getByTestId('checklist-nota-guardar-3'));
    await waitFor(() => expect(llamadas.de('PUT', '/api/v2/checklist/orden/42/item/3')).toHaveLength(1));
    const put = llamadas.de('PUT', '/api/v2/checklist/orden/42/item/3')[0] as Llamada;
    expect(put.cuerpo).toEqual({ tipo: 'pasa_falla', resultado: 'falla', nota: 'Junta <b>rota</b>' });
    expect(put.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/Nota: Junta <b>rota<\/b>/)).toBeInTheDocument();
    expect(document.querySelector('.checklist-item b')).toBeNull();
  });

  it('los límites terminan con un solo punto aunque la unidad ya lo tenga', async () => {
    mostrar(
      checklist([
        item(2, { tipo: 'numero', unidad: 'u.', min: 1 }),
        item(4, { tipo: 'numero', unidad: 'bar', max: 5 }),
      ]),
    );
    expect(await screen.findByText('Límites: mínimo 1 u.')).toBeInTheDocument();
    expect(screen.getByText('Límites: máximo 5 bar.')).toBeInTheDocument();
  });

  it('un número o un texto escritos y sin guardar preguntan antes de salir; guardados, ya no', async () => {
    const medida = item(2, { etiqueta: 'Presión', tipo: 'numero', unidad: 'bar' });
    const lectura = item(5, {
      etiqueta: 'Lectura',
      tipo: 'texto',
      hecho: true,
      respuesta: { ...RESPUESTA, texto: 'Sin novedad', por: POR, en: 2 },
    });
    mostrar(checklist([medida, lectura]), {
      'PUT /api/v2/checklist/orden/42/item/2': {
        item: { ...medida, hecho: true, respuesta: { ...RESPUESTA, numero: 3.5, por: POR, en: 3 } },
        progreso: { hechos: 2, total: 2 },
        faltantes: [],
      },
    });
    const numero = await screen.findByTestId('checklist-numero-2');
    const texto = screen.getByTestId('checklist-texto-5');
    expect(hayCambiosSinGuardar()).toBe(false);

    // The saved text typed again (spaces aside) is no change; another one is.
    fireEvent(texto, new CustomEvent('ionInput', { detail: { value: 'Sin novedad ' } }));
    fireEvent(texto, new CustomEvent('ionInput', { detail: { value: 'Pierde aceite' } }));
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    fireEvent(texto, new CustomEvent('ionInput', { detail: { value: 'Sin novedad' } }));
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(false));

    fireEvent(numero, new CustomEvent('ionInput', { detail: { value: '3,5' } }));
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    fireEvent.click(screen.getByTestId('checklist-guardar-2'));
    await waitFor(() => expect(screen.getByTestId('checklist-item-2')).toHaveAttribute('data-hecho', 'true'));
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(false));
  });

  it('el texto de un ítem nuevo a medio escribir, o un nombre en una firma abierta, preguntan antes de salir', async () => {
    mostrar(checklist([item(3, { etiqueta: 'Firma del encargado', tipo: 'firma' })]), {}, makeSupervisor());
    fireEvent.click(await screen.findByTestId('checklist-agregar'));
    expect(hayCambiosSinGuardar()).toBe(false);
    fireEvent(
      screen.getByTestId('checklist-agregar-etiqueta'),
      new CustomEvent('ionInput', { detail: { value: 'Revisar el filtro' } }),
    );
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    fireEvent.click(screen.getByText('Cancelar'));
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.queryByTestId('checklist-agregar-form')).toBeNull());
    expect(hayCambiosSinGuardar()).toBe(false);

    fireEvent.click(screen.getByTestId('checklist-firmar-3'));
    fireEvent(screen.getByTestId('checklist-firmante-3'), new CustomEvent('ionInput', { detail: { value: 'Raúl' } }));
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));

    // Another form of the screen, opened and closed untouched, closes without asking and does
    // not let go of the signature's name.
    fireEvent.click(screen.getByTestId('checklist-agregar'));
    fireEvent.click(within(screen.getByTestId('checklist-agregar-form')).getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByTestId('checklist-agregar-form')).toBeNull());
    expect(document.querySelector('ion-alert')?.isConnected ?? false).toBe(false);
    expect(hayCambiosSinGuardar()).toBe(true);

    fireEvent.click(screen.getByText('Cancelar'));
    await responderConfirmacion('Seguir editando');
    expect(screen.getByTestId('checklist-firmante-3')).toHaveProperty('value', 'Raúl');
    fireEvent.click(screen.getByText('Cancelar'));
    await responderConfirmacion('Descartar');
    await waitFor(() => expect(screen.queryByTestId('checklist-firmante-3')).toBeNull());
    expect(hayCambiosSinGuardar()).toBe(false);
  });

  it('sin permiso para modificar, las respuestas no se pueden tocar', async () => {
    mostrar(checklist([item(1, { etiqueta: 'Limpieza' })], { modificar: false }));
    expect(await screen.findByTestId('checklist-tick-1')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('checklist-agregar')).toBeNull();
  });

  it('sin ítems lo dice', async () => {
    mostrar(checklist([], { tipoOrdenId: null, version: null }));
    expect(await screen.findByTestId('checklist-vacio')).toHaveTextContent('Esta orden no tiene checklist.');
  });
});

describe('ChecklistDeOrden: lo hecho sin conexión (issue 36)', () => {
  const usuario = makeOperario();
  bandejaDePrueba('prueba-checklist-en-espera', usuario.id);

  it('una respuesta y una foto que esperan en la bandeja se marcan «pendiente» en su ítem, no como guardadas', async () => {
    await encolar({
      tipo: 'checklist',
      ordenId: 42,
      descripcion: 'Orden #7 · Ítem 1',
      cuerpo: { itemId: 1, respuesta: { tipo: 'tick', marcado: true } },
    });
    await encolar({
      tipo: 'checklistFoto',
      ordenId: 42,
      descripcion: 'Orden #7 · Foto de Ítem 3',
      // (Its photo stays out: fake-indexeddb does not keep a Blob as one.)
      cuerpo: { itemId: 3, previas: [] },
    });
    // The device's copy already shows the tick answered (as the server would).
    const hecho = item(1, {
      hecho: true,
      respuesta: { ...RESPUESTA, marcado: true, por: POR, en: Date.UTC(2026, 10, 30, 14) },
    });
    mostrar(checklist([hecho, item(2), item(3, { tipo: 'foto' })]), {}, usuario);

    const enEspera = await screen.findByTestId('checklist-en-espera-1');
    expect(enEspera).toHaveTextContent('pendiente');
    expect(enEspera).toHaveTextContent('Se enviará al volver la conexión.');
    expect(screen.getByTestId('checklist-item-1')).not.toHaveTextContent('Ana Pérez');
    expect(screen.getByTestId('checklist-en-espera-3')).toHaveTextContent(
      'Se enviará con sus fotos al volver la conexión.',
    );
    expect(screen.queryByTestId('checklist-en-espera-2')).toBeNull();
  });

  /**
   * «Presión» (2 to 5 bar) answered 9,5 without a connection: the outbox keeps it. Then the
   * connection comes back and the outbox sends it, the server answering `put`.
   */
  async function fueraDeRangoSinConexion(put: Respuesta) {
    const medida = item(2, { etiqueta: 'Presión', tipo: 'numero', unidad: 'bar', min: 2, max: 5 });
    const { llamadas, queryClient } = mostrar(
      checklist([medida]),
      { 'PUT /api/v2/checklist/orden/42/item/2': put },
      usuario,
    );
    // The outbox as the app runs it: the real sender, and what it sends updates the checklist.
    configurarBandeja({
      enviar: enviarCambio,
      alAplicar: (c, r) => itemGuardado(queryClient, c.ordenId ?? 0, r as ItemGuardado),
      usuarioId: () => usuario.id,
    });
    const sinRed = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fireEvent(
        await screen.findByTestId('checklist-numero-2'),
        new CustomEvent('ionInput', { detail: { value: '9,5' } }),
      );
      fireEvent.click(screen.getByTestId('checklist-guardar-2'));
      expect(await screen.findByTestId('checklist-en-espera-2')).toHaveTextContent('pendiente');
      // The number on screen is the item's answer now (it is marked failed), but only on this phone.
      expect(await screen.findByTestId('checklist-fallido-2')).toBeInTheDocument();
      expect(screen.getByTestId('checklist-fuera-2')).toHaveTextContent(
        'Fuera de rango (entre 2 y 5 bar): se guardará como fallido al volver la conexión.',
      );
      expect(screen.getByTestId('checklist-fuera-2')).not.toHaveTextContent('quedó guardado');
      expect(llamadas.de('PUT', '/api/v2/checklist/orden/42/item/2')).toHaveLength(0);
    } finally {
      sinRed.mockRestore();
    }
    await act(() => procesarBandeja());
    expect(llamadas.de('PUT', '/api/v2/checklist/orden/42/item/2')[0]?.cuerpo).toEqual({
      tipo: 'numero',
      numero: 9.5,
      fallido: true,
    });
  }

  it('un número fuera de rango en la bandeja no dice que quedó guardado hasta que el servidor lo tiene', async () => {
    const medida = item(2, { etiqueta: 'Presión', tipo: 'numero', unidad: 'bar', min: 2, max: 5 });
    await fueraDeRangoSinConexion({
      item: { ...medida, hecho: true, fallido: true, respuesta: { ...RESPUESTA, numero: 9.5, por: POR, en: 3 } },
      progreso: { hechos: 1, total: 1 },
      faltantes: [],
    });
    await waitFor(() => expect(screen.queryByTestId('checklist-en-espera-2')).toBeNull());
    expect(screen.getByTestId('checklist-fuera-2')).toHaveTextContent(
      'Fuera de rango (entre 2 y 5 bar): quedó guardado como fallido.',
    );
    expect(screen.getByTestId('checklist-item-2')).toHaveTextContent('Ana Pérez');
  });

  it('un número fuera de rango que el servidor rechazó desde la bandeja no dice que quedó guardado', async () => {
    await fueraDeRangoSinConexion(errorDelServidor(409, 'La orden ya está finalizada.'));
    expect(await screen.findByTestId('checklist-en-espera-2')).toHaveTextContent(
      'El servidor no lo aceptó: vea «Cambios pendientes».',
    );
    expect(screen.getByTestId('checklist-fuera-2')).toHaveTextContent(
      'Fuera de rango (entre 2 y 5 bar): no quedó guardado: el servidor no lo aceptó.',
    );
  });

  it('un texto que queda en la bandeja cuenta como guardado: salir ya no pregunta', async () => {
    mostrar(checklist([item(5, { etiqueta: 'Lectura', tipo: 'texto' })]), {}, usuario);
    fireEvent(
      await screen.findByTestId('checklist-texto-5'),
      new CustomEvent('ionInput', { detail: { value: 'Pierde aceite' } }),
    );
    await waitFor(() => expect(hayCambiosSinGuardar()).toBe(true));
    const sinRed = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fireEvent.click(screen.getByTestId('checklist-guardar-5'));
      expect(await screen.findByTestId('checklist-en-espera-5')).toHaveTextContent('pendiente');
      await waitFor(() => expect(hayCambiosSinGuardar()).toBe(false));
    } finally {
      sinRed.mockRestore();
    }
  });
});
