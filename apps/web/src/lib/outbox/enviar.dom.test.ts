import { afterEach, describe, expect, it } from 'vitest';
import { guardarSesion } from '../session';
import { makeOperario } from '../../test/factories';
import { simularServidor } from '../../test/servidor';
import { enviarCambio } from './enviar';
import type { Cambio } from './tipos';

const CREADO = Date.UTC(2026, 10, 27, 17, 5);

afterEach(() => localStorage.clear());

describe('enviarCambio', () => {
  it('replays a change with its key and when it was made on the device (X-Hecho-En)', async () => {
    guardarSesion({ usuario: makeOperario(), md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    const llamadas = simularServidor({
      'PUT /api/v2/registro-gastos/42': {
        ordenId: 42,
        horas: [],
        gastos: [],
        totales: { minutos: 0, horas: '0:00', gastos: [] },
        puedeAgregar: true,
        puedeCargarAOtros: false,
      },
    });
    const cambio: Cambio = {
      id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      usuarioId: 1,
      tipo: 'registro',
      ordenId: 42,
      descripcion: 'Orden #12 · Registrar 1 h',
      cuerpo: { horas: [{ fecha: CREADO, horas: 1, minutos: 0 }] },
      creado: CREADO,
      secuencia: 1,
      estado: 'pendiente',
      intentos: 1,
    };
    await enviarCambio(cambio);
    const [put] = llamadas.filter((l) => l.metodo === 'PUT');
    expect(put?.headers.get('Idempotency-Key')).toBe(cambio.id);
    expect(put?.headers.get('X-Hecho-En')).toBe(String(CREADO));
  });

  it('sends a signature taken offline to the conformity, with its key and when it was signed', async () => {
    guardarSesion({ usuario: makeOperario(), md5: 'eb6bc90afb1de3b7e8a41c1afa38ee01' });
    const llamadas = simularServidor({
      'POST /api/v2/orden/42/conformidad/firma': {
        ordenId: 42,
        requerida: 'no',
        estado: 'conforme',
        firma: null,
        remota: null,
        fecha: CREADO,
      },
    });
    const firma = { firma: 'data:image/png;base64,iVBORw0KGgo=', nombre: 'Laura Gómez', fecha: CREADO };
    const cambio: Cambio = {
      id: '7a1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      usuarioId: 1,
      tipo: 'conformidadFirma',
      ordenId: 42,
      descripcion: 'Orden #12 · Firma de conformidad de Laura Gómez',
      cuerpo: firma,
      creado: CREADO,
      secuencia: 2,
      estado: 'pendiente',
      intentos: 0,
    };
    await enviarCambio(cambio);
    const [post] = llamadas.filter((l) => l.metodo === 'POST');
    expect(post?.cuerpo).toEqual(firma);
    expect(post?.headers.get('Idempotency-Key')).toBe(cambio.id);
    expect(post?.headers.get('X-Hecho-En')).toBe(String(CREADO));
  });
});
