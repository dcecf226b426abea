import { sql } from 'drizzle-orm';
import { PERMISOS_GLOBALES } from '@delego/contract';
import type { Db } from '../kernel/db/client.js';
import { seedCatalogo } from './catalogo.js';
import { makeEquiposDemo } from './equipos-demo.js';
import { inicioDeMes, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type UsuarioSpec } from './factories.js';
import { makeOrdenesHistoricas } from './historial.js';
import { makeEncuestas, makeHorasYGastos, nombresDeUsuarios, ordenesDeLaDemo } from './actividad-demo.js';
import { makeChecklistsDemo } from './checklists-demo.js';
import { makeSolicitudesDemo } from './solicitudes-demo.js';
import { makeNotificacionesDemo } from './notificaciones-demo.js';
import { makeSlaDemo } from './sla-demo.js';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_LOGINS = [
  { usuario: 'propietario', descripcion: 'Demo Servicios S.A. — propietario, todos los permisos' },
  { usuario: 'admin', descripcion: 'Demo Servicios S.A. — administrador' },
  { usuario: 'supervisor', descripcion: 'Demo Servicios S.A. — crea, modifica y finaliza órdenes de algunos clientes' },
  { usuario: 'operario', descripcion: 'Demo Servicios S.A. — responsable de órdenes, no crea' },
  { usuario: 'otra', descripcion: 'Otra Empresa S.R.L. — propietario, plan ilimitado' },
] as const;

