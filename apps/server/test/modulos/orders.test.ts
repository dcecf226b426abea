import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OrdenDetalle, PaginaOrdenes } from '@delego/contract';
import { CacheRegistry } from '../../src/kernel/cache-registry.js';
import { TenantCache } from '../../src/kernel/tenant-cache.js';
import { moduloOrdenes, type DepsOrdenes } from '../../src/modules/orders/index.js';
import { makeClientes, makeUsuario } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The orders module alone: the kernel's database, clock and bus, a cache registry, and fakes of
 * exactly the ports it declares (users, clients, plans, entidades, billing data, idempotency keys).
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

function fakes(llamadas: string[]): DepsOrdenes {
  const cache = <T>() => new TenantCache<T>({ ttlMs: 60_000, maxEntradas: 100 });
  return {
    users: { activosDeEmpresa: async () => [] },
    clients: { find: async () => undefined },
    plans: {
      renovarSiVencio: async () => {
        llamadas.push('renovarSiVencio');
        return false;
      },
      // The quota: always one left.
      tomarCupoSql: (_entidadId, _ahora, si) => sql`select 1 where ${si}`,
    },
    entidades: {
      siguienteNumeroSql: (entidadId, si) =>
        sql`select (select coalesce(max(numero), 0) + 1 from ordenes where entidad_id = ${entidadId}) as numero where ${si}`,
    },
    facturacion: {
      paraDetalle: { columna: sql`null::jsonb`, leer: () => ({ datosFacturacion: null, facturacionDelegada: null }) },
    },
    idempotencia: {
      reclamar: async () => ({ tipo: 'nuevo', toma: new Date() }),
      completar: async () => true,
      liberar: async () => undefined,
    },
    registro: new CacheRegistry(b.nucleo.bus, { error: () => undefined, warn: () => undefined }),
    caches: { conteos: cache<number>(), paginas: cache<Buffer>(), detalles: cache<Buffer>() },
  };
}

it('se arma con el núcleo y falsos de sus puertos: crea, lista y muestra órdenes, y otra empresa no las ve', async () => {
  const db = b.database.db;
  const yo = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'ordenes', nombre: 'Olga', apellido: 'Orden' });
  const [clienteId] = await makeClientes(db, b.entidadId, [{ nombre: 'Ferretería Núñez' }]);
  const llamadas: string[] = [];
  const m = moduloOrdenes(b.nucleo, fakes(llamadas));
  const actor = b.actor({
    id: yo,
    roles: [{ id: 1, nombre: 'ADMIN', descripcion: 'Administrador' }],
    permisosResumen: [{ nombre: 'crearOrden' }],
  });
  const app = await b.servir(m, actor);
  const headers = { authorization: 'prueba' };

  const alta = await app.inject({
    method: 'POST',
    url: '/api/v2/ordenes/save',
    headers,
    payload: { titulo: 'Cambiar la bomba', cliente: clienteId, responsable: [yo] },
  });
  expect(alta.statusCode, alta.body).toBe(200);
  const orden = alta.json() as OrdenDetalle;
  // The number came from the entidades' statement, the names from the module's own names cache.
  expect(orden).toMatchObject({ numero: 1, titulo: 'Cambiar la bomba', cliente: { nombre: 'Ferretería Núñez' } });
  expect(orden.responsables.map((p) => p.nombre)).toEqual(['Olga']);
  expect(b.eventos.map((e) => e.type)).toContain('orden.creada');
  expect(llamadas).toEqual([]);

  const lista = await app.inject({ method: 'POST', url: '/api/v4/ordenes/all/filtered', headers, payload: {} });
  expect(lista.statusCode, lista.body).toBe(200);
  expect((lista.json() as PaginaOrdenes).ordenes.map((o) => o.id)).toEqual([orden.id]);

  // Through the port: the history the create wrote, and the access of another module.
  expect((await m.puerto.historial(actor, orden.id)).map((e) => e.tipo)).toEqual(['CREADA']);
  expect(await m.puerto.acceso(actor, orden.id)).toMatchObject({ modificar: true });

  // Another company's actor sees nothing of it, neither by route nor by port.
  const ajeno = { ...actor, entidadId: b.otraEntidadId };
  await expect(m.puerto.acceso(ajeno, orden.id)).rejects.toMatchObject({ code: 'NO_ENCONTRADO' });
  const otra = await b.servir(m, ajeno);
  const detalle = await otra.inject({ method: 'GET', url: `/api/v3/ordenDTO/${orden.id}`, headers });
  expect(detalle.statusCode).toBe(404);
  const vacia = await otra.inject({ method: 'POST', url: '/api/v4/ordenes/all/filtered', headers, payload: {} });
  expect((vacia.json() as PaginaOrdenes).ordenes).toEqual([]);
});
