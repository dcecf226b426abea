import { PERMISOS_GLOBALES } from '@delego/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { hashSecret } from '../src/modules/auth/password.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { inicioDeMes, makeCatalogo, makeClientes, makeEntidad, makeUsuario, md5 } from '../src/seed/factories.js';
import { makeOrdenesHistoricas } from '../src/seed/historial.js';

/** 20 companies with 5,000 orders each (100,000 in all), with history. Users: bench1..bench20 (owner). */
export async function seedBench(db: Db, now: Date, companies = 20, perCompany = 5000): Promise<void> {
  await seedCatalogo(db);
  const hash = await hashSecret(md5('Bench1234!'));
  for (let i = 1; i <= companies; i++) {
    await db.transaction(async (tx) => {
      const e = await makeEntidad(tx, { nombre: `Empresa Bench ${i}`, plan: 'Ilimitado', now });
      const clientes = await makeClientes(
        tx,
        e,
        Array.from({ length: 30 }, (_, k) => ({ nombre: `Cliente ${k + 1} de Bench ${i}` })),
      );
      const cat = await makeCatalogo(tx, e, {
        areas: ['Electricidad', 'Plomería', 'Climatización', 'Sistemas'],
        tipos: ['Correctivo', 'Preventivo', 'Instalación'],
      });
      const owner = await makeUsuario(tx, {
        entidadId: e,
        usuario: `bench${i}`,
        passwordHash: hash,
        nombre: 'Dueño',
        apellido: `Bench ${i}`,
        roles: ['PROPIETARIO'],
        permisos: PERMISOS_GLOBALES,
      });
      const operarios: number[] = [];
      for (let k = 1; k <= 8; k++) {
        operarios.push(
          await makeUsuario(tx, {
            entidadId: e,
            usuario: `bench${i}op${k}`,
            passwordHash: hash,
            nombre: `Operario ${k}`,
            roles: ['OPERARIO'],
          }),
        );
      }
      await makeOrdenesHistoricas(tx, {
        entidadId: e,
        count: perCompany,
        now,
        desde: inicioDeMes(now, -12),
        hasta: now,
        clientes,
        ...cat,
        creadores: [owner],
        responsables: operarios,
        seed: i,
      });
    });
    process.stdout.write(`  empresa ${i}/${companies}\r`);
  }
  await db.execute(sql`analyze`);
}
