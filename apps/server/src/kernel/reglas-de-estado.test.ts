import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import type { DbOrTx } from './db/client.js';
import { ReglasDeEstado, type TransicionPropuesta } from './reglas-de-estado.js';

const t = (hacia: number): TransicionPropuesta => ({
  actor: { id: 1, entidadId: 1 } as Actor,
  tx: {} as DbOrTx,
  ordenId: 7,
  tipoOrdenId: null,
  desde: 2,
  hacia,
});

describe('ReglasDeEstado', () => {
  it('sin reglas no bloquea nada', async () => {
    await expect(new ReglasDeEstado().exigir(t(4))).resolves.toBeUndefined();
  });

  it('junta los motivos de cada regla, en el orden en que se registraron, y lanza 409 TRANSICION_BLOQUEADA', async () => {
    const r = new ReglasDeEstado();
    r.registrar('checklists', async (x) => (x.hacia === 4 ? ['Faltan ítems.'] : []));
    r.registrar('conformidad', async () => ['Falta la conformidad.']);
    expect(await r.bloqueos(t(1))).toEqual(['Falta la conformidad.']);
    await expect(r.exigir(t(4))).rejects.toMatchObject({
      code: 'TRANSICION_BLOQUEADA',
      status: 409,
      message: 'Faltan ítems. Falta la conformidad.',
      extra: {
        field: 'estado',
        issues: [
          { field: 'estado', message: 'Faltan ítems.' },
          { field: 'estado', message: 'Falta la conformidad.' },
        ],
      },
    });
  });

  it('registrar otra vez con el mismo nombre reemplaza la regla', async () => {
    const r = new ReglasDeEstado();
    r.registrar('checklists', async () => ['vieja']);
    r.registrar('checklists', async () => ['nueva']);
    expect(await r.bloqueos(t(4))).toEqual(['nueva']);
  });
});