function logoSvg(iniciales: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="28" fill="${color}"/><text x="64" y="80" font-family="Arial,Helvetica,sans-serif" font-size="52" font-weight="700" fill="#fff" text-anchor="middle">${iniciales}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Seeds the demo companies, users and history. Runs once, on an empty database. */
export async function seedDemo(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCatalogo(tx);

    // Established companies with months of history, not ones that signed up today (mail caps).
    const establecida = (nombre: string, plan: string, logo: string) =>
      makeEntidad(tx, { nombre, plan, now, creada: new Date(now.getTime() - 365 * 24 * 3_600_000), logo });
    // Every person of the demo logs in with DEMO_PASSWORD.
    const persona = (entidadId: number, u: Omit<UsuarioSpec, 'entidadId' | 'password'>) =>
      makeUsuario(tx, { ...u, entidadId, password: DEMO_PASSWORD });
    // Demo Servicios S.A.: plan Pyme, full quota this month.
    const demo = await establecida('Demo Servicios S.A.', 'Pyme', logoSvg('DS', '#1f5fa8'));
    const clientes = await makeClientes(tx, demo, [
      {
        nombre: 'Municipalidad de Rosario',
        cuit: '30-99907345-6',
        contacto: 'Ing. Marcela Paz',
        email: 'obras@rosario.gob.ar',
        telefono: '0341 480-2000',
        direccion: 'Córdoba 501, Rosario',
      },
      {
        nombre: 'Supermercados La Estrella',
        cuit: '30-71234567-1',
        contacto: 'Hernán Ríos',
        email: 'mantenimiento@laestrella.com.ar',
        telefono: '011 4555-1200',
        direccion: 'Av. Rivadavia 8450, CABA',
      },
      {
        nombre: 'Clínica San Martín',
        cuit: '30-65432198-8',
        contacto: 'Dra. Silvia Acosta',
        email: 'intendencia@clinicasanmartin.com.ar',
        telefono: '0351 421-9900',
        direccion: 'Bv. San Juan 820, Córdoba',
      },
      {
        nombre: 'Hotel Los Andes',
        cuit: '33-70011223-9',
        contacto: 'Pablo Quiroga',
        email: 'tecnica@hotellosandes.com.ar',
        telefono: '0261 429-3300',
        direccion: 'Av. San Martín 1150, Mendoza',
      },
      {
        nombre: 'Colegio Manuel Belgrano',
        cuit: '30-54321876-2',
        contacto: 'Prof. Ana Molina',
        email: 'administracion@colegiobelgrano.edu.ar',
        telefono: '011 4783-5500',
        direccion: 'Cuba 2040, CABA',
      },
      {
        nombre: 'Consorcio Av. Libertador 2450',
        cuit: '30-68899001-3',
        contacto: 'Adm. Ricardo Vega',
        email: 'consorcio2450@gmail.com',
        telefono: '011 4806-7788',
        direccion: 'Av. del Libertador 2450, CABA',
      },
      {
        nombre: 'Frigorífico del Sur',
        cuit: '34-50998877-5',
        contacto: 'Gustavo Ibarra',
        email: 'planta@frigosur.com.ar',
        telefono: '0291 455-6600',
        direccion: 'Ruta 3 km 696, Bahía Blanca',
      },
      {
        nombre: 'Farmacias Vida',
        cuit: '30-71555666-5',
        contacto: 'Lic. Natalia Ferreyra',
        email: 'sucursales@farmaciasvida.com.ar',
        telefono: '0381 430-1122',
        direccion: '25 de Mayo 300, San Miguel de Tucumán',
      },
    ]);
    const cat = await makeCatalogo(tx, demo, {
      areas: ['Mantenimiento general', 'Electricidad', 'Plomería', 'Climatización', 'Sistemas', 'Seguridad e higiene'],
      tipos: ['Correctivo', 'Preventivo', 'Instalación', 'Inspección', 'Emergencia'],
    });
    const [c1, c2, c3, c4] = clientes as [number, number, number, number];
    const propietario = await persona(demo, {
      usuario: 'propietario',
      nombre: 'Laura',
      apellido: 'Fernández',
      email: 'laura.fernandez@demoservicios.com.ar',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    });
    const admin = await persona(demo, {
      usuario: 'admin',
      nombre: 'Martín',
      apellido: 'Gómez',
      email: 'martin.gomez@demoservicios.com.ar',
      roles: ['ADMIN'],
      permisos: PERMISOS_GLOBALES,
    });
    const supervisor = await persona(demo, {
      usuario: 'supervisor',
      nombre: 'Carla',
      apellido: 'Ruiz',
      email: 'carla.ruiz@demoservicios.com.ar',
      roles: ['SUPERVISOR'],
      permisos: ['crearOrden', 'modificarOrden', 'finalizarOrden', 'verEstadisticas'],
      clientes: [
        { clienteId: c1, delegarOrden: true, modificarOrden: true, borrarOrden: true },
        { clienteId: c2, delegarOrden: true, modificarOrden: true, borrarOrden: false },
        { clienteId: c3, delegarOrden: true, modificarOrden: true, borrarOrden: false },
        { clienteId: c4, delegarOrden: false, modificarOrden: true, borrarOrden: false },
      ],
    });
    const operario = await persona(demo, {
      usuario: 'operario',
      nombre: 'Diego',
      apellido: 'Sosa',
      email: 'diego.sosa@demoservicios.com.ar',
      roles: ['OPERARIO'],
      permisos: ['finalizarOrden'],
      supervisorId: supervisor,
    });
    const lucia = await persona(demo, {
      usuario: 'lbenitez',
      nombre: 'Lucía',
      apellido: 'Benítez',
      email: 'lucia.benitez@demoservicios.com.ar',
      roles: ['OPERARIO'],
      permisos: [],
      supervisorId: supervisor,
    });
    const javier = await persona(demo, {
      usuario: 'jromero',
      nombre: 'Javier',
      apellido: 'Romero',
      email: 'javier.romero@demoservicios.com.ar',
      roles: ['OPERARIO'],
      permisos: [],
      supervisorId: supervisor,
    });
    // Everything before this month: the current period starts with the whole quota.
    await makeOrdenesHistoricas(tx, {
      entidadId: demo,
      count: 320,
      now,
      desde: inicioDeMes(now, -6),
      hasta: new Date(inicioDeMes(now).getTime() - 3600_000),
      clientes,
      ...cat,
      creadores: [propietario, admin, supervisor, supervisor, supervisor],
      responsables: [operario, operario, lucia, javier],
      seed: 2026,
      trabajoPorDelante: true,
    });
    // Sites, equipment and scheduled maintenance (issue 32) of two clients.
    await makeEquiposDemo(tx, {
      entidadId: demo,
      now,
      clinica: c3,
      hotel: c4,
      creadoPor: admin,
      responsables: [operario],
      tipoPreventivo: cat.tipos[1],
    });
    // What the work left behind (hours and expenses, surveys, checklists, requests from the portal,
    // service levels): the screens that read it are not empty.
    const ordenesDemo = await ordenesDeLaDemo(tx, demo);
    const emails = await tx.execute<{ id: number; email: string | null }>(
      sql`select id, email from clientes where entidad_id = ${demo}`,
    );
    await makeHorasYGastos(tx, {
      entidadId: demo,
      now,
      ordenes: ordenesDemo,
      nombres: await nombresDeUsuarios(tx, demo),
      seed: 31,
    });
    await makeEncuestas(tx, {
      entidadId: demo,
      now,
      ordenes: ordenesDemo,
      emails: new Map(emails.rows.flatMap((c) => (c.email ? [[Number(c.id), c.email] as const] : []))),
      remitentes: [admin, admin, propietario],
      seed: 32,
    });
    await makeChecklistsDemo(tx, {
      entidadId: demo,
      now,
      ordenes: ordenesDemo,
      admin,
      preventivo: cat.tipos[1]!,
      inspeccion: cat.tipos[3]!,
      seed: 34,
    });
    await makeSolicitudesDemo(tx, {
      entidadId: demo,
      now,
      ordenes: ordenesDemo,
      admin,
      administradores: [propietario, admin],
      clientes: { municipalidad: c1, estrella: c2, colegio: clientes[4]!, consorcio: clientes[5]! },
    });
    // The bell is not empty on the first visit: what the orders and requests above told their people.
    await makeNotificacionesDemo(tx, { entidadId: demo, now, ordenes: ordenesDemo, operario });
    // Last: it reads the orders' history as the seeds above left it.
    await makeSlaDemo(tx, {
      entidadId: demo,
      now,
      ordenes: ordenesDemo,
      clinica: c3,
      municipalidad: c1,
      prioridades: cat.prioridades,
      seed: 33,
    });

    // Otra Empresa S.R.L.: unlimited plan.
    const otra = await establecida('Otra Empresa S.R.L.', 'Ilimitado', logoSvg('OE', '#2e7d32'));
    const clientesOtra = await makeClientes(tx, otra, [
      {
        nombre: 'Constructora Patagonia',
        cuit: '30-70555444-3',
        contacto: 'Arq. Sergio Lagos',
        email: 'obra@constructorapatagonia.com.ar',
        telefono: '0299 448-1000',
        direccion: 'Av. Argentina 1200, Neuquén',
      },
      {
        nombre: 'Panadería El Molino',
        cuit: '20-23456789-7',
        contacto: 'Rosa Medina',
        email: 'elmolino@gmail.com',
        telefono: '0223 491-2233',
        direccion: 'Güemes 2800, Mar del Plata',
      },
      {
        nombre: 'Estudio Contable Pereyra',
        cuit: '30-69988776-5',
        contacto: 'Cdor. Luis Pereyra',
        email: 'estudio@pereyra.com.ar',
        telefono: '0342 456-7890',
        direccion: 'San Martín 2300, Santa Fe',
      },
    ]);
    const catOtra = await makeCatalogo(tx, otra, {
      areas: ['Obras', 'Instalaciones', 'Administración'],
      tipos: ['Correctivo', 'Preventivo', 'Presupuesto'],
    });
    const duenio = await persona(otra, {
      usuario: 'otra',
      nombre: 'Roberto',
      apellido: 'Díaz',
      email: 'roberto.diaz@otraempresa.com.ar',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    });
    await makeOrdenesHistoricas(tx, {
      entidadId: otra,
      count: 40,
      now,
      desde: inicioDeMes(now, -3),
      hasta: now,
      clientes: clientesOtra,
      ...catOtra,
      creadores: [duenio],
      responsables: [duenio],
      seed: 77,
    });
    await tx.execute(sql`analyze`);
  });
}
