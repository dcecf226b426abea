import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import type { NuevoCambio } from '../../../lib/outbox';
import { archivosKeys } from '../keys';
import { makeArchivo } from '../test-utils';
import { adjuntarAOrden } from './adjuntar-a-orden';

const outbox = vi.hoisted(() => ({
  encolados: [] as NuevoCambio[],
  enviados: [] as NuevoCambio[],
  responder: (_c: NuevoCambio): unknown => ({ tipo: 'enviado', respuesta: [] }),
}));
vi.mock('../../../lib/outbox', () => ({
  encolar: vi.fn(async (c: NuevoCambio) => {
    outbox.encolados.push(c);
    return { ...c, id: 'x' };
  }),
  enviarOEncolar: vi.fn(async (c: NuevoCambio) => {
    outbox.enviados.push(c);
    const r = outbox.responder(c);
    if (r instanceof Error) throw r;
    return r;
  }),
}));

const CLAVE = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const foto = new File(['jpeg'], 'pozo.jpg', { type: 'image/jpeg' });
const plano = new File(['%PDF'], 'plano.pdf', { type: 'application/pdf' });

beforeEach(() => {
  outbox.encolados = [];
  outbox.enviados = [];
  outbox.responder = () => ({ tipo: 'enviado', respuesta: [] });
});

describe('adjuntar a una orden nueva (issue 36)', () => {
  it('a una orden que espera en la bandeja: cada archivo va detrás de ella, enlazado por su clave, en orden', async () => {
    const r = await adjuntarAOrden(new QueryClient(), { ordenClave: CLAVE }, [foto, plano]);
    expect(r).toEqual({ enviados: 0, encolados: 2, rechazados: [] });
    expect(outbox.enviados).toEqual([]);
    expect(outbox.encolados.map((c) => [c.tipo, c.ordenId, c.ordenClave, c.descripcion])).toEqual([
      ['archivos', null, CLAVE, 'Adjuntar pozo.jpg'],
      ['archivos', null, CLAVE, 'Adjuntar plano.pdf'],
    ]);
    expect(outbox.encolados[0]?.archivos).toEqual([{ nombre: 'pozo.jpg', tipo: 'image/jpeg', datos: foto }]);
  });

  it('a la orden que creó el servidor: uno por vez; la lista respondida queda en la caché; un rechazo se dice y no frena los demás', async () => {
    const queryClient = new QueryClient();
    const lista = [makeArchivo({ id: 2, nombre: 'plano.pdf' })];
    outbox.responder = (c) =>
      c.descripcion === 'Adjuntar pozo.jpg'
        ? new ApiError(400, 'DATOS_INVALIDOS', 'El archivo está dañado.')
        : { tipo: 'enviado', respuesta: lista };
    const r = await adjuntarAOrden(queryClient, { ordenId: 77 }, [foto, plano]);
    expect(outbox.enviados.map((c) => [c.ordenId, c.ordenClave])).toEqual([
      [77, undefined],
      [77, undefined],
    ]);
    expect(r).toEqual({ enviados: 1, encolados: 0, rechazados: ['pozo.jpg: El archivo está dañado.'] });
    expect(queryClient.getQueryData(archivosKeys.lista(77))).toEqual(lista);
  });

  it('sin llegar al servidor quedan en la bandeja con la orden ya creada', async () => {
    outbox.responder = () => ({ tipo: 'encolado', cambio: {} });
    const r = await adjuntarAOrden(new QueryClient(), { ordenId: 77 }, [foto]);
    expect(r).toEqual({ enviados: 0, encolados: 1, rechazados: [] });
  });
});
