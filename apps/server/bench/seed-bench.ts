import { PERMISOS_GLOBALES } from '@delego/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../src/kernel/db/client.js';
import { hashSecret } from '../src/modules/identity/password.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { inicioDeMes, makeCatalogo, makeClientes, makeEntidad, makeUsuario, md5 } from '../src/seed/factories.js';
import { makeOrdenesHistoricas } from '../src/seed/historial.js';

/** The password of every bench user (the owners bench1..bench20, the big companies' owners). */
export const PASSWORD_BENCH = 'Bench1234!';

/**
 * One bench company with 'Ilimitado': `clientes` clients, the catalogue, its owner `usuario` and
 * `operarios` operators (`<usuario>op<k>`), all with the password hash `hash`. Returns what the
 * orders of its history need: `historial` plus count, range and seed make a `makeOrdenesHistoricas`.
 */
export async function sembrarEmpresaBench(
  db: DbOrTx,
  o: {
    nombre: string;
    now: Date;
    clientes: { cuantos: number; de: string };
    usuario: string;
    hash: string;
    duenio: { nombre: string; apellido: string };
    operarios: { cuantos: number; apellido?: string };
  },
) {
  const entidadId = await makeEntidad(db, { nombre: o.nombre, plan: 'Ilimitado', now: o.now });
  const clientes = await makeClientes(
    db,
    entidadId,
    Array.from({ length: o.clientes.cuantos }, (_, k) => ({ nombre: `Cliente ${k + 1} de ${o.clientes.de}` })),
  );
  const cat = await makeCatalogo(db, entidadId, {
    areas: ['Electricidad', 'Plomería', 'Climatización', 'Sistemas'],
    tipos: ['Correctivo', 'Preventivo', 'Instalación'],
  });
  const duenio = await makeUsuario(db, {
    entidadId,
    usuario: o.usuario,
    passwordHash: o.hash,
    ...o.duenio,
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  const operarios: number[] = [];
  for (let k = 1; k <= o.operarios.cuantos; k++) {
    operarios.push(
      await makeUsuario(db, {
        entidadId,
        usuario: `${o.usuario}op${k}`,
        passwordHash: o.hash,
        nombre: `Operario ${k}`,
        apellido: o.operarios.apellido,
        roles: ['OPERARIO'],
      }),
    );
  }
  const historial = { entidadId, now: o.now, clientes, ...cat, creadores: [duenio], responsables: operarios };
  return { entidadId, historial };
}

/** The `Authorization` headers of the owners bench1..bench20 that `seedBench` writes. */
export function cabecerasBench(companies = 20): { authorization: string }[] {
  return Array.from({ length: companies }, (_, i) => ({ authorization: `bench${i + 1}#${md5(PASSWORD_BENCH)}` }));
}

/** 20 companies with 5,000 orders each (100,000 in all), with history. Users: bench1..bench20 (owner). */
export async function seedBench(db: Db, now: Date, companies = 20, perCompany = 5000): Promise<void> {
  await seedCatalogo(db);
  const hash = await hashSecret(md5(PASSWORD_BENCH));
  for (let i = 1; i <= companies; i++) {
    await db.transaction(async (tx) => {
      const { historial } = await sembrarEmpresaBench(tx, {
        nombre: `Empresa Bench ${i}`,
        now,
        clientes: { cuantos: 30, de: `Bench ${i}` },
        usuario: `bench${i}`,
        hash,
        duenio: { nombre: 'Dueño', apellido: `Bench ${i}` },
        operarios: { cuantos: 8 },
      });
      await makeOrdenesHistoricas(tx, {
        ...historial,
        count: perCompany,
        desde: inicioDeMes(now, -12),
        hasta: now,
        seed: i,
      });
    });
    process.stdout.write(`  empresa ${i}/${companies}\r`);
  }
  await db.execute(sql`analyze`);
}
