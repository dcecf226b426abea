import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, abrirMenu, iniciarSesion, pantallaActual } from './helpers';

/**
 * The business calendar (issue 34, docs/SLA.md): the owner adds a Saturday shift and a company
 * holiday, marks a national holiday as worked, and each change is what the server keeps; an
 * operario reads it without controls. The journey puts everything back, so it runs on both screens.
 */

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');
const auth = (usuario: string) => ({ Authorization: `${usuario}#${md5(DEMO_PASSWORD)}` });

interface Calendario {
  semana: Record<string, { desde: number; hasta: number }[]>;
  anios: number[];
  feriados: { dia: string; nombre: string; origen: string; seTrabaja: boolean }[];
}

async function segunElServidor(request: APIRequestContext): Promise<Calendario> {
  const r = await request.get('/api/v4/sla/calendario', { headers: auth('operario') });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as Calendario;
}

/**
 * Puts back what an earlier attempt of this journey may have left when it stopped halfway (a retry
 * runs on the same server): no Saturday shift, no company holiday on `propio`, and the national
 * holiday taken again.
 */
async function comoAlSembrar(request: APIRequestContext, propio: string, independencia: string): Promise<void> {
  const antes = await segunElServidor(request);
  const propietario = auth('propietario');
  if ((antes.semana['6'] ?? []).length > 0) {
    const r = await request.put('/api/v4/sla/calendario/semana', {
      headers: propietario,
      data: { semana: { ...antes.semana, '6': [] } },
    });
    expect(r.ok(), await r.text()).toBe(true);
  }
  if (antes.feriados.some((f) => f.dia === propio)) {
    const r = await request.delete(`/api/v4/sla/feriados/${propio}`, { headers: propietario });
    expect(r.ok(), await r.text()).toBe(true);
  }
  if (antes.feriados.find((f) => f.dia === independencia)?.seTrabaja) {
    const r = await request.post('/api/v4/sla/feriados', {
      headers: propietario,
      data: { dia: independencia, nombre: 'Día de la Independencia' },
    });
    expect(r.ok(), await r.text()).toBe(true);
  }
}

test('el propietario cambia el horario y los feriados; el operario los lee', async ({ page, request }) => {
  // Two people's screens and a dozen round trips: more than the default on a loaded CI machine.
  test.slow();
  const { anios } = await segunElServidor(request);
  const proximo = anios[1]!;
  const independencia = `${proximo}-07-09`;
  const propio = `${proximo}-03-15`;
  await comoAlSembrar(request, propio, independencia);

  await iniciarSesion(page, 'propietario');
  const menu = await abrirMenu(page);
  await menu.getByRole('navigation', { name: 'Menú principal' }).getByText('Horario y feriados').click();
  const pantalla = pantallaActual(page);
  await expect(pantalla.getByTestId('horario-dia-6')).toContainText('No se trabaja');

  // Saturday 09:00–13:00.
  await pantalla.getByRole('button', { name: 'Agregar horario al sábado' }).click();
  await pantalla.getByTestId('horario-desde-6-0').locator('input').fill('09:00');
  await pantalla.getByTestId('horario-hasta-6-0').locator('input').fill('13:00');
  await pantalla.getByRole('button', { name: 'Guardar horario' }).click();
  await expect.poll(async () => (await segunElServidor(request)).semana['6']).toEqual([{ desde: 540, hasta: 780 }]);
  await page.reload();
  await expect(pantallaActual(page).getByTestId('horario-desde-6-0').locator('input')).toHaveValue('09:00');

  // A national holiday worked, then taken back.
  await pantallaActual(page).getByTestId(`feriado-trabajar-${independencia}`).click();
  await expect(pantallaActual(page).getByTestId(`feriado-tomar-${independencia}`)).toBeVisible();
  expect((await segunElServidor(request)).feriados.find((f) => f.dia === independencia)?.seTrabaja).toBe(true);
  await pantallaActual(page).getByTestId(`feriado-tomar-${independencia}`).click();
  await expect(pantallaActual(page).getByTestId(`feriado-trabajar-${independencia}`)).toBeVisible();

  // A company holiday whose name looks like markup stays text.
  const nuevo = pantallaActual(page).getByTestId('feriado-nuevo');
  await nuevo.getByTestId('feriado-nuevo-dia').locator('input').fill(`15/03/${proximo}`);
  await nuevo.getByTestId('feriado-nuevo-nombre').locator('input').fill('<b>Aniversario</b>');
  await nuevo.getByRole('button', { name: 'Agregar feriado' }).click();
  const fila = pantallaActual(page).getByTestId(`feriado-${propio}`);
  await expect(fila).toContainText('<b>Aniversario</b>');
  await expect(fila).toContainText('De la empresa');
  expect((await segunElServidor(request)).feriados.find((f) => f.dia === propio)?.origen).toBe('empresa');

  // The operario reads the same calendar, with no control to change it.
  const operario = await page
    .context()
    .browser()!
    .newContext({ ...test.info().project.use, baseURL: test.info().project.use.baseURL });
  const suPagina = await operario.newPage();
  await iniciarSesion(suPagina, 'operario');
  await suPagina.goto('/horario');
  const suPantalla = pantallaActual(suPagina);
  await expect(suPantalla.getByTestId('horario-solo-lectura')).toBeVisible();
  await expect(suPantalla.getByTestId('horario-dia-6')).toContainText('09:00 a 13:00');
  await expect(suPantalla.getByTestId(`feriado-${propio}`)).toContainText('<b>Aniversario</b>');
  await expect(suPantalla.getByRole('button', { name: 'Guardar horario' })).toHaveCount(0);
  await operario.close();

  // Everything back as it was: the company holiday removed after a confirmation, no Saturday.
  await pantallaActual(page).getByTestId(`feriado-quitar-${propio}`).click();
  await page.locator('ion-alert').getByRole('button', { name: 'Quitar' }).click();
  await expect(pantallaActual(page).getByTestId(`feriado-${propio}`)).toHaveCount(0);
  await pantallaActual(page).getByRole('button', { name: 'Quitar el horario 1 del sábado' }).click();
  await pantallaActual(page).getByRole('button', { name: 'Guardar horario' }).click();
  await expect.poll(async () => (await segunElServidor(request)).semana['6']).toEqual([]);
  expect((await segunElServidor(request)).feriados.some((f) => f.dia === propio)).toBe(false);
});
