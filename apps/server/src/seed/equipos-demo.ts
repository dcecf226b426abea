import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  diaDeMs,
  fechasDeRegla,
  sumarDias,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type ReglaRecurrencia,
} from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import { equipos, ubicaciones } from '../modules/equipment/equipment.tables.js';
import { mantenimientos } from '../modules/maintenance/maintenance.tables.js';
import { ordenes } from '../modules/orders/orders.tables.js';

const qr = () => randomBytes(16).toString('base64url');

interface EquipoDemo {
  nombre: string;
  codigo: string;
  ubicacionInterna: string;
  marca: string;
  modelo: string;
  serie: string;
}

interface SitioDemo {
  clienteId: number;
  nombre: string;
  codigo: string;
  direccion: string;
  equipos: EquipoDemo[];
}

/**
 * The demo's sites, equipment and scheduled maintenance (issue 32): two clients with their sites
 * and equipos, a few past orders of each client named on one of its equipos (so an equipo's history
 * has something to show), and two plans whose first orders fall in the coming days. What a new
 * user opens in «Equipos», «Mantenimiento» and «Calendario» the first time.
 */
export async function makeEquiposDemo(
  db: DbOrTx,
  o: {
    entidadId: number;
    now: Date;
    clinica: number;
    hotel: number;
    creadoPor: number;
    responsables: number[];
    tipoPreventivo: number | undefined;
  },
): Promise<void> {
  const sitios: SitioDemo[] = [
    {
      clienteId: o.clinica,
      nombre: 'Edificio central',
      codigo: 'CSM-CEN',
      direccion: 'Bv. Oroño 1450, Rosario',
      equipos: [
        {
          nombre: 'Grupo electrógeno',
          codigo: 'CSM-GE-01',
          ubicacionInterna: 'Subsuelo, sala de máquinas',
          marca: 'Cummins',
          modelo: 'C110D5',
          serie: 'K15-004521',
        },
        {
          nombre: 'Autoclave',
          codigo: 'CSM-AC-02',
          ubicacionInterna: 'Piso 2, esterilización',
          marca: 'Tuttnauer',
          modelo: '3870EA',
          serie: 'TN-88213',
        },
        {
          nombre: 'Equipo de aire central',
          codigo: 'CSM-AA-03',
          ubicacionInterna: 'Azotea',
          marca: 'Carrier',
          modelo: '30RB-120',
          serie: 'CR-2211-77',
        },
      ],
    },
    {
      clienteId: o.hotel,
      nombre: 'Edificio principal',
      codigo: 'HLA',
      direccion: 'Av. San Martín 1020, Mendoza',
      equipos: [
        {
          nombre: 'Caldera principal',
          codigo: 'HLA-CAL-01',
          ubicacionInterna: 'Sala de calderas',
          marca: 'Peisa',
          modelo: 'XP 300',
          serie: 'PX-30-1187',
        },
        {
          nombre: 'Bomba de agua caliente',
          codigo: 'HLA-BOM-02',
          ubicacionInterna: 'Sala de calderas',
          marca: 'Grundfos',
          modelo: 'UPS 32-80',
          serie: 'GF-559012',
        },
        {
          nombre: 'Ascensor de servicio',
          codigo: 'HLA-ASC-03',
          ubicacionInterna: 'Núcleo este',
          marca: 'Otis',
          modelo: 'Gen2',
          serie: 'OT-19-4410',
        },
      ],
    },
  ];
  const porCodigo = new Map<string, { id: number; ubicacionId: number; clienteId: number }>();
  for (const s of sitios) {
    const [u] = await db
      .insert(ubicaciones)
      .values({
        entidadId: o.entidadId,
        clienteId: s.clienteId,
        nombre: s.nombre,
        codigo: s.codigo,
        direccion: s.direccion,
        codigoQr: qr(),
      })
      .returning({ id: ubicaciones.id });
    const ubicacionId = u!.id;
    const filas = await db
      .insert(equipos)
      .values(
        s.equipos.map((e) => ({ ...e, entidadId: o.entidadId, clienteId: s.clienteId, ubicacionId, codigoQr: qr() })),
      )
      .returning({ id: equipos.id, codigo: equipos.codigo });
    for (const f of filas) porCodigo.set(f.codigo ?? '', { id: f.id, ubicacionId, clienteId: s.clienteId });
  }

  // Each client's past orders spread over its equipos: an equipo's page has a history and totals.
  for (const clienteId of [o.clinica, o.hotel]) {
    const suyos = [...porCodigo.values()].filter((e) => e.clienteId === clienteId);
    const pasadas = await db
      .select({ id: ordenes.id })
      .from(ordenes)
      .where(and(eq(ordenes.entidadId, o.entidadId), eq(ordenes.clienteId, clienteId)))
      .orderBy(ordenes.id)
      .limit(suyos.length * 4);
    for (const [i, e] of suyos.entries()) {
      const ids = pasadas.filter((_, k) => k % suyos.length === i).map((p) => p.id);
      if (ids.length === 0) continue;
      await db
        .update(ordenes)
        .set({ equipoId: e.id, ubicacionId: e.ubicacionId })
        .where(and(eq(ordenes.entidadId, o.entidadId), inArray(ordenes.id, ids)));
    }
  }

  // Two plans starting tomorrow, each order created on its day, with their cursor where saving
  // them would leave it: nothing is due at the first start, so the demo's quota stays whole.
  const manana = sumarDias(diaDeMs(o.now.getTime(), ZONA_HORARIA_EMPRESA_POR_DEFECTO), 1);
  const plan = (codigo: string, titulo: string, detalle: string, regla: ReglaRecurrencia) => {
    const e = porCodigo.get(codigo)!;
    const [proxima = null] = fechasDeRegla(regla, { inicio: manana, fin: null }, manana, null, 1);
    return {
      entidadId: o.entidadId,
      clienteId: e.clienteId,
      ubicacionId: e.ubicacionId,
      equipoId: e.id,
      regla,
      inicio: manana,
      titulo,
      detalle,
      tipoOrdenId: o.tipoPreventivo ?? null,
      responsables: o.responsables,
      creadoPor: o.creadoPor,
      proxima,
      generarDesde: proxima,
    };
  };
  await db
    .insert(mantenimientos)
    .values([
      plan(
        'HLA-CAL-01',
        'Mantenimiento preventivo de caldera',
        'Limpieza del quemador, control de presión y de la válvula de seguridad.',
        { tipo: 'meses', cada: 1, dia: 15 },
      ),
      plan(
        'CSM-GE-01',
        'Prueba semanal del grupo electrógeno',
        'Arranque en vacío 15 minutos, nivel de combustible y de aceite, registro de horas.',
        { tipo: 'semanas', cada: 1, diasSemana: [1] },
      ),
    ]);
}
