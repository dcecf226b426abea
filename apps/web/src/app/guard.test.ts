import { describe, expect, it } from 'vitest';
import { makeAdmin, makeOperario, makePropietario, makeSupervisor } from '../test/factories';
import { resolveGuard, type SesionGuardia } from './guard';
import { REDIRECCIONES, RUTAS, type Guardia } from './routes';

/** SPEC §2 "Routes", copied by hand so that the table cannot drift from it unnoticed. */
const SPEC_LOGIN = [
  'home',
  'orderslistfilter',
  'cambio-estado',
  'archivos',
  'historial',
  'registro-historial',
  'edicion-detalle',
  'nueva-orden',
  'usuarios',
  'clientes',
  'cambio-responsable',
  'cliente',
  'usuario',
  'supervisor',
  'demora',
  'estadisticas',
  'datos-facturacion',
  'asignar-roles',
  'historial-imprimir/:id',
  'grafico-encuestas',
  'edicion-titulo',
  'demora-por-orden',
  'demora-por-orden/:tipo',
  'perfil',
  'mercadopago-tarjeta',
  'planes',
  'tipos-orden',
  'tipo-orden',
  'dashboard',
  'areas',
  'area',
];
// planes is SPEC §6 admin-only too, but its screen shows «Sin permiso» itself (issue 36): the route is 'login'.
const SPEC_ADMIN = ['horas-reportadas'];
const SPEC_PUBLICAS = [
  'confirmacion/:k',
  'password-reset/:k',
  'recuperar-password',
  'ordersummary/:id',
  'login',
  'login/:success',
  'registro-usuario',
  'encuestas/:resultado',
  'enviar-encuesta',
  'terms',
  'detalle-grafico-ordenes',
  'notificaciones',
  'responsables-multiples',
  'demoras-usuario',
  'image-modal',
  'usuarios-permisos',
];

const SPEC: [string, Guardia][] = [
  ...SPEC_LOGIN.map((p): [string, Guardia] => [p, 'login']),
  ...SPEC_ADMIN.map((p): [string, Guardia] => [p, 'admin']),
  ...SPEC_PUBLICAS.map((p): [string, Guardia] => [p, 'public']),
];
/** Routes SPEC §2 does not list that the app adds: the order detail (issue 3). */
const FUERA_DE_SPEC: [string, Guardia][] = [
  ['orden/:id', 'login'],
  // Importing clients and users from a file (issue 36); the screens check altaClientes, altaUsuarios.
  ['clientes-importar', 'login'],
  ['usuarios-importar', 'login'],
  // The calendar of orders due and scheduled work (issue 32): whoever sees the order list.
  ['calendario', 'login'],
  // Sites and equipment (issue 32); the forms and the import check altaClientes. The scanned
  // label (q/:codigo) is public: the equipo with a session, the request form without (issue 33).
  ['equipos', 'login'],
  ['equipos/:id', 'login'],
  ['equipo-form', 'login'],
  ['equipos-importar', 'login'],
  ['ubicaciones', 'login'],
  ['ubicacion-form', 'login'],
  ['q/:codigo', 'public'],
  // Scheduled maintenance (issue 32): the screen says what is missing without crearOrden.
  ['mantenimiento', 'login'],
  // The business calendar (issue 34): everyone reads it; the screen offers changes to admins only.
  ['horario', 'login'],
  // Its service-level policies (issue 34): read like the calendar, changed by admins only.
  ['sla', 'login'],
  // Service-level compliance (issue 34), a statistics screen: it checks verEstadisticas itself.
  ['cumplimiento-sla', 'login'],
  // A client's monthly service-level report (issue 34): it checks verEstadisticas itself; the
  // client opens its public page by the link's token, without a session.
  ['sla/informe', 'login'],
  ['informesla/:id', 'public'],
  // WhatsApp's mode and templates (issue 35): the company's setup, administrators only.
  ['whatsapp', 'admin'],
  // Requests from outside (issue 33): the inbox and one request (the screens check crearOrden), and
  // the request form of a client's link and the tracking page, without a session.
  ['solicitudes', 'login'],
  ['solicitudes/:id', 'login'],
  ['solicitud/:k', 'public'],
  ['solicitud/seguimiento/:t', 'public'],
  // A contractor's link (issue 33 part 2): the one order handed to them, by the link's token.
  ['externo/:k', 'public'],
];

