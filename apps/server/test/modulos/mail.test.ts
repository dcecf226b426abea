import { afterAll, beforeAll, expect, it } from 'vitest';
import { moduloCorreo, type MailTransport } from '../../src/modules/mail/index.js';
import type { Mensaje } from '../../src/modules/mail/transport.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The mail module alone: the kernel's database and clock, a transport that keeps what it gets. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

function transporte(): MailTransport & { enviados: Mensaje[]; cerrado: boolean } {
  return {
    kind: 'archivo',
    enviados: [],
    cerrado: false,
    async send(m) {
      this.enviados.push(m);
      return {};
    },
    close() {
      this.cerrado = true;
    },
  };
}

const contenido = (asunto: string) => ({ asunto, html: `<p>${asunto}</p>`, texto: asunto });

it('se arma con el núcleo y un transporte, entrega lo encolado y cuenta los límites por empresa', async () => {
  const t = transporte();
  const m = moduloCorreo(b.nucleo, { transport: t, limites: { porDestinatario: 1, porDestinatarioNueva: 1 } });
  expect(m.rutas).toBeUndefined();
  const encolar = (entidadId: number, asunto: string) =>
    b.database.db.transaction((tx) =>
      m.puerto.enqueue(tx, {
        tipo: 'encuesta',
        para: 'rosa@example.com',
        entidadId,
        logo: null,
        contenido: contenido(asunto),
      }),
    );

  await encolar(b.entidadId, 'Primera');
  // The same address again from the same company: past its cap, refused and nothing queued.
  await expect(encolar(b.entidadId, 'Segunda')).rejects.toMatchObject({ code: 'DEMASIADOS_INTENTOS' });
  // Another company's cap is its own.
  await encolar(b.otraEntidadId, 'De la otra');

  expect(await m.puerto.deliverPending()).toBe(2);
  expect(t.enviados.map((e) => e.asunto).sort()).toEqual(['De la otra', 'Primera']);
  const primera = t.enviados.find((e) => e.asunto === 'Primera');
  // The footer names the company that wrote, not the other one.
  expect(primera?.texto).toContain('Módulo SA');
  expect(primera?.texto).not.toContain('Otra SA');
  expect(await m.puerto.deliverPending()).toBe(0);

  await m.alCerrar?.();
  expect(t.cerrado).toBe(true);
});
