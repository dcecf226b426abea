import { expect, test } from '@playwright/test';
import { abrirMenu, entradasMenu, esTelefono, iniciarSesion, pantallaActual } from './helpers';

const TODAS = [
  'Inicio',
  'Calendario',
  'Solicitudes',
  'Usuarios',
  'Clientes',
  'Equipos',
  'Areas',
  'Tipos de Orden',
  'Mantenimiento',
  'Estadísticas',
  'Horario y feriados',
  'Niveles de servicio',
  'WhatsApp',
  'Mi cuenta',
  'Cerrar sesión',
];

interface Caso {
  usuario: string;
  empresa: string;
  nombre: string;
  entradas: string[];
  /** null: no plan panel. */
  plan: { titulo: string; cupo: string | RegExp; actualizar: boolean } | null;
}

/**
 * Demo Servicios' plan: 100 orders a month. Other journeys on the same server create orders for
 * this company (live.spec.ts), and each one takes from the quota, so only the form is fixed here.
 */
const CUPO_DEMO = /^\d{1,3} de 100 órdenes disponibles$/;

const CASOS: Caso[] = [
  {
    usuario: 'propietario',
    empresa: 'Demo Servicios S.A.',
    nombre: 'Laura Fernández',
    entradas: TODAS,
    plan: { titulo: 'Plan Pyme', cupo: CUPO_DEMO, actualizar: true },
  },
  {
    usuario: 'admin',
    empresa: 'Demo Servicios S.A.',
    nombre: 'Martín Gómez',
    entradas: TODAS,
    plan: { titulo: 'Plan Pyme', cupo: CUPO_DEMO, actualizar: true },
  },
  {
    usuario: 'supervisor',
    empresa: 'Demo Servicios S.A.',
    nombre: 'Carla Ruiz',
    entradas: [
      'Inicio',
      'Calendario',
      'Solicitudes',
      'Equipos',
      'Mantenimiento',
      'Estadísticas',
      'Mi cuenta',
      'Cerrar sesión',
    ],
    plan: { titulo: 'Plan Pyme', cupo: CUPO_DEMO, actualizar: false },
  },
  {
    usuario: 'operario',
    empresa: 'Demo Servicios S.A.',
    nombre: 'Diego Sosa',
    entradas: ['Inicio', 'Calendario', 'Equipos', 'Mi cuenta', 'Cerrar sesión'],
    plan: null,
  },
  {
    usuario: 'otra',
    empresa: 'Otra Empresa S.R.L.',
    nombre: 'Roberto Díaz',
    entradas: TODAS,
    plan: { titulo: 'Plan Ilimitado', cupo: 'Ordenes ilimitadas', actualizar: true },
  },
];

test.describe('menú lateral por usuario (SPEC §1, §2)', () => {
  for (const caso of CASOS) {
    test(`${caso.usuario} ve sus entradas y ${caso.plan ? 'el panel del plan' : 'ningún panel de plan'}`, async ({
      page,
    }) => {
      await iniciarSesion(page, caso.usuario);
      const menu = await abrirMenu(page);

      await expect(menu.getByTestId('menu-empresa')).toHaveText(caso.empresa);
      await expect(menu.getByTestId('menu-usuario')).toHaveText(caso.nombre);
      await expect(menu.getByText(`@${caso.usuario}`)).toBeVisible();
      await expect(menu.getByTestId('connection-indicator')).toHaveText('Conectado');
      await expect(entradasMenu(menu)).toHaveText(caso.entradas);

      const panel = menu.getByTestId('plan-panel');
      if (!caso.plan) {
        await expect(panel).toHaveCount(0);
        return;
      }
      await expect(panel).toBeVisible();
      await expect(panel.locator('.plan-panel__titulo')).toHaveText(caso.plan.titulo);
      await expect(panel.locator('.plan-panel__cupo')).toHaveText(caso.plan.cupo);
      await expect(panel.locator('ion-progress-bar')).toBeVisible();
      const actualizar = panel.getByText('Actualizar plan');
      if (caso.plan.actualizar) await expect(actualizar).toBeVisible();
      else await expect(actualizar).toHaveCount(0);
    });
  }

  test('Demo Servicios muestra la próxima renovación y una barra primaria con el cupo completo', async ({ page }) => {
    await iniciarSesion(page, 'propietario');
    const panel = (await abrirMenu(page)).getByTestId('plan-panel');
    await expect(panel.locator('.plan-panel__renovacion')).toHaveText(/^Próxima renovación el \d{2}\/\d{2}\/\d{4}$/);
    await expect(panel.locator('ion-progress-bar')).toHaveAttribute('data-color', 'primary');
  });

  test('Actualizar plan lleva a /planes', async ({ page }) => {
    await iniciarSesion(page, 'admin');
    const menu = await abrirMenu(page);
    await menu.getByText('Actualizar plan').click();
    await expect(page).toHaveURL(/\/planes$/);
  });

  test('tocar el logo abre Mi cuenta (perfil)', async ({ page }) => {
    await iniciarSesion(page, 'propietario');
    const menu = await abrirMenu(page);
    await menu.getByTestId('menu-logo').click();
    await expect(page).toHaveURL(/\/perfil$/);
  });

  test('una entrada del menú navega y, en el teléfono, cierra el menú', async ({ page }) => {
    await iniciarSesion(page, 'supervisor');
    const menu = await abrirMenu(page);
    await menu.getByTestId('menu-estadisticas').click();
    await expect(page).toHaveURL(/\/estadisticas$/);
    if (esTelefono(page)) await expect(menu).not.toHaveClass(/show-menu/);
    else await expect(menu.getByTestId('menu-estadisticas')).toHaveAttribute('aria-current', 'page');
  });

  // Without the service worker (issue 17): once installed it serves every screen's code from its
  // precache, so this is the first visit, before the worker has installed.
  test.describe('sin service worker', () => {
    test.use({ serviceWorkers: 'block' });
    test('sin servidor, una pantalla aún no cargada avisa dentro de la app y Reintentar la trae', async ({ page }) => {
      await iniciarSesion(page, 'propietario');
      // The server is unreachable for the screen's code: its chunk request fails.
      const chunkPerfil = /\/assets\/perfil-page-[^/]+\.js$/;
      await page.route(chunkPerfil, (ruta) => ruta.abort('connectionrefused'));
      const menu = await abrirMenu(page);
      await menu.getByTestId('menu-perfil').click();
      await expect(page).toHaveURL(/\/perfil$/);

      const aviso = pantallaActual(page).getByTestId('pantalla-sin-conexion');
      await expect(aviso).toContainText('No hay conexión con el servidor. Los datos pueden estar desactualizados.');
      // The shell stays: the toolbar, and the menu still opens (beside the content on desktop).
      await expect(pantallaActual(page).locator('ion-toolbar')).toBeVisible();
      await abrirMenu(page);
      if (esTelefono(page)) {
        // Tapping an entry closes the overlay menu, as it does anywhere else.
        await menu.getByTestId('menu-perfil').click();
        await expect(menu).not.toHaveClass(/show-menu/);
      }
      await expect(aviso).toBeVisible();

      await page.unroute(chunkPerfil);
      await aviso.getByRole('button', { name: 'Reintentar' }).click();
      await expect(pantallaActual(page).getByTestId('perfil-datos')).toBeVisible();
      await expect(aviso).toHaveCount(0);
    });
  });

  test('sin sesión el menú está deshabilitado', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    // A fresh /login is the first-stage login (main.tsx): no Ionic, so no menu at all.
    await expect(page.locator('ion-menu')).toHaveCount(0);
    await expect(page.locator('ion-menu-button')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);
  });
});
