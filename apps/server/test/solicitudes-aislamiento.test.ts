import { TODAS_LAS_RUTAS, RUTAS, type DefRuta, type SolicitudEnviada } from '@delego/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  activarEnlace,
  campos,
  envio,
  fixtureSolicitudes,
  huellaDeTablas,
  foto,
  imagen,
  llamar,
  nuevaIp,
  tokenDeSeguimiento,
  OTRAS_NEGATIVAS,
  SIN_EMPRESA,
  type FixtureSolicitudes,
} from './solicitudes-fixture.js';

/**
 * A request link and a tracking link reach nothing else of the company (issue 33, «Bad input and
 * isolation»): every route of the contract's table but the public request routes themselves, called
 * with either token as the Authorization header, as `?k=` and `?t=`, in the body and in every text
 * path parameter, with every numeric parameter naming a real row of the company. Each answers 401
 * or 404 (400 where the input is refused before anything is read); the few that answer 200 without
 * a session are listed, and none of them gives anything of the company. Nothing changes, and
 * neither token reaches the log.
 */
let f: FixtureSolicitudes;
let k: string;
let t: string;
const ids: Record<string, number> = {};

/** What the public request routes are: they take these tokens by design. */
const PROPIAS = new Set<DefRuta>([
  RUTAS.formularioSolicitud,
  RUTAS.enviarSolicitud,
  RUTAS.formularioQr,
  RUTAS.enviarSolicitudQr,
  RUTAS.seguimientoSolicitud,
]);

