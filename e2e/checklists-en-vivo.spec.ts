import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, contextoTelefono, iniciarSesion, pantallaActual } from './helpers';

/**
 * Issue 31, "arrives live for everyone viewing the order": admin and operario have the same order
 * open on two phones. operario has no company channel (SPEC §6: only with crearOrden): his detail
 * listens on the order's own channel, so admin's answer appears on his screen without reloading;
 * and his answer appears on admin's.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const auth = (usuario: string) => ({ Authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });

async function ok(respuesta: Promise<import('@playwright/test').APIResponse>) {
  const r = await respuesta;
  expect(r.ok(), await r.text()).toBe(true);
  return r.json() as Promise<unknown>;
}

/** An order type with a two-item checklist, and an order of it for operario (as the office would). */
async function ordenConChecklist(request: APIRequestContext, sufijo: string) {
  const tipo = (await ok(
    request.post('/api/v2/tipoOrden', { headers: auth('admin'), data: { nombre: `Filtros ${sufijo}` } }),
  )) as { id: number };
  await ok(
    request.put(`/api/v2/checklist/plantilla/${tipo.id}`, {
      headers: auth('admin'),
      data: {
        items: [
          { etiqueta: 'Estado del filtro', tipo: 'pasa_falla', requerido: true },
          { etiqueta: 'Limpiar las rejillas', tipo: 'tick', requerido: true },
        ],
      },
    }),
  );
  const operario = (await ok(request.get('/api/v4/login', { headers: auth('operario') }))) as { id: number };
  const empresas = (await ok(request.get('/api/v2/empresasAsignables', { headers: auth('admin') }))) as {
    id: number;
    nombre: string;
  }[];
  const cliente = empresas.find((c) => c.nombre === 'Municipalidad de Rosario');
  const orden = (await ok(
    request.post('/api/v2/ordenes/save', {
      headers: auth('admin'),
      data: {
        titulo: `Cambio de filtros ${sufijo}`,
        cliente: cliente?.id,
        responsable: [operario.id],
        tipoOrden: tipo.id,
      },
    }),
  )) as { id: number };
  const checklist = (await ok(request.get(`/api/v2/checklist/orden/${orden.id}`, { headers: auth('admin') }))) as {
    items: { id: number; etiqueta: string }[];
  };
  const id = (etiqueta: string) => checklist.items.find((i) => i.etiqueta === etiqueta)?.id as number;
  return { ordenId: orden.id, filtro: id('Estado del filtro'), rejillas: id('Limpiar las rejillas') };
}

const checklistDe = (page: Page): Locator => pantallaActual(page).getByTestId('orden-checklist');

test.describe('checklist en vivo @solo-telefono', () => {
  test('dos teléfonos con la misma orden abierta: la respuesta de uno aparece en el otro sin recargar', async ({
    page,
    browser,
    request,
  }, info) => {
    test.setTimeout(180_000);
    const { ordenId, filtro, rejillas } = await ordenConChecklist(request, `${Date.now() % 1_000_000}`);

    await iniciarSesion(page, 'admin');
    await page.goto(`/orden/${ordenId}`);
    const contexto = await contextoTelefono(browser);
    const telefono = await contexto.newPage();
    // operario's detail subscribes to the order's own channel once it shows the order.
    const suscripto = new Promise<void>((resolve) => {
      telefono.on('websocket', (ws) =>
        ws.on('framesent', ({ payload }) => {
          if (String(payload).startsWith('SUBSCRIBE') && String(payload).includes(`destination:/orden/${ordenId}\n`))
            resolve();
        }),
      );
    });
    await iniciarSesion(telefono, 'operario');
    await telefono.goto(`/orden/${ordenId}`);
    for (const p of [page, telefono])
      await expect(checklistDe(p).getByTestId('checklist-progreso')).toHaveText('0 de 2');
    await suscripto;

    // admin answers on his phone; operario's open page shows it, with no reload.
    await checklistDe(page).getByTestId(`checklist-pasa-${filtro}`).click();
    await expect(checklistDe(page).getByTestId('checklist-progreso')).toHaveText('1 de 2');
    await expect(checklistDe(telefono).getByTestId('checklist-progreso')).toHaveText('1 de 2');
    await expect(checklistDe(telefono).getByTestId(`checklist-pasa-${filtro}`)).toHaveAttribute('fill', 'solid');
    await telefono.screenshot({ path: info.outputPath('respuesta-de-otro.png'), fullPage: true });

    // And the other way: operario's tick appears on admin's (the company's channel).
    await checklistDe(telefono).getByTestId(`checklist-tick-${rejillas}`).click();
    await expect(checklistDe(telefono).getByTestId('checklist-progreso')).toHaveText('2 de 2');
    await expect(checklistDe(page).getByTestId(`checklist-tick-${rejillas}`)).toHaveText(/Hecho ✓/);
    await expect(checklistDe(page).getByTestId('checklist-progreso')).toHaveText('2 de 2');
    await contexto.close();
  });
});
