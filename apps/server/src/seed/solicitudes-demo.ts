import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ESTADO } from '@delego/contract';
import type { Db, DbOrTx } from '../kernel/db/client.js';
import { crearToken } from '../lib/tokens.js';
import { cifradorCon } from '../modules/client-side/enlace-cifrado.js';
import { ordenes } from '../modules/orders/orders.tables.js';
import { secretoCompartido } from '../modules/secretos/secretos.repository.js';
import { detalleDe, tituloDe } from '../modules/solicitudes/solicitudes.service.js';
import { solicitudEnlaces, solicitudes } from '../modules/solicitudes/solicitudes.tables.js';
import type { DemoDeEmpresa } from './actividad-demo.js';

const MIN = 60_000;
const HORA = 60 * MIN;
const DIA = 24 * HORA;

interface Pedido {
  cliente: number;
  que: string;
  donde: string | null;
  nombre: string;
  email: string | null;
  telefono: string | null;
}

/**
 * Requests from the public request portal (docs/SOLICITUDES.md): four clients with their request
 * link on, four requests waiting in «Solicitudes», two accepted long ago (each the origin of one
 * of the clients' past orders, whose title and detail are the ones accepting writes) and one
 * rejected with its reason. The links' tokens are kept encrypted with the installation's key, as
 * the module keeps them, so «Pedidos por enlace» shows and copies a working link; the key is
 * created here when the seed runs first (the start reads the same row). No mail is written: the
 * requests arrived before the demo's first start (their notifications: notificaciones-demo.ts).
 */
