import { TODAS_LAS_RUTAS, type EnlaceExterno } from '@delego/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RUTAS_DEL_EXTERNO } from '../src/modules/externos/autenticador.js';
import {
  OTRAS_NEGATIVAS,
  PUBLIC_URL,
  SIN_EMPRESA,
  fixtureSolicitudes,
  huellaDeTablas,
  llamar,
  nuevaIp,
  type FixtureSolicitudes,
} from './solicitudes-fixture.js';

/**
 * A contractor link reaches nothing else of the company (issue 33, «Bad input and isolation»):
 * every route of the contract's table but the link's own, called with `Authorization: Externo <k>`
 * (accepted, so the link is as strong as it gets), with every numeric parameter naming a real row
 * of the company (its own order among them) and the token in every text parameter, in the query and
 * in the body. Each answers 401 or 404 (400 where the input is refused before anything is read);
 * nothing changes, and the token never reaches the log. The link's own routes, called for another
 * order of the company, are 404 too.
 */
let f: FixtureSolicitudes;
let k: string;
let propia: number;
let ajena: number;

beforeAll(async () => {
  f = await fixtureSolicitudes();
  const api = llamar(f);
  const crear = async (titulo: string) => {
    const r = await api('POST', '/api/v2/ordenes/save', 'admin', { titulo, cliente: f.cli[0] });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { id: number }).id;
  };
  propia = await crear('ORDEN-DEL-EXTERNO');
  ajena = await crear('ORDEN-SECRETA');
  const e = await api('POST', `/api/v4/externos/orden/${propia}`, 'admin', {
    nombre: 'Contratista',
    email: 'c@x.example.com',
  });
  expect(e.statusCode, e.body).toBe(200);
  k = new RegExp(`^${PUBLIC_URL}/externo/(.+)$`).exec((e.json() as EnlaceExterno).url ?? '')![1]!;
  const ok = await f.env.app.inject({
    method: 'POST',
    url: '/api/v4/externo/aceptar',
    headers: { authorization: `Externo ${k}` },
  });
  expect(ok.statusCode, ok.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await f?.close();
});

const huella = () =>
  huellaDeTablas(f.env, [
    'ordenes',
    'orden_eventos',
    'orden_responsables',
    'orden_externos',
    'usuarios',
    'registro_horas',
    'orden_archivos',
  ]);

function camino(path: string, numero: number): string {
  return path.replace(/:(\w+)/g, (_m, nombre: string) =>
    ['codigo', 'texto', 'deviceToken', 'kind', 'flag', 'grafico', 'dia'].includes(nombre) ? k : String(numero),
  );
}

it('answers 401 or 404 to every route the link does not open, for any row of the company', async () => {
  const antes = await huella();
  const fallas: string[] = [];
  const rutas = TODAS_LAS_RUTAS.filter((r) => !RUTAS_DEL_EXTERNO.has(`${r.metodo} ${r.path}`));
  expect(rutas.length).toBeGreaterThan(150);
  expect(RUTAS_DEL_EXTERNO.size).toBe(12);
  let llamadas = 0;
  for (const r of rutas) {
    const clave = `${r.metodo} ${r.path}`;
    for (const numero of [propia, ajena, f.cli[0], f.u.admin]) {
      const conCuerpo = r.metodo !== 'GET';
      const res = await f.env.app.inject({
        method: r.metodo,
        url: `${camino(r.path, numero)}?k=${k}`,
        headers: { authorization: `Externo ${k}`, ...(conCuerpo ? { 'content-type': 'application/json' } : {}) },
        ...(conCuerpo ? { payload: JSON.stringify({ k, estado: 4, comentarios: 'x', titulo: 'x' }) } : {}),
        remoteAddress: nuevaIp(),
      });
      llamadas++;
      if (res.statusCode === 200) {
        if (!SIN_EMPRESA.has(clave)) fallas.push(`${clave} (${numero}): 200`);
        for (const s of ['ORDEN-SECRETA', 'ORDEN-DEL-EXTERNO', 'Clínica']) {
          if (res.body.includes(s)) fallas.push(`${clave}: su respuesta tiene «${s}»`);
        }
      } else if (![400, 401, 404, ...(OTRAS_NEGATIVAS[clave] ?? [])].includes(res.statusCode)) {
        fallas.push(`${clave} (${numero}): ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
  }
  expect(fallas).toEqual([]);
  expect(llamadas).toBe(rutas.length * 4);
  expect(await huella()).toBe(antes);
  const log = f.lineas.join('\n');
  expect(log).not.toContain(k);
}, 300_000);

it('opens its own routes for its order only: another order of the company is 404 on each', async () => {
  const antes = await huella();
  for (const clave of RUTAS_DEL_EXTERNO.keys()) {
    const [metodo, path] = clave.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    if (!path.includes(':')) continue;
    const url = path.replace(/:(\w+)/g, (_m, n: string) => (n === 'id' || n === 'ordenId' ? String(ajena) : '1'));
    const res = await f.env.app.inject({
      method: metodo,
      url,
      headers: { authorization: `Externo ${k}`, ...(metodo === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(metodo === 'GET' ? {} : { payload: JSON.stringify({ estado: 2, comentarios: 'x' }) }),
    });
    expect(res.statusCode, clave).toBe(404);
  }
  expect(await huella()).toBe(antes);
});