const sinSesion: SesionGuardia = { usuario: null };
const sesiones = {
  operario: { usuario: makeOperario() },
  supervisor: { usuario: makeSupervisor() },
  admin: { usuario: makeAdmin() },
  propietario: { usuario: makePropietario() },
} satisfies Record<string, SesionGuardia>;

function ruta(path: string) {
  const encontrada = RUTAS.find((r) => r.path === path);
  if (!encontrada) throw new Error(`falta la ruta ${path}`);
  return encontrada;
}

describe('route table', () => {
  it('holds exactly the routes of SPEC §2 (and the ones added on purpose), once each', () => {
    const paths = RUTAS.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC, ...FUERA_DE_SPEC].map(([p]) => p).sort());
  });

  it.each([...SPEC, ...FUERA_DE_SPEC])('%s is guarded as %s', (path, guardia) => {
    expect(ruta(path).guardia).toBe(guardia);
  });

  it('redirects the empty route and ordeneslist to home', () => {
    expect(REDIRECCIONES).toEqual([
      { path: '', destino: 'home' },
      { path: 'ordeneslist', destino: 'home' },
    ]);
  });

  it('has real screens for login and the orders screens (issue 3)', () => {
    const conPantalla = RUTAS.filter((r) => r.pantalla).map((r) => r.path);
    expect(conPantalla).toEqual(
      expect.arrayContaining([
        'login',
        'login/:success',
        'home',
        'orderslistfilter',
        'nueva-orden',
        'orden/:id',
        'cambio-estado',
        'cambio-responsable',
        'responsables-multiples',
        'edicion-titulo',
        'edicion-detalle',
        'historial',
      ]),
    );
  });
});

describe('resolveGuard', () => {
  describe.each(SPEC_LOGIN)('login route %s', (path) => {
    it('sends a logged-out visitor to login', () => {
      expect(resolveGuard(ruta(path), sinSesion)).toEqual({ tipo: 'redirigir', destino: 'login' });
    });
    it('lets any logged-in user in (non-admin and admin)', () => {
      for (const sesion of Object.values(sesiones)) {
        expect(resolveGuard(ruta(path), sesion)).toEqual({ tipo: 'permitir' });
      }
    });
  });

  describe.each(SPEC_ADMIN)('admin-or-owner route %s', (path) => {
    it('sends a logged-out visitor to login', () => {
      expect(resolveGuard(ruta(path), sinSesion)).toEqual({ tipo: 'redirigir', destino: 'login' });
    });
    it('sends a logged-in non-admin to home', () => {
      expect(resolveGuard(ruta(path), sesiones.operario)).toEqual({ tipo: 'redirigir', destino: 'home' });
      expect(resolveGuard(ruta(path), sesiones.supervisor)).toEqual({ tipo: 'redirigir', destino: 'home' });
    });
    it('lets ADMIN and PROPIETARIO in', () => {
      expect(resolveGuard(ruta(path), sesiones.admin)).toEqual({ tipo: 'permitir' });
      expect(resolveGuard(ruta(path), sesiones.propietario)).toEqual({ tipo: 'permitir' });
    });
  });

  describe.each(SPEC_PUBLICAS)('public route %s', (path) => {
    it('lets everybody in, logged out or not', () => {
      expect(resolveGuard(ruta(path), sinSesion)).toEqual({ tipo: 'permitir' });
      for (const sesion of Object.values(sesiones)) {
        expect(resolveGuard(ruta(path), sesion)).toEqual({ tipo: 'permitir' });
      }
    });
  });
});