export async function makeSolicitudesDemo(
  db: DbOrTx,
  o: DemoDeEmpresa & {
    admin: number;
    /** Who may have accepted a request: the company's administrators. */
    administradores: readonly number[];
    clientes: { municipalidad: number; estrella: number; colegio: number; consorcio: number };
  },
): Promise<void> {
  const clave = await secretoCompartido(db as Db, 'enlaces', () => randomBytes(32).toString('base64url'));
  const cifrador = cifradorCon(Buffer.from(clave, 'base64url'));
  const ahora = o.now.getTime();
  const enlaces = new Map<number, number>();
  for (const clienteId of Object.values(o.clientes)) {
    const { token, hash } = crearToken();
    const [e] = await db
      .insert(solicitudEnlaces)
      .values({
        entidadId: o.entidadId,
        clienteId,
        hash,
        cifrado: cifrador.cifrar(token),
        creado: new Date(ahora - 75 * DIA),
        creadoPor: o.admin,
      })
      .returning({ id: solicitudEnlaces.id });
    enlaces.set(clienteId, e!.id);
  }
  const { municipalidad, estrella, colegio, consorcio } = o.clientes;
  const fila = (p: Pedido, creada: number) => {
    const seguimiento = crearToken();
    return {
      entidadId: o.entidadId,
      clienteId: p.cliente,
      enlaceId: enlaces.get(p.cliente)!,
      clave: randomUUID(),
      que: p.que,
      donde: p.donde,
      nombre: p.nombre,
      email: p.email,
      telefono: p.telefono,
      creada: new Date(creada),
      seguimientoHash: seguimiento.hash,
      seguimientoCifrado: cifrador.cifrar(seguimiento.token),
    };
  };

  // Waiting for review, the newest a few hours old.
  await db.insert(solicitudes).values([
    fila(
      {
        cliente: municipalidad,
        que: 'Se cortó la luz en el hall del Palacio Municipal\nSaltó la térmica del tablero del hall y no vuelve a subir. Hay público esperando en la mesa de entradas.',
        donde: 'Palacio de los Leones, planta baja',
        nombre: 'Jorge Medina',
        email: 'jmedina@rosario.gob.ar',
        telefono: '0341 480-2100',
      },
      ahora - 3 * HORA,
    ),
    fila(
      {
        cliente: consorcio,
        que: 'Ruido fuerte en la bomba de agua del edificio\nDesde ayer a la noche la bomba hace un golpeteo cada vez que arranca. Los vecinos del 1.º piso se quejan.',
        donde: 'Sala de bombas, subsuelo',
        nombre: 'Ricardo Vega',
        email: 'consorcio2450@gmail.com',
        telefono: null,
      },
      ahora - 7 * HORA,
    ),
    fila(
      {
        cliente: estrella,
        que: 'Gotea el techo sobre la góndola de lácteos\nCon la lluvia de anoche cae agua cerca de la heladera 3. Pusimos un balde.',
        donde: 'Sucursal Flores, salón de ventas',
        nombre: 'Mariela Sosa',
        email: null,
        telefono: '011 4555-1234',
      },
      ahora - 20 * HORA,
    ),
    fila(
      {
        cliente: colegio,
        que: 'La puerta del aula 12 no cierra\nSe trabó la cerradura y hay que dejarla abierta durante las clases.',
        donde: 'Edificio primario, primer piso',
        nombre: 'Ana Molina',
        email: 'administracion@colegiobelgrano.edu.ar',
        telefono: '011 4783-5500',
      },
      ahora - 2 * DIA - 4 * HORA,
    ),
  ]);

  // Rejected with its reason, a week and a half ago.
  await db.insert(solicitudes).values({
    ...fila(
      {
        cliente: municipalidad,
        que: 'Revisar el ascensor del edificio de Catastro\nSe detiene entre pisos y hay que abrirlo a mano.',
        donde: 'Catastro, Av. Pellegrini 2200',
        nombre: 'Laura Gil',
        email: 'lgil@rosario.gob.ar',
        telefono: null,
      },
      ahora - 10 * DIA,
    ),
    estado: 'rechazada',
    motivo:
      'Los ascensores municipales los mantiene otra empresa contratada por el municipio: le pasamos su pedido al área de Obras.',
    resuelta: new Date(ahora - 10 * DIA + 3 * HORA),
    resueltaPor: o.admin,
  });

  // Accepted: the newest orders of two clients, created by an administrator, came from a request.
  const aceptadas: { pedido: Pedido; cliente: number }[] = [
    {
      cliente: estrella,
      pedido: {
        cliente: estrella,
        que: 'No anda el aire acondicionado de la línea de cajas\nLos clientes se quejan del calor. El equipo prende pero tira aire caliente.',
        donde: 'Sucursal Caballito, línea de cajas',
        nombre: 'Hernán Ríos',
        email: 'mantenimiento@laestrella.com.ar',
        telefono: '011 4555-1200',
      },
    },
    {
      cliente: consorcio,
      pedido: {
        cliente: consorcio,
        que: 'Luces del palier del 4.º piso apagadas\nNo encienden ni con el pulsador ni con el sensor.',
        donde: 'Palier del 4.º piso',
        nombre: 'Ricardo Vega',
        email: 'consorcio2450@gmail.com',
        telefono: '011 4806-7788',
      },
    },
  ];
  for (const a of aceptadas) {
    const orden = [...o.ordenes]
      .reverse()
      .find(
        (x) =>
          x.clienteId === a.cliente &&
          x.estadoId !== ESTADO.CANCELADA &&
          o.administradores.includes(x.creador) &&
          x.creada.getTime() < ahora - DIA,
      );
    if (!orden) continue;
    const [s] = await db
      .insert(solicitudes)
      .values({
        ...fila(a.pedido, orden.creada.getTime() - (40 + (orden.numero % 60)) * MIN),
        estado: 'aceptada',
        resuelta: orden.creada,
        resueltaPor: orden.creador,
        ordenId: orden.id,
      })
      .returning({ id: solicitudes.id });
    await db
      .update(ordenes)
      .set({ titulo: tituloDe(a.pedido.que), detalle: detalleDe({ id: s!.id, ...a.pedido }) })
      .where(and(eq(ordenes.entidadId, o.entidadId), eq(ordenes.id, orden.id)));
  }
}