beforeAll(async () => {
  f = await fixtureSolicitudes();
  const call = llamar(f);
  const [clinica] = f.cli;
  k = await activarEnlace(f, clinica);
  const r = await envio(f, { k }, campos({ que: 'SECRETO-DEL-PEDIDO', email: 'oculto@cliente.example.com' }), [
    foto(await imagen('jpeg')),
  ]);
  expect(r.statusCode, r.body).toBe(200);
  t = tokenDeSeguimiento((r.json() as SolicitudEnviada).seguimiento);
  const s = (await call('GET', '/api/v4/solicitudes', 'admin')).json() as { id: number; fotos: { id: number }[] }[];
  ids.solicitud = s[0]!.id;
  ids.foto = s[0]!.fotos[0]!.id;
  const o = await call('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'ORDEN-SECRETA', cliente: clinica });
  expect(o.statusCode, o.body).toBe(200);
  ids.orden = (o.json() as { id: number }).id;
  ids.cliente = clinica;
  ids.usuario = f.u.supervisor;
}, 60_000);

afterAll(async () => {
  await f?.close();
});

/**
 * A token in the Authorization header is not a user's credentials: the auth hook refuses it as any
 * wrong password (403 LOGIN_INVALIDO, SPEC §2), before any route runs. No session either way.
 */
function credencialesRechazadas(res: { statusCode: number; body: string }): boolean {
  return res.statusCode === 403 && (JSON.parse(res.body) as { code?: string }).code === 'LOGIN_INVALIDO';
}

/** The company's rows that a call might read or change (its fingerprint before and after). */
const huella = () =>
  huellaDeTablas(f.env, [
    'solicitudes',
    'solicitud_fotos',
    'solicitud_enlaces',
    'ordenes',
    'orden_eventos',
    'notificaciones',
  ]);

/** The path with each parameter filled: numbers name real rows of the company, texts carry the token. */
function camino(path: string, numero: number, token: string): string {
  return path.replace(/:(\w+)/g, (_m, nombre: string) => {
    if (['codigo', 'texto', 'deviceToken', 'kind', 'flag', 'grafico', 'dia'].includes(nombre)) return token;
    if (nombre === 'fotoId') return String(ids.foto);
    if (nombre === 'cliente') return String(ids.cliente);
    if (nombre === 'usuario') return String(ids.usuario);
    return String(numero);
  });
}

it('answers 401 or 404 to every other route called with a request token or a tracking token', async () => {
  const antes = await huella();
  const respuestas = new Map<string, number[]>();
  const dieron200: string[] = [];
  const secretos = ['SECRETO-DEL-PEDIDO', 'ORDEN-SECRETA', 'oculto@cliente.example.com', 'Clínica', 'Demo', k, t];
  const fallas: string[] = [];
  let llamadas = 0;
  const rutas = TODAS_LAS_RUTAS.filter((r) => !PROPIAS.has(r));
  expect(rutas.length).toBeGreaterThan(150);
  for (const r of rutas) {
    const clave = `${r.metodo} ${r.path}`;
    for (const token of [k, t]) {
      for (const numero of [ids.solicitud!, ids.orden!, ids.cliente!]) {
        const url = camino(r.path, numero, token);
        const conCuerpo = r.metodo !== 'GET';
        const variantes = [
          { url, headers: { authorization: token } },
          { url, headers: { authorization: `Bearer ${token}` } },
          { url: `${url}?k=${token}&t=${token}`, headers: {} },
        ];
        for (const v of variantes) {
          const res = await f.env.app.inject({
            method: r.metodo,
            url: v.url,
            headers: { ...v.headers, ...(conCuerpo ? { 'content-type': 'application/json' } : {}) },
            ...(conCuerpo ? { payload: JSON.stringify({ k: token, t: token, f: token }) } : {}),
            remoteAddress: nuevaIp(),
          });
          llamadas++;
          respuestas.set(clave, [...new Set([...(respuestas.get(clave) ?? []), res.statusCode])]);
          if (res.statusCode === 200) {
            if (!SIN_EMPRESA.has(clave)) fallas.push(`${clave} ${v.url}: 200 sin sesión`);
            dieron200.push(clave);
            for (const s of secretos) if (res.body.includes(s)) fallas.push(`${clave}: su respuesta tiene «${s}»`);
          } else if (
            ![400, 401, 404, ...(OTRAS_NEGATIVAS[clave] ?? [])].includes(res.statusCode) &&
            !credencialesRechazadas(res)
          ) {
            fallas.push(`${clave}: ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
        }
      }
    }
  }
  expect([...new Set(fallas)]).toEqual([]);
  expect(llamadas).toBe(rutas.length * 2 * 3 * 3);
  // The listed ones did answer 200 (the list says something real), and only those.
  expect([...new Set(dieron200)].sort()).toEqual([...SIN_EMPRESA].sort());
  // Most answers are 401: no session.
  const de401 = [...respuestas.values()].filter((s) => s.includes(401)).length;
  expect(de401).toBeGreaterThan(140);
  expect(await huella()).toBe(antes);
  // The request itself is still there, and still pending, for the company.
  const s = await llamar(f)('GET', `/api/v4/solicitudes/${ids.solicitud}`, 'admin');
  expect((s.json() as { estado: string }).estado).toBe('pendiente');
  const log = f.lineas.join('\n');
  expect(log).not.toContain(k);
  expect(log).not.toContain(t);
}, 300_000);

it('the tokens open only their own pages: the form by k, the tracking page by t, and not each other', async () => {
  const get = (url: string) => f.env.app.inject({ method: 'GET', url, remoteAddress: nuevaIp() });
  expect((await get(`/api/v4/publico/solicitud?k=${k}`)).statusCode).toBe(200);
  expect((await get(`/api/v4/publico/solicitud/seguimiento?t=${t}`)).statusCode).toBe(200);
  expect((await get(`/api/v4/publico/solicitud?k=${t}`)).statusCode).toBe(404);
  expect((await get(`/api/v4/publico/solicitud/seguimiento?t=${k}`)).statusCode).toBe(404);
  expect((await get(`/api/v4/publico/q/${k}`)).statusCode).toBe(404);
  expect((await envio(f, { qr: k }, campos())).statusCode).toBe(404);
});
